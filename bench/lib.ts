import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { performance } from 'node:perf_hooks';
import * as schema from '../server/db/schema.ts';
import { migrateDatabase, type Database, type Db } from '../server/db/client.ts';

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
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const queries = { count: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    queries.count++;
    return query(...args);
  };
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    connectionString: url.toString(),
    close: () => pool.end(),
  };
  await migrateDatabase(database);
  return { database, queries, url: url.toString() };
}

export type Figures = { p50: number; p95: number; p99: number; max: number; n: number };

/** Times `n` sequential runs after a warm-up; milliseconds. */
export async function measure(n: number, run: () => Promise<void>): Promise<Figures> {
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
