import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import { ADMIN } from '../../plugins/access.ts';
import { runAs } from '../../db/statement-actor.ts';
import { isWebFileUrl } from '../../lib/api-url.ts';
import { sendCsv } from '../../lib/csv-export.ts';
import { runEvery } from '../../lib/repeating-job.ts';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { auditEntry, auditExportQuery, auditQuery } from '../../../core/contracts/audit.ts';
import * as service from './audit.service.ts';

const tags = ['audit'];
/** How often the retention job looks for entries past their workshop's retention. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_PURGE_AFTER_MS = 60 * 1000;

/**
 * Every request's statements name who they are for (db/statement-actor.ts): the database's audit
 * triggers record the signed-in user, address and browser with each change. After the sessions,
 * so the user is known.
 */
export function registerAuditContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    // A page's scripts, styles and fonts write nothing.
    if (isWebFileUrl(request.url)) return done();
    const userAgent = request.headers['user-agent'];
    runAs(
      {
        userId: request.user?.id ?? null,
        ip: request.ip ?? null,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
      },
      done,
    );
  });
}

/** The audit log (admins only), its CSV export, and the retention job when `schedule` is on. */
export async function auditRoutes(app: FastifyInstance, { db, schedule }: { db: Db; schedule: boolean | object }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/tenants/:tenantId/audit-log',
    { config: { access: ADMIN }, schema: { tags, params: tenantParams, querystring: auditQuery, response: { 200: z.array(auditEntry) } } },
    async (request, reply) => {
      const { rows, total, exact } = await service.listAudit(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/audit-log/export.csv',
    { config: { access: ADMIN }, schema: { tags, params: tenantParams, querystring: auditExportQuery } },
    async (request, reply) => {
      await service.recordExport(db, request.actor, 'audit_logs', request.query);
      return sendCsv(reply, service.auditCsv(db, request.actor.tenantId, request.query));
    },
  );

  if (schedule) {
    runEvery(app, 'audit retention run', { firstAfterMs: FIRST_PURGE_AFTER_MS, everyMs: PURGE_EVERY_MS }, () => service.purgeExpired(db));
  }
}
