import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import { ADMIN } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { activeSession, signedOutOthers, signInEntry, signInQuery } from '../../../core/contracts/sessions.ts';
import type { Sessions } from './session.ts';
import * as service from './sessions.service.ts';

const tags = ['sessions'];

/**
 * My sessions (list, sign out one, sign out all others) and the workshop's sign-in history
 * (admins). Ending a session ends it on every app process at once: its row goes (the database
 * tells every process to forget the sessions it kept) and its live channel is closed.
 */
export async function sessionRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: Sessions }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/sessions',
    { config: { access: 'user' }, schema: { tags, response: { 200: z.array(activeSession) } } },
    async (request) => service.listActiveSessions(db, request.actor.tenantId, request.actor.id, request.sessionId),
  );

  r.delete('/api/user/sessions/:id', { config: { access: 'user' }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.revokeSession(db, sessions, request, reply, request.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/user/sessions/sign-out-others',
    { config: { access: 'user' }, schema: { tags, response: { 200: signedOutOthers } } },
    async (request) => ({ ended: await service.revokeOtherSessions(db, sessions, request) }),
  );

  r.get(
    '/api/tenants/:tenantId/sign-ins',
    {
      config: { access: ADMIN },
      schema: { tags, params: tenantParams, querystring: signInQuery, response: { 200: z.array(signInEntry) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listSignIns(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
}
