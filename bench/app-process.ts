// Shared by bench/pages.ts and bench/throughput.ts: the built app (`npm run serve`, what
// `npm start` runs) as a child process, a workshop registered and seeded in it, its memory, and a
// keep-alive HTTP load generator that runs in this (separate) process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { call, startServerProcess, type ServerProcess } from '../server/test/process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * node's arguments for the built server, exactly as `npm run serve` (what `npm start` ends with)
 * gives them: package.json's `serve` script, `node <V8 settings> dist/server/main.js`.
 */
function serverEntry(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts.serve.split(/\s+/);
  if (command !== 'node' || !args.includes('dist/server/main.js')) throw new Error(`unexpected serve script: ${scripts.serve}`);
  return args.map((arg) => (arg.endsWith('.js') ? path.join(root, arg) : arg));
}

/** `node scripts/build.mjs` (the web client and the compiled server), unless BENCH_NO_BUILD=1. */
export function buildApp() {
  if (process.env.BENCH_NO_BUILD === '1') return;
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build failed (${result.status})`);
  console.error(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export type Mode = 'embedded' | 'postgres';

export type AppServer = ServerProcess & { mode: Mode; dataDir: string; databaseUrl?: string; pid: number };

/** Starts the built app on the embedded database in `dataDir`, or on PostgreSQL at `databaseUrl`. */
export async function startApp(dataDir: string, databaseUrl?: string): Promise<AppServer & { startMs: number }> {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    REGISTRATIONS_PER_HOUR: '100000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops
  // (bench/cpu-profile.mts summarises it).
  const profileDir = process.env.BENCH_CPU_PROF;
  const entry = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, ...serverEntry()] : serverEntry();
  const started = performance.now();
  const server = await startServerProcess(env, 60_000, entry);
  const startMs = performance.now() - started;
  return Object.assign(server, {
    mode: databaseUrl ? 'postgres' : 'embedded',
    dataDir,
    databaseUrl,
    pid: server.proc.pid!,
    startMs,
  }) as AppServer & {
    startMs: number;
  };
}

/**
 * A fresh place for one run's data: a temp DATA_DIR and, for PostgreSQL, a new database
 * `workbay_bench_<name>` next to BENCH_DATABASE_URL's; `drop()` removes both.
 */
export async function freshData(mode: Mode, name: string): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'workbay-bench-'));
  if (mode === 'embedded') return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database whose role may create databases');
  const database = `workbay_bench_${name}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Workshop = { cookie: string; tenantId: number; seeded: Record<string, number> };

/** Registers a workshop's admin (onboarding done) and fills it with the demo data. */
export async function registerAndSeed(base: string): Promise<Workshop> {
  const reg = await call(base, 'POST', '/api/register', {
    username: 'bench_admin',
    password: 'correct-horse-battery',
    firstName: 'Bench',
    lastName: 'Admin',
    email: 'bench_admin@example.com',
  });
  if (reg.status !== 201 || !reg.cookie) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const cookie = reg.cookie;
  const profile = await call(base, 'PUT', '/api/user/profile', { hasCompletedOnboarding: true }, cookie);
  if (profile.status !== 200) throw new Error(`onboarding: ${profile.status} ${JSON.stringify(profile.json)}`);
  const seed = await call(base, 'POST', '/api/admin/seed-database', undefined, cookie);
  if (seed.status !== 200) throw new Error(`seed: ${seed.status} ${JSON.stringify(seed.json)}`);
  return { cookie, tenantId: reg.json.tenantId, seeded: seed.json };
}

/** The resident memory of a process (VmRSS), MiB. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(line[1]) / 102.4) / 10;
}

/** CPU time a process has used so far (user + system, /proc/<pid>/stat), ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) in parentheses; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** USER_HZ: 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100;

/**
 * The CPU time used by the PostgreSQL backends serving `databaseUrl`'s database (its connections
 * other than the one asking), ms by backend pid; a backend of another user may not be readable
 * (then it is left out). Works when PostgreSQL runs on this machine.
 */
export async function backendCpuMs(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const times = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        times.set(pid, cpuMs(pid));
      } catch {
        // gone, or not ours to read
      }
    }
    return times;
  } finally {
    await client.end();
  }
}

/** The machine's load average (1, 5, 15 minutes), as /proc/loadavg says it. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export type LoadFigures = { requests: number; errors: number; rps: number; p50: number; p99: number; seconds: number };

/**
 * `concurrency` clients, each sending its next GET as soon as its last answer is read, for
 * `seconds`, over keep-alive connections (one per client); `next(client, i)` names the path.
 * Milliseconds per request; any status but 200 counts as an error.
 */
export async function loadTest(options: {
  base: string;
  concurrency: number;
  seconds: number;
  headers?: Record<string, string>;
  next: (client: number, i: number) => string;
}): Promise<LoadFigures> {
  const { hostname, port } = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const get = (urlPath: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ hostname, port, path: urlPath, agent, headers: options.headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const client = async (c: number) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const sent = performance.now();
      const status = await get(options.next(c, i)).catch(() => 0);
      times.push(performance.now() - sent);
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, c) => client(c)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN, 2);
  return { requests: times.length, errors, rps: round(times.length / seconds, 0), p50: at(0.5), p99: at(0.99), seconds: round(seconds, 1) };
}

/** The list endpoints of the mixed traffic: page `i` of each, some with a search. */
export function listPaths(tenantId: number): Array<(i: number) => string> {
  const t = `/api/tenants/${tenantId}`;
  const offset = (i: number, limit: number) => `limit=${limit}&offset=${(i % 3) * limit}`;
  const search = ['a', 'e', 'toy', 'mar', '1'];
  return [
    (i) => `${t}/customers?${offset(i, 20)}${i % 4 === 0 ? `&q=${search[i % search.length]}` : ''}`,
    (i) => `${t}/vehicles?${offset(i, 20)}${i % 4 === 1 ? `&q=${search[i % search.length]}` : ''}`,
    (i) => `${t}/job-cards?${offset(i, 20)}`,
    (i) => `/api/tasks?${offset(i, 50)}`,
    (i) => `/api/technicians?${offset(i, 50)}`,
    (i) => `${t}/invoices?${offset(i, 20)}`,
    (i) => `${t}/estimates?${offset(i, 20)}`,
    (i) => `${t}/spare-parts?${offset(i, 20)}`,
    (i) => `${t}/service-bookings?${offset(i, 20)}`,
    (i) => `${t}/appointments?${offset(i, 20)}`,
    (i) => `${t}/fleet?${offset(i, 20)}`,
  ];
}
