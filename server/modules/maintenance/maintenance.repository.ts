import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { windowTotal } from '../../db/totals.ts';
import { queryRows } from '../../db/client.ts';
import type { MaintenanceSchedule, ServiceReminder } from '../../../core/contracts/maintenance.ts';
import { maintenanceSchedules, serviceReminders } from './maintenance.table.ts';

const SCHEDULE_COLUMNS = sql`id, vehicle_id as "vehicleId", service_name as "serviceName", description,
  interval_mileage as "intervalMileage", interval_months as "intervalMonths", last_service_date::text as "lastServiceDate",
  last_service_mileage as "lastServiceMileage", next_due_date::text as "nextDueDate", next_due_mileage as "nextDueMileage",
  forecast_due_date::text as "forecastDueDate", due_by as "dueBy", reminder_days as "reminderDays", is_active as "isActive"`;

export async function listSchedules(db: Tx, tenantId: number, vehicleId: number): Promise<MaintenanceSchedule[]> {
  return queryRows<MaintenanceSchedule>(
    db,
    sql`select ${SCHEDULE_COLUMNS} from maintenance_schedules where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}
        order by next_due_date nulls last, id`,
  );
}

export async function findSchedule(db: Tx, tenantId: number, id: number): Promise<MaintenanceSchedule | undefined> {
  const [row] = await queryRows<MaintenanceSchedule>(
    db,
    sql`select ${SCHEDULE_COLUMNS} from maintenance_schedules where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

export async function insertSchedule(db: Tx, values: typeof maintenanceSchedules.$inferInsert): Promise<number> {
  const [row] = await db.insert(maintenanceSchedules).values(values).returning({ id: maintenanceSchedules.id });
  return row.id;
}

export async function updateSchedule(db: Tx, tenantId: number, id: number, values: Partial<typeof maintenanceSchedules.$inferInsert>) {
  await db
    .update(maintenanceSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(maintenanceSchedules.tenantId, tenantId), eq(maintenanceSchedules.id, id)));
}

export async function deleteSchedule(db: Tx, tenantId: number, id: number) {
  await db.delete(maintenanceSchedules).where(and(eq(maintenanceSchedules.tenantId, tenantId), eq(maintenanceSchedules.id, id)));
}

/** What the due rule needs about a vehicle: its odometer, its mileage readings over time, its last service. */
export async function vehicleUsage(db: Tx, tenantId: number, vehicleId: number) {
  const [vehicle] = await queryRows<{ mileage: number | null; updatedAt: string }>(
    db,
    sql`select mileage, updated_at as "updatedAt" from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}`,
  );
  const readings = await queryRows<{ date: string; mileage: number }>(
    db,
    sql`select service_date::text as date, mileage_at_service as mileage from vehicle_service_history
        where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and mileage_at_service is not null order by service_date`,
  );
  const [last] = await queryRows<{ date: string; mileage: number | null }>(
    db,
    sql`select service_date::text as date, mileage_at_service as mileage from vehicle_service_history
        where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} order by service_date desc, id desc limit 1`,
  );
  const [fleet] = await queryRows<{ lastServiceDate: string | null }>(
    db,
    sql`select last_service_date::text as "lastServiceDate" from fleet_vehicles where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}`,
  );
  return { vehicle, readings, lastService: last, fleetLastServiceDate: fleet?.lastServiceDate ?? null };
}

/**
 * Raises a reminder for a due schedule, or refreshes its open one (the partial unique index keeps
 * one). A reminder someone dismissed stays dismissed while the schedule is still due: nothing new
 * is raised until the schedule has left the reminder window (serviced) and come due again. A
 * snoozed reminder whose snooze has run out (`snoozed_until` reached) is pending again.
 */
export async function raiseReminder(db: Tx, values: typeof serviceReminders.$inferInsert, today: string) {
  await db.execute(sql`insert into service_reminders (tenant_id, vehicle_id, maintenance_schedule_id, reminder_type, reminder_title, reminder_message, due_date)
    select ${values.tenantId}, ${values.vehicleId}, ${values.maintenanceScheduleId ?? null}, ${values.reminderType}, ${values.reminderTitle}, ${values.reminderMessage}, ${values.dueDate ?? null}
    where not exists (select 1 from service_reminders where tenant_id = ${values.tenantId} and maintenance_schedule_id = ${values.maintenanceScheduleId ?? null} and status = 'dismissed')
    on conflict (maintenance_schedule_id) where status in ('pending', 'snoozed') do update set due_date = excluded.due_date,
      reminder_message = excluded.reminder_message, reminder_type = excluded.reminder_type, reminder_title = excluded.reminder_title,
      status = case when service_reminders.status = 'snoozed' and service_reminders.snoozed_until <= ${today}::date then 'pending' else service_reminders.status end,
      snoozed_until = case when service_reminders.status = 'snoozed' and service_reminders.snoozed_until <= ${today}::date then null else service_reminders.snoozed_until end,
      updated_at = now()`);
}

/**
 * A schedule no longer due (serviced, made inactive, its window shortened): its reminders,
 * open or dismissed, are over; the next time it comes due raises a new one.
 */
export async function closeReminders(db: Tx, tenantId: number, scheduleId: number) {
  await db.execute(sql`delete from service_reminders
    where tenant_id = ${tenantId} and maintenance_schedule_id = ${scheduleId} and status in ('pending', 'snoozed', 'dismissed')`);
}

const REMINDER_COLUMNS = sql`r.id, r.vehicle_id as "vehicleId", r.maintenance_schedule_id as "maintenanceScheduleId", r.reminder_type as "reminderType",
  r.reminder_title as "reminderTitle", r.reminder_message as "reminderMessage", r.due_date::text as "dueDate", r.status,
  r.snoozed_until::text as "snoozedUntil", r.created_at as "createdAt"`;

export async function listReminders(
  db: Tx,
  tenantId: number,
  filter: { vehicleId?: number; status?: string; limit: number; offset: number },
) {
  const matching = sql`r.tenant_id = ${tenantId}
          and (${filter.vehicleId ?? null}::int is null or r.vehicle_id = ${filter.vehicleId ?? null}::int)
          and (${filter.status ?? null}::text is null or r.status = ${filter.status ?? null}::text)`;
  const rows = await queryRows<ServiceReminder & { total: number }>(
    db,
    sql`select ${REMINDER_COLUMNS}, count(*) over ()::int as total,
          (select json_build_object('make', v.make, 'model', v.model, 'plateNumber', v.plate_number) from vehicles v where v.tenant_id = r.tenant_id and v.id = r.vehicle_id) as vehicle,
          m.service_name as "serviceName", m.next_due_mileage as "dueMileage"
        from service_reminders r left join maintenance_schedules m on m.id = r.maintenance_schedule_id
        where ${matching}
        order by r.due_date nulls last, r.id
        limit ${filter.limit} offset ${filter.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    total: await windowTotal(db, rows, filter.offset, sql`select 1 from service_reminders r where ${matching}`),
  };
}

