import { parseCsv } from '@core/csv.ts';

/** Characters parsed between two pauses (so a large file never freezes the page). */
export const CSV_CHUNK_CHARS = 256 * 1024;

/**
 * Where the next piece of a CSV text should end: just after the first record break at or past
 * `from + size` (a line break outside quotes, read exactly as core/csv.ts reads it), or the end.
 * Each piece then parses on its own to the same rows as the whole text.
 */
export function nextRecordCut(text: string, from: number, size: number): number {
  const target = from + size;
  let quoted = false;
  let empty = true;
  let i = from === 0 && text.charCodeAt(0) === 0xfeff ? 1 : from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) {
          i++;
          empty = false;
        } else quoted = false;
      } else empty = false;
    } else if (c === 34 && empty) quoted = true;
    else if (c === 44) empty = true;
    else if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      empty = true;
      if (i + 1 >= target) return i + 1;
    } else empty = false;
  }
  return text.length;
}

export type ParsedCsv = { header: string[]; records: Record<string, string>[] };

/**
 * core/csv.ts's parse, a piece at a time: `onProgress(done, total)` in characters after each
 * piece, with a pause for the browser between pieces. Rows are keyed by the trimmed header names;
 * missing cells read as ''.
 */
export async function parseCsvInChunks(
  text: string,
  options: {
    chunkChars?: number;
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
    pause?: () => Promise<void>;
  } = {},
): Promise<ParsedCsv> {
  const size = options.chunkChars ?? CSV_CHUNK_CHARS;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  let header: string[] | null = null;
  const records: Record<string, string>[] = [];
  for (let from = 0; from < text.length;) {
    const to = nextRecordCut(text, from, size);
    const rows = parseCsv(text.slice(from, to));
    for (const row of rows) {
      if (!header) {
        header = row.map((name) => name.trim());
        continue;
      }
      const record: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name) record[name] = row[i] ?? '';
      });
      records.push(record);
    }
    from = to;
    options.onProgress?.(from, text.length);
    if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    if (from < text.length) await pause();
  }
  return { header: header ?? [], records };
}

/** Header names match loosely, as the server reads them: "First name", "first_name" and "firstName" are one. */
export const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A required column, or a choice of columns of which one is enough (["customerPhone", "customerEmail"]). */
export type RequiredColumn = string | string[];

/**
 * The file's header against the entity's columns: each header's column (or null when unknown),
 * the required columns it lacks, and the header names it does not know.
 */
export function checkHeader(header: string[], columns: string[], required: RequiredColumn[]) {
  const byKey = new Map(columns.map((column) => [headerKey(column), column]));
  const mapping = header.map((name) => (name ? (byKey.get(headerKey(name)) ?? null) : null));
  const present = new Set(mapping.filter((column): column is string => column !== null));
  return {
    mapping,
    missing: required.filter((need) => (Array.isArray(need) ? !need.some((c) => present.has(c)) : !present.has(need))),
    unknown: header.filter((name, i) => name && mapping[i] === null),
  };
}
