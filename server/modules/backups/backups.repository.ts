import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { personName } from '../../db/people.ts';
import { users } from '../users/users.table.ts';
import type { BackupJob, BackupStatus } from '../../../core/contracts/backups.ts';
import { backupJobs } from './backups.table.ts';

/** A job that has not said it is alive for this long died with its process (a job writes its progress every batch). */
export const STALE_AFTER_MINUTES = 10;
/** Jobs a list shows, newest first. */
const LIST_LIMIT = 50;

/** Who asked for the job, as the audit log names people. */
const requestedByName = sql<string | null>`${personName('users')}`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Under way, but silent for too long: its process died. */
const STALE = sql`(${backupJobs.status} in ('queued', 'running') and ${backupJobs.updatedAt} < now() - make_interval(mins => ${STALE_AFTER_MINUTES}))`;
const STALE_MESSAGE = 'The backup stopped: the server was restarted while it ran';
/** Completed, and past the day its archive is kept to. */
const PAST_EXPIRY = sql`(${backupJobs.status} = 'completed' and ${backupJobs.expiresAt} < now())`;

/**
 * What a read shows of a job: a stale one failed, one past its expiry expired, as they are from
 * that moment on, before the sweep (or the next export) writes it. Reads write nothing.
 */
const shown = {
  status: sql<string>`case when ${STALE} then 'failed' when ${PAST_EXPIRY} then 'expired' else ${backupJobs.status} end`,
  errorMessage: sql<string | null>`case when ${STALE} then ${STALE_MESSAGE} else ${backupJobs.errorMessage} end`,
};

type JobRow = typeof backupJobs.$inferSelect & { requestedByName: string | null };

function toJob(row: JobRow): BackupJob {
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
    .select({ job: backupJobs, requestedByName, ...shown })
    .from(backupJobs)
    .leftJoin(users, and(eq(users.tenantId, backupJobs.tenantId), eq(users.id, backupJobs.requestedBy)));
}

export async function listJobs(db: Tx, tenantId: number): Promise<BackupJob[]> {
  const rows = await selectJobs(db).where(eq(backupJobs.tenantId, tenantId)).orderBy(desc(backupJobs.id)).limit(LIST_LIMIT);
  return rows.map(({ job, ...r }) => toJob({ ...job, ...r }));
}

export async function findJob(db: Tx, tenantId: number, id: number): Promise<BackupJob | undefined> {
  const [row] = await selectJobs(db).where(and(eq(backupJobs.tenantId, tenantId), eq(backupJobs.id, id)));
  if (!row) return undefined;
  const { job, ...r } = row;
  return toJob({ ...job, ...r });
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

/** Jobs under way that stopped saying they are alive (their process died): failed. Of one workshop, or (the sweep) every one. */
export async function failStaleJobs(db: Tx, tenantId?: number) {
  await db
    .update(backupJobs)
    .set({ status: 'failed', errorMessage: STALE_MESSAGE, updatedAt: new Date() })
    .where(and(tenantId === undefined ? undefined : eq(backupJobs.tenantId, tenantId), STALE));
}

// Every workshop: the sweep of archives past their expiry, for the whole instance.
export async function expireJobs(db: Tx): Promise<Array<{ id: number; tenantId: number }>> {
  return db
    .update(backupJobs)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(PAST_EXPIRY)
    .returning({ id: backupJobs.id, tenantId: backupJobs.tenantId });
}
