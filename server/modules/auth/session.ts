import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import * as repo from './auth.repository.ts';
import { isWebFileUrl } from '../../lib/api-url.ts';
import type { Bus } from '../live/live.bus.ts';
import type { LiveMessage } from '../../../core/contracts/live.ts';
import { createSessionCache } from './session-cache.ts';
import * as logs from './sessions.repository.ts';
import { sql } from 'drizzle-orm';
import type { SessionEndReason } from '../../../core/contracts/sessions.ts';

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
/** A session's last-seen time is written at most this often by a process (not on every request). */
const LAST_SEEN_EVERY_MS = 60 * 1000;
/** Session ids per live message: a NOTIFY payload holds 8,000 bytes at most. */
const SIDS_PER_MESSAGE = 100;

export type Sessions = {
  /** Starts a new session (a new id every sign-in), records its entry in session_logs and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, user: { id: number; tenantId: number }): Promise<void>;
  /** Signs out: ends the session server-side (and its live channel) and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user (deactivation, password change), their live channels too. */
  endAllFor(userId: number, reason?: SessionEndReason): Promise<void>;
  /**
   * Ends one session of the signed-in user, named by its public id (its session_logs entry);
   * false when no session of theirs has it. Ending the asking session clears its cookie.
   */
  endOne(request: FastifyRequest, reply: FastifyReply, id: number): Promise<boolean>;
  /** Ends every session of the signed-in user but the asking one; answers how many ended. */
  endOthers(request: FastifyRequest): Promise<number>;
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
  /** Closes the live channels of ended sessions, on every process. */
  const closeLive = async (sids: string[]) => {
    for (let i = 0; i < sids.length; i += SIDS_PER_MESSAGE)
      await bus.send({ kind: 'disconnect-sessions', sids: sids.slice(i, i + SIDS_PER_MESSAGE) });
  };
  /**
   * Tells the user's other open pages that their sessions changed (Profile > Security lists them).
   * A refresh of a list: a bus that cannot send now fails no sign-in or sign-out over it.
   */
  const sessionsChanged = (userId: number) =>
    bus
      .send({ kind: 'publish-user', userId, message: { type: 'update', entity: 'sessions' } satisfies LiveMessage })
      .catch((err: unknown) => app.log.warn({ err }, 'could not tell the open pages that the sessions changed'));
  const endWhere = async (userId: number | undefined, which: ReturnType<typeof sql>, reason: SessionEndReason) => {
    const ended = await logs.endSessionsWhere(db, which, reason);
    await closeLive(ended);
    if (ended.length > 0 && userId !== undefined) await sessionsChanged(userId);
    return ended;
  };
  // When this process last wrote each session's last-seen time (by its entry's id).
  const lastSeen = new Map<number, number>();
  const noteSeen = (logId: number, now: number) => {
    if (lastSeen.size >= CACHED_SESSIONS) {
      for (const [id, at] of lastSeen) if (now - at >= LAST_SEEN_EVERY_MS) lastSeen.delete(id);
      if (lastSeen.size >= CACHED_SESSIONS) lastSeen.clear();
    }
    lastSeen.set(logId, now);
  };

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
    // Last seen: one small write a minute per session, not one a request.
    if (found.logId) {
      const now = Date.now();
      if (now - (lastSeen.get(found.logId) ?? 0) >= LAST_SEEN_EVERY_MS) {
        noteSeen(found.logId, now);
        await logs.touchSessionLog(db, found.user.tenantId, found.logId);
      }
    }
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
    repo
      .sweepExpired(db, new Date(Date.now() - ATTEMPTS_KEPT_MS))
      .then(closeLive)
      .catch((err) => app.log.warn({ err }, 'session sweep failed'));
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
    async start(request, reply, user) {
      // The session it replaces ends without its own message: the new one's below says both.
      if (request.sessionId) await endWhere(undefined, sql`s.sid = ${request.sessionId}`, 'replaced');
      const token = randomBytes(32).toString('base64url');
      const expire = new Date(Date.now() + SESSION_TTL_MS);
      const userAgent = request.headers['user-agent']?.slice(0, 300);
      const logId = await logs.insertSessionLog(db, {
        tenantId: user.tenantId,
        userId: user.id,
        ip: request.ip,
        userAgent: userAgent ?? null,
      });
      await repo.insertSession(db, { sid: sidOf(token), userId: user.id, expire, logId, userAgent, ip: request.ip });
      noteSeen(logId, Date.now());
      await sessionsChanged(user.id);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expire });
    },
    async end(request, reply) {
      if (request.sessionId) await endWhere(request.user?.id, sql`s.sid = ${request.sessionId}`, 'sign_out');
      request.user = null;
      request.sessionId = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    },
    async endAllFor(userId, reason = 'revoked') {
      await endWhere(userId, sql`s.user_id = ${userId}`, reason);
    },
    async endOne(request, reply, id) {
      const user = request.user;
      if (!user) return false;
      const ended = await endWhere(user.id, sql`s.user_id = ${user.id} and s.log_id = ${id}`, 'revoked');
      if (ended.length === 0) return false;
      if (ended.includes(request.sessionId ?? '')) {
        request.user = null;
        request.sessionId = null;
        reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      }
      return true;
    },
    async endOthers(request) {
      const user = request.user;
      if (!user || !request.sessionId) return 0;
      return (await endWhere(user.id, sql`s.user_id = ${user.id} and s.sid <> ${request.sessionId}`, 'revoked')).length;
    },
  };
}
