import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { windowTotal } from '../../db/totals.ts';
import { queryRows } from '../../db/client.ts';
import type { FleetListQuery, FleetStats, FleetVehicle } from '../../../core/contracts/fleet.ts';
import { containsPattern } from '../../db/search.ts';
import { VEHICLE_SEARCH } from '../vehicles/vehicles.table.ts';
import { FLEET_SEARCH, fleetVehicles } from './fleet.table.ts';
import { idIn } from '../../db/conditions.ts';

type Row = Omit<FleetVehicle, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string; total: number };

export async function listFleet(
  db: Tx,
  tenantId: number,
  query: Partial<FleetListQuery> & { ids?: number[] },
): Promise<{ rows: FleetVehicle[]; total: number }> {
  const where: SQL[] = [sql`f.tenant_id = ${tenantId}`];
  if (query.ids) where.push(idIn(query.ids, 'f.id'));
  if (query.status) where.push(sql`f.status = ${query.status}`);
  if (query.department) where.push(sql`f.department = ${query.department}`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(sql`(${FLEET_SEARCH} ilike ${like}
      or f.vehicle_id in (select v.id from vehicles v where v.tenant_id = ${tenantId} and ${VEHICLE_SEARCH} ilike ${like}))`);
  }
  const filter = sql.join(where, sql` and `);
  const rows = await queryRows<Row>(
    db,
    sql`with page as (
          select f.id, count(*) over ()::int as total, row_number() over (order by lower(f.fleet_number), f.id) as n
          from fleet_vehicles f
          where ${filter}
          order by lower(f.fleet_number), f.id
          limit ${query.limit ?? 500} offset ${query.offset ?? 0}
        )
        select f.id, f.tenant_id as "tenantId", f.vehicle_id as "vehicleId", f.fleet_number as "fleetNumber", f.department,
          f.status, f.location, f.fuel_level as "fuelLevel", f.last_service_date::text as "lastServiceDate",
          f.next_service_date::text as "nextServiceDate", f.next_service_mileage as "nextServiceMileage", f.notes,
          exists (select 1 from maintenance_schedules m where m.vehicle_id = f.vehicle_id and m.is_active) as "nextServiceComputed",
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number, 'mileage', v.mileage) as vehicle,
          (select count(*)::int from service_reminders r where r.vehicle_id = f.vehicle_id and r.status = 'pending') as "reminderCount",
          f.created_at as "createdAt", f.updated_at as "updatedAt", page.total
        from page join fleet_vehicles f on f.id = page.id
        join vehicles v on v.id = f.vehicle_id
        order by page.n`,
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
    })),
    total: await windowTotal(db, rows, query.offset, sql`select 1 from fleet_vehicles f where ${filter}`),
  };
}

export async function findFleetVehicle(db: Tx, tenantId: number, id: number): Promise<FleetVehicle | undefined> {
  return (await listFleet(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

/** Counts by status, the vehicles due for service within [today, today + days], and the departments: one aggregate. */
export async function fleetStats(db: Tx, tenantId: number, today: string, lastDay: string): Promise<FleetStats> {
  const [row] = await queryRows<FleetStats>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where status = 'active')::int as active,
          count(*) filter (where status = 'maintenance')::int as maintenance,
          count(*) filter (where status = 'out_of_service')::int as "outOfService",
          count(*) filter (where next_service_date between ${today}::date and ${lastDay}::date)::int as "dueSoon",
          coalesce(array_agg(distinct department order by department) filter (where department is not null and department <> ''), '{}') as departments
        from fleet_vehicles where tenant_id = ${tenantId}`,
  );
  return row;
}

export async function insertFleetVehicle(db: Tx, values: typeof fleetVehicles.$inferInsert): Promise<number> {
  const [row] = await db.insert(fleetVehicles).values(values).returning({ id: fleetVehicles.id });
  return row.id;
}

export async function updateFleetVehicle(db: Tx, tenantId: number, id: number, values: Partial<typeof fleetVehicles.$inferInsert>) {
  await db
    .update(fleetVehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(fleetVehicles.tenantId, tenantId), eq(fleetVehicles.id, id)));
}
