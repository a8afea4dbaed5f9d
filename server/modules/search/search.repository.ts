import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/search.ts';
import { SEARCH_MIN_CONTAINS, SEARCH_PER_GROUP, type SearchKind } from '../../../core/contracts/search.ts';
import { couldBeInNumber, documentNumber, isPhoneOnly, queryShape } from '../../../core/rules/search.ts';
import { CUSTOMER_FULL_NAME, CUSTOMER_SEARCH } from '../customers/customers.table.ts';
import { VEHICLE_MAKE_MODEL, VEHICLE_SEARCH } from '../vehicles/vehicles.table.ts';
import { JOB_CARD_SEARCH } from '../job-cards/job-cards.table.ts';
import { SPARE_PART_SEARCH } from '../spare-parts/spare-parts.table.ts';
import { APPOINTMENT_SEARCH } from '../appointments/appointments.table.ts';
import { BOOKING_SEARCH } from '../bookings/bookings.table.ts';
import { bookingSearchBranches } from '../bookings/bookings.repository.ts';

/** One hit as the statement returns it; `exact` ones come first in their group. */
export type HitRow = { kind: SearchKind; id: number; title: string; subtitle: string | null; exact: boolean };

/** The technicians' search text, the expression of their trigram index (0003). */
const TECHNICIAN_SEARCH = sql.raw(`(first_name || ' ' || last_name || ' ' || email)`);
/** Kinds whose exact match is an equality on a btree index, looked for however short the query (a SKU of two characters). */
const INDEXED_EXACT: ReadonlySet<SearchKind> = new Set([
  'customers',
  'vehicles',
  'jobCards',
  'estimates',
  'invoices',
  'parts',
  'appointments',
]);
/** How close a typo's words must be (pg_trgm word similarity, 0 to 1). */
const WORD_SIMILARITY = 0.45;
/** The kinds whose text holds a phone, the only ones a phone is looked for in. */
const PHONE_KINDS: ReadonlySet<SearchKind> = new Set(['customers', 'appointments']);
/** Customers whose documents a name search reads all of; past them, the RECENT newest documents are searched. */
const NAMED = 200;
const RECENT = 5000;
/** Read one more than a group shows, to know whether there are more. */
const READ = SEARCH_PER_GROUP + 1;

type Branch = { exact: SQL | null; contains: SQL | null; similar: SQL | null };
type KindQuery = { table: string; title: SQL; subtitle: SQL; branch: (q: string, tenantId: number) => Branch };

/** An equality against a document number column when the query is one of that kind. */
function numberIs(kind: SearchKind, column: string, q: string): SQL | null {
  const doc = documentNumber(q);
  return doc?.kind === kind ? sql`${sql.raw(column)} = ${doc.number}` : null;
}

/** What each kind shows and how it is matched: exactly, by a substring, and (a typo) by trigram similarity. */
const KINDS: Record<SearchKind, KindQuery> = {
  customers: {
    table: 'customers',
    title: sql`first_name || ' ' || last_name`,
    subtitle: sql`phone`,
    branch: (q) => ({
      exact: either(
        queryShape(q).phone && sql`phone = ${q}`,
        queryShape(q).email && sql`lower(email) = lower(${q})`,
        (condition) => sql`(${condition})`,
      ),
      contains: sql`${CUSTOMER_SEARCH} ilike ${containsPattern(q)}`,
      similar: sql`${q} <% ${CUSTOMER_FULL_NAME}`,
    }),
  },
  vehicles: {
    table: 'vehicles',
    title: sql`plate_number`,
    subtitle: sql`year::text || ' ' || make || ' ' || model`,
    branch: (q) => ({
      exact: queryShape(q).code ? sql`(upper(plate_number) = upper(${q}) or upper(vin) = upper(${q}))` : null,
      contains: sql`${VEHICLE_SEARCH} ilike ${containsPattern(q)}`,
      similar: sql`${q} <% ${VEHICLE_MAKE_MODEL}`,
    }),
  },
  jobCards: {
    table: 'job_cards',
    title: sql`job_number`,
    subtitle: sql`service_type`,
    branch: (q) => ({
      exact: numberIs('jobCards', 'job_number', q),
      contains: sql`${JOB_CARD_SEARCH} ilike ${containsPattern(q)}`,
      similar: sql`${q} <% ${JOB_CARD_SEARCH}`,
    }),
  },
  estimates: billingKind('estimates', 'estimate_number', 'EST'),
  invoices: billingKind('invoices', 'invoice_number', 'INV'),
  parts: {
    table: 'spare_parts',
    title: sql`name`,
    subtitle: sql`sku`,
    branch: (q) => ({
      exact: sql`lower(sku) = lower(${q})`,
      contains: sql`${SPARE_PART_SEARCH} ilike ${containsPattern(q)}`,
      similar: sql`${q} <% ${SPARE_PART_SEARCH}`,
    }),
  },
  technicians: {
    table: 'technicians',
    title: sql`first_name || ' ' || last_name`,
    subtitle: sql`coalesce(nullif(title, ''), email)`,
    branch: (q) => ({
      exact: queryShape(q).email ? sql`${TECHNICIAN_SEARCH} ilike ${containsPattern(q)} and lower(email) = lower(${q})` : null,
      contains: sql`${TECHNICIAN_SEARCH} ilike ${containsPattern(q)}`,
      similar: sql`${q} <% ${TECHNICIAN_SEARCH}`,
    }),
  },
  bookings: {
    table: 'service_bookings',
    title: sql`(select c.first_name || ' ' || c.last_name from customers c where c.tenant_id = service_bookings.tenant_id and c.id = service_bookings.customer_id)`,
    subtitle: sql`service_type`,
    branch: (q, tenantId) => ({
      exact: null,
      contains: sql`id in (${sql.join(
        bookingSearchBranches(tenantId, q).map(
          (match) => sql`(select id from service_bookings where tenant_id = ${tenantId} and ${match} order by id desc limit ${READ})`,
        ),
        sql` union `,
      )})`,
      similar: sql`${q} <% ${BOOKING_SEARCH}`,
    }),
  },
  appointments: {
    table: 'appointments',
    title: sql`appointment_number`,
    subtitle: sql`customer_name`,
    branch: (q) => ({
      exact: numberIs('appointments', 'appointment_number', q),
      contains: sql`${APPOINTMENT_SEARCH} ilike ${containsPattern(q)}`,
      similar: null,
    }),
  },
};

