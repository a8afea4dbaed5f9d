import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { SNOOZE_DAYS } from '../../../core/contracts/maintenance.ts';
import { refreshAll } from './maintenance.service.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);

/** A vehicle with an oil change every 6 months, last done 170 days ago: due in about 10 days, inside a 30-day window. */
async function dueSchedule(ws: Workshop = w) {
  const { vehicleId } = await insertCustomerVehicle(t, ws, {
    make: 'Kia',
    model: 'Rio',
    plateNumber: `K-${Math.random().toString(36).slice(2, 7)}`,
  });
  const body = { serviceName: 'Oil change', intervalMonths: 6, lastServiceDate: addDays(today(), -170), reminderDays: 30 };
  const res = await ws.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, body);
  expect(res.statusCode, res.body).toBe(201);
  return { vehicleId, schedule: res.json() as { id: number; nextDueDate: string }, body };
}

const remindersOf = async (vehicleId: number, ws: Workshop = w) =>
  (await ws.technician.get(`/api/tenants/${ws.tenantId}/service-reminders?vehicleId=${vehicleId}`)).json() as Array<{
    id: number;
    status: string;
    snoozedUntil: string | null;
    dueDate: string;
    vehicle: { make: string; model: string; plateNumber: string };
  }>;

describe('service reminders', () => {
  it('name their vehicle, and a dismissed one stays dismissed while the schedule is still due', async () => {
    const { vehicleId, schedule, body } = await dueSchedule();
    const [reminder] = await remindersOf(vehicleId);
    expect(reminder).toMatchObject({
      status: 'pending',
      dueDate: schedule.nextDueDate,
      snoozedUntil: null,
      vehicle: { make: 'Kia', model: 'Rio' },
      serviceName: 'Oil change',
      dueMileage: null,
    });

    expect((await w.technician.patch(`/api/service-reminders/${reminder.id}`, { status: 'dismissed' })).statusCode).toBe(403);
    expect((await w.manager.patch(`/api/service-reminders/${reminder.id}`, { status: 'dismissed' })).statusCode).toBe(204);
    // Editing the schedule (still due) and the daily check raise nothing new.
    await w.manager.put(`/api/maintenance-schedules/${schedule.id}`, { ...body, description: 'Synthetic 5W-30' });
    await refreshAll(t.database.db);
    expect((await remindersOf(vehicleId)).map((r) => r.status)).toEqual(['dismissed']);

    // Serviced: the schedule leaves the window; when it comes due again a new reminder is raised.
    await w.manager.put(`/api/maintenance-schedules/${schedule.id}`, { ...body, lastServiceDate: today() });
    expect(await remindersOf(vehicleId)).toEqual([]);
    await w.manager.put(`/api/maintenance-schedules/${schedule.id}`, body);
    expect((await remindersOf(vehicleId)).map((r) => r.status)).toEqual(['pending']);
  });

  it('snoozes for a week, then the reminder is pending again', async () => {
    const { vehicleId } = await dueSchedule();
    const [reminder] = await remindersOf(vehicleId);
    expect((await w.manager.patch(`/api/service-reminders/${reminder.id}`, { status: 'snoozed' })).statusCode).toBe(204);
    expect((await remindersOf(vehicleId))[0]).toMatchObject({ status: 'snoozed', snoozedUntil: addDays(today(), SNOOZE_DAYS) });
    const pending = async () =>
      (await w.manager.get(`/api/tenants/${w.tenantId}/service-reminders?vehicleId=${vehicleId}&status=pending`)).json();
    expect(await pending()).toEqual([]);

    await refreshAll(t.database.db, new Date(Date.now() + (SNOOZE_DAYS - 1) * 86_400_000));
    expect((await remindersOf(vehicleId))[0].status).toBe('snoozed');
    await refreshAll(t.database.db, new Date(Date.now() + SNOOZE_DAYS * 86_400_000));
    expect((await remindersOf(vehicleId))[0]).toMatchObject({ id: reminder.id, status: 'pending', snoozedUntil: null });
  });

  it('due by mileage carry the mileage', async () => {
    const { vehicleId } = await insertCustomerVehicle(t, w, { mileage: 61_000 });
    await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, {
      serviceName: 'Brake check',
      intervalMileage: 10_000,
      lastServiceMileage: 50_000,
    });
    expect(await remindersOf(vehicleId)).toEqual([
      expect.objectContaining({ reminderType: 'mileage', serviceName: 'Brake check', dueMileage: 60_000, dueDate: today() }),
    ]);
  });

  it('are closed when their schedule is made inactive', async () => {
    const { vehicleId, schedule, body } = await dueSchedule();
    expect(await remindersOf(vehicleId)).toHaveLength(1);
    await w.manager.put(`/api/maintenance-schedules/${schedule.id}`, { ...body, isActive: false });
    expect(await remindersOf(vehicleId)).toEqual([]);
  });

  it("are the workshop's own", async () => {
    const { vehicleId } = await dueSchedule();
    const [reminder] = await remindersOf(vehicleId);
    const other = await createWorkshop(t.app);
    expect((await other.manager.patch(`/api/service-reminders/${reminder.id}`, { status: 'dismissed' })).statusCode).toBe(404);
    expect((await other.manager.get(`/api/tenants/${other.tenantId}/service-reminders?vehicleId=${vehicleId}`)).json()).toEqual([]);
    expect((await other.manager.get(`/api/tenants/${w.tenantId}/service-reminders`)).statusCode).toBe(404);
    expect((await remindersOf(vehicleId))[0].status).toBe('pending');
  });
});
