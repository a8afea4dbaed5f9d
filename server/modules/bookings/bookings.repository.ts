import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Booking, BookingListQuery } from '../../../core/contracts/bookings.ts';
import { escapeLike } from '../technicians/technicians.repository.ts';
import { CUSTOMER_FULL_NAME } from '../customers/customers.table.ts';
import { VEHICLE_MAKE_MODEL } from '../vehicles/vehicles.table.ts';
import { BOOKING_SEARCH, serviceBookings } from './bookings.table.ts';

type Row = Booking & { total: number };
type Filter = Partial<BookingListQuery> & { ids?: number[]; from?: Date; to?: Date; activeOnly?: boolean; order?: 'newest' | 'soonest' };

export async function listBookings(db: Tx, tenantId: number, query: Filter): Promise<{ rows: Booking[]; total: number }> {
  const where: SQL[] = [sql`b.tenant_id = ${tenantId}`];
  if (query.ids) where.push(query.ids.length ? sql`b.id in (${sql.join(query.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (query.status) where.push(sql`b.status = ${query.status}`);
  if (query.customerId) where.push(sql`b.customer_id = ${query.customerId}`);
  if (query.vehicleId) where.push(sql`b.vehicle_id = ${query.vehicleId}`);
  if (query.from) where.push(sql`b.scheduled_date >= ${query.from.toISOString()}`);
  if (query.to) where.push(sql`b.scheduled_date < ${query.to.toISOString()}`);
  if (query.activeOnly) where.push(sql`b.status not in ('cancelled', 'completed')`);
  if (query.q) {
    const like = '%' + escapeLike(query.q) + '%';
    where.push(sql`(${BOOKING_SEARCH} ilike ${like}
      or b.customer_id in (select c.id from customers c where c.tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${like})
      or b.vehicle_id in (select v.id from vehicles v where v.tenant_id = ${tenantId} and ${VEHICLE_MAKE_MODEL} ilike ${like}))`);
  }
  const order = query.order === 'soonest' ? sql`b.scheduled_date, b.id` : sql`b.scheduled_date desc, b.id desc`;
  const rows = await queryRows<Row>(
    db,
    sql`with page as (
          select b.id, count(*) over ()::int as total, row_number() over (order by ${order}) as n
          from service_bookings b
          where ${sql.join(where, sql` and `)}
          order by ${order}
          limit ${query.limit ?? 500} offset ${query.offset ?? 0}
        )
        select b.id, b.tenant_id as "tenantId", b.customer_id as "customerId", b.vehicle_id as "vehicleId",
          json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) as customer,
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number) as vehicle,
          b.service_type as "serviceType", b.scheduled_date as "scheduledDate", b.duration, b.status,
          b.technician_id as "technicianId",
          case when t.id is null then null else json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name) end as technician,
          b.notes, b.created_at as "createdAt", b.updated_at as "updatedAt", page.total
        from page join service_bookings b on b.id = page.id
        join customers c on c.id = b.customer_id
        join vehicles v on v.id = b.vehicle_id
        left join technicians t on t.id = b.technician_id
        order by page.n`,
  );
  const iso = (v: string) => new Date(v).toISOString();
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, scheduledDate: iso(r.scheduledDate), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    total: rows[0]?.total ?? 0,
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
export async function vehicleOwner(db: Tx, tenantId: number, vehicleId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ customerId: number }>(
    db,
    sql`select customer_id as "customerId" from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}`,
  );
  return row?.customerId;
}

export async function customerExists(db: Tx, tenantId: number, customerId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from customers where tenant_id = ${tenantId} and id = ${customerId}`);
  return rows.length > 0;
}
