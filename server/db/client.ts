import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';
import { warmedUpModules } from './embedded-warmup.ts';
import { ACTOR_SETTINGS_TEXT, actorSettings, actorSettingsParams, currentActor, isWrite, type StatementActor } from './statement-actor.ts';

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
    // Loaded only here: an embedded server never loads PostgreSQL's client (less to load at its start).
    const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const ActorPool = actorPool(pgModule.Pool);
    const pool = new ActorPool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, options: CONNECTION_OPTIONS });
    pool.on('error', () => {}); // an idle client lost: the pool replaces it
    const db = namingActors(drizzlePg(pool, { schema, logger }) as unknown as Db);
    return { db, kind: 'postgres', statements, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  // Loaded only here: a server on PostgreSQL never holds the embedded database's code.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    ...(await warmedUpModules()),
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: EMBEDDED_SETTINGS,
  });
  // A write made outside a transaction on behalf of someone runs in one that names them first.
  const query = client.query.bind(client) as (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
  client.query = ((text: string, params?: unknown[], queryOptions?: unknown) => {
    const actor = currentActor();
    if (!actor || typeof text !== 'string' || !isWrite(text)) return query(text, params, queryOptions);
    return client.transaction(async (tx) => {
      await tx.query(ACTOR_SETTINGS_TEXT, actorSettingsParams(actor));
      return tx.query(text, params, queryOptions as never);
    });
  }) as typeof client.query;
  const db = namingActors(drizzlePglite(client, { schema, logger }) as unknown as Db);
  const listen = async (channel: string, onPayload: (payload: string) => void) => void (await client.listen(channel, onPayload));
  return { db, kind: 'pglite', statements, listen, close: () => client.close() };
}

/**
 * A pool whose writes made outside a transaction on behalf of someone (statement-actor.ts) run in
 * a transaction that names them first, so the audit triggers know who made the change.
 */
const actorPool = (Pool: typeof pg.Pool) =>
  class ActorPool extends Pool {
    // node-postgres's overloads; Drizzle calls query(config) or query(text, values).
    query(...args: unknown[]): never {
      const [config, values] = args;
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const actor = currentActor();
      const callback = args.some((arg) => typeof arg === 'function');
      if (!actor || callback || typeof text !== 'string' || !isWrite(text)) return (super.query as (...a: unknown[]) => never)(...args);
      return this.writeAs(actor, config, values) as never;
    }

    private async writeAs(actor: StatementActor, config: unknown, values: unknown) {
      const client = await this.connect();
      let failed: Error | undefined;
      try {
        await client.query('begin');
        await client.query(ACTOR_SETTINGS_TEXT, actorSettingsParams(actor));
        const result = await client.query(config as pg.QueryConfig, values as unknown[]);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((lost: Error) => (failed = lost));
        throw err;
      } finally {
        client.release(failed);
      }
    }
  };

/** Transactions made on behalf of someone name them first (statement-actor.ts). */
function namingActors(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const actor = currentActor();
      if (actor) await tx.execute(actorSettings(actor));
      return work(tx);
    }, config)) as Db['transaction'];
  return db;
}

/**
 * Applies the committed SQL migrations; on PostgreSQL under an advisory lock, so app servers
 * starting together take turns. `migrationsFolder` is for the tests of a migration on a
 * database populated at the one before.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (await upToDate(database.db, migrationsFolder)) return;
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const [{ default: pgModule }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pgModule.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7231001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7231001)').catch(() => {});
    await client.end();
  }
}

/**
 * Whether the database has every migration of the folder already: Drizzle's migrator applies those
 * newer than the last one it recorded (`created_at` is a migration's `when` in the journal), so
 * when the last recorded one is the journal's last there is nothing to apply, and the start skips
 * reading and hashing every migration file (a fifth of a second of an embedded start).
 */
async function upToDate(db: Db, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [last] = await queryRows<{ at: string | number }>(
      db,
      sql`select created_at as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return last !== undefined && Number(last.at) >= newest;
  } catch {
    return false; // a new database: no table of migrations yet
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
