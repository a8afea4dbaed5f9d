import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvLine } from '../../core/csv.ts';

/** One CSV export: the file's name stem, its header row, and its rows a batch at a time. */
export type CsvExport = {
  name: string;
  header: readonly string[];
  batches: AsyncIterable<ReadonlyArray<ReadonlyArray<unknown>>>;
};

/** A CSV download's Content-Disposition: "<name>-<yyyy-mm-dd>.csv". */
export function csvAttachment(name: string, now = new Date()): string {
  return `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;
}

const lines = (rows: ReadonlyArray<ReadonlyArray<unknown>>) => rows.map((row) => csvLine([...row])).join('');

/**
 * Streams a CSV export. The first batch is read before anything is sent, so a query that fails
 * answers an error status instead of a 200 with a header row. A failure after the first byte
 * destroys the response without its final chunk: the client sees a failed download, never a
 * clean short file. A BOM goes first so spreadsheets read UTF-8 (Arabic names), as core/csv.ts
 * toCsv does.
 */
export async function sendCsv(reply: FastifyReply, { name, header, batches }: CsvExport): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* body() {
    yield '\uFEFF' + csvLine([...header]) + (first.done ? '' : lines(first.value));
    if (first.done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield lines(next.value);
  }
  return reply.type('text/csv; charset=utf-8').header('content-disposition', csvAttachment(name)).send(Readable.from(body()));
}
