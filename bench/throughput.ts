// Throughput benchmark (not a test): one list call, the seeded customers' first page
// (GET /api/tenants/:tenantId/customers?limit=20&offset=0, as the signed-in admin), served three
// ways in one run by 20 keep-alive clients for 15 s each, without Accept-Encoding:
//   ceiling   a tiny Fastify server in this process answering a captured copy of the real answer
//             (same body, same headers): what HTTP and JSON cost on this machine, no app at all;
//   postgres  the built app (node dist/server/main.js, a child process) on PostgreSQL
//             (BENCH_DATABASE_URL, a fresh database workbay_bench_throughput);
//   pglite    the built app on the embedded database in a fresh DATA_DIR.
// PRODUCT goal: PostgreSQL >= 40% of the ceiling's requests/s, PGlite >= 15%.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench -- throughput
import Fastify from 'fastify';
import {
  backendCpuMs,
  buildApp,
  cpuMs,
  freshData,
  loadAverage,
  loadTest,
  registerAndSeed,
  startApp,
  type LoadFigures,
  type Mode,
} from './app-process.ts';

const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const GOAL = { postgres: 0.4, pglite: 0.15 };

const listPath = (tenantId: number) => `/api/tenants/${tenantId}/customers?limit=20&offset=0`;

type Captured = { body: string; headers: Record<string, string> };

/** A load test's figures with the CPU time each request cost the app process and its PostgreSQL backends. */
type AppFigures = LoadFigures & { appCpuMsPerRequest: number; dbCpuMsPerRequest?: number };

/**
 * Runs `load` and reads the CPU time (user + system) the app's process and, on PostgreSQL, the
 * database's backends used meanwhile: machine time per request that other work on the machine
 * does not inflate, unlike requests/s (waiting for a core costs no CPU time).
 */
async function withCpu(pid: number, databaseUrl: string | undefined, load: () => Promise<LoadFigures>): Promise<AppFigures> {
  const appBefore = cpuMs(pid);
  const dbBefore = databaseUrl ? await backendCpuMs(databaseUrl) : undefined;
  const figures = await load();
  const appMs = cpuMs(pid) - appBefore;
  const perRequest = (ms: number) => Number((ms / figures.requests).toFixed(3));
  if (!databaseUrl || !dbBefore) return { ...figures, appCpuMsPerRequest: perRequest(appMs) };
  // A backend opened during the run (the pool growing) counts from zero.
  let dbMs = 0;
  for (const [backend, ms] of await backendCpuMs(databaseUrl)) dbMs += ms - (dbBefore.get(backend) ?? 0);
  return { ...figures, appCpuMsPerRequest: perRequest(appMs), dbCpuMsPerRequest: perRequest(dbMs) };
}

/** Headers that belong to one connection or one moment, not to the answer. */
const HOP = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The built app in `mode` with a seeded workshop: its list call measured, and its answer captured.
 * Then, for comparison, a third as long each: the same list at an address never asked before
 * (an ignored parameter numbering the call), so every call misses the answers the app keeps
 * (plugins/answer-cache.ts) and reads the database; and `GET /api/user` (the session and the user,
 * no list): what any signed-in call costs before its own work.
 */
