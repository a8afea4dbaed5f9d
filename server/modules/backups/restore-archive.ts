import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { queryRows, type Database, type Tx } from '../../db/client.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST_FILE,
  rowFile,
  schemaVersion,
  tableFile,
  type Manifest,
} from './archive-format.ts';
import { quoteIdent, workshopTables, type WorkshopTable } from './workshop-tables.ts';

/** A restore refused or failed for a reason its operator can act on (printed as it is). */
export class RestoreError extends Error {}

/** Rows inserted per statement. */
const BATCH_ROWS = 500;

const decoder = new TextDecoder();

function readEntry(archive: Uint8Array, name: string): Uint8Array | undefined {
  return unzipSync(archive, { filter: (file) => file.name === name })[name];
}

/** The archive's manifest, checked: our format, and made by an app at this very schema. */
export function readManifest(archive: Uint8Array, expectedSchema = schemaVersion()): Manifest {
  let bytes: Uint8Array | undefined;
  try {
    bytes = readEntry(archive, MANIFEST_FILE);
  } catch {
    throw new RestoreError('the file is not a zip archive');
  }
  if (!bytes) throw new RestoreError(`the archive has no ${MANIFEST_FILE}: it is not a Workbay workshop backup`);
  const manifest = JSON.parse(decoder.decode(bytes)) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT || manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new RestoreError(
      `the archive's format (${manifest.format} ${manifest.formatVersion}) is not ${ARCHIVE_FORMAT} ${ARCHIVE_FORMAT_VERSION}`,
    );
  }
  if (manifest.schemaVersion !== expectedSchema) {
    throw new RestoreError(
      `the archive was made at schema ${manifest.schemaVersion} and this Workbay is at ${expectedSchema}: restore it with the Workbay version that made it, then upgrade`,
    );
  }
  return manifest;
}

/** The lines of a JSON-lines file, `size` at a time, without decoding the whole file at once. */
function* lineBatches(bytes: Uint8Array, size: number): Generator<string[]> {
  let batch: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    if (end > start) batch.push(decoder.decode(bytes.subarray(start, end)));
    start = end + 1;
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * What makes a target "empty": no user anywhere and no row in any workshop table, except the
 * workshop a fresh install creates for its first account (migration 0002), which the restore
 * replaces.
 */
async function checkEmpty(db: Tx, tables: WorkshopTable[]) {
  for (const table of tables) {
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(quoteIdent(table.name))}`);
    const allowed = table.name === 'tenants' ? 1 : 0;
    if (Number(n) > allowed) {
      throw new RestoreError(`the target database is not empty (${table.name} has ${n} rows): restore into a new, empty Workbay`);
    }
  }
}

/** One batch of rows into `table`, as they were (ids too: `overriding system value`). */
async function insertBatch(db: Tx, table: WorkshopTable, lines: string[]) {
  const columns = sql.raw(table.columns.map(quoteIdent).join(', '));
  const name = sql.raw(quoteIdent(table.name));
  const overriding = table.identity ? sql.raw(' overriding system value') : sql``;
  await db.execute(
    sql`insert into ${name} (${columns})${overriding} select ${columns} from jsonb_populate_recordset(null::${name}, ${`[${lines.join(',')}]`}::jsonb)`,
  );
}

/** The lines of a table of files with each row's bytes put back from `<table>/<id>`. */
function withFiles(archive: Uint8Array, table: WorkshopTable, lines: string[]): string[] {
  const rows = lines.map((line) => JSON.parse(line) as Record<string, unknown> & { id: number });
  const names = new Set(rows.map((row) => rowFile(table.name, row.id)));
  const files = unzipSync(archive, { filter: (file) => names.has(file.name) });
  return rows.map((row) => {
    const bytes = files[rowFile(table.name, row.id)];
    if (!bytes) throw new RestoreError(`the archive lacks the file ${rowFile(table.name, row.id)}`);
    return JSON.stringify({ ...row, [table.fileColumn!]: `\\x${Buffer.from(bytes).toString('hex')}` });
  });
}

/**
 * Restores a workshop's archive (export-archive.ts) into an empty, migrated database: every row
 * as it was (ids, timestamps, the derived counts), in foreign-key order, in one transaction; the
 * tables' own triggers off meanwhile (they would audit each insert and count the rows twice;
 * `DISABLE TRIGGER USER` needs only the tables' owner, unlike `session_replication_role`, and
 * leaves the foreign keys checked); then each id sequence moved past the largest id.
 */
export async function restoreWorkshopArchive(database: Database, archive: Uint8Array) {
  const manifest = readManifest(archive);
  const tables = workshopTables();
  const known = new Set(tables.map((t) => t.name));
  const listed = new Map(manifest.tables.map((t) => [t.name, t]));
  const strange = [...listed.keys()].filter((name) => !known.has(name));
  if (strange.length > 0 || listed.size !== known.size) {
    throw new RestoreError(`the archive's tables do not match this Workbay's (${strange.join(', ') || 'some are missing'})`);
  }
  await database.db.transaction(async (tx) => {
    await checkEmpty(tx, tables);
    for (const table of tables) await tx.execute(sql`alter table ${sql.raw(quoteIdent(table.name))} disable trigger user`);
    await tx.execute(sql`delete from tenants`);
    for (const table of tables) {
      const bytes = readEntry(archive, tableFile(table.name)) ?? new Uint8Array(0);
      let rows = 0;
      for (const lines of lineBatches(bytes, BATCH_ROWS)) {
        await insertBatch(tx, table, table.fileColumn ? withFiles(archive, table, lines) : lines);
        rows += lines.length;
      }
      if (rows !== listed.get(table.name)!.rows) {
        throw new RestoreError(`${table.name}: the archive holds ${rows} rows, its manifest says ${listed.get(table.name)!.rows}`);
      }
    }
    for (const table of tables) await tx.execute(sql`alter table ${sql.raw(quoteIdent(table.name))} enable trigger user`);
    for (const table of tables.filter((t) => t.identity)) {
      const name = quoteIdent(table.name);
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), m) from (select max(id) as m from ${sql.raw(name)}) x where m is not null`,
      );
    }
  });
  return { workshop: manifest.workshop, schemaVersion: manifest.schemaVersion, tables: manifest.tables };
}
