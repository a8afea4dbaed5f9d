import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { technicians } from '../technicians/technicians.table.ts';
import { spareParts } from '../spare-parts/spare-parts.table.ts';

/**
 * The job card's own text the search box matches (job number, service type); customer names
 * and vehicle make/model are matched through those tables' trigram indexes.
 */
export const JOB_CARD_SEARCH = sql.raw(`(job_number || ' ' || service_type)`);

export const jobCards = pgTable(
  'job_cards',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    jobNumber: varchar('job_number', { length: 20 }).notNull(),
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    priority: varchar('priority', { length: 20 }).notNull().default('medium'),
    /** The technician doing the job. */
    assignedTo: integer('assigned_to'),
    estimatedCost: numeric('estimated_cost', { precision: 10, scale: 2 }),
    actualCost: numeric('actual_cost', { precision: 10, scale: 2 }),
    scheduledDate: timestamp('scheduled_date', { withTimezone: true }),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    /** True while its part lines are taken from stock (from completion until reopened). */
    partsConsumed: boolean('parts_consumed').notNull().default(false),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_cards_tenant_number_key').on(t.tenantId, t.jobNumber),
    /** Each workshop reference to a row names (tenant_id, id): db/columns.ts workshopRef. */
    uniqueIndex('job_cards_tenant_id_key').on(t.tenantId, t.id),
    index('job_cards_tenant_status_idx').on(t.tenantId, t.status, t.id),
    // The jobs report: job cards opened, and completed, in a period (what it groups by in the index).
    index('job_cards_tenant_created_idx').on(t.tenantId, t.createdAt, t.status),
    index('job_cards_tenant_completed_idx')
      .on(t.tenantId, t.completedDate, t.serviceType, t.createdAt, t.vehicleId)
      .where(sql`status = 'completed'`),
    index('job_cards_tenant_priority_idx').on(t.tenantId, t.priority, t.id),
    index('job_cards_customer_idx').on(t.tenantId, t.customerId, t.id),
    index('job_cards_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    index('job_cards_assigned_idx').on(t.assignedTo, t.status),
    index('job_cards_search_trgm').using('gin', sql`${JOB_CARD_SEARCH} gin_trgm_ops`),
    /** The newest completed jobs of a service type (the AI assistant's history: estimates, parts). */
    index('job_cards_completed_type_idx')
      .on(t.tenantId, t.serviceType, t.id)
      .where(sql`status = 'completed'`),
    workshopRef('job_cards_customer_id_fk', t.tenantId, t.customerId, customers),
    workshopRef('job_cards_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles),
    workshopRef('job_cards_assigned_to_fk', t.tenantId, t.assignedTo, technicians).onDelete('set null'),
  ],
);

export const jobCardParts = pgTable(
  'job_card_parts',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    jobCardId: integer('job_card_id').notNull(),
    sparePartId: integer('spare_part_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('job_card_parts_job_idx').on(t.jobCardId),
    index('job_card_parts_part_idx').on(t.sparePartId),
    workshopRef('job_card_parts_job_card_id_fk', t.tenantId, t.jobCardId, jobCards).onDelete('cascade'),
    workshopRef('job_card_parts_spare_part_id_fk', t.tenantId, t.sparePartId, spareParts),
  ],
);

export const jobCardLabour = pgTable(
  'job_card_labour',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    jobCardId: integer('job_card_id').notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 10, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('job_card_labour_job_idx').on(t.jobCardId),
    workshopRef('job_card_labour_job_card_id_fk', t.tenantId, t.jobCardId, jobCards).onDelete('cascade'),
  ],
);

/**
 * Job card counts per workshop, status and priority, kept by a trigger on job_cards (migration
 * 0012), so the list's total and the dashboard's figures cost the same with 50 job cards or a million.
 */
export const jobCardCounts = pgTable(
  'job_card_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    priority: varchar('priority', { length: 20 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status, t.priority] })],
);

/**
 * The job cards of each workshop day (in the workshop's time zone), by service type and status,
 * for the analytics jobs report: how many were opened that day (by their status now), and how
 * many were completed, with their open-to-complete seconds and what their invoices (not
 * cancelled) came to. Kept by statement triggers on job_cards and invoices in the writes' own
 * transactions, and rebuilt for a workshop whose time zone changes (migration 0028).
 */
export const jobCardDays = pgTable(
  'job_card_days',
  {
    tenantId: integer('tenant_id').notNull(),
    day: date('day').notNull(),
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    opened: integer('opened').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    cycleSeconds: numeric('cycle_seconds', { precision: 20, scale: 6 }).notNull().default('0'),
    invoiced: integer('invoiced').notNull().default(0),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.serviceType, t.status] })],
);
