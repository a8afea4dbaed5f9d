import { createInterface } from 'node:readline';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
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
import { analyzeStale } from '../../db/upkeep.ts';
import { quoteIdent, workshopTables, type WorkshopTable } from './workshop-tables.ts';

/** A restore refused or failed for a reason its operator can act on (printed as it is). */
export class RestoreError extends Error {}

/** Rows inserted per statement. */
const BATCH_ROWS = 500;

/**
 * An archive opened for reading by entry (its central directory: names and places, no contents),
 * any size (ZIP64 too): each entry is read from the file when it is needed, table files line by
 * line, so memory holds a batch of rows, not the archive.
 */
type Archive = { zip: ZipFile; entries: Map<string, Entry> };

async function openArchive(source: string | Buffer): Promise<Archive> {
  let zip: ZipFile;
  try {
    const options = { lazyEntries: true, autoClose: false, strictFileNames: true };
    zip = typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
  } catch {
    throw new RestoreError('the file is not a zip archive');
  }
  const entries = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (err) {
    zip.close();
    throw new RestoreError(`the archive is damaged: ${(err as Error).message}`);
  }
  return { zip, entries };
}

/** One entry's bytes, whole (the manifest, a file), or undefined when the archive has none of that name. */
async function readEntry(archive: Archive, name: string): Promise<Buffer | undefined> {
  const entry = archive.entries.get(name);
  return entry ? buffer(await archive.zip.openReadStreamPromise(entry)) : undefined;
}

/** The archive's manifest, checked: our format, and made by an app at this very schema. */
async function readManifest(archive: Archive): Promise<Manifest> {
  const expectedSchema = schemaVersion();
  const bytes = await readEntry(archive, MANIFEST_FILE);
  if (!bytes) throw new RestoreError(`the archive has no ${MANIFEST_FILE}: it is not a Workbay workshop backup`);
  const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
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

/** The lines of a table's JSON-lines entry, `size` at a time, read from the archive as they are used. */
async function* lineBatches(archive: Archive, name: string, size: number): AsyncGenerator<string[]> {
  const entry = archive.entries.get(name);
  if (!entry) return;
  const lines = createInterface({ input: await archive.zip.openReadStreamPromise(entry), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
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

/**
 * File bytes put in one statement, at most (a larger file goes alone): a batch of files is held
 * three times over (the bytes, their hex, the statement's text), and an attachment may be 10 MB.
 */
const FILE_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * The lines of a table of files with each row's bytes put back from `<table>/<id>`, in batches of
 * at most FILE_BATCH_BYTES of files.
 */
async function* withFiles(archive: Archive, table: WorkshopTable, lines: string[]): AsyncGenerator<string[]> {
  let batch: string[] = [];
  let bytesInBatch = 0;
  for (const line of lines) {
    const row = JSON.parse(line) as Record<string, unknown> & { id: number };
    const bytes = await readEntry(archive, rowFile(table.name, row.id));
    if (!bytes) throw new RestoreError(`the archive lacks the file ${rowFile(table.name, row.id)}`);
    if (batch.length > 0 && bytesInBatch + bytes.length > FILE_BATCH_BYTES) {
      yield batch;
      batch = [];
      bytesInBatch = 0;
    }
    batch.push(JSON.stringify({ ...row, [table.fileColumn!]: `\\x${bytes.toString('hex')}` }));
    bytesInBatch += bytes.length;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Restores a workshop's archive (export-archive.ts) into an empty, migrated database: every row
 * as it was (ids, timestamps, the derived counts), in foreign-key order, in one transaction; the
 * tables' own triggers off meanwhile (they would audit each insert and count the rows twice;
 * `DISABLE TRIGGER USER` needs only the tables' owner, unlike `session_replication_role`, and
 * leaves the foreign keys checked); then each id sequence moved past the largest id.
 */
export async function restoreWorkshopArchive(database: Database, source: string | Buffer) {
  const archive = await openArchive(source);
  try {
    return await restoreFrom(database, archive);
  } finally {
    archive.zip.close();
  }
}

async function restoreFrom(database: Database, archive: Archive) {
  const manifest = await readManifest(archive);
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
      let rows = 0;
      for await (const lines of lineBatches(archive, tableFile(table.name), BATCH_ROWS)) {
        if (!table.fileColumn) await insertBatch(tx, table, lines);
        else for await (const batch of withFiles(archive, table, lines)) await insertBatch(tx, table, batch);
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
  // Statistics for what was just written: the embedded database gathers none by itself
  // (db/upkeep.ts). The restore is done either way: the server's upkeep analyzes what this missed.
  await analyzeStale(database.db).catch(() => undefined);
  return { workshop: manifest.workshop, schemaVersion: manifest.schemaVersion, tables: manifest.tables };
}
