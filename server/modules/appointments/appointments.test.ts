import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTechnician } from '../../test/field-service.ts';
import { insertCustomerWithVehicle } from '../../test/workshop.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const base = (ws: Workshop) => `/api/tenants/${ws.tenantId}/appointments`;
const valid = { customerName: 'Noor Aziz', customerPhone: '+971 50 123 4567', serviceType: 'oil_change', scheduledDate: '2026-12-14' };

async function create(ws: Workshop, body: Record<string, unknown> = {}) {
  const res = await ws.manager.post(base(ws), { ...valid, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('appointments', () => {
  it("validates with the spec's messages", async () => {
    const res = await w.manager.post(base(w), {
      appointmentNumber: 'APT-12',
      customerEmail: 'not-mail',
      serviceType: 'car_wash',
      scheduledTime: '9am',
      duration: 10,
    });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(res.json().issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      appointmentNumber: 'Appointment number must be in format APT-XXXXXX',
      customerName: 'Customer name is required',
      customerPhone: 'Phone is required',
      customerEmail: 'Invalid email address',
      scheduledDate: 'Date is required',
      scheduledTime: 'Time must be in HH:MM format',
      duration: 'Duration must be at least 15 minutes',
    });
    expect(byPath.serviceType).toBeDefined();
  });

  it('allocates APT- numbers, refuses a taken one, and defaults time 09:00 and 60 minutes', async () => {
    const ws = await createWorkshop(t.app);
    const first = await create(ws);
    expect(first).toMatchObject({ appointmentNumber: 'APT-000001', scheduledTime: '09:00', duration: 60, status: 'pending' });
    expect((await create(ws)).appointmentNumber).toBe('APT-000002');
    const chosen = await create(ws, { appointmentNumber: 'APT-000500' });
    expect(chosen.appointmentNumber).toBe('APT-000500');
    const taken = await ws.manager.post(base(ws), { ...valid, appointmentNumber: 'APT-000500' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('appointments.number_taken');
    expect((await create(ws)).appointmentNumber).toBe('APT-000501');
    // Numbers are per workshop.
    expect((await create(w, { appointmentNumber: 'APT-000500' })).appointmentNumber).toBe('APT-000500');
  });

  it('reads vehicleInfo as an object or as a JSON string', async () => {
    const asObject = await create(w, { vehicleInfo: { make: 'Kia', model: 'Rio', plateNumber: 'K-1' } });
    expect(asObject.vehicleInfo).toEqual({ make: 'Kia', model: 'Rio', plateNumber: 'K-1' });
    const asString = await create(w, { vehicleInfo: JSON.stringify({ make: 'Audi', model: 'A4', plateNumber: 'A-4' }) });
    expect(asString.vehicleInfo).toEqual({ make: 'Audi', model: 'A4', plateNumber: 'A-4' });
  });

  it('writes a status history row for every change: from, to, who and when', async () => {
    const created = await create(w);
    await w.manager.put(`${base(w)}/${created.id}`, { status: 'confirmed' });
    await w.manager.put(`${base(w)}/${created.id}`, { notes: 'no status change' });
    await w.admin.put(`${base(w)}/${created.id}`, { status: 'no_show', statusNote: 'Did not come' });
    const history = (await w.technician.get(`${base(w)}/${created.id}/status-history`)).json();
    expect(history.map((h: { fromStatus: string | null; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'confirmed'],
      ['confirmed', 'no_show'],
    ]);
    expect(history[1].changedBy.name).toBe('Mona manager');
    expect(history[2]).toMatchObject({ notes: 'Did not come', changedBy: { name: 'Amal Haddad' } });
    expect(Date.parse(history[2].createdAt)).toBeGreaterThan(0);
  });

  it('searches number, name, phone and plate; filters status and the week; pages', async () => {
    const ws = await createWorkshop(t.app);
    await create(ws, {
      customerName: 'Rania Saleh',
      vehicleInfo: { make: 'VW', model: 'Golf', plateNumber: 'DXB-555' },
      scheduledDate: '2026-12-01',
    });
    await create(ws, { customerName: 'Peter Moore', customerPhone: '+1 202 555 0101', status: 'confirmed', scheduledDate: '2026-12-09' });
    const q = async (query: string) =>
      (await ws.technician.get(`${base(ws)}?${query}`)).json().map((a: { customerName: string }) => a.customerName);
    expect(await q('q=rania')).toEqual(['Rania Saleh']);
    expect(await q('q=dxb-5')).toEqual(['Rania Saleh']);
    expect(await q('q=202 555')).toEqual(['Peter Moore']);
    expect(await q('q=APT-000002')).toEqual(['Peter Moore']);
    expect(await q('status=confirmed')).toEqual(['Peter Moore']);
    expect(await q('from=2026-12-01&to=2026-12-07')).toEqual(['Rania Saleh']);
    const page = await ws.technician.get(`${base(ws)}?limit=1`);
    expect(page.headers['x-total-count']).toBe('2');
  });

  it("warns about the assigned technician's overlapping appointment, read in the workshop time zone", async () => {
    const ws = await createWorkshop(t.app);
    const settings = (await ws.admin.get('/api/tenant/settings')).json();
    await ws.admin.put('/api/tenant/settings', { ...settings, timeZone: 'America/New_York' });
    const tech = await createTechnician(ws.manager);
    const a = await create(ws, { assignedTo: tech.id, scheduledDate: '2026-12-14', scheduledTime: '23:30', duration: 60 });
    expect(a.conflicts).toEqual([]);
    const b = await create(ws, { assignedTo: tech.id, scheduledDate: '2026-12-15', scheduledTime: '00:15', duration: 30 });
    expect(b.conflicts).toEqual([expect.objectContaining({ kind: 'appointment', id: a.id, start: '2026-12-15T04:30:00.000Z' })]);
  });

  it("warns when an edit moves an appointment onto the technician's other work, and clears the warning when moved away", async () => {
    const ws = await createWorkshop(t.app);
    const settings = (await ws.admin.get('/api/tenant/settings')).json();
    await ws.admin.put('/api/tenant/settings', { ...settings, timeZone: 'America/New_York' });
    const tech = await createTechnician(ws.manager);
    const a = await create(ws, { assignedTo: tech.id, scheduledDate: '2026-12-14', scheduledTime: '23:30', duration: 60 });
    const b = await create(ws, { assignedTo: tech.id, scheduledDate: '2026-12-15', scheduledTime: '09:00', duration: 30 });
    expect(b.conflicts).toEqual([]);
    const url = `${base(ws)}/${b.id}`;

    // Only the time changes: the start is recomputed with the kept date, in the workshop zone.
    const onto = await ws.manager.put(url, { scheduledTime: '00:15' });
    expect(onto.statusCode, onto.body).toBe(200);
    expect(onto.json().conflicts).toEqual([
      expect.objectContaining({ kind: 'appointment', id: a.id, start: '2026-12-15T04:30:00.000Z', end: '2026-12-15T05:30:00.000Z' }),
    ]);
    expect((await ws.manager.get(url)).json()).toMatchObject({ scheduledDate: '2026-12-15', scheduledTime: '00:15' });

    // Another day at the same time: no overlap.
    const away = await ws.manager.put(url, { scheduledDate: '2026-12-16' });
    expect(away.json().conflicts).toEqual([]);
    // Back to the 15th, keeping 00:15: the warning returns.
    expect((await ws.manager.put(url, { scheduledDate: '2026-12-15' })).json().conflicts).toEqual([expect.objectContaining({ id: a.id })]);
    // Starting when the other one ends is no overlap.
    expect((await ws.manager.put(url, { scheduledTime: '00:30' })).json().conflicts).toEqual([]);

    // Assigning the busy technician to an unassigned appointment warns too, and sees the moved
    // appointment where it is now (its stored start followed the time-only edit).
    const c = await create(ws, { scheduledDate: '2026-12-15', scheduledTime: '00:15', duration: 30 });
    expect(c.conflicts).toEqual([]);
    const assigned = await ws.manager.put(`${base(ws)}/${c.id}`, { assignedTo: tech.id });
    expect(assigned.json().conflicts.map((x: { kind: string; id: number; start: string }) => [x.kind, x.id, x.start])).toEqual([
      ['appointment', a.id, '2026-12-15T04:30:00.000Z'],
      ['appointment', b.id, '2026-12-15T05:30:00.000Z'],
    ]);
  });

  it("refuses a vehicle that is not the named customer's, on creation and when either changes", async () => {
    const ws = await createWorkshop(t.app);
    const a = await insertCustomerWithVehicle(t.database.db, ws.tenantId, { firstName: 'Amal' });
    const b = await insertCustomerWithVehicle(t.database.db, ws.tenantId, { firstName: 'Badr' });
    const mismatch = await ws.manager.post(base(ws), { ...valid, customerId: a.customer.id, vehicleId: b.vehicle.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('vehicles.customer_mismatch');
    expect((await ws.manager.get(base(ws))).json()).toHaveLength(0);

    const made = await create(ws, { customerId: a.customer.id, vehicleId: a.vehicle.id });
    const url = `${base(ws)}/${made.id}`;
    for (const change of [{ vehicleId: b.vehicle.id }, { customerId: b.customer.id }]) {
      const res = await ws.manager.put(url, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('vehicles.customer_mismatch');
    }
    expect((await ws.manager.get(url)).json()).toMatchObject({ customerId: a.customer.id, vehicleId: a.vehicle.id });
    // Both together, a customer without a vehicle, and a change of anything else: accepted.
    expect((await ws.manager.put(url, { customerId: b.customer.id, vehicleId: b.vehicle.id })).statusCode).toBe(200);
    expect((await ws.manager.put(url, { customerId: a.customer.id, vehicleId: null })).statusCode).toBe(200);
    expect((await ws.manager.put(url, { status: 'confirmed' })).statusCode).toBe(200);
  });

  it('is planned by admins and managers only, and invisible to other workshops', async () => {
    const created = await create(w);
    expect((await w.technician.post(base(w), valid)).statusCode).toBe(403);
    expect((await w.technician.put(`${base(w)}/${created.id}`, { status: 'confirmed' })).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    expect((await other.manager.get(`${base(other)}/${created.id}`)).statusCode).toBe(404);
    expect((await other.manager.put(`${base(other)}/${created.id}`, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await other.manager.get(base(w))).statusCode).toBe(404);
    expect((await other.manager.get(base(other))).json()).toEqual([]);
  });
});
