import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST_FILE,
  rowFile,
  schemaVersion,
  tableFile,
  workshopCondition,
  type Manifest,
} from './archive-format.ts';
import { EXCLUDED_TABLES, quoteIdent, workshopTables, type WorkshopTable } from './workshop-tables.ts';

/** Rows read per statement; a table of files (attachments) reads fewer, each row carries its bytes. */
const BATCH_ROWS = 500;
const FILE_BATCH_ROWS = 20;

export type ExportProgress = { rowsDone: number; rowsTotal: number };

type Line = { line: string; file?: Uint8Array | null };

/**
 * One batch of a table's rows of the workshop, in primary-key order after the row `after` (the
 * JSON of the last row of the batch before): each row as the database writes it in JSON
 * (`to_jsonb`: exact numbers, timestamps with their microseconds), its file column apart.
 */
function batchQuery(table: WorkshopTable, tenantId: number, after: string | undefined, limit: number): SQL {
  const name = sql.raw(quoteIdent(table.name));
  const keys = table.key.map((k) => `t.${quoteIdent(k)}`).join(', ');
  const line = table.fileColumn
    ? sql.raw(`(to_jsonb(t) - '${table.fileColumn}')::text as line, t.${quoteIdent(table.fileColumn)} as file`)
    : sql.raw('to_jsonb(t)::text as line');
  const keyset =
    after === undefined
      ? sql``
      : sql` and (${sql.raw(keys)}) > (select ${sql.raw(table.key.map((k) => `r.${quoteIdent(k)}`).join(', '))} from jsonb_populate_record(null::${name}, ${after}::jsonb) r)`;
  return sql`select ${line} from ${name} t where ${workshopCondition(table.where, tenantId)}${keyset} order by ${sql.raw(keys)} limit ${limit}`;
}

/** Every row of one table of the workshop, batch by batch. */
async function* tableBatches(db: Tx, table: WorkshopTable, tenantId: number): AsyncGenerator<Line[]> {
  const limit = table.fileColumn ? FILE_BATCH_ROWS : BATCH_ROWS;
  let after: string | undefined;
  for (;;) {
    const rows = await queryRows<Line>(db, batchQuery(table, tenantId, after, limit));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    after = rows.at(-1)!.line;
  }
}

/** Rows of each table of the workshop (what the progress counts against). */
export async function countRows(db: Tx, tenantId: number, tables = workshopTables()): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [{ n }] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(quoteIdent(table.name))} t where ${workshopCondition(table.where, tenantId)}`,
    );
    counts.set(table.name, Number(n));
  }
  return counts;
}

/** File bytes handed to the zip and not yet written out, at most (then the export waits). */
const FILES_IN_FLIGHT = 16 * 1024 * 1024;

/** Writes `text` to `out`, waiting while it holds too much (or until `ended`: the zip failed). */
async function put(out: Writable, text: string, ended: Promise<unknown>) {
  if (!out.write(text)) await Promise.race([once(out, 'drain'), ended]);
}

/**
 * Writes the workshop's archive to `file`: a zip (ZIP64 where it needs it: any number of files,
 * any size) of `manifest.json`, one JSON-lines file per table and the attachments' bytes as
 * files. Reads in batches (memory stays that of a batch), tables children first: on a database
 * read without one snapshot (the embedded one, where a long transaction would stall every
 * request), a row added meanwhile is in the archive with its parents. A table of files writes its
 * files as it reads them and its lines to `<file>.lines` beside the archive, added after them: the
 * zip writes one entry at a time, so files added while the table's lines were still being
 * written would wait in memory. `onProgress` after each batch; `signal` stops it between batches.
 */
export async function writeWorkshopArchive(
  db: Tx,
  tenantId: number,
  file: string,
  options: { onProgress?: (progress: ExportProgress) => Promise<void> | void; signal?: AbortSignal } = {},
): Promise<{ manifest: Manifest; size: number }> {
  const tables = workshopTables();
  const counts = await countRows(db, tenantId, tables);
  const rowsTotal = [...counts.values()].reduce((a, b) => a + b, 0);
  const [workshop] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from tenants where id = ${tenantId}`);
  if (!workshop) throw new Error(`workshop ${tenantId} not found`);

  const zip = new ZipFile();
  let size = 0;
  let failure: Error | undefined;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      counted.emit('counted');
      done(null, chunk);
    },
  });
  const written = pipeline(zip.outputStream, counted, createWriteStream(file)).catch((err: Error) => {
    failure ??= err;
  });
  zip.on('error', (err: Error) => (failure ??= err));
  const check = () => {
    if (failure) throw failure;
  };
  const linesFile = `${file}.lines`;
  let linesFiles = 0;
  const stored = new Map<string, { rows: number; files?: number }>();
  let rowsDone = 0;
  let lines: Writable | undefined;
  try {
    for (const table of [...tables].reverse()) {
      // A table of files: its lines to a file of their own (one per table), added after its files.
      const linesPath = table.fileColumn ? `${linesFile}.${linesFiles++}` : null;
      lines = linesPath ? createWriteStream(linesPath) : new PassThrough();
      if (!linesPath) zip.addReadStream(lines as PassThrough, tableFile(table.name));
      let rows = 0;
      let files = 0;
      // This table's file bytes added, against what the zip has put out since it started.
      let filesAdded = 0;
      const outAtStart = size;
      for await (const batch of tableBatches(db, table, tenantId)) {
        options.signal?.throwIfAborted();
        check();
        await put(lines, batch.map((r) => `${r.line}\n`).join(''), written);
        for (const row of batch) {
          if (!table.fileColumn || row.file == null) continue;
          const id = (JSON.parse(row.line) as { id: number }).id;
          zip.addBuffer(Buffer.from(row.file), rowFile(table.name, id), { compress: false });
          filesAdded += row.file.length;
          files++;
          // Stored as they are, so what is put out catches up with what was added (what earlier
          // entries still put out after the table began counts too: at most their last bytes).
          while (!failure && filesAdded - (size - outAtStart) > FILES_IN_FLIGHT) await Promise.race([once(counted, 'counted'), written]);
        }
        rows += batch.length;
        rowsDone += batch.length;
        await options.onProgress?.({ rowsDone, rowsTotal: Math.max(rowsTotal, rowsDone) });
      }
      lines.end();
      if (linesPath) {
        await finished(lines);
        zip.addFile(linesPath, tableFile(table.name));
      }
      stored.set(table.name, table.fileColumn ? { rows, files } : { rows });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion: schemaVersion(),
      workshop,
      createdAt: new Date().toISOString(),
      tables: tables.map((t) => ({ name: t.name, ...stored.get(t.name)! })),
      excluded: { ...EXCLUDED_TABLES },
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_FILE);
    zip.end();
    await written;
    check();
    return { manifest, size };
  } catch (err) {
    lines?.destroy();
    (zip.outputStream as Readable).destroy();
    await written;
    throw err;
  } finally {
    for (let i = 0; i < linesFiles; i++) await rm(`${linesFile}.${i}`, { force: true });
  }
}
