import { and, eq, sql, type SQL } from 'drizzle-orm';
import { searchTotal, windowTotal } from '../../db/totals.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { VEHICLE_SEARCH, vehicles } from './vehicles.table.ts';
import { CUSTOMER_FULL_NAME } from '../customers/customers.table.ts';
import { containsPattern } from '../../db/search.ts';
import type { ServiceHistoryEntry, Vehicle, VehicleListQuery } from '../../../core/contracts/vehicles.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

/** The columns a create or an edit writes, as the contract parses them. */
export type VehicleColumns = {
  customerId: number;
  make: string;
  model: string;
  year: number;
  plateNumber: string;
  vin?: string | null;
  color?: string | null;
  mileage?: number | null;
  status: Vehicle['status'];
  notes?: string | null;
};

type Row = Omit<Vehicle, 'createdAt' | 'updatedAt'> & { createdAt: string | Date; updatedAt: string | Date };
const iso = (v: string | Date) => isoTimestamp(v);
const toVehicle = ({ createdAt, updatedAt, ...r }: Row): Vehicle => ({ ...r, createdAt: iso(createdAt), updatedAt: iso(updatedAt) });

/** The vehicle's columns in the contract's names with its customer; `v` is vehicles, `c` its customer. */
const COLUMNS = sql`v.id, v.tenant_id as "tenantId", v.customer_id as "customerId",
  json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'phone', c.phone) as customer,
  v.make, v.model, v.year, v.plate_number as "plateNumber", v.vin, v.color, v.mileage, v.status, v.notes,
  v.created_at as "createdAt", v.updated_at as "updatedAt"`;

export type VehicleFilter = Partial<Omit<VehicleListQuery, 'limit' | 'offset'>> & { ids?: number[] };

/**
 * The ids of the vehicles matching a filter, as a subquery. The search matches the vehicle's own
 * text (the table's exact VEHICLE_SEARCH expression) or its customer's full name
 * (CUSTOMER_FULL_NAME). From 3 characters on, each has a trigram index, and a union of the two
 * index scans is used (an OR across the two tables could use neither); a shorter search has no
 * trigram to look up, so one pass over the vehicles with the matching customers hashed is cheaper.
 */
function matchingIds(tenantId: number, f: VehicleFilter & { before?: number }): SQL {
  const base = [sql`v.tenant_id = ${tenantId}`];
  if (f.ids) base.push(idIn(f.ids, 'v.id'));
  if (f.customerId) base.push(sql`v.customer_id = ${f.customerId}`);
  if (f.status) base.push(sql`v.status = ${f.status}`);
  if (f.before !== undefined) base.push(sql`v.id < ${f.before}`);
  const where = sql.join(base, sql` and `);
  if (!f.q) return sql`select v.id from vehicles v where ${where}`;
  const pattern = containsPattern(f.q);
  const named = sql`select id from customers where tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${pattern}`;
  if ([...f.q].length >= 3) {
    // The second part leaves out what the first found, so no de-duplication pass is needed. Its
    // customers come as an array (computed once), so their vehicles are read through the
    // (tenant, customer) index whatever the planner guesses about how many there are.
    return sql`select v.id from vehicles v where ${where} and ${VEHICLE_SEARCH} ilike ${pattern}
               union all
               select v.id from vehicles v
               where ${where} and v.customer_id = any(array(${named})) and not (${VEHICLE_SEARCH} ilike ${pattern})`;
  }
  return sql`select v.id from vehicles v where ${where} and (${VEHICLE_SEARCH} ilike ${pattern} or v.customer_id in (${named}))`;
}

/**
 * One page of vehicles (newest first) with their customers and the full count. Without a search,
 * one statement: the count (from row_counts when nothing filters) and the page (down the id
 * index) planned apart. A search: see searchVehicles.
 */
