import type { PublicUser } from '../../../core/contracts/auth.ts';
import { createKeptReads } from '../../lib/kept-reads.ts';

/** A session as read: its id (the token's HMAC), its user, its expiry, its session_logs entry. */
export type CachedSession = { sid: string; user: PublicUser; expire: Date; logId?: number | null };

/**
 * The signed-in user behind a session cookie's token, remembered between requests so a signed-in
 * call neither reads the session and the user again (it was one query of every call, on PGlite
 * queued behind every other) nor works out the session id again.
 *
 * What keeps it true (lib/kept-reads.ts):
 * - `invalidate()` forgets everything. The app calls it after every request that may write (any
 *   method but GET and HEAD), before the answer leaves, and whenever another process says a
 *   session, user or workshop changed (the database's triggers NOTIFY it; see session.ts).
 * - A read that was under way when `invalidate()` ran is not kept.
 * - While changes cannot be heard (the PostgreSQL bus's listener is down), nothing is kept.
 * - An entry is used for `maxAgeMs` at most and never past the session's own expiry.
 * - The user handed out is frozen: no request can change it for the next.
 */
export function createSessionCache(options: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const kept = createKeptReads<CachedSession>({ ...options, expiresAt: (session) => session.expire.getTime() });
  return {
    generation: kept.generation,
    get: kept.get,
    /** Keeps a read's answer unless something changed since it started (`startedIn`). */
    remember(token: string, found: CachedSession, startedIn: number) {
      kept.remember(token, { sid: found.sid, user: Object.freeze(found.user), expire: found.expire, logId: found.logId }, startedIn);
    },
    /** Forgets one session (its expiry was moved). */
    forget: kept.forget,
    invalidate: kept.invalidate,
    get size() {
      return kept.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
