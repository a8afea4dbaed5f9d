/**
 * Reads an app process keeps between requests, forgotten all at once when something changes: the
 * signed-in sessions (modules/auth/session-cache.ts) and the answers of chosen reads
 * (plugins/answer-cache.ts).
 *
 * What keeps it true:
 * - `invalidate()` forgets everything; the callers call it on any change (a request that may
 *   write, the database's triggers heard from any process).
 * - A read that was under way when `invalidate()` ran is not kept: `remember` takes the
 *   generation the read started in and drops the value if it has moved since.
 * - An entry is used for `maxAgeMs` at most, and never past its own `expiresAt`.
 * - At most `maxEntries` entries and `maxBytes` of them (as `sizeOf` counts), the oldest stored
 *   forgotten first.
 */
export function createKeptReads<T>(options: {
  maxEntries: number;
  maxAgeMs: number;
  maxBytes?: number;
  sizeOf?: (value: T) => number;
  /** When a value stops being true whatever happens (a session's expiry), in ms since the epoch. */
  expiresAt?: (value: T) => number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const sizeOf = options.sizeOf ?? (() => 0);
  const maxBytes = options.maxBytes ?? Infinity;
  const entries = new Map<string, { value: T; storedAt: number; size: number }>();
  let generation = 0;
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  return {
    /** The generation a read starts in; hand it to `remember`. */
    generation: () => generation,
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt >= options.maxAgeMs || (options.expiresAt && options.expiresAt(entry.value) <= at)) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },
    /** Keeps a read's value unless something changed since it started (`startedIn`). */
    remember(key: string, value: T, startedIn: number) {
      if (startedIn !== generation) return;
      const size = sizeOf(value);
      if (size > maxBytes) return;
      drop(key);
      // The oldest stored first: a Map iterates in insertion order.
      for (const oldest of entries.keys()) {
        if (entries.size < options.maxEntries && bytes + size <= maxBytes) break;
        drop(oldest);
      }
      entries.set(key, { value, storedAt: now(), size });
      bytes += size;
    },
    /** Forgets one entry. */
    forget(key: string) {
      drop(key);
    },
    invalidate() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type KeptReads<T> = ReturnType<typeof createKeptReads<T>>;
