import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { BACKUP_KEPT_DAYS, type BackupJob } from '../../../core/contracts/backups.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { writeWorkshopArchive } from './export-archive.ts';
import { analyzeStale } from '../../db/upkeep.ts';
import * as repo from './backups.repository.ts';

const jobNotFound = () => notFound('backups', 'Backup');

/** Where a job's archive lives: `<dir>/<workshop>/<job>.zip` (the data folder's `backups/`). */
export const archivePath = (dir: string, tenantId: number, id: number) => path.join(dir, String(tenantId), `${id}.zip`);

/** The workshop's latest jobs (a job whose process died shows failed, one past its expiry expired). */
export const listJobs = (db: Db, tenantId: number): Promise<BackupJob[]> => repo.listJobs(db, tenantId);

export async function getJob(db: Db, tenantId: number, id: number): Promise<BackupJob> {
  const job = await repo.findJob(db, tenantId, id);
  if (!job) throw jobNotFound();
  return job;
}

/** The scheduled sweep, every workshop: jobs whose process died marked failed, archives past their expiry removed. */
export async function sweepExpired(db: Db, dir: string) {
  await repo.failStaleJobs(db);
  const expired = await repo.expireJobs(db);
  await Promise.all(expired.map((job) => rm(archivePath(dir, job.tenantId, job.id), { force: true })));
}

/** Queues an export of the actor's workshop, recorded in its audit log; 409 while one is under way. */
export async function queueExport(db: Db, actor: PublicUser): Promise<BackupJob> {
  await repo.failStaleJobs(db, actor.tenantId);
  let id: number;
  try {
    id = await repo.insertJob(db, actor.tenantId, actor.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('backups.running', 'A backup of this workshop is already running; wait for it to finish');
    throw err;
  }
  await recordAudit(db, {
    tenantId: actor.tenantId,
    userId: actor.id,
    action: 'export',
    resourceType: 'backup_jobs',
    resourceId: String(id),
  });
  return (await repo.findJob(db, actor.tenantId, id))!;
}

/** A completed job's archive, for its download (recorded in the audit log). */
export async function openArchive(db: Db, dir: string, actor: PublicUser, id: number) {
  const job = await getJob(db, actor.tenantId, id);
  if (job.status === 'expired') throw new AppError(410, 'backups.expired', 'This backup has expired; start a new one');
  if (job.status !== 'completed') throw conflict('backups.not_ready', 'This backup is not finished');
  const file = archivePath(dir, actor.tenantId, id);
  const size = await stat(file).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) throw new AppError(410, 'backups.expired', 'This backup has expired; start a new one');
  await recordAudit(db, {
    tenantId: actor.tenantId,
    userId: actor.id,
    action: 'download',
    resourceType: 'backup_jobs',
    resourceId: String(id),
  });
  return { file, size, fileName: job.fileName ?? `${id}.zip` };
}

const fileNameFor = (tenantId: number, at: Date) =>
  `workbay-backup-${tenantId}-${at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.zip`;

export type ExportRunner = { start(tenantId: number, id: number): void; close(): Promise<void> };

/**
 * Runs exports in this process, after the request that queued them answered. The archive is
 * written as `<id>.zip.part` and renamed when whole. On PostgreSQL the rows are read in one
 * read-only snapshot (a consistent archive while the workshop works on); the embedded database
 * reads batch by batch between requests. `close` stops the running ones (the app closing).
 */
export function createExportRunner({ database, dir, log }: { database: Database; dir: string; log: FastifyBaseLogger }): ExportRunner {
  const { db } = database;
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();

  async function run(tenantId: number, id: number, signal: AbortSignal) {
    const startedAt = new Date();
    const fileName = fileNameFor(tenantId, startedAt);
    const file = archivePath(dir, tenantId, id);
    await repo.updateJob(db, tenantId, id, { status: 'running', startedAt, fileName });
    try {
      await mkdir(path.dirname(file), { recursive: true });
      let lastPercent = -1;
      const write = (source: typeof db) =>
        writeWorkshopArchive(source, tenantId, `${file}.part`, {
          signal,
          onProgress: async ({ rowsDone, rowsTotal }) => {
            const progress = rowsTotal === 0 ? 99 : Math.min(99, Math.floor((rowsDone * 100) / rowsTotal));
            if (progress === lastPercent && rowsDone % 5000 !== 0) return;
            lastPercent = progress;
            await repo.updateJob(db, tenantId, id, { progress, rowsDone, rowsTotal });
          },
        });
      // The embedded database has no autovacuum: without statistics, reading a table in key
      // order would sort all of it for every batch (server/db/upkeep.ts).
      if (database.kind === 'pglite') await analyzeStale(db);
      const { manifest, size } =
        database.kind === 'postgres'
          ? await db.transaction((tx) => write(tx as unknown as typeof db), { isolationLevel: 'repeatable read', accessMode: 'read only' })
          : await write(db);
      await rename(`${file}.part`, file);
      const completedAt = new Date();
      const rowsDone = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      await repo.updateJob(db, tenantId, id, {
        status: 'completed',
        progress: 100,
        rowsDone,
        rowsTotal: rowsDone,
        fileSize: size,
        dataTypes: manifest.tables.map((t) => t.name),
        completedAt,
        expiresAt: new Date(completedAt.getTime() + BACKUP_KEPT_DAYS * 24 * 60 * 60 * 1000),
      });
    } catch (err) {
      await rm(`${file}.part`, { force: true });
      if (!signal.aborted) log.error({ err, tenantId, backupJob: id }, 'workshop backup failed');
      await repo
        .updateJob(db, tenantId, id, {
          status: 'failed',
          errorMessage: signal.aborted
            ? 'The backup stopped: the server was shut down while it ran'
            : 'The backup failed; the server log has the reason',
        })
        .catch(() => {});
    }
  }

  return {
    start(tenantId, id) {
      const controller = new AbortController();
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(tenantId, id, controller.signal))
        .finally(() => running.delete(id));
      running.set(id, { controller, done });
    },
    async close() {
      for (const job of running.values()) job.controller.abort();
      await Promise.all([...running.values()].map((job) => job.done));
    },
  };
}
