import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countRows, searchTotal, totalFromPage, workshopRowCount, type Total } from '../../db/totals.ts';
import { CUSTOMER_FULL_NAME } from '../customers/customers.table.ts';
import { containsPattern } from '../../db/search.ts';

/** The lists of estimates and invoices work alike: newest first, searched by number and customer name. */
export type BillingTable = 'estimates' | 'invoices';
const NUMBER_COLUMN: Record<BillingTable, string> = { estimates: 'estimate_number', invoices: 'invoice_number' };

type ListFilter = { q?: string; status?: string; customerId?: number; vehicleId?: number };

/**
 * What a billing document's search box matches, as conditions each served by its own index: the
 * document number (trigram index), and the customer's full name. From 3 characters on, the
 * matching customers are found through their trigram index and come as an array, so the
 * documents are read through the (tenant, customer) index whatever the planner guesses about how
 * many there are (left to itself it walks the documents newest first, looking each customer up);
 * a shorter search has no trigram to look up, and the planner joins as it sees fit.
 */
function searchBranches(table: BillingTable, tenantId: number, q: string): SQL[] {
  const like = containsPattern(q);
  const named = sql`select id from customers where tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${like}`;
  return [
    sql`${sql.raw(NUMBER_COLUMN[table])} ilike ${like}`,
    [...q].length >= 3 ? sql`customer_id = any(array(${named}))` : sql`customer_id in (${named})`,
  ];
}

/**
 * The ids of one page, newest first, of the rows `where` selects. A search is a union of its
 * conditions, each taking only the newest rows it could contribute, so each is served by its own
 * index and stops early.
 */
export function billingPageIds(
  table: BillingTable,
  tenantId: number,
  where: SQL,
  q: string | undefined,
  limit: number,
  offset: number,
): SQL {
  const from = sql.raw(table);
  if (!q) return sql`select id from ${from} where ${where} order by id desc limit ${limit} offset ${offset}`;
  const parts = searchBranches(table, tenantId, q).map(
    (match) => sql`(select id from ${from} where ${where} and ${match} order by id desc limit ${offset + limit})`,
  );
  return sql`select id from (${sql.join(parts, sql` union `)}) matched order by id desc limit ${limit} offset ${offset}`;
}

/**
 * The full count: from the page when it is the last; from row_counts when nothing filters; a
 * customer's or vehicle's documents counted through their index; a search or a status counted
 * exactly up to 1,000 and estimated past it (db/totals.ts).
 */
export async function billingTotal(
  db: Tx,
  table: BillingTable,
  tenantId: number,
  where: SQL,
  f: ListFilter,
  page: { limit: number; offset: number; rows: number },
): Promise<Total> {
  const known = totalFromPage(page.offset, page.limit, page.rows);
  if (known) return known;
  const from = sql.raw(table);
  if (f.customerId || f.vehicleId) {
    if (!f.q) return { total: await countRows(db, sql`select 1 from ${from} where ${where}`), exact: true };
  } else if (!f.q && !f.status) {
    return { total: await workshopRowCount(db, tenantId, table), exact: true };
  }
  const branches = f.q ? searchBranches(table, tenantId, f.q) : [sql`true`];
  return searchTotal(
    db,
    page,
    (n) =>
      sql.join(
        branches.map((match) => sql`(select id from ${from} where ${where} and ${match} limit ${n})`),
        sql` union `,
      ),
    branches.map((match) => sql`select id from ${from} where ${where} and ${match}`),
  );
}
