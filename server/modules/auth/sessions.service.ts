import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Sessions } from './session.ts';
import * as repo from './sessions.repository.ts';

export { listActiveSessions, listSignIns } from './sessions.repository.ts';

/** One of my sessions: another user's id, or one that ended, is not found (never "not yours"). */
const sessionNotFound = () => new AppError(404, 'auth.session_not_found', 'Session not found');

/** A refused sign-in for a username that exists, in its workshop's sign-in history. */
export async function recordRefusedSignIn(db: Db, username: string, reason: string, origin: repo.Origin) {
  await repo.insertFailedSignIn(db, username, reason, origin);
}

/** Signs out one of the signed-in user's sessions (and closes its live channel), recorded in the audit log. */
export async function revokeSession(db: Db, sessions: Sessions, request: FastifyRequest, reply: FastifyReply, id: number) {
  const actor = request.actor;
  if (!(await sessions.endOne(request, reply, id))) throw sessionNotFound();
  await recordAudit(db, {
    tenantId: actor.tenantId,
    userId: actor.id,
    action: 'session_revoked',
    resourceType: 'users',
    resourceId: String(actor.id),
    details: { session: id },
  });
}

/** Signs out every other session of the signed-in user; answers how many, recorded in the audit log when any. */
export async function revokeOtherSessions(db: Db, sessions: Sessions, request: FastifyRequest): Promise<number> {
  const actor = request.actor;
  const ended = await sessions.endOthers(request);
  if (ended > 0)
    await recordAudit(db, {
      tenantId: actor.tenantId,
      userId: actor.id,
      action: 'other_sessions_revoked',
      resourceType: 'users',
      resourceId: String(actor.id),
      details: { ended },
    });
  return ended;
}
