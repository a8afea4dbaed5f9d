import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

export const technicians = pgTable(
  'technicians',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The technician's own login, for "my tasks" and "my shifts". */
    userId: integer('user_id'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    employeeId: varchar('employee_id', { length: 50 }),
    profileImageUrl: varchar('profile_image_url', { length: 500 }),
    location: varchar('location', { length: 200 }),
    startDate: date('start_date'),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    level: varchar('level', { length: 20 }).notNull().default('intermediate'),
    maxConcurrentJobs: integer('max_concurrent_jobs').notNull().default(3),
    isLead: boolean('is_lead').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('technicians_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('technicians_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('technicians_user_key').on(t.userId),
    index('technicians_tenant_name_idx').on(t.tenantId, t.firstName, t.lastName),
    index('technicians_search_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`),
    workshopRef('technicians_user_id_fk', t.tenantId, t.userId, users).onDelete('set null'),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: varchar('name', { length: 100 }).notNull(),
    category: varchar('category', { length: 100 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('skills_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('skills_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const technicianSkills = pgTable(
  'technician_skills',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    technicianId: integer('technician_id').notNull(),
    skillId: integer('skill_id').notNull(),
    level: varchar('level', { length: 20 }).notNull().default('intermediate'),
  },
  (t) => [
    uniqueIndex('technician_skills_pair_key').on(t.technicianId, t.skillId),
    index('technician_skills_skill_idx').on(t.skillId),
    workshopRef('technician_skills_technician_id_fk', t.tenantId, t.technicianId, technicians).onDelete('cascade'),
    workshopRef('technician_skills_skill_id_fk', t.tenantId, t.skillId, skills).onDelete('cascade'),
  ],
);
