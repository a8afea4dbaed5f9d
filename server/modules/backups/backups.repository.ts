import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import type { BackupJob, BackupStatus } from '../../../core/contracts/backups.ts';
import { backupJobs } from './backups.table.ts';

/** A job that has not said it is alive for this long died with its process (a job writes its progress every batch). */
export const STALE_AFTER_MINUTES = 10;
/** Jobs a list shows, newest first. */
const LIST_LIMIT = 50;

/** Who asked for the job, as the audit log names people. */
const requestedByName = sql<
  string | null
>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username})`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toJob(row: typeof backupJobs.$inferSelect & { requestedByName: string | null }): BackupJob {
  return {
    id: row.id,
    jobType: row.jobType as BackupJob['jobType'],
    status: row.status as BackupStatus,
    progress: row.progress,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    fileName: row.fileName,
    fileSize: row.fileSize,
    dataTypes: row.dataTypes,
    requestedBy: row.requestedBy === null ? null : { id: row.requestedBy, name: row.requestedByName ?? '' },
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    expiresAt: iso(row.expiresAt),
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
  };
}
function selectJobs(db: Tx) {
  return db
    .select({ job: backupJobs, requestedByName })
    .from(backupJobs)
    .leftJoin(users, and(eq(users.tenantId, backupJobs.tenantId), eq(users.id, backupJobs.requestedBy)));
}

export async function listJobs(db: Tx, tenantId: number): Promise<BackupJob[]> {
  const rows = await selectJobs(db).where(eq(backupJobs.tenantId, tenantId)).orderBy(desc(backupJobs.id)).limit(LIST_LIMIT);
  return rows.map((r) => toJob({ ...r.job, requestedByName: r.requestedByName }));
}

export async function findJob(db: Tx, tenantId: number, id: number): Promise<BackupJob | undefined> {
  const [row] = await selectJobs(db).where(and(eq(backupJobs.tenantId, tenantId), eq(backupJobs.id, id)));
  return row && toJob({ ...row.job, requestedByName: row.requestedByName });
}

/** A new export, queued; the partial unique index refuses a second one under way (a unique violation). */
export async function insertJob(db: Tx, tenantId: number, requestedBy: number): Promise<number> {
  const [row] = await db.insert(backupJobs).values({ tenantId, requestedBy, jobType: 'export' }).returning({ id: backupJobs.id });
  return row.id;
}

export async function updateJob(
  db: Tx,
  tenantId: number,
  id: number,
  patch: Partial<Omit<typeof backupJobs.$inferInsert, 'id' | 'tenantId' | 'createdAt'>>,
) {
  await db
    .update(backupJobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(backupJobs.tenantId, tenantId), eq(backupJobs.id, id)));
}

/** Jobs of the workshop under way that stopped saying they are alive (their process died): failed. */
export async function failStaleJobs(db: Tx, tenantId: number) {
  await db
    .update(backupJobs)
    .set({ status: 'failed', errorMessage: 'The backup stopped: the server was restarted while it ran', updatedAt: new Date() })
    .where(
      and(
        eq(backupJobs.tenantId, tenantId),
        inArray(backupJobs.status, ['queued', 'running']),
        lt(backupJobs.updatedAt, sql`now() - make_interval(mins => ${STALE_AFTER_MINUTES})`),
      ),
    );
}

// Every workshop: the sweep of archives past their expiry, for the whole instance.
export async function expireJobs(db: Tx, tenantId?: number): Promise<Array<{ id: number; tenantId: number }>> {
  return db
    .update(backupJobs)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(
      and(
        tenantId === undefined ? undefined : eq(backupJobs.tenantId, tenantId),
        eq(backupJobs.status, 'completed'),
        lt(backupJobs.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: backupJobs.id, tenantId: backupJobs.tenantId });
}