export async function listVehicles(
  db: Tx,
  tenantId: number,
  f: VehicleFilter & { limit: number; offset: number },
): Promise<{ rows: Vehicle[]; total: number; exact: boolean }> {
  const ids = matchingIds(tenantId, f);
  const paged = (from: SQL) => sql`select ${COLUMNS}
    from (select m.id from ${from} m order by m.id desc limit ${f.limit} offset ${f.offset}) page
    join vehicles v on v.tenant_id = ${tenantId} and v.id = page.id
    join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id`;
  if (f.q) return searchVehicles(tenantId, db, f);
  const statement = sql`select n.total, p.* from (${
    f.customerId || f.status || f.ids
      ? sql`select count(*)::int as total from (${ids}) m`
      : sql`select coalesce((select n from row_counts where tenant_id = ${tenantId} and entity = 'vehicles'), 0)::int as total`
  }) n
          left join (${paged(sql`(${ids})`)}) p on true
          order by p.id desc`;
  const rows = await queryRows<Row & { total: number; id: number | null }>(db, statement);
  return {
    rows: rows.filter((r) => r.id !== null).map(({ total: _t, ...r }) => toVehicle(r as Row)),
    total: rows[0]?.total ?? 0,
    exact: true,
  };
}

/**
 * A search, newest first: the union of its two conditions (the vehicle's own text, its customer's
 * full name), each taking only the newest rows it could put on the page, so the planner walks
 * the id index for a broad term and the trigram indexes for a rare one. The total is exact up to
 * 1,000 matches and estimated past it (db/totals.ts).
 */
async function searchVehicles(tenantId: number, db: Tx, f: VehicleFilter & { limit: number; offset: number }) {
  const base = [sql`v.tenant_id = ${tenantId}`];
  if (f.customerId) base.push(sql`v.customer_id = ${f.customerId}`);
  if (f.status) base.push(sql`v.status = ${f.status}`);
  const where = sql.join(base, sql` and `);
  const pattern = containsPattern(f.q!);
  const branches = [
    sql`${VEHICLE_SEARCH} ilike ${pattern}`,
    sql`v.customer_id in (select id from customers where tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${pattern})`,
  ];
  const page = sql.join(
    branches.map((match) => sql`(select v.id from vehicles v where ${where} and ${match} order by v.id desc limit ${f.offset + f.limit})`),
    sql` union `,
  );
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS}
        from (select id from (${page}) m order by id desc limit ${f.limit} offset ${f.offset}) page
        join vehicles v on v.tenant_id = ${tenantId} and v.id = page.id
        join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id
        order by v.id desc`,
  );
  const total = await searchTotal(
    db,
    { offset: f.offset, limit: f.limit, rows: rows.length },
    (n) =>
      sql.join(
        branches.map((match) => sql`(select v.id from vehicles v where ${where} and ${match} limit ${n})`),
        sql` union `,
      ),
    branches.map((match) => sql`select v.id from vehicles v where ${where} and ${match}`),
  );
  return { rows: rows.map(toVehicle), ...total };
}

export async function findVehicle(db: Tx, tenantId: number, id: number): Promise<Vehicle | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from vehicles v join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id where v.tenant_id = ${tenantId} and v.id = ${id}`,
  );
  return row && toVehicle(row);
}

