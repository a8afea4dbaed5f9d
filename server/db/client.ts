import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database handle every repository takes: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Statements sent to the driver so far, builder queries and raw SQL alike (tests count a call's);
   * while `seen` is an array, each statement's text is added to it (tests tell one from another).
   */
  statements: { count: number; seen?: string[] };
  /** For LISTEN/NOTIFY between processes (PostgreSQL only). */
  connectionString?: string;
  /** PGlite only: hears what the database's own statements NOTIFY on `channel` (its triggers). */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this copy of a database's files (PGlite's `dumpDataDir`), not an empty one. */
  loadDataDir?: Blob;
};

/**
 * The embedded server's own settings (PGlite's defaults are PostgreSQL's: 128 MB of shared
 * buffers, which the WebAssembly memory keeps once touched and never gives back). 32 MB holds a
 * small workshop's hot pages; the operating system's file cache holds the rest.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

/**
 * Settings of each PostgreSQL connection the app opens. JIT off: PostgreSQL compiles a query
 * whose estimated cost passes jit_above_cost, and for the reports' aggregates (a year of job
 * cards) compiling took 2.8 s of a 3.3 s query that runs in 0.45 s without it; nothing the app
 * asks runs long enough to win it back.
 */
export const CONNECTION_OPTIONS = '-c jit=off';

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when no dir). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const statements: Database['statements'] = { count: 0 };
  const logger = {
    logQuery(query: string) {
      statements.count++;
      statements.seen?.push(query);
    },
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, options: CONNECTION_OPTIONS });
    pool.on('error', () => {}); // an idle client lost: the pool replaces it
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { db, kind: 'postgres', statements, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: EMBEDDED_SETTINGS,
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const listen = async (channel: string, onPayload: (payload: string) => void) => void (await client.listen(channel, onPayload));
  return { db, kind: 'pglite', statements, listen, close: () => client.close() };
}

/**
 * Applies the committed SQL migrations; on PostgreSQL under an advisory lock, so app servers
 * starting together take turns. `migrationsFolder` is for the tests of a migration on a
 * database populated at the one before.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7231001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7231001)').catch(() => {});
    await client.end();
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
