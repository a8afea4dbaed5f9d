import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, queryRows, type Database } from './client.ts';
import * as schema from './schema.ts';
import { createTestDatabase } from '../test/databases.ts';
import { createTestApp, createWorkshop, type TestApp } from '../test/app.ts';
import { insertCustomerWithVehicle } from '../test/workshop.ts';

/** docs/operations.md "Whole instance, PostgreSQL": the documented pg_dump / pg_restore, run for real. */
const hasPgDump = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => t instanceof PgTable).map((t) => getTableConfig(t).name);

async function everyRow(db: Database['db']) {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await queryRows<{ line: string }>(db, sql`select to_jsonb(t)::text as line from ${sql.raw(`"${table}"`)} t order by 1`);
    out[table] = rows.map((r) => r.line);
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe.runIf(hasPgDump)('the whole-instance backup on PostgreSQL', () => {
  it('pg_dump -Fc, then pg_restore --clean --if-exists --no-owner into an empty database, gives every row back', async () => {
    const w = await createWorkshop(t.app);
    await insertCustomerWithVehicle(t.database.db, w.tenantId);
    const dir = mkdtempSync(path.join(tmpdir(), 'workbay-dump-'));
    const target = await createTestDatabase();
    const restored = await openDatabase({ databaseUrl: target.url, poolSize: 1 });
    try {
      const dump = path.join(dir, 'workbay.dump');
      execFileSync('pg_dump', ['-Fc', '-f', dump, t.database.connectionString!]);
      execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', target.url!, dump]);
      expect(await everyRow(restored.db)).toEqual(await everyRow(t.database.db));
      // The sequences came along: a new row gets a new id.
      const [{ id }] = await queryRows<{ id: number }>(
        restored.db,
        sql`insert into customers (tenant_id, first_name, last_name, phone) values (${w.tenantId}, 'New', 'Row', '1') returning id`,
      );
      const [{ max }] = await queryRows<{ max: number }>(t.database.db, sql`select max(id) as max from customers`);
      expect(id).toBeGreaterThan(max);
    } finally {
      await restored.close();
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
