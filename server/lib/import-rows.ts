import type { z } from 'zod';
import { importRowNumber, type ImportError } from '../../core/contracts/imports.ts';

/** Header names are matched loosely: "First name", "first_name" and "firstName" all name firstName. */
export const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A cell as it was before export: core/csv.ts writes a ' before a cell starting with = + - or @
 * so spreadsheets do not run it as a formula ("+1 202 555 0100" goes out as "'+1 202 555 0100");
 * an import takes that ' off again, so an exported file imports unchanged.
 */
export const unneutralize = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * The cells of one CSV row for the fields asked for, by header name (loosely matched); an empty
 * cell reads as missing, so optional fields stay empty and required ones say they are required.
 */
export function pickFields<F extends string>(row: Record<string, string>, fields: readonly F[]): Partial<Record<F, string>> {
  const byKey = new Map(Object.entries(row).map(([name, value]) => [headerKey(name), value]));
  const picked: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const cell = byKey.get(headerKey(field));
    const value = cell === undefined ? undefined : unneutralize(cell.trim()).trim();
    if (value) picked[field] = value;
  }
  return picked;
}

/** A failed row's zod issues as import errors on the file's line. */
export function rowErrors(index: number, error: z.ZodError): ImportError[] {
  const row = importRowNumber(index);
  return error.issues.map((issue) => ({ row, field: issue.path.length ? String(issue.path[0]) : null, message: issue.message }));
}

export const byRow = (a: ImportError, b: ImportError) => a.row - b.row;

/** "3 rows have errors" / "1 row has errors": the summary of a refused import. */
export function importRefusal(errors: ImportError[]): string {
  const rows = new Set(errors.map((e) => e.row)).size;
  return `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was imported`;
}

/** Inserts in slices, so one statement never carries too many parameters. */
export async function inChunks<T, R>(items: T[], size: number, work: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await work(items.slice(i, i + size))));
  return out;
}

/** "2 vehicles", "1 job card". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "2 invoices and 1 estimate": what a customer or vehicle that cannot be deleted is on. */
export const billingDocuments = (docs: { estimates: number; invoices: number }) =>
  [docs.invoices ? plural(docs.invoices, 'invoice') : null, docs.estimates ? plural(docs.estimates, 'estimate') : null]
    .filter(Boolean)
    .join(' and ');

/** An import carries up to 20,000 rows: more than the app's 1 MB default body. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
