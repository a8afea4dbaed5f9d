import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client.ts';
import { createTestDatabase } from '../test/databases.ts';

/**
 * Each connection of the app's pool runs without JIT compilation (client.ts CONNECTION_OPTIONS):
 * on the reports' aggregates PostgreSQL spent 2.8 s compiling a query that runs in 0.45 s.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  database = await openDatabase({ databaseUrl: target.url, poolSize: 3 });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

it('opens every pooled connection with JIT off', async () => {
  // Three at once on an empty pool: it opens a connection for each.
  const answers = await Promise.all(
    [1, 2, 3].map(() =>
      queryRows<{ jit: string; pid: number }>(database.db, sql`select current_setting('jit') as jit, pg_backend_pid() as pid`),
    ),
  );
  expect(new Set(answers.map(([row]) => row.pid)).size).toBe(3);
  expect(answers.map(([row]) => row.jit)).toEqual(['off', 'off', 'off']);
});
