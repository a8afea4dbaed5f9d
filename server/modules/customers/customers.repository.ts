import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { personRef } from '../../db/people.ts';
import { preparedRows } from '../../db/prepared.ts';
import { searchTotal, windowTotal } from '../../db/totals.ts';
import { CUSTOMER_SEARCH, customerNotes, customers } from './customers.table.ts';
import { containsPattern } from '../../db/search.ts';
import type { Customer, CustomerInput, CustomerNote } from '../../../core/contracts/customers.ts';
import { isoTimestamp } from '../../db/columns.ts';
import type { SettingsLanguage } from '../../../core/contracts/user-settings.values.ts';

/** The columns a create or an edit writes, as the contract parses them. */
export type CustomerColumns = {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  address?: string | null;
  city?: string | null;
  postalCode?: string | null;
  notes?: string | null;
  preferredLanguage?: SettingsLanguage;
};
export type { CustomerInput };

type Row = Omit<Customer, 'createdAt' | 'updatedAt' | 'erasedAt'> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  erasedAt: string | Date | null;
};

const iso = (v: string | Date) => isoTimestamp(v);
/** The row in the contract's shape, field by field: a page converts one a row, and copying with rest and spread costs several times as much. */
const toCustomer = (r: Row): Customer => ({
  id: r.id,
  tenantId: r.tenantId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  address: r.address,
  city: r.city,
  postalCode: r.postalCode,
  notes: r.notes,
  preferredLanguage: r.preferredLanguage,
  erasedAt: r.erasedAt === null ? null : iso(r.erasedAt),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The customer's columns in the contract's names; `c` is the customers table. */
const COLUMNS = sql`c.id, c.tenant_id as "tenantId", c.first_name as "firstName", c.last_name as "lastName", c.email, c.phone,
  c.address, c.city, c.postal_code as "postalCode", c.notes,
  c.preferred_language as "preferredLanguage", c.erased_at as "erasedAt", c.created_at as "createdAt",
  c.updated_at as "updatedAt"`;

/**
 * The list's filter. The search uses the table's exact CUSTOMER_SEARCH expression, so its
 * trigram index serves any 3+ character substring.
 */
function listWhere(tenantId: number | Placeholder, q?: string): SQL {
  const where = [sql`c.tenant_id = ${tenantId}`];
  if (q) where.push(sql`${CUSTOMER_SEARCH} ilike ${containsPattern(q)}`);
  return sql.join(where, sql` and `);
}

/** A page of the list without a search (the list's first screen, the most asked): prepared once. */
const firstPages = preparedRows<Row & { total: number; id: number | null }, { tenantId: number; limit: number; offset: number }>(
  'workbay_customers_page',
  sql`select n.total, p.*
      from (select coalesce((select n from row_counts where tenant_id = ${sql.placeholder('tenantId')} and entity = 'customers'), 0)::int as total) n
      left join (select ${COLUMNS} from customers c where ${listWhere(sql.placeholder('tenantId'))}
                 order by c.last_name, c.first_name, c.id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p on true
      order by p."lastName", p."firstName", p.id`,
);

/**
 * One page of customers and the full count.
 * - Without a search: alphabetical (last name, first name, id) down the name index, the count
 *   from row_counts (kept by triggers): one statement.
 * - With a search: newest first, the count exact up to 1,000 matches and estimated past it
 *   (db/totals.ts): at most three statements whatever the page size.
 */
export async function listCustomers(
  db: Tx,
  tenantId: number,
  query: { q?: string; limit: number; offset: number },
): Promise<{ rows: Customer[]; total: number; exact: boolean }> {
  if (!query.q) {
    const rows = await firstPages(db, { tenantId, limit: query.limit, offset: query.offset });
    return {
      rows: rows.filter((r) => r.id !== null).map((r) => toCustomer(r as Row)),
      total: rows[0]?.total ?? 0,
      exact: true,
    };
  }
  // A search lists its matches newest first: the planner then walks the id index for a broad
  // term (matches are everywhere, the page fills at once) or takes the trigram index for a rare
  // one; sorting tens of thousands of matches by name would cost more than the call's budget.
  const where = listWhere(tenantId, query.q);
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from customers c where ${where} order by c.id desc limit ${query.limit} offset ${query.offset}`,
  );
  const total = await searchTotal(
    db,
    { offset: query.offset, limit: query.limit, rows: rows.length },
    (n) => sql`select c.id from customers c where ${where} limit ${n}`,
    [sql`select c.id from customers c where ${where}`],
  );
  return { rows: rows.map(toCustomer), ...total };
}

export async function findCustomer(db: Tx, tenantId: number, id: number): Promise<Customer | undefined> {
  const [row] = await queryRows<Row>(db, sql`select ${COLUMNS} from customers c where c.tenant_id = ${tenantId} and c.id = ${id}`);
  return row && toCustomer(row);
}

/** The customer with how many vehicles and job cards they have. */
export async function findCustomerDetail(db: Tx, tenantId: number, id: number) {
  const [row] = await queryRows<Row & { vehicleCount: number; jobCardCount: number }>(
    db,
    sql`select ${COLUMNS},
          (select count(*)::int from vehicles v where v.tenant_id = ${tenantId} and v.customer_id = c.id) as "vehicleCount",
          (select count(*)::int from job_cards j where j.tenant_id = ${tenantId} and j.customer_id = c.id) as "jobCardCount"
        from customers c where c.tenant_id = ${tenantId} and c.id = ${id}`,
  );
  if (!row) return undefined;
  const { vehicleCount, jobCardCount, ...customer } = row;
  return { ...toCustomer(customer), vehicleCount, jobCardCount };
}

/** What still refers to a customer: their vehicles and job cards. */
/** What still refers to a customer (before deleting one): their vehicles, job cards and billing documents. */
export async function countDependents(
  db: Tx,
  tenantId: number,
  customerId: number,
): Promise<{ vehicles: number; jobCards: number; estimates: number; invoices: number }> {
  const count = (table: string) =>
    sql`(select count(*)::int from ${sql.raw(table)} where tenant_id = ${tenantId} and customer_id = ${customerId})`;
  const [row] = await queryRows<{ vehicles: number; jobCards: number; estimates: number; invoices: number }>(
    db,
    sql`select ${count('vehicles')} as vehicles, ${count('job_cards')} as "jobCards", ${count('estimates')} as estimates, ${count('invoices')} as invoices`,
  );
  return row;
}

/**
 * Locks the customer row for the rest of the transaction and says whether the workshop has no
 * such customer, has them erased (their personal data gone: nothing personal is added again), or
 * has them live. 'update' before a delete; 'key share' while adding a vehicle to them, so a
 * delete and a new vehicle take turns instead of racing past the in-use check; 'no key update'
 * while recording their consents, so two changes take turns (and wait for an erasure).
 */
export async function lockCustomer(
  db: Tx,
  tenantId: number,
  id: number,
  mode: 'update' | 'no key update' | 'key share',
): Promise<'missing' | 'erased' | 'live'> {
  const lock = sql.raw(`for ${mode}`);
  // Read under the lock: a change that waited for an erasure sees it done.
  const [row] = await queryRows<{ erased: boolean }>(
    db,
    sql`select erased_at is not null as erased from customers where tenant_id = ${tenantId} and id = ${id} ${lock}`,
  );
  return !row ? 'missing' : row.erased ? 'erased' : 'live';
}

export async function insertCustomers(db: Tx, tenantId: number, values: CustomerColumns[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(customers)
    .values(values.map((v) => ({ ...v, tenantId })))
    .returning({ id: customers.id });
  return rows.map((r) => r.id);
}

export async function updateCustomer(db: Tx, tenantId: number, id: number, values: Partial<CustomerColumns>): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

export async function deleteCustomer(db: Tx, tenantId: number, id: number) {
  await db.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
}

/**
 * Every customer matching the list's filter, in the list's order, a batch at a time (keyset on
 * last name, first name, id): an export of any size without holding it all in memory.
 */
export async function* customersInBatches(db: Tx, tenantId: number, q: string | undefined, batchSize = 2000): AsyncGenerator<Customer[]> {
  const where = listWhere(tenantId, q);
  let after: Row | undefined;
  for (;;) {
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select ${COLUMNS} from customers c
          where ${where} ${after ? sql`and (c.last_name, c.first_name, c.id) > (${after.lastName}, ${after.firstName}, ${after.id})` : sql``}
          order by c.last_name, c.first_name, c.id
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toCustomer);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

/** Customers of the workshop whose phone is one of these (exact, as stored), for the import's duplicate check. */
export async function customersWithPhones(db: Tx, tenantId: number, phones: string[]) {
  if (phones.length === 0) return [];
  return queryRows<{ firstName: string; lastName: string; phone: string }>(
    db,
    sql`select first_name as "firstName", last_name as "lastName", phone from customers
        where tenant_id = ${tenantId} and phone in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
  );
}

// --- Notes ---

type NoteRow = Omit<CustomerNote, 'createdAt'> & { createdAt: string | Date; total: number };

export async function listNotes(
  db: Tx,
  tenantId: number,
  customerId: number,
  paging: { limit: number; offset: number },
  noteId?: number,
): Promise<{ rows: CustomerNote[]; total: number }> {
  const matching = sql`n.tenant_id = ${tenantId} and n.customer_id = ${customerId} ${noteId ? sql`and n.id = ${noteId}` : sql``}`;
  const rows = await queryRows<NoteRow>(
    db,
    sql`select n.id, n.customer_id as "customerId", n.note, n.category, n.is_important as "isImportant", n.created_at as "createdAt",
          ${personRef('u')} as "createdBy",
          count(*) over ()::int as total
        from customer_notes n left join users u on u.id = n.created_by
        where ${matching}
        order by n.id desc
        limit ${paging.limit} offset ${paging.offset}`,
  );
  const total = await windowTotal(db, rows, paging.offset, sql`select 1 from customer_notes n where ${matching}`);
  return { rows: rows.map(({ total: _t, createdAt, ...r }) => ({ ...r, createdAt: iso(createdAt) })), total };
}

export async function insertNote(
  db: Tx,
  values: { tenantId: number; customerId: number; note: string; category: string; isImportant: boolean; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(customerNotes).values(values).returning({ id: customerNotes.id });
  return row.id;
}

export async function deleteNote(db: Tx, tenantId: number, customerId: number, noteId: number): Promise<boolean> {
  const rows = await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.tenantId, tenantId), eq(customerNotes.customerId, customerId), eq(customerNotes.id, noteId)))
    .returning({ id: customerNotes.id });
  return rows.length > 0;
}
