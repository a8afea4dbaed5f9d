import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './client.ts';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: PGlite runs
 * PostgreSQL as one process in single-user mode, so no table is ever analyzed or vacuumed by
 * itself. Without statistics the planner takes every table for a few rows, and a query that
 * should walk a primary key sorts the whole workshop instead (a backup export of 12,000
 * attachments took 59 s instead of 4, each batch reading every row after it). The thresholds
 * are autovacuum's defaults: a table is analyzed when 50 rows + 10% of it changed since the
 * last analysis, or when it never had one (whatever the change counters say),
 * vacuumed when 50 rows + 20% of it are dead.
 */
type TableState = { name: string; analyze: boolean; vacuum: boolean };

async function tablesDue(db: Tx): Promise<TableState[]> {
  return queryRows<TableState>(
    db,
    sql`select s.relname as name,
          (c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)) as analyze,
          (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)) as vacuum
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
          and (c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
            or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0))
        order by s.relname`,
  );
}

/**
 * Analyzes the tables whose statistics are missing or stale (works inside a transaction, and on
 * PostgreSQL too, where autovacuum usually got there first). Answers their names.
 */
export async function analyzeStale(db: Tx): Promise<string[]> {
  const due = (await tablesDue(db)).filter((t) => t.analyze);
  for (const { name } of due) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return due.map((t) => t.name);
}

/**
 * The embedded database's autovacuum, run every few minutes by the server (app.ts): vacuums (and
 * analyzes) the tables with many dead rows, analyzes those with stale statistics. Not in a
 * transaction: VACUUM cannot run in one.
 */
export async function upkeep(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const due = await tablesDue(db);
  const vacuumed = due.filter((t) => t.vacuum).map((t) => t.name);
  const analyzed = due.filter((t) => t.analyze && !t.vacuum).map((t) => t.name);
  for (const name of vacuumed) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  for (const name of analyzed) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return { analyzed, vacuumed };
}
