import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { technicians } from '../technicians/technicians.table.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    location: varchar('location', { length: 200 }),
    priority: varchar('priority', { length: 20 }).notNull().default('medium'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    skillRequired: varchar('skill_required', { length: 100 }),
    technicianId: integer('technician_id'),
    scheduledDate: timestamp('scheduled_date', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    estimatedHours: numeric('estimated_hours', { precision: 6, scale: 2 }),
    actualHours: numeric('actual_hours', { precision: 6, scale: 2 }),
    createdById: integer('created_by_id'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tasks_tenant_id_key').on(t.tenantId, t.id),
    index('tasks_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('tasks_tenant_technician_status_idx').on(t.tenantId, t.technicianId, t.status),
    index('tasks_tenant_unassigned_idx')
      .on(t.tenantId, t.status, t.id)
      .where(sql`technician_id is null`),
    index('tasks_tenant_unassigned_id_idx')
      .on(t.tenantId, t.id)
      .where(sql`technician_id is null`),
    index('tasks_tenant_scheduled_idx').on(t.tenantId, t.scheduledDate),
    // The technicians report: tasks completed in a period.
    index('tasks_tenant_completed_idx')
      .on(t.tenantId, t.completedAt, t.technicianId)
      .where(sql`status = 'completed'`),
    workshopRef('tasks_technician_id_fk', t.tenantId, t.technicianId, technicians).onDelete('set null'),
    workshopRef('tasks_created_by_id_fk', t.tenantId, t.createdById, users).onDelete('set null'),
  ],
);

export const taskDependencies = pgTable(
  'task_dependencies',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    taskId: integer('task_id').notNull(),
    dependsOnTaskId: integer('depends_on_task_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_dependencies_pair_key').on(t.taskId, t.dependsOnTaskId),
    index('task_dependencies_depends_idx').on(t.dependsOnTaskId),
    workshopRef('task_dependencies_task_id_fk', t.tenantId, t.taskId, tasks).onDelete('cascade'),
    workshopRef('task_dependencies_depends_on_task_id_fk', t.tenantId, t.dependsOnTaskId, tasks).onDelete('cascade'),
  ],
);

/**
 * Task counts per workshop, status and assigned-or-not, kept by a trigger on tasks (migration
 * 0008), so the dashboard's figures cost the same with 50 tasks or 5 million.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    assigned: boolean('assigned').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status, t.assigned] })],
);
