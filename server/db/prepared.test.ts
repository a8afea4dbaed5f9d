import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client.ts';
import { protocol } from '@electric-sql/pglite';
import { bindAndExecute, preparedRows } from './prepared.ts';
import { createTestDatabase } from '../test/databases.ts';

/**
 * A prepared statement answers what the same SQL answers through queryRows, on PGlite (its own
 * named statements) and on PostgreSQL (node-postgres's), call after call, inside a transaction
 * too, and a failing call leaves the next one working.
 */
describe('preparedRows', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const target = await createTestDatabase();
    drop = target.drop;
    database = await openDatabase({ databaseUrl: target.url });
    await database.db.execute(sql`create table prepared_probe (id int primary key, label text, flag boolean, amount numeric(10,2),
      at timestamptz, day date, tags text[], doc jsonb)`);
    await database.db.execute(sql`insert into prepared_probe values
      (1, 'one', true, 12.50, '2026-11-25 10:11:12.345678+00', '2026-11-25', '{a,b}', '{"k": 1}'),
      (2, null, false, null, null, null, null, null),
      (3, 'three', null, 0.10, '1999-12-31 23:59:59+00', '1999-12-31', '{}', '[1, "x"]')`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  // `min` twice: a placeholder may be used more than once.
  const text = (min: unknown, limit: unknown) => sql`select id, label, flag, amount, at, day, tags, doc, ${min}::int as "from"
    from prepared_probe where id >= ${min} order by id limit ${limit}`;
  const probe = preparedRows<Record<string, unknown>, { min: number; limit: number }>(
    'workbay_test_probe',
    text(sql.placeholder('min'), sql.placeholder('limit')),
  );

  it('answers the rows queryRows answers for the same SQL, each call afresh', async () => {
    const expected = await queryRows(database.db, text(2, 10));
    expect(await probe(database.db, { min: 2, limit: 10 })).toEqual(expected);
    expect(await probe(database.db, { min: 2, limit: 10 })).toEqual(expected);
    expect(await queryRows(database.db, text(1, 10))).toEqual(await probe(database.db, { min: 1, limit: 10 }));
    await database.db.execute(sql`update prepared_probe set label = 'changed' where id = 3`);
    expect((await probe(database.db, { min: 3, limit: 1 }))[0].label).toBe('changed');
  });

  it('runs inside a transaction and sees its writes', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update prepared_probe set label = 'in tx' where id = 1`);
      expect((await probe(tx, { min: 1, limit: 1 }))[0].label).toBe('in tx');
    });
    expect((await probe(database.db, { min: 1, limit: 1 }))[0].label).toBe('in tx');
  });

  it('throws for a failing call and answers the next', async () => {
    const divide = preparedRows<{ q: number }, { by: number }>('workbay_test_divide', sql`select 1 / ${sql.placeholder('by')}::int as q`);
    // Raised as Drizzle raises it on either driver: the database's error, with its code, is the cause.
    await expect(divide(database.db, { by: 0 })).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await divide(database.db, { by: 1 })).toEqual([{ q: 1 }]);
    const missing = preparedRows<{ id: number }, Record<string, never>>('workbay_test_missing', sql`select id from no_such_table`);
    await expect(missing(database.db, {})).rejects.toMatchObject({ cause: { code: '42P01' } });
    await database.db.execute(sql`create table no_such_table (id int)`);
    expect(await missing(database.db, {})).toEqual([]);
    expect(await probe(database.db, { min: 3, limit: 5 })).toHaveLength(1);
  });

  it("writes an embedded call's batch as PGlite's own serializer writes it", () => {
    const { serialize } = protocol;
    for (const values of [[], [1, 20, 0], ['', null, 'é ✓ 𝄞', true, 'x'.repeat(300)]]) {
      const texts = values.map((v) => (v === null ? null : String(v)));
      const expected = Buffer.concat([
        serialize.bind({ statement: 'workbay_probe', values: texts }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      expect(bindAndExecute('workbay_probe', values)).toEqual(expected);
    }
  });
});
