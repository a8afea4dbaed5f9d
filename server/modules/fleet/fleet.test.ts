import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function vehicle(ws: Workshop, values: Parameters<typeof insertCustomerVehicle>[2] = {}) {
  return (await insertCustomerVehicle(t, ws, values)).vehicleId;
}

async function addToFleet(ws: Workshop, body: Record<string, unknown>) {
  const res = await ws.manager.post('/api/fleet-vehicles', { fleetNumber: `F-${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('fleet vehicles', () => {
  it("validates with the spec's messages", async () => {
    const res = await w.manager.post('/api/fleet-vehicles', { fuelLevel: 101, nextServiceMileage: 0 });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Vehicle is required',
        'Fleet number is required',
        'Fuel level cannot exceed 100',
        'Next service mileage must be positive',
      ]),
    );
    const low = await w.manager.post('/api/fleet-vehicles', { vehicleId: await vehicle(w), fleetNumber: 'F-1', fuelLevel: -1 });
    expect(low.json().issues).toEqual([{ path: 'fuelLevel', message: 'Fuel level must be at least 0', code: 'validation.fuelMin' }]);
  });

  it('creates and edits with the vehicle nested; fleet numbers and vehicles are unique', async () => {
    const vehicleId = await vehicle(w, { make: 'Ford', model: 'Transit' });
    const created = await addToFleet(w, {
      vehicleId,
      fleetNumber: 'VAN-01',
      department: 'Delivery',
      location: 'North yard',
      fuelLevel: 60,
      nextServiceDate: addDays(today(), 30),
    });
    expect(created).toMatchObject({
      fleetNumber: 'VAN-01',
      status: 'active',
      fuelLevel: 60,
      nextServiceComputed: false,
      vehicle: { id: vehicleId, make: 'Ford' },
    });
    expect((await w.manager.post('/api/fleet-vehicles', { vehicleId: await vehicle(w), fleetNumber: 'van-01' })).statusCode).toBe(409);
    expect((await w.manager.post('/api/fleet-vehicles', { vehicleId, fleetNumber: 'VAN-99' })).json().code).toBe(
      'fleet_vehicles.vehicle_taken',
    );
    const edited = await w.manager.put(`/api/fleet-vehicles/${created.id}`, { status: 'maintenance', fuelLevel: '' });
    expect(edited.json()).toMatchObject({ status: 'maintenance', fuelLevel: null, department: 'Delivery' });
  });

  it('counts statuses, vehicles due in 0-7 days in the workshop time zone, and departments in the stats', async () => {
    const ws = await createWorkshop(t.app);
    await addToFleet(ws, { vehicleId: await vehicle(ws), department: 'Delivery', nextServiceDate: addDays(today(), 3) });
    await addToFleet(ws, { vehicleId: await vehicle(ws), department: 'Sales', status: 'maintenance', nextServiceDate: today() });
    await addToFleet(ws, { vehicleId: await vehicle(ws), status: 'out_of_service', nextServiceDate: addDays(today(), 8) });
    await addToFleet(ws, { vehicleId: await vehicle(ws), department: 'Delivery', nextServiceDate: addDays(today(), -1) });
    const stats = await ws.technician.get(`/api/tenants/${ws.tenantId}/fleet/stats`);
    expect(stats.json()).toEqual({ total: 4, active: 2, maintenance: 1, outOfService: 1, dueSoon: 2, departments: ['Delivery', 'Sales'] });
  });

  it("counts the 0-7 day service alert from the workshop's own day, not the server's UTC day", async () => {
    // Kiritimati (UTC+14) is on the UTC day or the day after; Pago Pago (UTC-11) on the UTC day or
    // the day before; they are never on the same day, so at any hour at least one differs from UTC.
    const now = new Date();
    const zones = { kiritimati: 'Pacific/Kiritimati', pagoPago: 'Pacific/Pago_Pago' };
    const days = { kiritimati: dayInZone(now, zones.kiritimati), pagoPago: dayInZone(now, zones.pagoPago) };
    expect(days.kiritimati).not.toBe(days.pagoPago);
    expect([days.kiritimati, days.pagoPago].some((day) => day !== dayInZone(now, 'UTC'))).toBe(true);

    const workshopIn = async (timeZone: string) => {
      const ws = await createWorkshop(t.app);
      const settings = (await ws.admin.get('/api/tenant/settings')).json();
      const saved = await ws.admin.put('/api/tenant/settings', { ...settings, timeZone });
      expect(saved.statusCode, saved.body).toBe(200);
      return ws;
    };
    const dueSoon = async (ws: Workshop) => (await ws.technician.get(`/api/tenants/${ws.tenantId}/fleet/stats`)).json().dueSoon;

    // Ahead of UTC: today and the 7th day count, the 8th does not. Read from the UTC day (one
    // earlier), the window would end on the 6th day and the count would be 1.
    const ahead = await workshopIn(zones.kiritimati);
    for (const offset of [0, 7, 8])
      await addToFleet(ahead, { vehicleId: await vehicle(ahead), nextServiceDate: addDays(days.kiritimati, offset) });
    // Behind UTC: yesterday does not count, today and the 7th day do. Read from the UTC day (one
    // later), the window would start tomorrow and the count would be 1.
    const behind = await workshopIn(zones.pagoPago);
    for (const offset of [-1, 0, 7])
      await addToFleet(behind, { vehicleId: await vehicle(behind), nextServiceDate: addDays(days.pagoPago, offset) });

    expect(await dueSoon(ahead)).toBe(2);
    expect(await dueSoon(behind)).toBe(2);
  });

  it('searches fleet number, make, model, plate, department and location; filters status and department; pages', async () => {
    const ws = await createWorkshop(t.app);
    await addToFleet(ws, {
      vehicleId: await vehicle(ws, { make: 'Toyota', model: 'Hilux', plateNumber: 'QQ-777' }),
      fleetNumber: 'TRK-1',
      department: 'Logistics',
      location: 'Harbour',
    });
    await addToFleet(ws, {
      vehicleId: await vehicle(ws, { make: 'Ford', model: 'Transit' }),
      fleetNumber: 'VAN-2',
      department: 'Service',
      status: 'maintenance',
    });
    const q = async (query: string) =>
      (await ws.technician.get(`/api/tenants/${ws.tenantId}/fleet?${query}`)).json().map((f: { fleetNumber: string }) => f.fleetNumber);
    for (const term of ['trk', 'toyo', 'hilu', 'qq-7', 'logis', 'harb']) expect(await q(`q=${term}`)).toEqual(['TRK-1']);
    expect(await q('status=maintenance')).toEqual(['VAN-2']);
    expect(await q('department=Logistics')).toEqual(['TRK-1']);
    const page = await ws.technician.get(`/api/tenants/${ws.tenantId}/fleet?limit=1&offset=1`);
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json().map((f: { fleetNumber: string }) => f.fleetNumber)).toEqual(['VAN-2']);
    const past = await ws.technician.get(`/api/tenants/${ws.tenantId}/fleet?limit=1&offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('2');
  });

  it('lets only admins and managers change the fleet, and hides other workshops', async () => {
    const vehicleId = await vehicle(w);
    expect((await w.technician.post('/api/fleet-vehicles', { vehicleId, fleetNumber: 'T-1' })).statusCode).toBe(403);
    const created = await addToFleet(w, { vehicleId });
    expect((await w.technician.put(`/api/fleet-vehicles/${created.id}`, { status: 'maintenance' })).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    expect((await other.manager.get(`/api/fleet-vehicles/${created.id}`)).statusCode).toBe(404);
    expect((await other.manager.put(`/api/fleet-vehicles/${created.id}`, { status: 'maintenance' })).statusCode).toBe(404);
    expect((await other.manager.get(`/api/tenants/${w.tenantId}/fleet`)).statusCode).toBe(404);
    expect((await other.manager.post('/api/fleet-vehicles', { vehicleId, fleetNumber: 'X-1' })).json().code).toBe(
      'fleet_vehicles.vehicle_invalid',
    );
  });
});

