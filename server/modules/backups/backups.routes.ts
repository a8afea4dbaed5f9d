import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Database } from '../../db/client.ts';
import { ADMIN } from '../../plugins/access.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { backupJob, backupParams } from '../../../core/contracts/backups.ts';
import { runEvery } from '../../lib/repeating-job.ts';
import * as service from './backups.service.ts';

const tags = ['backups'];
/** How often the sweep looks for archives past their expiry. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 90 * 1000;

/**
 * A workshop's full exports (admins only): start one (202, it runs in the background), follow
 * its progress, download its zip. `dir` is where archives live (the data folder's `backups/`).
 */
export async function backupRoutes(
  app: FastifyInstance,
  { database, dir, schedule }: { database: Database; dir: string; schedule: boolean | object },
) {
  const { db } = database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const runner = service.createExportRunner({ database, dir, log: app.log });
  app.addHook('onClose', () => runner.close());

  r.post(
    '/api/tenants/:tenantId/backups',
    { config: { access: ADMIN }, schema: { tags, params: tenantParams, response: { 202: backupJob } } },
    async (request, reply) => {
      const job = await service.queueExport(db, request.actor);
      runner.start(request.actor.tenantId, job.id);
      return reply.status(202).send(job);
    },
  );

  r.get(
    '/api/tenants/:tenantId/backups',
    { config: { access: ADMIN }, schema: { tags, params: tenantParams, response: { 200: z.array(backupJob) } } },
    async (request) => service.listJobs(db, request.actor.tenantId),
  );

  r.get(
    '/api/tenants/:tenantId/backups/:id',
    { config: { access: ADMIN }, schema: { tags, params: backupParams, response: { 200: backupJob } } },
    async (request) => service.getJob(db, request.actor.tenantId, request.params.id),
  );

  r.get(
    '/api/tenants/:tenantId/backups/:id/download',
    { config: { access: ADMIN }, schema: { tags, params: backupParams } },
    async (request, reply) => {
      const { file, size, fileName } = await service.openArchive(db, dir, request.actor, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(createReadStream(file));
    },
  );

  if (schedule) {
    runEvery(app, 'backup expiry sweep', { firstAfterMs: FIRST_SWEEP_AFTER_MS, everyMs: SWEEP_EVERY_MS }, () =>
      service.sweepExpired(db, dir),
    );
  }
}
