import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

/**
 * What was done to a workshop's records, by whom, from where: written by the database's own
 * triggers for every change to an audited table (migration 0035: `action` insert/update/delete,
 * `details.changes` the fields with their values before and after), and by the app for what is no
 * row change (sign-ins, exports...). Append-only: the database refuses updates, and deletes but
 * the retention job's of entries older than the workshop's retention.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Who made the change; null for the system (a scheduled job, a registration). */
    userId: integer('user_id'),
    action: varchar('action', { length: 40 }).notNull(),
    resourceType: varchar('resource_type', { length: 60 }).notNull(),
    resourceId: varchar('resource_id', { length: 60 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first by time (then id), whatever the filter: each filter's index ends with the time,
    // so a filter and a date range read only the page's rows (bench/README.md "audit"). The kind,
    // person and action indexes also INCLUDE the other filters' columns: migration 0039.
    index('audit_logs_tenant_time_idx').on(t.tenantId, t.createdAt, t.id),
    index('audit_logs_tenant_kind_time_idx').on(t.tenantId, t.resourceType, t.createdAt, t.id),
    index('audit_logs_tenant_record_time_idx').on(t.tenantId, t.resourceType, t.resourceId, t.createdAt, t.id),
    index('audit_logs_tenant_user_time_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    index('audit_logs_tenant_action_time_idx').on(t.tenantId, t.action, t.createdAt, t.id),
    workshopRef('audit_logs_user_id_fk', t.tenantId, t.userId, users),
  ],
);
