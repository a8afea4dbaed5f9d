import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
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

/**
 * Writes the workshop's archive to `file`: a zip of `manifest.json`, one JSON-lines file per table
 * and the attachments' bytes as files. Reads in batches (memory stays that of a batch), tables
 * children first: on a database read without one snapshot (the embedded one, where a long
 * transaction would stall every request), a row added meanwhile is in the archive with its parents.
 * `onProgress` after each batch; `signal` stops it between batches.
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

  const out = createWriteStream(file);
  let size = 0;
  let failure: Error | undefined;
  out.on('error', (err) => (failure ??= err));
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const encoder = new TextEncoder();
  const written = new Map<string, { rows: number; files?: number }>();
  let rowsDone = 0;
  try {
    for (const table of [...tables].reverse()) {
      const entry = new ZipDeflate(tableFile(table.name), { level: 6 });
      zip.add(entry);
      let rows = 0;
      let files = 0;
      for await (const batch of tableBatches(db, table, tenantId)) {
        options.signal?.throwIfAborted();
        entry.push(encoder.encode(batch.map((r) => `${r.line}\n`).join('')));
        for (const row of batch) {
          if (!table.fileColumn || row.file == null) continue;
          const id = (JSON.parse(row.line) as { id: number }).id;
          const blob = new ZipPassThrough(rowFile(table.name, id));
          zip.add(blob);
          blob.push(new Uint8Array(row.file), true);
          files++;
        }
        rows += batch.length;
        rowsDone += batch.length;
        await drained();
        await options.onProgress?.({ rowsDone, rowsTotal: Math.max(rowsTotal, rowsDone) });
      }
      entry.push(new Uint8Array(0), true);
      written.set(table.name, table.fileColumn ? { rows, files } : { rows });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion: schemaVersion(),
      workshop,
      createdAt: new Date().toISOString(),
      tables: tables.map((t) => ({ name: t.name, ...written.get(t.name)! })),
      excluded: { ...EXCLUDED_TABLES },
    };
    const manifestEntry = new ZipDeflate(MANIFEST_FILE, { level: 6 });
    zip.add(manifestEntry);
    manifestEntry.push(encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`), true);
    zip.end();
    await finished(out);
    if (failure) throw failure;
    return { manifest, size };
  } catch (err) {
    zip.terminate();
    out.destroy();
    throw err;
  }
}
