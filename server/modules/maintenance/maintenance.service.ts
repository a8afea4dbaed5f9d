import type { Db, Tx } from '../../db/client.ts';
import { SNOOZE_DAYS, type MaintenanceSchedule } from '../../../core/contracts/maintenance.ts';
import { averageDailyMileage, isReminderDue, nextDue } from '../../../core/rules/maintenance.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './maintenance.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { isInWorkshop } from '../../db/workshop-rows.ts';

export const scheduleNotFound = () => notFound('maintenance_schedules', 'Maintenance schedule');
export const vehicleNotFound = () => notFound('vehicles', 'Vehicle');

/**
 * Recomputes every active schedule of a vehicle (whichever of date and mileage comes first,
 * mileage forecast from the vehicle's readings), raises or closes its reminders, and sets the
 * fleet row's next service from them. Runs on schedule changes, mileage and history changes,
 * at start-up and daily.
 */
export async function refreshVehicle(tx: Tx, tenantId: number, vehicleId: number, now = new Date()): Promise<void> {
  const { today } = await workshopClock(tx, tenantId, now);
  const usage = await repo.vehicleUsage(tx, tenantId, vehicleId);
  if (!usage.vehicle) return;
  const readings = [...usage.readings];
  if (usage.vehicle.mileage !== null) readings.push({ date: today, mileage: usage.vehicle.mileage });
  const dailyMileage = averageDailyMileage(readings);
  const all = await repo.listSchedules(tx, tenantId, vehicleId);
  // An inactive schedule raises nothing: its reminders are over.
  for (const s of all.filter((s) => !s.isActive)) await repo.closeReminders(tx, tenantId, s.id);
  const schedules = all.filter((s) => s.isActive);
  let nextDate: string | null = null;
  let nextMileage: number | null = null;
  for (const s of schedules) {
    const due = nextDue(
      {
        intervalMileage: s.intervalMileage,
        intervalMonths: s.intervalMonths,
        lastServiceDate: s.lastServiceDate ?? usage.lastService?.date ?? usage.fleetLastServiceDate,
        lastServiceMileage: s.lastServiceMileage ?? usage.lastService?.mileage ?? null,
      },
      { mileage: usage.vehicle.mileage, dailyMileage },
      today,
    );
    await repo.updateSchedule(tx, tenantId, s.id, {
      nextDueDate: due.nextDueDate,
      nextDueMileage: due.nextDueMileage,
      forecastDueDate: due.forecastDueDate,
      dueBy: due.dueBy,
    });
    if (due.dueDate && (!nextDate || due.dueDate < nextDate)) nextDate = due.dueDate;
    if (due.nextDueMileage !== null && (nextMileage === null || due.nextDueMileage < nextMileage)) nextMileage = due.nextDueMileage;
    if (isReminderDue(due, today, s.reminderDays)) {
      const byMileage = due.dueBy === 'mileage';
      await repo.raiseReminder(
        tx,
        {
          tenantId,
          vehicleId,
          maintenanceScheduleId: s.id,
          reminderType: byMileage ? 'mileage' : 'date',
          reminderTitle: `${s.serviceName} due`,
          reminderMessage: byMileage
            ? `${s.serviceName} is due at ${due.nextDueMileage} (expected around ${due.dueDate})`
            : `${s.serviceName} is due on ${due.dueDate}`,
          dueDate: due.dueDate,
        },
        today,
      );
    } else {
      await repo.closeReminders(tx, tenantId, s.id);
    }
  }
  if (schedules.length > 0) await repo.setFleetNextService(tx, tenantId, vehicleId, nextDate, nextMileage);
}

/**
 * A job on the vehicle was completed: schedules for that service (same name, any case) start
 * counting again from this date and mileage; then everything is recomputed.
 */
export async function recordService(
  tx: Tx,
  tenantId: number,
  vehicleId: number,
  serviceType: string,
  date: string,
  mileage: number | null,
) {
  await repo.markServiced(tx, tenantId, vehicleId, serviceType, date, mileage);
  await refreshVehicle(tx, tenantId, vehicleId);
}

/** Dismiss, snooze (pending again after SNOOZE_DAYS of the workshop's calendar) or reopen a reminder. */
export async function setReminderStatus(db: Db, tenantId: number, id: number, status: string): Promise<void> {
  const snoozedUntil = status === 'snoozed' ? addDays((await workshopClock(db, tenantId)).today, SNOOZE_DAYS) : null;
  if (!(await repo.setReminderStatus(db, tenantId, id, status, snoozedUntil))) throw notFound('service_reminders', 'Service reminder');
}

export async function listSchedules(db: Db, tenantId: number, vehicleId: number): Promise<MaintenanceSchedule[]> {
  if (!(await isInWorkshop(db, 'vehicles', tenantId, vehicleId))) throw vehicleNotFound();
  return repo.listSchedules(db, tenantId, vehicleId);
}

type ScheduleValues = {
  serviceName: string;
  description?: string | null;
  intervalMileage?: number | null;
  intervalMonths?: number | null;
  lastServiceDate?: string | null;
  lastServiceMileage?: number | null;
  reminderDays?: number;
  isActive?: boolean;
};

const columns = (v: ScheduleValues) => ({
  serviceName: v.serviceName,
  description: v.description ?? null,
  intervalMileage: v.intervalMileage ?? null,
  intervalMonths: v.intervalMonths ?? null,
  lastServiceDate: v.lastServiceDate ?? null,
  lastServiceMileage: v.lastServiceMileage ?? null,
  reminderDays: v.reminderDays ?? 14,
  isActive: v.isActive ?? true,
});

export async function addSchedule(db: Db, tenantId: number, vehicleId: number, input: ScheduleValues): Promise<MaintenanceSchedule> {
  return db.transaction(async (tx) => {
    if (!(await isInWorkshop(tx, 'vehicles', tenantId, vehicleId))) throw vehicleNotFound();
    const id = await repo.insertSchedule(tx, { tenantId, vehicleId, ...columns(input) });
    await refreshVehicle(tx, tenantId, vehicleId);
    return (await repo.findSchedule(tx, tenantId, id))!;
  });
}

export async function editSchedule(db: Db, tenantId: number, id: number, input: ScheduleValues): Promise<MaintenanceSchedule> {
  return db.transaction(async (tx) => {
    const found = await repo.findSchedule(tx, tenantId, id);
    if (!found) throw scheduleNotFound();
    await repo.updateSchedule(tx, tenantId, id, columns(input));
    await refreshVehicle(tx, tenantId, found.vehicleId);
    return (await repo.findSchedule(tx, tenantId, id))!;
  });
}

export async function removeSchedule(db: Db, tenantId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await repo.findSchedule(tx, tenantId, id);
    if (!found) throw scheduleNotFound();
    await repo.deleteSchedule(tx, tenantId, id);
    await refreshVehicle(tx, tenantId, found.vehicleId);
  });
}

/** Every vehicle with schedules, in batches: at start-up and once a day. */
export async function refreshAll(db: Db, now = new Date()): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await repo.vehiclesWithSchedules(db, after, 200);
    if (batch.length === 0) return count;
    for (const v of batch) {
      await db.transaction((tx) => refreshVehicle(tx, v.tenantId, v.vehicleId, now));
      count++;
    }
    after = batch[batch.length - 1].vehicleId;
  }
}

/** Plain reads the routes serve as the repository answers them. */
export { listReminders } from './maintenance.repository.ts';
