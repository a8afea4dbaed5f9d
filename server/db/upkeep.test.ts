import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client.ts';
import { createTestDatabase } from '../test/databases.ts';
import { analyzeStale, upkeep } from './upkeep.ts';

/**
 * The embedded database's autovacuum: a table without statistics is analyzed (and then read by
 * its key, not sorted whole), one with many dead rows vacuumed; a table in order is left alone.
 * On PostgreSQL too (the probe table has autovacuum off, so the test's own calls do the work).
 */
describe('database upkeep', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const target = await createTestDatabase();
    drop = target.drop;
    database = await openDatabase({ databaseUrl: target.url });
    await database.db.execute(
      sql`create table upkeep_probe (id int primary key, tenant_id int not null, label text) with (autovacuum_enabled = false)`,
    );
    await database.db.execute(sql`create index upkeep_probe_tenant on upkeep_probe (tenant_id)`);
    await database.db.execute(sql`insert into upkeep_probe select i, 1, 'row ' || i from generate_series(1, 5000) i`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const state = async () => {
    // PostgreSQL reports a backend's counts to the statistics views up to a second late.
    await database.db.execute(sql`select pg_stat_clear_snapshot()`);
    const [row] = await queryRows<{ reltuples: number; dead: number }>(
      database.db,
      sql`select c.reltuples::int as reltuples, s.n_dead_tup::int as dead
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'upkeep_probe'`,
    );
    return row;
  };
  const plan = async () =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        database.db,
        sql`explain select * from upkeep_probe where tenant_id = 1 and id > 2500 order by id limit 20`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');

  it('analyzes a table that never was, after which its key is walked, not the table sorted', async () => {
    expect((await state()).reltuples).toBeLessThan(0);
    expect(await plan()).toMatch(/Sort/);
    expect(await analyzeStale(database.db)).toContain('upkeep_probe');
    expect((await state()).reltuples).toBe(5000);
    expect(await plan()).toMatch(/Index Scan using upkeep_probe_pkey/);
    expect(await plan()).not.toMatch(/Sort/);
    // In order now: not analyzed again.
    expect(await analyzeStale(database.db)).not.toContain('upkeep_probe');
  });

  it('vacuums a table with many dead rows, and leaves it alone then', async () => {
    await database.db.execute(sql`delete from upkeep_probe where id > 1000`);
    let dead = 0;
    for (let i = 0; i < 50 && dead < 4000; i++) {
      dead = (await state()).dead;
      if (dead < 4000) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(dead).toBe(4000);
    const done = await upkeep(database.db);
    expect(done.vacuumed).toContain('upkeep_probe');
    expect(done.analyzed).not.toContain('upkeep_probe');
    const after = await state();
    expect(after).toEqual({ reltuples: 1000, dead: 0 });
    expect(await upkeep(database.db)).toEqual({ analyzed: expect.not.arrayContaining(['upkeep_probe']), vacuumed: [] });
  });
});
