import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { performance } from 'node:perf_hooks';
import * as schema from '../server/db/schema.ts';
import { CONNECTION_OPTIONS, migrateDatabase, type Database, type Db } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';

/** A fresh PostgreSQL database for a benchmark, with a pool that counts the queries it runs. */
export async function benchDatabase(name: string): Promise<{ database: Database; queries: { count: number }; url: string }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database whose role may create databases');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10, options: CONNECTION_OPTIONS });
  const queries = { count: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    queries.count++;
    return query(...args);
  };
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    statements: queries,
    connectionString: url.toString(),
    close: () => pool.end(),
  };
  await migrateDatabase(database);
  return { database, queries, url: url.toString() };
}

export type Figures = { p50: number; p95: number; p99: number; max: number; n: number };

/** Times `n` sequential runs after a warm-up; milliseconds. */
export async function measure(n: number, run: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < Math.min(20, n); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), n };
}

/**
 * The real app in-process on a benchmark database, with a registered owner: `get` fails loudly
 * on anything but 200; `queriesFor` counts the database queries one call makes.
 */
export async function benchApp(
  database: Database,
  queries: { count: number },
  options: { signIn?: boolean; aiCallsPerMinute?: number } = {},
) {
  const signIn = options.signIn ?? false;
  const app = await buildApp({
    database,
    sessionSecret: 'bench-secret-bench-secret-bench-secret!!',
    aiCallsPerMinute: options.aiCallsPerMinute,
  });
  await app.ready();
  // The owner registers on a new database, or signs in again on one a previous run left (BENCH_REUSE).
  const reg = await app.inject(
    signIn
      ? { method: 'POST', url: '/api/login', payload: { username: 'bench', password: 'bench-password' } }
      : {
          method: 'POST',
          url: '/api/register',
          payload: { username: 'bench', password: 'bench-password', email: 'bench@example.com', firstName: 'Bench', lastName: 'Owner' },
        },
  );
  const cookie = `workbay_sid=${reg.cookies.find((c) => c.name === 'workbay_sid')!.value}`;
  const tenantId: number = reg.json().tenantId;
  if (!tenantId) throw new Error(`bench owner: ${reg.statusCode} ${reg.body}`);
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const post = async (url: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  /** Any call; fails loudly on anything but `expect` (a write's 200 or 201). */
  const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown, expect = 200) => {
    const res = await app.inject({ method, url, payload: payload as object, headers: { cookie } });
    if (res.statusCode !== expect) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const queriesFor = async (url: string) => {
    const before = queries.count;
    await get(url);
    return queries.count - before;
  };
  return { app, tenantId, get, post, send, queriesFor };
}

/** BENCH_REUSE=1: a scenario measures again on the data its previous run left (no drop, no generation). */
export const BENCH_REUSE = process.env.BENCH_REUSE === '1';

/** A scenario's database: made afresh (benchDatabase), or with BENCH_REUSE the one left, brought to this checkout's migrations. */
export async function scenarioDatabase(name: string): Promise<{ database: Database; queries: { count: number } }> {
  if (!BENCH_REUSE) return benchDatabase(name);
  const { openDatabase } = await import('../server/db/client.ts');
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  return { database, queries: database.statements };
}

/** The embedded database (PGlite) in a fresh temporary folder, for "does it stay usable" figures. */
export async function benchPglite(): Promise<{ database: Database; queries: { count: number }; dispose(): Promise<void> }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { openDatabase } = await import('../server/db/client.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'workbay-bench-'));
  const database = await openDatabase({ dataDir: dir });
  await migrateDatabase(database);
  return {
    database,
    queries: { count: 0 },
    async dispose() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Queries one list call makes at page sizes 10 and 500, one call at a time (counts would mix if run together). */
export async function queryCountsOf(urls: string[], queriesFor: (url: string) => Promise<number>) {
  const counts: Record<string, { limit10: number; limit500: number }> = {};
  for (const url of urls) {
    const join = url.includes('?') ? '&' : '?';
    counts[url] = { limit10: await queriesFor(`${url}${join}limit=10`), limit500: await queriesFor(`${url}${join}limit=500`) };
  }
  return counts;
}
