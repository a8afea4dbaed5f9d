import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A workshop's full exports (docs/operations.md "A workshop's backup"): an admin starts one, it
 * runs in the background (`progress` 0-100, `updated_at` its heartbeat), and its zip stays under
 * the data folder until `expires_at`. Not part of an export itself: the archives are not.
 */
export const backupJobs = pgTable(
  'backup_jobs',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    requestedBy: integer('requested_by'),
    /** 'export' (restores are made by the command line into an empty instance, see restore-workshop.ts). */
    jobType: varchar('job_type', { length: 20 }).notNull().default('export'),
    /** queued, running, completed, failed, expired (its archive removed). */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** The name the download gets. */
    fileName: varchar('file_name', { length: 255 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** The tables the archive holds. */
    dataTypes: text('data_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('backup_jobs_tenant_idx').on(t.tenantId, t.id),
    // One export under way per workshop: a second start is refused by the database itself (409).
    uniqueIndex('backup_jobs_one_running_key')
      .on(t.tenantId)
      .where(sql`${t.status} in ('queued', 'running')`),
    workshopRef('backup_jobs_requested_by_fk', t.tenantId, t.requestedBy, users).onDelete('set null'),
  ],
);
