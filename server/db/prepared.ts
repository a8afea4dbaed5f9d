import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { PGlite, protocol as pgliteProtocol } from '@electric-sql/pglite';
import type { Tx } from './client.ts';

/** A value a prepared statement takes: sent as text, as both drivers send these. */
export type StatementValue = string | number | boolean | null;

/**
 * A raw SQL query that an endpoint runs on every call, prepared once: its text is built once
 * (values come in as `sql.placeholder(name)`), and the database parses and plans it once per
 * connection instead of on every call (on PostgreSQL a named statement of node-postgres; on
 * PGlite a named statement of its one session, see `embeddedRows`). `name` must be unique to
 * this query's text. The rows are what `queryRows` answers for the same SQL: objects by column
 * name, timestamps and dates as the database writes them.
 */
export function preparedRows<T, P extends Record<string, StatementValue>>(name: string, query: SQL): (db: Tx, params: P) => Promise<T[]> {
  const built = new PgDialect().sqlToQuery(query);
  const drizzleStatements = new WeakMap<Tx, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, params) => {
    const session = db._.session as unknown as { client: unknown; logger?: { logQuery(query: string, params: unknown[]): void } };
    if (isEmbedded(session.client)) {
      const values = fillPlaceholders(built.params, params) as StatementValue[];
      // Counted like any statement (Database.statements, which tests read per call).
      session.logger?.logQuery(built.sql, values);
      return embeddedRows<T>(session.client, name, built.sql, values);
    }
    let statement = drizzleStatements.get(db);
    if (!statement) {
      statement = db._.session.prepareQuery(built, undefined, name, false);
      drizzleStatements.set(db, statement);
    }
    const result = (await statement.execute(params)) as { rows: T[] };
    return result.rows;
  };
}

/**
 * PGlite itself, not a transaction on it (a statement inside a transaction goes through
 * Drizzle). Duck-typed so that a server on PostgreSQL never loads PGlite's code.
 */
const isEmbedded = (client: unknown): client is PGlite =>
  typeof (client as PGlite | undefined)?.execProtocolStream === 'function' &&
  typeof (client as PGlite)._runExclusiveTransaction === 'function';

/** Statement names PGlite's session has parsed, per database. */
const parsedNames = new WeakMap<PGlite, Set<string>>();

/** The types Drizzle's PGlite driver leaves as the database's text (timestamps, dates, intervals and their arrays). */
const AS_TEXT = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

let protocol: typeof pgliteProtocol | undefined;

/**
 * PGlite's `query()` sends every statement as six calls into its WebAssembly backend (parse,
 * describe, bind, describe, execute, sync), and the backend parses and plans the text each
 * time. Here a named statement is parsed once for the database's session, and each call is one
 * batch: bind, describe, execute, sync. It takes the same locks as `query()` (no statement runs
 * inside another caller's transaction) and syncs the files as it does.
 */
async function embeddedRows<T>(client: PGlite, name: string, text: string, values: StatementValue[]): Promise<T[]> {
  protocol ??= (await import('@electric-sql/pglite')).protocol;
  const { serialize } = protocol;
  let parsed = parsedNames.get(client);
  if (!parsed) parsedNames.set(client, (parsed = new Set()));
  const known = parsed;
  const messages = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      if (!known.has(name)) {
        // On its own: a failed parse leaves no statement behind, a parsed one is known from here.
        await client.execProtocolStream(concat([serialize.parse({ name, text }), serialize.sync()]), { syncToFs: false });
        known.add(name);
      }
      const bind = serialize.bind({ statement: name, values: values.map((v) => (v === null ? null : String(v))) });
      const answer = await client.execProtocolStream(
        concat([bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
      await client.syncToFs();
      return answer;
    }),
  );
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  const rows: T[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = (message as unknown as { fields: typeof fields }).fields;
    else if (message.name === 'dataRow') {
      const cells = (message as unknown as { fields: Array<string | null> }).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const cell = cells[i];
        const type = fields[i].dataTypeID;
        const parse = AS_TEXT.has(type) ? undefined : client.parsers[type];
        row[fields[i].name] = cell === null ? null : parse ? parse(cell, type) : cell;
      }
      rows.push(row as T);
    }
  }
  return rows;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