async function measureApp(mode: Mode): Promise<{ load: AppFigures; captured: Captured; fresh: AppFigures; user: AppFigures }> {
  const data = await freshData(mode, 'throughput');
  const server = await startApp(data.dataDir, data.databaseUrl);
  try {
    const workshop = await registerAndSeed(server.url);
    const path = listPath(workshop.tenantId);
    const res = await fetch(server.url + path, { headers: { cookie: workshop.cookie, 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      if (!HOP.has(key) && key !== 'set-cookie') headers[key] = value;
    });
    const captured = { body: await res.text(), headers };
    const load = await withCpu(server.pid, data.databaseUrl, () =>
      loadTest({
        base: server.url,
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        headers: { cookie: workshop.cookie },
        next: () => path,
      }),
    );
    const fresh = await withCpu(server.pid, data.databaseUrl, () =>
      loadTest({
        base: server.url,
        concurrency: CONCURRENCY,
        seconds: SECONDS / 3,
        headers: { cookie: workshop.cookie },
        next: (client, i) => `${path}&call=${client}-${i}`,
      }),
    );
    const user = await withCpu(server.pid, data.databaseUrl, () =>
      loadTest({
        base: server.url,
        concurrency: CONCURRENCY,
        seconds: SECONDS / 3,
        headers: { cookie: workshop.cookie },
        next: () => '/api/user',
      }),
    );
    return { load, captured, fresh, user };
  } finally {
    await server.stop();
    await data.drop();
  }
}

/** The ceiling: the captured answer from memory, by Fastify in this process. */
async function measureCeiling(captured: Captured, path: string): Promise<LoadFigures> {
  const app = Fastify({ logger: false });
  app.get('/api/*', (_request, reply) => reply.headers(captured.headers).send(captured.body));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await loadTest({ base, concurrency: CONCURRENCY, seconds: SECONDS, next: () => path });
  } finally {
    await app.close();
  }
}

export async function run() {
  buildApp();
  const loadBefore = loadAverage();
  const started = new Date().toISOString();
  const results: Record<string, LoadFigures & Partial<AppFigures> & { ofCeiling?: number }> = {};
  // The app runs first (a captured answer is needed for the ceiling); PGlite's answer is the one
  // copied, so the ceiling exists without PostgreSQL too.
  const pglite = await measureApp('embedded');
  const postgres = process.env.BENCH_DATABASE_URL ? await measureApp('postgres') : undefined;
  if (!postgres) console.error('BENCH_DATABASE_URL not set: PGlite and the ceiling only');
  const ceiling = await measureCeiling(pglite.captured, listPath(1));
  results.ceiling = ceiling;
  if (postgres) results.postgres = { ...postgres.load, ofCeiling: Number((postgres.load.rps / ceiling.rps).toFixed(3)) };
  results.pglite = { ...pglite.load, ofCeiling: Number((pglite.load.rps / ceiling.rps).toFixed(3)) };
  if (postgres) results['postgres, list read afresh'] = postgres.fresh;
  results['pglite, list read afresh'] = pglite.fresh;
  if (postgres) results['postgres, GET /api/user'] = postgres.user;
  results['pglite, GET /api/user'] = pglite.user;
  const loadAfter = loadAverage();

  const lines = [
    '| served by | requests/s | p50 (ms) | p99 (ms) | requests | errors | of the ceiling | goal | CPU ms per request: app / database |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, r] of Object.entries(results)) {
    const goal = name in GOAL ? `>= ${GOAL[name as keyof typeof GOAL] * 100}%` : '';
    const share = r.ofCeiling === undefined ? '' : `${(r.ofCeiling * 100).toFixed(1)}%`;
    const cpu =
      r.appCpuMsPerRequest === undefined
        ? ''
        : `${r.appCpuMsPerRequest}${r.dbCpuMsPerRequest === undefined ? '' : ` / ${r.dbCpuMsPerRequest}`}`;
    lines.push(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} | ${share} | ${goal} | ${cpu} |`);
  }
  const verdict = (['postgres', 'pglite'] as const)
    .filter((name) => results[name])
    .map((name) => {
      const share = results[name].ofCeiling!;
      return `${share >= GOAL[name] ? 'ok  ' : 'MISS'} ${name} ${(share * 100).toFixed(1)}% of the ceiling (goal >= ${GOAL[name] * 100}%)`;
    });
  console.error(
    `\n${lines.join('\n')}\n\n${verdict.join('\n')}\nbody ${pglite.captured.body.length} bytes; load average before ${loadBefore}, after ${loadAfter}\n`,
  );
  return {
    started,
    loadBefore,
    loadAfter,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    path: listPath(1),
    bodyBytes: pglite.captured.body.length,
    results,
    verdict,
  };
}
