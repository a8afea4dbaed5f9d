import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../core/contracts/paging.ts';
import { createKeptReads } from '../lib/kept-reads.ts';
import type { Bus } from '../modules/live/live.bus.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read whose answer depends only on the signed-in user, its address and the database (and
     * the clock, within `KEPT_ANSWER_MS`): its 200 answers are kept per user and address, and
     * answered again until anything changes (plugins/answer-cache.ts).
     */
    keepAnswer?: boolean;
  }
}

/** How long a kept answer is used at most: what depends on the time of day (today, overdue) moves within it. */
export const KEPT_ANSWER_MS = 30_000;
const KEPT_ANSWERS = 5_000;
/** Of JSON text, counted in UTF-16 code units (2 bytes each). */
const KEPT_ANSWER_BYTES = 16 * 1024 * 1024;
/** The headers a kept answer is sent again with: what its route set besides the body. */
const KEPT_HEADERS = [TOTAL_COUNT_HEADER.toLowerCase(), TOTAL_COUNT_EXACT_HEADER.toLowerCase(), 'content-type'];
/** Methods that never write: every other request forgets the kept answers before it answers. */
const READS = new Set(['GET', 'HEAD']);

type KeptAnswer = { payload: string; headers: Array<[string, string]> };

/**
 * Keeps the answers of the reads that ask for it (`config.keepAnswer`: the lists and the
 * dashboard's figures) per signed-in user and address, so the same read asked again (a page opened
 * again, a list refetched, a page rendered on the server) is answered without the database.
 *
 * What keeps it true, as the sessions' cache (lib/kept-reads.ts, docs/decisions.md):
 * - every kept answer is forgotten after any request that may write (any method but GET and
 *   HEAD), before that answer leaves, and whenever the database says something changed: the
 *   triggers of migration 0034 NOTIFY `data-changed` on any write to any table (any process, any
 *   tool, a job of this one), those of 0025 `sessions-changed`;
 * - an answer read while something changed is not kept; while the bus cannot hear other
 *   processes (PostgreSQL listener down), nothing is kept or used;
 * - the key is the user and the whole address, checked after the session and the access guard, so
 *   an answer is only ever sent again to the user it was made for, who may still read it;
 * - only 200 answers written as text are kept, used for `KEPT_ANSWER_MS` at most.
 */
export function registerAnswerCache(app: FastifyInstance, bus: Bus) {
  const kept = createKeptReads<KeptAnswer>({
    maxEntries: KEPT_ANSWERS,
    maxAgeMs: KEPT_ANSWER_MS,
    maxBytes: KEPT_ANSWER_BYTES,
    sizeOf: (answer) => answer.payload.length * 2,
  });
  bus.onEvent((event) => {
    if (event.kind === 'data-changed' || event.kind === 'sessions-changed') kept.invalidate();
  });
  const pending = new WeakMap<FastifyRequest, { key: string; startedIn: number }>();

  // Registered after the sessions and the access guard: the user is known and may call the route.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.keepAnswer || !request.user || !bus.listening()) return;
    const key = `${request.user.id} ${request.url}`;
    const found = kept.get(key);
    if (!found) {
      pending.set(request, { key, startedIn: kept.generation() });
      return;
    }
    for (const [name, value] of found.headers) reply.header(name, value);
    return reply.send(found.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method)) {
      kept.invalidate();
      return;
    }
    const read = pending.get(request);
    if (!read || reply.statusCode !== 200 || typeof payload !== 'string') return;
    const headers: Array<[string, string]> = [];
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    kept.remember(read.key, { payload, headers }, read.startedIn);
  });

  return kept;
}
