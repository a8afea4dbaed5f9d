import { z } from '../zod.ts';

/** The most rows one CSV import takes (one request, one transaction). */
export const IMPORT_MAX_ROWS = 20_000;

/**
 * A CSV import: the browser parses the file (core/csv.ts) and sends its rows keyed by the
 * header names. `dryRun` validates only (the preview); otherwise every row is checked again and
 * either all are written in one transaction or none (400 with the errors).
 */
export const importInput = z.object({
  rows: z
    .array(z.record(z.string(), z.string()))
    .min(1, 'The file has no rows')
    .max(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS} rows per file`),
  dryRun: z.boolean().default(false),
});
export type ImportInput = z.input<typeof importInput>;

/** `row` is the line in the file: the header is line 1, so the first data row is 2. */
export const importError = z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() });
export type ImportError = z.infer<typeof importError>;
export const importResult = z.object({
  /** Rows written (0 on a dry run). */
  imported: z.number().int(),
  /** Rows that passed validation. */
  valid: z.number().int(),
  errors: z.array(importError),
});
export type ImportResult = z.infer<typeof importResult>;

/** The line number of the i-th data row (0-based) of a file with a header line. */
export const importRowNumber = (index: number) => index + 2;