/**
 * Estimates and invoices: their number, or their customer's name. A name held by a few customers
 * (up to NAMED) reads all their documents through the (tenant, customer) index; a name held by
 * thousands (a first name) finds the newest documents among the last RECENT ones. A few hits, not
 * the list's exhaustive search ("see all" opens the list, which is).
 */
function billingKind(table: 'estimates' | 'invoices', numberColumn: string, prefix: string): KindQuery {
  const from = sql.raw(table);
  return {
    table,
    title: sql.raw(numberColumn),
    subtitle: sql`(select c.first_name || ' ' || c.last_name from customers c where c.tenant_id = ${from}.tenant_id and c.id = ${from}.customer_id)`,
    branch: (q, tenantId) => {
      const named = sql`select id from customers where tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${containsPattern(q)}`;
      const newest = (where: SQL) =>
        sql`(select id from ${from} where tenant_id = ${tenantId} and ${where} order by id desc limit ${READ})`;
      return {
        exact: numberIs(table, numberColumn, q),
        contains: sql`id in (${couldBeInNumber(q, prefix) ? sql`${newest(sql`${sql.raw(numberColumn)} ilike ${containsPattern(q)}`)} union` : sql``}
          ${newest(sql`customer_id = any(array(${named} order by id desc limit ${NAMED}))`)}
          union (select id from (select id, customer_id from ${from} where tenant_id = ${tenantId} order by id desc limit ${RECENT}) recent
                 where customer_id in (${named}) order by id desc limit ${READ}))`,
        similar: null,
      };
    },
  };
}

/** One exact condition of two possible ones (false: not this query's shape), wrapped; null when neither applies. */
function either(a: SQL | false, b: SQL | false, wrap: (condition: SQL) => SQL): SQL | null {
  const conditions = [a, b].filter((c): c is SQL => c !== false);
  return conditions.length ? wrap(sql.join(conditions, sql` or `)) : null;
}

/**
 * One branch's rows. Substring and similar hits are the newest; exact ones are few and taken as
 * found, which leaves the planner the index the condition names (ordered by id it may walk the
 * whole table backwards looking for a phone that is not there).
 */
function select(kind: SearchKind, tenantId: number, where: SQL, exact: boolean, limit: number): SQL {
  const { table, title, subtitle } = KINDS[kind];
  const from = sql.raw(table);
  return sql`(select ${kind}::text as kind, id, (${title})::text as title, (${subtitle})::text as subtitle, ${sql.raw(String(exact))} as exact
    from ${from} where tenant_id = ${tenantId} and ${where} ${exact ? sql`` : sql`order by id desc`} limit ${limit})`;
}

/**
 * The hits of every kind asked for, in one statement: per kind the exact matches (a couple at
 * most) and the newest records containing the query, each branch served by the index the kind's
 * list search uses. Under SEARCH_MIN_CONTAINS characters only the exact branches on unique
 * indexes run (a one- or two-letter substring has no trigram to look up).
 */
export async function findHits(db: Tx, tenantId: number, q: string, kinds: readonly SearchKind[]): Promise<HitRow[]> {
  // A whole document number is that document: no other record holds it, nothing else is read.
  const contains = [...q].length >= SEARCH_MIN_CONTAINS && !documentNumber(q);
  const phone = isPhoneOnly(q);
  const parts: SQL[] = [];
  for (const kind of kinds) {
    const branch = KINDS[kind].branch(q, tenantId);
    if (branch.exact && (contains || INDEXED_EXACT.has(kind))) parts.push(select(kind, tenantId, branch.exact, true, 2));
    if (contains && branch.contains && (!phone || PHONE_KINDS.has(kind))) parts.push(select(kind, tenantId, branch.contains, false, READ));
  }
  if (parts.length === 0) return [];
  return queryRows<HitRow>(db, sql.join(parts, sql` union all `));
}

/**
 * A typo's hits (`toyta`, `Jhon`): the records whose words are close to the query by trigram
 * similarity (pg_trgm's word similarity, served by the same trigram indexes), for the kinds the
 * substring search found nothing in.
 */
export async function findSimilar(db: Tx, tenantId: number, q: string, kinds: readonly SearchKind[]): Promise<HitRow[]> {
  const parts = kinds.flatMap((kind) => {
    const similar = KINDS[kind].branch(q, tenantId).similar;
    return similar ? [select(kind, tenantId, similar, false, READ)] : [];
  });
  if (parts.length === 0) return [];
  // pg_trgm's default bar (0.6) misses a dropped letter in a short word (toyta: 0.5 of Toyota).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return queryRows<HitRow>(tx, sql.join(parts, sql` union all `));
  });
}
