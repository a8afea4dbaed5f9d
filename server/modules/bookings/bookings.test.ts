import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone, zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const inDays = (days: number, hour = 10) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const list = (ws: Workshop, query = '') => `/api/tenants/${ws.tenantId}/service-bookings${query}`;

async function book(ws: Workshop, body: Record<string, unknown>) {
  const res = await ws.manager.post('/api/service-bookings', { serviceType: 'Oil change', scheduledDate: inDays(2), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('service bookings', () => {
  it("validates with the spec's messages; the date must be in the future on creation only", async () => {
    const empty = await w.manager.post('/api/service-bookings', {});
    expect(empty.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Customer is required', 'Vehicle is required', 'Service type is required', 'Scheduled date is required']),
    );
    const { customerId, vehicleId } = await insertCustomerVehicle(t, w);
    const past = await w.manager.post('/api/service-bookings', { customerId, vehicleId, serviceType: 'Brakes', scheduledDate: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toEqual([
      { path: 'scheduledDate', message: 'Scheduled date must be in the future', code: 'validation.dateFuture' },
    ]);
    const created = await book(w, { customerId, vehicleId });
    const moved = await w.manager.put(`/api/service-bookings/${created.id}`, { scheduledDate: inDays(-2) });
    expect(moved.statusCode).toBe(200);
  });

  it("refuses a vehicle that is not the customer's, and another workshop's customer", async () => {
    const a = await insertCustomerVehicle(t, w);
    const b = await insertCustomerVehicle(t, w);
    const mismatch = await w.manager.post('/api/service-bookings', {
      customerId: a.customerId,
      vehicleId: b.vehicleId,
      serviceType: 'X',
      scheduledDate: inDays(1),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('vehicles.customer_mismatch');
    const other = await createWorkshop(t.app);
    const theirs = await insertCustomerVehicle(t, other);
    expect((await w.manager.post('/api/service-bookings', { ...theirs, serviceType: 'X', scheduledDate: inDays(1) })).json().code).toBe(
      'service_bookings.customer_invalid',
    );
  });

  it('changes only the status from the inline select, and keeps the rest', async () => {
    const refs = await insertCustomerVehicle(t, w);
    const created = await book(w, { ...refs, notes: 'Bring keys' });
    const res = await w.manager.put(`/api/service-bookings/${created.id}`, { status: 'confirmed' });
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      notes: 'Bring keys',
      serviceType: 'Oil change',
      scheduledDate: created.scheduledDate,
    });
    expect((await w.technician.put(`/api/service-bookings/${created.id}`, { status: 'completed' })).statusCode).toBe(403);
    expect((await w.technician.post('/api/service-bookings', { ...refs, serviceType: 'X', scheduledDate: inDays(1) })).statusCode).toBe(
      403,
    );
  });

  it('searches service type, customer first or last name, vehicle make or model; filters status; pages', async () => {
    const ws = await createWorkshop(t.app);
    const a = await insertCustomerVehicle(t, ws, { make: 'Toyota', model: 'Corolla' }, { firstName: 'Layla', lastName: 'Haddad' });
    const b = await insertCustomerVehicle(t, ws, { make: 'Honda', model: 'Civic' }, { firstName: 'Omar', lastName: 'Saleh' });
    await book(ws, { ...a, serviceType: 'Brake service' });
    await book(ws, { ...b, serviceType: 'Tire rotation', status: 'confirmed' });
    const q = async (query: string) => (await ws.technician.get(list(ws, query))).json().map((x: { serviceType: string }) => x.serviceType);
    expect(await q('?q=BRAKE')).toEqual(['Brake service']);
    expect(await q('?q=layl')).toEqual(['Brake service']);
    expect(await q('?q=sale')).toEqual(['Tire rotation']);
    expect(await q('?q=coroll')).toEqual(['Brake service']);
    expect(await q('?q=honda')).toEqual(['Tire rotation']);
    expect(await q('?status=confirmed')).toEqual(['Tire rotation']);
    const page = await ws.technician.get(list(ws, '?limit=1'));
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json()).toHaveLength(1);
  });

  it('lists the next 7 days in the workshop time zone: 23:30 on the 7th day counts, the 8th day does not', async () => {
    const ws = await createWorkshop(t.app);
    const settings = (await ws.admin.get('/api/tenant/settings')).json();
    await ws.admin.put('/api/tenant/settings', { ...settings, timeZone: 'Asia/Dubai' });
    const refs = await insertCustomerVehicle(t, ws);
    const today = dayInZone(new Date(), 'Asia/Dubai');
    const at = (day: number, time: string) => zonedDateTimeToUtc(addDays(today, day), time, 'Asia/Dubai').toISOString();
    await book(ws, { ...refs, serviceType: 'last minute of day 7', scheduledDate: at(7, '23:30') });
    await book(ws, { ...refs, serviceType: 'day 8', scheduledDate: at(8, '00:30') });
    await book(ws, { ...refs, serviceType: 'tomorrow', scheduledDate: at(1, '09:00') });
    await book(ws, { ...refs, serviceType: 'cancelled', scheduledDate: at(2, '09:00'), status: 'cancelled' });
    const upcoming = await ws.technician.get(`/api/tenants/${ws.tenantId}/service-bookings/upcoming`);
    expect(upcoming.json().map((x: { serviceType: string }) => x.serviceType)).toEqual(['tomorrow', 'last minute of day 7']);
  });

  it('warns when the technician already has work then, but saves the booking', async () => {
    const ws = await createWorkshop(t.app);
    const tech = await createTechnician(ws.manager);
    const refs = await insertCustomerVehicle(t, ws);
    const first = await book(ws, { ...refs, technicianId: tech.id, scheduledDate: inDays(3, 9), duration: 120 });
    expect(first.conflicts).toEqual([]);
    const task = await createTask(ws.manager, {
      title: 'Road test',
      technicianId: tech.id,
      scheduledDate: inDays(3, 12),
      estimatedHours: 2,
    });
    const second = await ws.manager.post('/api/service-bookings', {
      ...refs,
      serviceType: 'Brakes',
      technicianId: tech.id,
      scheduledDate: inDays(3, 10),
      duration: 180,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().conflicts.map((c: { kind: string; id: number }) => [c.kind, c.id])).toEqual([
      ['booking', first.id],
      ['task', task.id],
    ]);
    const later = await ws.manager.post('/api/service-bookings', {
      ...refs,
      serviceType: 'Late',
      technicianId: tech.id,
      scheduledDate: inDays(3, 15),
    });
    expect(later.json().conflicts).toEqual([]);
  });

  it("warns when an edit moves the booking onto the technician's other work, and clears the warning when moved away", async () => {
    const ws = await createWorkshop(t.app);
    const tech = await createTechnician(ws.manager);
    const refs = await insertCustomerVehicle(t, ws);
    const first = await book(ws, { ...refs, serviceType: 'Brakes', technicianId: tech.id, scheduledDate: inDays(4, 9), duration: 120 });
    const appointment = await ws.manager.post(`/api/tenants/${ws.tenantId}/appointments`, {
      customerName: 'Noor Aziz',
      customerPhone: '+971 50 123 4567',
      serviceType: 'oil_change',
      scheduledDate: inDays(4).slice(0, 10),
      scheduledTime: '13:00',
      assignedTo: tech.id,
    });
    expect(appointment.statusCode, appointment.body).toBe(201);
    const moving = await book(ws, { ...refs, serviceType: 'Tyres', technicianId: tech.id, scheduledDate: inDays(5, 9) });
    expect(moving.conflicts).toEqual([]);

    const onto = await ws.manager.put(`/api/service-bookings/${moving.id}`, { scheduledDate: inDays(4, 10), duration: 240 });
    expect(onto.statusCode, onto.body).toBe(200);
    expect(onto.json().conflicts.map((c: { kind: string; id: number }) => [c.kind, c.id])).toEqual([
      ['booking', first.id],
      ['appointment', appointment.json().id],
    ]);
    expect(onto.json().conflicts[0]).toMatchObject({ label: 'Brakes', start: inDays(4, 9), end: inDays(4, 11) });
    const saved = (await ws.manager.get(`/api/service-bookings/${moving.id}`)).json();
    expect(saved).toMatchObject({ scheduledDate: inDays(4, 10), duration: 240, technicianId: tech.id });

    // A status-only edit still answers with the overlaps of the saved booking.
    expect((await ws.manager.put(`/api/service-bookings/${moving.id}`, { status: 'confirmed' })).json().conflicts).toHaveLength(2);

    // Ending when the appointment starts is no overlap.
    const away = await ws.manager.put(`/api/service-bookings/${moving.id}`, { scheduledDate: inDays(4, 11), duration: 120 });
    expect(away.json().conflicts).toEqual([]);

    // Giving an unassigned booking the busy technician warns too.
    const unassigned = await book(ws, { ...refs, serviceType: 'Wash', scheduledDate: inDays(4, 10) });
    expect(unassigned.conflicts).toEqual([]);
    const assigned = await ws.manager.put(`/api/service-bookings/${unassigned.id}`, { technicianId: tech.id });
    expect(assigned.json().conflicts.map((c: { kind: string; id: number }) => [c.kind, c.id])).toEqual([['booking', first.id]]);
  });

  it("keeps another workshop's bookings invisible", async () => {
    const other = await createWorkshop(t.app);
    const theirs = await book(other, await insertCustomerVehicle(t, other));
    expect((await w.manager.get(`/api/service-bookings/${theirs.id}`)).statusCode).toBe(404);
    expect((await w.manager.put(`/api/service-bookings/${theirs.id}`, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await w.manager.get(list(other))).statusCode).toBe(404);
    expect((await w.manager.get(list(w))).json().map((b: { id: number }) => b.id)).not.toContain(theirs.id);
  });
});
