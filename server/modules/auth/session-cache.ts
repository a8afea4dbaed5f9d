import type { PublicUser } from '../../../core/contracts/auth.ts';

/** A session as read: its id (the token's HMAC), its user, its expiry. */
export type CachedSession = { sid: string; user: PublicUser; expire: Date };

/**
 * The signed-in user behind a session cookie's token, remembered between requests so a signed-in
 * call neither reads the session and the user again (it was one query of every call, on PGlite
 * queued behind every other) nor works out the session id again.
 *
 * What keeps it true:
 * - `invalidate()` forgets everything. The app calls it after every request that may write (any
 *   method but GET and HEAD), before the answer leaves, and whenever another process says a
 *   session, user or workshop changed (the database's triggers NOTIFY it; see session.ts).
 * - A read that was under way when `invalidate()` ran is not kept: `remember` takes the
 *   generation the read started in and drops the answer if it has moved since.
 * - While changes cannot be heard (the PostgreSQL bus's listener is down), nothing is kept.
 * - An entry is used for `maxAgeMs` at most and never past the session's own expiry.
 */
export function createSessionCache(options: { maxEntries: number; maxAgeMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedSession & { storedAt: number }>();
  let generation = 0;

  return {
    /** The generation a read starts in; hand it to `remember`. */
    generation: () => generation,
    get(token: string): CachedSession | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt >= options.maxAgeMs || entry.expire.getTime() <= at) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    /** Keeps a read's answer unless something changed since it started (`startedIn`). */
    remember(token: string, found: CachedSession, startedIn: number) {
      if (startedIn !== generation) return;
      if (entries.size >= options.maxEntries) {
        // The oldest stored first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(token);
      entries.set(token, { sid: found.sid, user: Object.freeze(found.user), expire: found.expire, storedAt: now() });
    },
    /** Forgets one session (its expiry was moved). */
    forget(token: string) {
      entries.delete(token);
    },
    invalidate() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