describe('maintenance schedules', () => {
  it('computes the next service whichever comes first, raises a reminder, and overrides the typed fleet values', async () => {
    const vehicleId = await vehicle(w, { mileage: 59_500 });
    const fleet = await addToFleet(w, { vehicleId, nextServiceDate: '2030-01-01', nextServiceMileage: 99_999 });
    const lastService = addDays(today(), -170);
    const byMonths = await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, {
      serviceName: 'Oil change',
      intervalMileage: 10_000,
      intervalMonths: 6,
      lastServiceDate: lastService,
      lastServiceMileage: 50_000,
      reminderDays: 30,
    });
    expect(byMonths.statusCode, byMonths.body).toBe(201);
    expect(byMonths.json()).toMatchObject({ nextDueMileage: 60_000, dueBy: 'date' });
    const after = (await w.manager.get(`/api/fleet-vehicles/${fleet.id}`)).json();
    expect(after).toMatchObject({
      nextServiceComputed: true,
      nextServiceDate: byMonths.json().nextDueDate,
      nextServiceMileage: 60_000,
      reminderCount: 1,
    });
    const reminders = (await w.technician.get(`/api/tenants/${w.tenantId}/service-reminders?vehicleId=${vehicleId}`)).json();
    expect(reminders).toEqual([expect.objectContaining({ reminderTitle: 'Oil change due', status: 'pending', reminderType: 'date' })]);

    // Editing the same schedule keeps one open reminder, never a pile of them.
    await w.manager.put(`/api/maintenance-schedules/${byMonths.json().id}`, {
      serviceName: 'Oil change',
      intervalMileage: 10_000,
      intervalMonths: 6,
      lastServiceDate: lastService,
      lastServiceMileage: 50_000,
      reminderDays: 30,
    });
    expect((await w.technician.get(`/api/tenants/${w.tenantId}/service-reminders?vehicleId=${vehicleId}`)).json()).toHaveLength(1);

    // A service just done moves the due date out of the window: the reminder closes.
    await w.manager.put(`/api/maintenance-schedules/${byMonths.json().id}`, {
      serviceName: 'Oil change',
      intervalMileage: 10_000,
      intervalMonths: 6,
      lastServiceDate: today(),
      lastServiceMileage: 59_500,
      reminderDays: 30,
    });
    expect(
      (await w.technician.get(`/api/tenants/${w.tenantId}/service-reminders?vehicleId=${vehicleId}&status=pending`)).json(),
    ).toHaveLength(0);
  });

  it('is due by mileage once the odometer passes it', async () => {
    const vehicleId = await vehicle(w, { mileage: 61_000 });
    const res = await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, {
      serviceName: 'Brake check',
      intervalMileage: 10_000,
      intervalMonths: 12,
      lastServiceDate: addDays(today(), -30),
      lastServiceMileage: 50_000,
    });
    expect(res.json()).toMatchObject({ dueBy: 'mileage', forecastDueDate: today(), nextDueMileage: 60_000 });
  });

  it('needs an interval, and is for staff and the same workshop', async () => {
    const vehicleId = await vehicle(w);
    const none = await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, { serviceName: 'Nothing' });
    expect(none.json().issues[0].message).toBe('Give a mileage interval, a month interval or both');
    expect(
      (await w.technician.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, { serviceName: 'X', intervalMonths: 1 })).statusCode,
    ).toBe(403);
    const other = await createWorkshop(t.app);
    expect(
      (await other.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, { serviceName: 'X', intervalMonths: 1 })).statusCode,
    ).toBe(404);
    expect((await other.manager.get(`/api/vehicles/${vehicleId}/maintenance-schedules`)).statusCode).toBe(404);
    const created = (
      await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, { serviceName: 'Tyres', intervalMonths: 12 })
    ).json();
    expect((await other.manager.delete(`/api/maintenance-schedules/${created.id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/maintenance-schedules/${created.id}`)).statusCode).toBe(204);
  });

  it('restarts a schedule when a job card for that service is completed, and follows new odometer readings', async () => {
    const { customerId, vehicleId } = await insertCustomerVehicle(t, w, { mileage: 20_000 });
    const schedule = (
      await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, {
        serviceName: 'Oil change',
        intervalMileage: 5_000,
        lastServiceDate: addDays(today(), -100),
        lastServiceMileage: 14_000,
      })
    ).json();
    expect(schedule).toMatchObject({ nextDueMileage: 19_000, dueBy: 'mileage', forecastDueDate: today() });
    const reminders = () => w.manager.get(`/api/tenants/${w.tenantId}/service-reminders?vehicleId=${vehicleId}&status=pending`);
    expect((await reminders()).json()).toHaveLength(1);

    const job = await w.manager.post('/api/job-cards', { customerId, vehicleId, serviceType: 'oil change', status: 'completed' });
    expect(job.statusCode, job.body).toBe(201);
    const after = (await w.manager.get(`/api/vehicles/${vehicleId}/maintenance-schedules`)).json()[0];
    expect(after).toMatchObject({ lastServiceDate: today(), lastServiceMileage: 20_000, nextDueMileage: 25_000 });
    expect((await reminders()).json()).toHaveLength(0);

    const driven = await w.manager.put(`/api/vehicles/${vehicleId}`, { mileage: 26_000 });
    expect(driven.statusCode, driven.body).toBe(200);
    expect((await reminders()).json()).toEqual([expect.objectContaining({ reminderType: 'mileage', reminderTitle: 'Oil change due' })]);
  });
});