/** A reminder's status; `snoozedUntil` is kept only while it is snoozed. */
export async function setReminderStatus(db: Tx, tenantId: number, id: number, status: string, snoozedUntil: string | null) {
  const rows = await db
    .update(serviceReminders)
    .set({ status, snoozedUntil: status === 'snoozed' ? snoozedUntil : null, updatedAt: new Date() })
    .where(and(eq(serviceReminders.tenantId, tenantId), eq(serviceReminders.id, id)))
    .returning({ id: serviceReminders.id });
  return rows.length > 0;
}

/** Vehicles with active schedules (for the start-up and daily check), in batches. */
export async function vehiclesWithSchedules(db: Tx, afterId: number, limit: number) {
  return queryRows<{ tenantId: number; vehicleId: number }>(
    db,
    sql`select distinct tenant_id as "tenantId", vehicle_id as "vehicleId" from maintenance_schedules
        where is_active and vehicle_id > ${afterId} order by vehicle_id limit ${limit}`,
  );
}

/** Restarts the schedules named like the service done (case-insensitive) from its date and mileage. */
export async function markServiced(db: Tx, tenantId: number, vehicleId: number, serviceName: string, date: string, mileage: number | null) {
  await db.execute(sql`update maintenance_schedules set last_service_date = ${date}, last_service_mileage = coalesce(${mileage}::int, last_service_mileage), updated_at = now()
    where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and lower(service_name) = lower(${serviceName})`);
}

/**
 * The next service of the vehicle's fleet row (no row: nothing happens), as its schedules give it.
 * Maintenance computes it and owns these two fields; the fleet module reads them.
 */
export async function setFleetNextService(
  db: Tx,
  tenantId: number,
  vehicleId: number,
  nextServiceDate: string | null,
  nextServiceMileage: number | null,
) {
  await db.execute(
    sql`update fleet_vehicles set next_service_date = ${nextServiceDate}, next_service_mileage = ${nextServiceMileage}, updated_at = now()
        where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}`,
  );
}
