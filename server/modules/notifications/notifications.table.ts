import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { technicians } from '../technicians/technicians.table.ts';
import { tasks } from '../tasks/tasks.table.ts';

/**
 * One row per notification and channel (email, sms, push, and in_app for the bell), each with
 * its own delivery status: pending, queued (no sender configured), sent or failed. `type` is the
 * kind (core/contracts/notifications.values.ts) and `details` what its sentence names, so the web
 * writes it in the reader's language; `title` and `message` are the English text the e-mail
 * carries. `entity_type` and `entity_id` name the record it concerns (the page links to it).
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
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    entityType: varchar('entity_type', { length: 30 }),
    entityId: integer('entity_id'),
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
    /** The /notifications page: one user's in-app notifications, newest first, read or not. */
    index('notifications_inbox_idx')
      .on(t.userId, t.id)
      .where(sql`channel = 'in_app'`),
    index('notifications_tenant_task_idx').on(t.tenantId, t.taskId),
    workshopRef('notifications_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    workshopRef('notifications_technician_id_fk', t.tenantId, t.technicianId, technicians).onDelete('cascade'),
    workshopRef('notifications_task_id_fk', t.tenantId, t.taskId, tasks).onDelete('set null'),
  ],
);

/**
 * Things that happen once until they stop being true: a part low on stock (the row goes when it
 * is restocked), an invoice overdue since a due date (`key`: that date), a service reminder due.
 * The process whose insert wins (ON CONFLICT DO NOTHING ... RETURNING) sends the notifications,
 * so several app servers on one database, or a check run twice, notify once.
 */
export const notificationClaims = pgTable(
  'notification_claims',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    key: varchar('key', { length: 30 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_claims_pkey', columns: [t.tenantId, t.kind, t.subjectId, t.key] })],
);

/**
 * The daily digest's schedule: one row per user and workshop day, inserted with ON CONFLICT DO
 * NOTHING by whichever app process gets there first; only that process sends the e-mail. The
 * delivery itself (sent or failed) is a row of `notifications`.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    tenantId: integer('tenant_id').notNull(),
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_digests_pkey', columns: [t.userId, t.day] }),
    workshopRef('notification_digests_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);