/** Locks the vehicle row for the rest of the transaction (before a delete); false when the workshop has no such vehicle. */
export async function lockVehicle(db: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from vehicles where tenant_id = ${tenantId} and id = ${id} for update`);
  return rows.length > 0;
}

/** What still refers to a vehicle (before deleting one): its job cards and billing documents. */
export async function countDependents(
  db: Tx,
  tenantId: number,
  vehicleId: number,
): Promise<{ jobCards: number; estimates: number; invoices: number }> {
  const count = (table: string) =>
    sql`(select count(*)::int from ${sql.raw(table)} where tenant_id = ${tenantId} and vehicle_id = ${vehicleId})`;
  const [row] = await queryRows<{ jobCards: number; estimates: number; invoices: number }>(
    db,
    sql`select ${count('job_cards')} as "jobCards", ${count('estimates')} as estimates, ${count('invoices')} as invoices`,
  );
  return row;
}

export async function insertVehicles(db: Tx, tenantId: number, values: VehicleColumns[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(vehicles)
    .values(values.map((v) => ({ ...v, tenantId })))
    .returning({ id: vehicles.id });
  return rows.map((r) => r.id);
}

export async function updateVehicle(db: Tx, tenantId: number, id: number, values: Partial<VehicleColumns>): Promise<boolean> {
  const rows = await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

export async function deleteVehicle(db: Tx, tenantId: number, id: number) {
  await db.delete(vehicles).where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
}

type HistoryRow = ServiceHistoryEntry & { total: number };

/** The vehicle's service history, newest first, with the job number of the job card behind each entry. */
export async function serviceHistory(
  db: Tx,
  tenantId: number,
  vehicleId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: ServiceHistoryEntry[]; total: number }> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select h.id, h.vehicle_id as "vehicleId", h.job_card_id as "jobCardId", j.job_number as "jobNumber",
          to_char(h.service_date, 'YYYY-MM-DD') as "serviceDate", h.service_type as "serviceType", h.description,
          h.mileage_at_service as "mileageAtService", h.cost::text as cost, h.performed_by as "performedBy", h.notes,
          count(*) over ()::int as total
        from vehicle_service_history h
        left join job_cards j on j.id = h.job_card_id and j.tenant_id = h.tenant_id
        where h.tenant_id = ${tenantId} and h.vehicle_id = ${vehicleId}
        order by h.service_date desc, h.id desc
        limit ${paging.limit} offset ${paging.offset}`,
  );
  const total = await windowTotal(
    db,
    rows,
    paging.offset,
    sql`select 1 from vehicle_service_history where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}`,
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

export type ExportVehicle = Vehicle & { customerEmail: string | null };

/** Every vehicle matching the list's filter, newest first, a batch at a time (keyset on id). */
export async function* vehiclesInBatches(db: Tx, tenantId: number, f: VehicleFilter, batchSize = 2000): AsyncGenerator<ExportVehicle[]> {
  let before: number | undefined;
  for (;;) {
    const rows: (Row & { customerEmail: string | null })[] = await queryRows(
      db,
      sql`select ${COLUMNS}, c.email as "customerEmail"
          from (select m.id from (${matchingIds(tenantId, { ...f, before })}) m order by m.id desc limit ${batchSize}) page
          join vehicles v on v.tenant_id = ${tenantId} and v.id = page.id
          join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id
          order by v.id desc`,
    );
    if (rows.length === 0) return;
    yield rows.map(({ customerEmail, ...r }) => ({ ...toVehicle(r), customerEmail }));
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * Customers an import's rows may name: by phone (compared on its digits, so "+1 (202) 555-0100"
 * finds "+1 202 555 0100") or by e-mail (case-insensitively).
 */
export async function customersByPhoneOrEmail(db: Tx, tenantId: number, phoneDigits: string[], emails: string[]) {
  if (phoneDigits.length === 0 && emails.length === 0) return [];
  return queryRows<{ id: number; digits: string; email: string | null }>(
    db,
    sql`select id, regexp_replace(phone, '[^0-9]', '', 'g') as digits, lower(email) as email from customers
        where tenant_id = ${tenantId}
          and (regexp_replace(phone, '[^0-9]', '', 'g') in (select jsonb_array_elements_text(${JSON.stringify(phoneDigits)}::jsonb))
               or lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)))`,
  );
}

/** VINs of these that the workshop already has. */
export async function existingVins(db: Tx, tenantId: number, vins: string[]): Promise<Set<string>> {
  if (vins.length === 0) return new Set();
  const rows = await queryRows<{ vin: string }>(
    db,
    sql`select vin from vehicles where tenant_id = ${tenantId} and vin in (select jsonb_array_elements_text(${JSON.stringify(vins)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.vin));
}
