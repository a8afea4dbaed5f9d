import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { countRows, searchTotal, totalFromPage, workshopRowCount, type Total } from '../../db/totals.ts';
import type { Booking, BookingListQuery } from '../../../core/contracts/bookings.ts';
import { containsPattern } from '../../db/search.ts';
import { CUSTOMER_FULL_NAME } from '../customers/customers.table.ts';
import { VEHICLE_MAKE_MODEL } from '../vehicles/vehicles.table.ts';
import { BOOKING_SEARCH, serviceBookings } from './bookings.table.ts';
import { idIn } from '../../db/conditions.ts';

type Row = Booking;
type Filter = Partial<BookingListQuery> & { ids?: number[]; from?: Date; to?: Date; activeOnly?: boolean; order?: 'newest' | 'soonest' };

/** The filters other than the search box. */
function conditions(tenantId: number, f: Filter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.customerId) where.push(sql`customer_id = ${f.customerId}`);
  if (f.vehicleId) where.push(sql`vehicle_id = ${f.vehicleId}`);
  if (f.from) where.push(sql`scheduled_date >= ${f.from.toISOString()}`);
  if (f.to) where.push(sql`scheduled_date < ${f.to.toISOString()}`);
  if (f.activeOnly) where.push(sql`status not in ('cancelled', 'completed')`);
  return sql.join(where, sql` and `);
}

/** The search box: service type, customer first or last name, vehicle make or model; each served by a trigram index. */
export function bookingSearchBranches(tenantId: number, q: string): SQL[] {
  const like = containsPattern(q);
  return [
    sql`${BOOKING_SEARCH} ilike ${like}`,
    sql`customer_id in (select c.id from customers c where c.tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${like})`,
    sql`vehicle_id in (select v.id from vehicles v where v.tenant_id = ${tenantId} and ${VEHICLE_MAKE_MODEL} ilike ${like})`,
  ];
}

/**
 * One page of ids in order. A search is the union of its three conditions, each taking only the
 * rows it could contribute to the page, so each is served by its own index and stops early.
 */
function pageIds(tenantId: number, f: Filter, order: SQL, limit: number, offset: number): SQL {
  const where = conditions(tenantId, f);
  if (!f.q) return sql`select id, scheduled_date from service_bookings where ${where} order by ${order} limit ${limit} offset ${offset}`;
  const parts = bookingSearchBranches(tenantId, f.q).map(
    (match) => sql`(select id, scheduled_date from service_bookings where ${where} and ${match} order by ${order} limit ${offset + limit})`,
  );
  return sql`select id, scheduled_date from (${sql.join(parts, sql` union `)}) matched order by ${order} limit ${limit} offset ${offset}`;
}

async function bookingTotal(db: Tx, tenantId: number, f: Filter, limit: number, offset: number, rows: number): Promise<Total> {
  const known = totalFromPage(offset, limit, rows);
  if (known) return known;
  const where = conditions(tenantId, f);
  const unfiltered = !f.ids && !f.status && !f.customerId && !f.vehicleId && !f.from && !f.to && !f.activeOnly;
  if (!f.q && unfiltered) return { total: await workshopRowCount(db, tenantId, 'service_bookings'), exact: true };
  if (!f.q) return { total: await countRows(db, sql`select 1 from service_bookings where ${where}`), exact: true };
  const branches = bookingSearchBranches(tenantId, f.q);
  return searchTotal(
    db,
    { offset, limit, rows },
    (n) =>
      sql.join(
        branches.map((match) => sql`(select id from service_bookings where ${where} and ${match} limit ${n})`),
        sql` union `,
      ),
    branches.map((match) => sql`select id from service_bookings where ${where} and ${match}`),
  );
}

export async function listBookings(db: Tx, tenantId: number, query: Filter): Promise<{ rows: Booking[]; total: number; exact: boolean }> {
  const limit = query.limit ?? 500;
  const offset = query.offset ?? 0;
  const order = query.order === 'soonest' ? sql`scheduled_date, id` : sql`scheduled_date desc, id desc`;
  const rows = await queryRows<Row>(
    db,
    sql`with page as (${pageIds(tenantId, query, order, limit, offset)})
        select b.id, b.tenant_id as "tenantId", b.customer_id as "customerId", b.vehicle_id as "vehicleId",
          json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) as customer,
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number) as vehicle,
          b.service_type as "serviceType", b.scheduled_date as "scheduledDate", b.duration, b.status,
          b.technician_id as "technicianId",
          case when t.id is null then null else json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name) end as technician,
          b.notes, b.created_at as "createdAt", b.updated_at as "updatedAt"
        from page join service_bookings b on b.id = page.id
        join customers c on c.id = b.customer_id
        join vehicles v on v.id = b.vehicle_id
        left join technicians t on t.id = b.technician_id
        order by ${query.order === 'soonest' ? sql`b.scheduled_date, b.id` : sql`b.scheduled_date desc, b.id desc`}`,
  );
  const { total, exact } = query.ids
    ? { total: rows.length, exact: true }
    : await bookingTotal(db, tenantId, query, limit, offset, rows.length);
  const iso = (v: string) => new Date(v).toISOString();
  return {
    rows: rows.map((r) => ({ ...r, scheduledDate: iso(r.scheduledDate), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    total,
    exact,
  };
}

export async function findBooking(db: Tx, tenantId: number, id: number): Promise<Booking | undefined> {
  return (await listBookings(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

export async function insertBooking(db: Tx, values: typeof serviceBookings.$inferInsert): Promise<number> {
  const [row] = await db.insert(serviceBookings).values(values).returning({ id: serviceBookings.id });
  return row.id;
}

export async function updateBooking(db: Tx, tenantId: number, id: number, values: Partial<typeof serviceBookings.$inferInsert>) {
  await db
    .update(serviceBookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(serviceBookings.tenantId, tenantId), eq(serviceBookings.id, id)));
}

/** The vehicle's owner, when the vehicle is of this workshop. */
