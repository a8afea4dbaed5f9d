import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import * as repo from './auth.repository.ts';
import { isWebFileUrl } from '../../lib/api-url.ts';
import type { Bus } from '../live/live.bus.ts';
import { createSessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every request from its session cookie. */
    user: PublicUser | null;
    sessionId: string | null;
  }
}

export const SESSION_COOKIE = 'workbay_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15 * 60 * 1000;
const ATTEMPTS_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long a process uses a session it read before reading it again, at most (see session-cache.ts). */
const CACHED_SESSION_MS = 60 * 1000;
const CACHED_SESSIONS = 10_000;
/** Methods that never write: every other request forgets the kept sessions before it answers. */
const READS = new Set(['GET', 'HEAD']);

export type Sessions = {
  /** Starts a new session (a new id every sign-in) and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** Deletes the session server-side and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user (deactivation, password change). */
  endAllFor(userId: number): Promise<void>;
};

/**
 * Database sessions: the cookie holds a random token; the table holds its HMAC under the session
 * secret, so a copy of the table does not give working cookies. Any app process on the same
 * database reads the same sessions.
 *
 * Each process keeps the user of a session it has read (session-cache.ts) and forgets them all
 * after any request that may write, and when the bus says a session, user or workshop changed
 * anywhere (the database's triggers send that). While the bus cannot hear other processes,
 * every request reads its session.
 */
export function registerSessions(app: FastifyInstance, db: Db, secret: string, bus: Bus): Sessions {
  const sidOf = (token: string) => createHmac('sha256', secret).update(token).digest('base64url');
  const cache = createSessionCache({ maxEntries: CACHED_SESSIONS, maxAgeMs: CACHED_SESSION_MS });
  bus.onEvent((event) => {
    if (event.kind === 'sessions-changed') cache.invalidate();
  });
  const readSession = async (token: string) => {
    const cached = bus.listening() ? cache.get(token) : undefined;
    if (cached) return cached;
    const startedIn = cache.generation();
    const sid = sidOf(token);
    const found = await repo.findSessionUser(db, sid);
    if (!found) return undefined;
    const session = { sid, ...found };
    if (bus.listening()) cache.remember(token, session, startedIn);
    return session;
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    // A page's scripts, styles and fonts are the same for everyone: no session read for each.
    if (isWebFileUrl(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const found = await readSession(token);
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.sid;
    // Rolling expiry, written at most about twice a TTL.
    if (found.expire.getTime() - Date.now() < SESSION_TTL_MS / 2) {
      await repo.extendSession(db, found.sid, new Date(Date.now() + SESSION_TTL_MS));
      cache.forget(token);
    }
  });
  // A write's effect on sessions (a sign-out, a role, a deactivation) holds from its own answer
  // on, in this process; other processes hear it from the database.
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) cache.invalidate();
  });

  const sweep = setInterval(() => {
    repo.sweepExpired(db, new Date(Date.now() - ATTEMPTS_KEPT_MS)).catch((err) => app.log.warn({ err }, 'session sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  return {
    async start(request, reply, userId) {
      if (request.sessionId) await repo.deleteSession(db, request.sessionId);
      const token = randomBytes(32).toString('base64url');
      const expire = new Date(Date.now() + SESSION_TTL_MS);
      await repo.insertSession(db, {
        sid: sidOf(token),
        userId,
        expire,
        userAgent: request.headers['user-agent']?.slice(0, 300),
        ip: request.ip,
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expire });
    },
    async end(request, reply) {
      if (request.sessionId) await repo.deleteSession(db, request.sessionId);
      request.user = null;
      request.sessionId = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    },
    async endAllFor(userId) {
      await repo.deleteUserSessions(db, userId);
    },
  };
}
