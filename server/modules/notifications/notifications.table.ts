import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { technicians } from '../technicians/technicians.table.ts';
import { tasks } from '../tasks/tasks.table.ts';

/**
 * One row per notification and channel (email, sms, push, and in_app for the bell), each with
 * its own delivery status: pending, queued (no sender configured), sent or failed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id'),
    technicianId: integer('technician_id'),
    taskId: integer('task_id'),
    type: varchar('type', { length: 50 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('notifications_user_unread_idx')
      .on(t.userId, t.id)
      .where(sql`channel = 'in_app' and read_at is null`),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_tenant_task_idx').on(t.tenantId, t.taskId),
    workshopRef('notifications_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    workshopRef('notifications_technician_id_fk', t.tenantId, t.technicianId, technicians).onDelete('cascade'),
    workshopRef('notifications_task_id_fk', t.tenantId, t.taskId, tasks).onDelete('set null'),
  ],
);
