import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from './client.ts';

/** Matches are counted exactly up to this many; past it a search's total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 1000;

/** A list's full count for X-Total-Count, and whether it is exact. */
export type Total = { total: number; exact: boolean };

/**
 * The total when the page itself tells it: a page shorter than the limit is the last one, so the
 * total is the offset plus its rows (no count query). Undefined when a count is needed.
 */
export function totalFromPage(offset: number, limit: number, rows: number): Total | undefined {
  if (rows < limit && (rows > 0 || offset === 0)) return { total: offset + rows, exact: true };
  return undefined;
}

export async function countRows(db: Tx, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${query}) counted`);
  return Number(row.n);
}

/**
 * A page's total when its rows carry it (`count(*) over ()`): a page past the end has no row to
 * carry it, so the rows `matching` the list's filter are counted; a first page without rows has none.
 */
export async function windowTotal(
  db: Tx,
  rows: ReadonlyArray<{ total: number }>,
  offset: number | undefined,
  matching: SQL,
): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return offset ? countRows(db, matching) : 0;
}

/** The number of rows the planner expects `query` to return (EXPLAIN, nothing is run). */
export async function estimateRows(db: Tx, query: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The total of a search whose matches may be many (a three-letter substring over a million job
 * cards): counted exactly up to EXACT_COUNT_LIMIT, which costs little whatever the table size;
 * past it the planner's estimate, never less than what the pages already showed. Exact counts of
 * 100,000 matches would cost more than the whole list call's budget, and nobody pages that far.
 *
 * `capped(n)` must return at most n rows of the matches (or of several match sets that are
 * unioned: the union is then below the limit only if every part is). `parts` are the uncapped
 * queries of the match sets: their estimates are summed (the planner estimates each condition
 * of a search far better than their OR). A page that tells its total (totalFromPage) needs no count.
 */
export async function searchTotal(
  db: Tx,
  page: { offset: number; limit: number; rows: number },
  capped: (n: number) => SQL,
  parts: SQL[],
): Promise<Total> {
  const known = totalFromPage(page.offset, page.limit, page.rows);
  if (known) return known;
  const counted = await countRows(db, capped(EXACT_COUNT_LIMIT + 1));
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, exact: true };
  let estimate = 0;
  for (const part of parts) estimate += await estimateRows(db, part);
  const seen = page.offset + page.rows + (page.rows === page.limit ? 1 : 0);
  return { total: Math.max(estimate, counted, seen), exact: false };
}

/** Every row of a workshop in one of the tables row_counts keeps (no filter, no search). */
export async function workshopRowCount(
  db: Tx,
  tenantId: number,
  entity: 'customers' | 'vehicles' | 'service_bookings' | 'appointments' | 'estimates' | 'invoices',
) {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select n from row_counts where tenant_id = ${tenantId} and entity = ${entity}`,
  );
  return Number(row?.n ?? 0);
}
