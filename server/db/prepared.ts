import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
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
      try {
        return await embeddedRows<T>(session.client, name, built.sql, values);
      } catch (error) {
        // As Drizzle raises it on either driver: the database's error is the cause.
        throw new DrizzleQueryError(built.sql, values, error as Error);
      }
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
 * describe, bind, describe, execute, sync), the backend parses and plans the text each time, and
 * its protocol reader copies every field into a buffer of its own before decoding it. Here a
 * named statement is parsed once for the database's session; each call is one batch (bind,
 * describe, execute, sync: `bindAndExecute`) whose raw answer is read here. It takes the same locks as `query()`
 * (no statement runs inside another caller's transaction) and syncs the files as it does. The
 * raw answer bypasses PGlite's LISTEN callbacks, so only reads go this way: a statement that
 * writes may fire a trigger's NOTIFY, which the app hears on PGlite too (live.bus.ts createBus).
 */
async function embeddedRows<T>(client: PGlite, name: string, text: string, values: StatementValue[]): Promise<T[]> {
  protocol ??= (await import('@electric-sql/pglite')).protocol;
  const { serialize } = protocol;
  let parsed = parsedNames.get(client);
  if (!parsed) parsedNames.set(client, (parsed = new Set()));
  const known = parsed;
  const answer = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      if (!known.has(name)) {
        // On its own: a failed parse leaves no statement behind, a parsed one is known from here.
        await client.execProtocolStream(concat([serialize.parse({ name, text }), serialize.sync()]), { syncToFs: false });
        known.add(name);
      }
      const chunks: Buffer[] = [];
      await client.execProtocolRawStream(bindAndExecute(name, values), {
        syncToFs: false,
        // A view of the backend's memory, valid during the call only.
        onRawData: (data) => void chunks.push(Buffer.from(data)),
      });
      await client.syncToFs();
      return readAnswer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    }),
  );
  if (answer.error) throw answer.error;
  const { names, types, cells } = answer;
  const parsers = types.map((type) => (AS_TEXT.has(type) ? undefined : client.parsers[type]));
  return cells.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const cell = row[i];
      const parse = parsers[i];
      out[names[i]] = cell === null || !parse ? cell : parse(cell, types[i]);
    }
    return out as T;
  });
}

type Answer = { names: string[]; types: number[]; cells: Array<Array<string | null>>; error?: Error };

/** Describe the unnamed portal, execute it (every row), sync: the same bytes for every call. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([
  Buffer.from([0x44, 0, 0, 0, 6, 0x50, 0]), // D: describe the portal ""
  Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]), // E: execute the portal "", every row
  Buffer.from([0x53, 0, 0, 0, 4]), // S: sync
]);

/**
 * One call's batch for a named statement: Bind (its values as text) then DESCRIBE_EXECUTE_SYNC,
 * the bytes PGlite's serializer writes for `bind`, `describe`, `execute` and `sync`, written here
 * into one buffer: PGlite's writer allocates and copies several buffers for each message (7% of
 * an embedded list call's time went to the bind alone).
 */
export function bindAndExecute(statement: string, values: StatementValue[]): Buffer {
  const texts = values.map((v) => (v === null ? null : String(v)));
  const nameBytes = Buffer.byteLength(statement);
  let size = 1 + 4 + 1 + nameBytes + 1 + 2 + 2 * texts.length + 2 + 2;
  for (const text of texts) size += 4 + (text === null ? 0 : Buffer.byteLength(text));
  const out = Buffer.allocUnsafe(size + DESCRIBE_EXECUTE_SYNC.length);
  out[0] = 0x42; // B
  out.writeInt32BE(size - 1, 1);
  let at = 5;
  out[at++] = 0; // portal ""
  at += out.write(statement, at);
  out[at++] = 0;
  // One format code a value, all text; then the values.
  at = out.writeUInt16BE(texts.length, at);
  for (let i = 0; i < texts.length; i++) at = out.writeInt16BE(0, at);
  at = out.writeUInt16BE(texts.length, at);
  for (const text of texts) {
    if (text === null) at = out.writeInt32BE(-1, at);
    else {
      const length = out.write(text, at + 4);
      at = out.writeInt32BE(length, at) + length;
    }
  }
  at = out.writeInt16BE(0, at); // every column as text
  DESCRIBE_EXECUTE_SYNC.copy(out, at);
  return out;
}

/**
 * The backend's messages for one statement, read in place: the row description (column names
 * and types), the data rows (text cells) and the first error, as PostgreSQL's error fields;
 * the rest (bind complete, command complete, ready, notices) carries nothing a row needs.
 */
export function readAnswer(bytes: Buffer): Answer {
  const answer: Answer = { names: [], types: [], cells: [] };
  for (let at = 0; at + 5 <= bytes.length;) {
    const kind = bytes[at];
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let p = at + 5;
    if (kind === 0x54 /* T: row description */) {
      const count = bytes.readInt16BE(p);
      p += 2;
      answer.names = [];
      answer.types = [];
      for (let i = 0; i < count; i++) {
        const zero = bytes.indexOf(0, p);
        answer.names.push(bytes.toString('utf8', p, zero));
        // After the name: table oid (4), column number (2), type oid (4), size (2), modifier (4), format (2).
        answer.types.push(bytes.readInt32BE(zero + 7));
        p = zero + 19;
      }
    } else if (kind === 0x44 /* D: data row */) {
      const count = bytes.readInt16BE(p);
      p += 2;
      const row = new Array<string | null>(count);
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(p);
        p += 4;
        if (length < 0) row[i] = null;
        else {
          row[i] = bytes.toString('utf8', p, p + length);
          p += length;
        }
      }
      answer.cells.push(row);
    } else if (kind === 0x45 /* E: error */ && !answer.error) {
      answer.error = databaseError(bytes, p, end);
    }
    at = end;
  }
  return answer;
}

/** An error as the drivers raise one: PostgreSQL's message, with its code, detail and the rest as properties. */
function databaseError(bytes: Buffer, from: number, end: number): Error {
  const fields: Record<string, string> = {};
  for (let p = from; p < end && bytes[p] !== 0;) {
    const zero = bytes.indexOf(0, p + 1);
    fields[String.fromCharCode(bytes[p])] = bytes.toString('utf8', p + 1, zero);
    p = zero + 1;
  }
  return Object.assign(new Error(fields.M ?? 'database error'), {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    constraint: fields.n,
  });
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
