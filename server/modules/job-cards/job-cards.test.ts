import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createTechnician } from '../../test/field-service.ts';
import { createJobCard, createSparePart, insertCustomer, insertCustomerWithVehicle, insertVehicle } from '../../test/workshop.ts';
import { queryRows } from '../../db/client.ts';
import type { JobCardDetail } from '../../../core/contracts/job-cards.ts';
import { connect } from '../../test/live-client.ts';
import { updateSettings } from '../../test/billing.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const issues = (res: { json(): { issues: Array<{ path: string; message: string }> } }) =>
  Object.fromEntries(res.json().issues.map((i) => [i.path, i.message]));
const stockOf = async (client: Client, id: number): Promise<number> => (await client.get(`/api/spare-parts/${id}`)).json().stockQuantity;
const audit = (partId: number) =>
  queryRows<{ action: string; change: number; after: number; referenceId: number | null; reason: string }>(
    t.database.db,
    sql`select action_type as action, quantity_change as change, quantity_after as after, reference_id as "referenceId", reason
        from inventory_audit_trail where spare_part_id = ${partId} and action_type <> 'created' order by id`,
  );
const history = (jobCardId: number) =>
  queryRows<{
    vehicleId: number;
    serviceDate: string;
    serviceType: string;
    description: string | null;
    mileage: number | null;
    cost: string;
    performedBy: string | null;
  }>(
    t.database.db,
    sql`select vehicle_id as "vehicleId", service_date::text as "serviceDate", service_type as "serviceType", description,
          mileage_at_service as mileage, cost::text as cost, performed_by as "performedBy"
        from vehicle_service_history where job_card_id = ${jobCardId}`,
  );
const customerAndVehicle = (ws: Workshop, customer = {}, vehicle = {}) =>
  insertCustomerWithVehicle(t.database.db, ws.tenantId, customer, vehicle);

describe('job cards: create and validate', () => {
  it('answers the spec validation messages', async () => {
    const bad = await w.manager.post('/api/job-cards', { jobNumber: 'JC-12345', customerId: 0, serviceType: '' });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad)).toEqual({
      jobNumber: 'Job number must be in format JC-XXXXXX',
      customerId: 'Customer is required',
      vehicleId: 'Vehicle is required',
      serviceType: 'Service type is required',
    });
    expect(
      issues(await w.manager.post('/api/job-cards', { jobNumber: 'JC-1234567', customerId: 1, vehicleId: 1, serviceType: 'x' })).jobNumber,
    ).toBe('Job number must be in format JC-XXXXXX');
    expect(
      issues(await w.manager.post('/api/job-cards', { jobNumber: 'jc-123456', customerId: 1, vehicleId: 1, serviceType: 'x' })).jobNumber,
    ).toBe('Job number must be in format JC-XXXXXX');
    expect(issues(await w.manager.post('/api/job-cards', { vehicleId: 0, serviceType: '   ' }))).toMatchObject({
      customerId: 'Customer is required',
      vehicleId: 'Vehicle is required',
      serviceType: 'Service type is required',
    });
    const { customer, vehicle } = await customerAndVehicle(w);
    const card = await createJobCard(w.manager, { customerId: customer.id, vehicleId: vehicle.id });
    expect(issues(await w.manager.put(`/api/job-cards/${card.id}`, { serviceType: '' })).serviceType).toBe('Service type is required');
    expect(issues(await w.manager.put(`/api/job-cards/${card.id}`, { customerId: 0 })).customerId).toBe('Customer is required');
  });

  it('allocates the next number when omitted, checks a sent one, and keeps numbers unique per workshop', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const base = { customerId: customer.id, vehicleId: vehicle.id };
    expect((await ws.technician.get('/api/job-cards/next-number')).json()).toEqual({ jobNumber: 'JC-000001' });
    const first = await createJobCard(ws.manager, base);
    expect(first).toMatchObject({
      jobNumber: 'JC-000001',
      status: 'pending',
      priority: 'medium',
      partsConsumed: false,
      completedDate: null,
    });
    expect((await createJobCard(ws.manager, base)).jobNumber).toBe('JC-000002');
    expect((await createJobCard(ws.manager, { ...base, jobNumber: 'JC-000040' })).jobNumber).toBe('JC-000040');
    expect((await ws.manager.get('/api/job-cards/next-number')).json().jobNumber).toBe('JC-000041');
    const taken = await ws.manager.post('/api/job-cards', { ...base, serviceType: 'x', jobNumber: 'JC-000002' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'job_cards.number_taken', message: 'Job number JC-000002 is already in use' });
    // Another workshop has its own numbers.
    const other = await createWorkshop(t.app);
    const theirs = await customerAndVehicle(other);
    expect(
      (await createJobCard(other.admin, { customerId: theirs.customer.id, vehicleId: theirs.vehicle.id, jobNumber: 'JC-000002' }))
        .jobNumber,
    ).toBe('JC-000002');
    expect((await other.admin.get('/api/job-cards/next-number')).json().jobNumber).toBe('JC-000003');

    // Creates racing for the next number each get their own.
    const raced = await Promise.all(Array.from({ length: 5 }, () => ws.manager.post('/api/job-cards', { ...base, serviceType: 'Race' })));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(raced.map((r) => r.json().jobNumber).sort()).toEqual(['JC-000041', 'JC-000042', 'JC-000043', 'JC-000044', 'JC-000045']);
    // The job number cannot be changed by an edit.
    const edited = await ws.manager.put(`/api/job-cards/${first.id}`, { jobNumber: 'JC-999999', serviceType: 'Brakes' });
    expect(edited.json()).toMatchObject({ jobNumber: 'JC-000001', serviceType: 'Brakes' });
  });

  it("refuses a vehicle of another customer, and another workshop's customer, vehicle, part or technician", async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const stranger = await customerAndVehicle(w, { firstName: 'Other' });
    const mismatch = await w.manager.post('/api/job-cards', { customerId: customer.id, vehicleId: stranger.vehicle.id, serviceType: 'x' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'vehicles.customer_mismatch',
      message: 'This vehicle does not belong to the chosen customer',
    });

    const other = await createWorkshop(t.app);
    const foreign = await customerAndVehicle(other);
    const foreignPart = await createSparePart(other.admin);
    const foreignTech = await createTechnician(other.admin);
    const post = (body: object) =>
      w.manager.post('/api/job-cards', { customerId: customer.id, vehicleId: vehicle.id, serviceType: 'x', ...body });
    expect((await post({ customerId: foreign.customer.id, vehicleId: foreign.vehicle.id })).json().code).toBe('job_cards.customer_invalid');
    expect((await post({ vehicleId: foreign.vehicle.id })).json().code).toBe('job_cards.vehicle_invalid');
    const part = await post({ parts: [{ sparePartId: foreignPart.id, quantity: 1 }] });
    expect(part.statusCode).toBe(400);
    expect(part.json()).toMatchObject({ code: 'job_cards.part_invalid', message: `Unknown part: #${foreignPart.id}` });
    expect((await post({ assignedTo: foreignTech.id })).json().code).toBe('job_cards.technician_invalid');
    expect((await post({ assignedTo: foreignTech.id })).statusCode).toBe(400);

    const card = await createJobCard(w.manager, { customerId: customer.id, vehicleId: vehicle.id });
    expect((await w.manager.put(`/api/job-cards/${card.id}`, { vehicleId: stranger.vehicle.id })).json().code).toBe(
      'vehicles.customer_mismatch',
    );
    // Changing customer and vehicle together is fine.
    const moved = await w.manager.put(`/api/job-cards/${card.id}`, { customerId: stranger.customer.id, vehicleId: stranger.vehicle.id });
    expect(moved.json()).toMatchObject({
      customerId: stranger.customer.id,
      vehicleId: stranger.vehicle.id,
      customer: { firstName: 'Other' },
    });
    expect((await w.manager.put(`/api/job-cards/${card.id}`, { assignedTo: foreignTech.id })).statusCode).toBe(400);
    expect((await w.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: foreignPart.id, quantity: 1 }] })).statusCode).toBe(
      400,
    );

    // Another workshop's job card: 404 on every call.
    const theirCard = await createJobCard(other.admin, {
      customerId: foreign.customer.id,
      vehicleId: foreign.vehicle.id,
      serviceType: 'Secret service',
    });
    expect((await w.admin.get(`/api/job-cards/${theirCard.id}`)).statusCode).toBe(404);
    expect((await w.admin.put(`/api/job-cards/${theirCard.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await w.admin.patch(`/api/job-cards/${theirCard.id}/status`, { status: 'completed' })).statusCode).toBe(404);
    expect((await w.admin.get(`/api/tenants/${w.tenantId}/job-cards?q=secret`)).json()).toEqual([]);
    expect((await w.admin.get(`/api/tenants/${other.tenantId}/job-cards`)).statusCode).toBe(404);
  });

  it('shows the lines with their totals; a part line defaults to the part price', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const pads = await createSparePart(w.admin, { name: 'Brake pads', unitPrice: '35.25', stockQuantity: 8 });
    const tech = await createTechnician(w.admin, { firstName: 'Rami', lastName: 'Khoury' });
    const card = await createJobCard(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceType: 'Brake service',
      description: 'Front pads',
      priority: 'high',
      assignedTo: tech.id,
      estimatedCost: '180',
      scheduledDate: '2026-05-01T08:00:00.000Z',
      parts: [
        { sparePartId: pads.id, quantity: 2 },
        { sparePartId: pads.id, quantity: 1, unitPrice: 30 },
      ],
      labour: [{ description: 'Fit pads', hours: 1.5, rate: '60.10' }],
    });
    expect(card).toMatchObject({
      serviceType: 'Brake service',
      priority: 'high',
      estimatedCost: '180.00',
      actualCost: null,
      scheduledDate: '2026-05-01T08:00:00.000Z',
      technician: { id: tech.id, firstName: 'Rami', lastName: 'Khoury' },
      customer: { id: customer.id, firstName: 'Layla', lastName: 'Hassan' },
      vehicle: { id: vehicle.id, make: 'Toyota', model: 'Corolla', plateNumber: vehicle.plateNumber },
      parts: [
        { sparePartId: pads.id, name: 'Brake pads', sku: pads.sku, quantity: 2, unitPrice: '35.25', total: '70.50' },
        { sparePartId: pads.id, quantity: 1, unitPrice: '30.00', total: '30.00' },
      ],
      labour: [{ description: 'Fit pads', hours: '1.50', rate: '60.10', total: '90.15' }],
      partsTotal: '100.50',
      labourTotal: '90.15',
    });
    expect((await w.technician.get(`/api/job-cards/${card.id}`)).json()).toEqual(card);
    // Lines are replaced only when sent.
    const edited = (await w.manager.put(`/api/job-cards/${card.id}`, { notes: 'Customer waits' })).json();
    expect(edited.parts).toHaveLength(2);
    const cleared = (await w.manager.put(`/api/job-cards/${card.id}`, { parts: [], labour: [] })).json();
    expect(cleared).toMatchObject({ parts: [], labour: [], partsTotal: '0.00', labourTotal: '0.00', notes: 'Customer waits' });
    expect(
      issues(await w.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: pads.id, quantity: 0 }] }))['parts.0.quantity'],
    ).toBe('Quantity must be at least 1');
  });
});

describe('job cards: list, search and filters', () => {
  it('searches job number, service type, customer names, vehicle make and model; filters and pages', async () => {
    const ws = await createWorkshop(t.app);
    const a = await customerAndVehicle(ws, { firstName: 'Noura', lastName: 'Al-Sayed' }, { make: 'Nissan', model: 'Patrol' });
    const b = await customerAndVehicle(ws, { firstName: 'James', lastName: 'Whitfield' }, { make: 'Ford', model: 'Ranger' });
    const bSecond = await insertVehicle(t.database.db, ws.tenantId, b.customer.id, { make: 'Honda', model: 'Civic' });
    const tech = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const c1 = await createJobCard(ws.manager, {
      customerId: a.customer.id,
      vehicleId: a.vehicle.id,
      serviceType: 'Oil change',
      priority: 'low',
    });
    const c2 = await createJobCard(ws.manager, {
      customerId: b.customer.id,
      vehicleId: b.vehicle.id,
      serviceType: 'Clutch replacement',
      priority: 'urgent',
      assignedTo: tech.id,
    });
    const c3 = await createJobCard(ws.manager, {
      customerId: b.customer.id,
      vehicleId: bSecond.id,
      serviceType: 'AC regas',
      status: 'in_progress',
    });
    const ids = async (client: Client, q: string) =>
      ((await client.get(`/api/tenants/${ws.tenantId}/job-cards?${q}`)).json() as JobCardDetail[]).map((c) => c.id);

    expect(await ids(ws.technician, '')).toEqual([c3.id, c2.id, c1.id]); // newest first
    expect(await ids(ws.technician, `q=${c2.jobNumber.toLowerCase()}`)).toEqual([c2.id]); // job number
    expect(await ids(ws.technician, 'q=CLUTCH')).toEqual([c2.id]); // service type
    expect(await ids(ws.technician, 'q=noura')).toEqual([c1.id]); // customer first name
    expect(await ids(ws.technician, 'q=whitf')).toEqual([c3.id, c2.id]); // customer last name
    expect(await ids(ws.technician, 'q=James%20Whitfield')).toEqual([c3.id, c2.id]); // full name
    expect(await ids(ws.technician, 'q=nissan')).toEqual([c1.id]); // vehicle make
    expect(await ids(ws.technician, 'q=civic')).toEqual([c3.id]); // vehicle model
    expect(await ids(ws.technician, 'q=honda%20civ')).toEqual([c3.id]); // make and model
    expect(await ids(ws.technician, 'q=nothing-like-this')).toEqual([]);
    expect(await ids(ws.technician, 'status=in_progress')).toEqual([c3.id]);
    expect(await ids(ws.technician, 'status=pending&priority=urgent')).toEqual([c2.id]);
    expect(await ids(ws.technician, `customerId=${b.customer.id}`)).toEqual([c3.id, c2.id]);
    expect(await ids(ws.technician, `vehicleId=${bSecond.id}`)).toEqual([c3.id]);
    expect(await ids(ws.technician, 'mine=true')).toEqual([c2.id]);
    expect(await ids(ws.manager, 'mine=true')).toEqual([]); // not linked to a technician
    expect((await ws.technician.get(`/api/tenants/${ws.tenantId}/job-cards?status=done`)).statusCode).toBe(400);

    const page = await ws.manager.get(`/api/tenants/${ws.tenantId}/job-cards?limit=1&offset=1`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((c: { id: number }) => c.id)).toEqual([c2.id]);
    expect(page.json()[0]).toMatchObject({
      technician: { id: tech.id },
      customer: { firstName: 'James' },
      vehicle: { make: 'Ford', model: 'Ranger' },
    });
    const past = await ws.manager.get(`/api/tenants/${ws.tenantId}/job-cards?offset=9`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    const filteredCount = await ws.manager.get(`/api/tenants/${ws.tenantId}/job-cards?q=whitfield&limit=1`);
    expect(filteredCount.headers['x-total-count']).toBe('2');

    // Another workshop sees none of them, by list or search.
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/job-cards`)).json()).toEqual([]);
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/job-cards?q=whitfield`)).json()).toEqual([]);
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/job-cards`)).headers['x-total-count']).toBe('0');
  });
});

describe('job cards: completion and stock', () => {
  it('completion consumes the parts once; reopening returns them; completing again consumes again', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws, {}, { mileage: 81_500 });
    const tech = await createTechnician(ws.admin, { firstName: 'Hadi', lastName: 'Salem' });
    const filter = await createSparePart(ws.admin, { name: 'Oil filter', stockQuantity: 5, unitPrice: '10' });
    const oil = await createSparePart(ws.admin, { name: 'Engine oil 1L', stockQuantity: 20, unitPrice: '8.50' });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceType: 'Oil service',
      description: 'Oil and filter',
      assignedTo: tech.id,
      parts: [
        { sparePartId: filter.id, quantity: 1 },
        { sparePartId: oil.id, quantity: 4 },
      ],
      labour: [{ description: 'Service', hours: 1, rate: 50 }],
    });
    expect(await stockOf(ws.admin, filter.id)).toBe(5); // not completed yet

    const before = Date.now();
    const done = await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    const after = Date.now();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', partsConsumed: true });
    // Stamped while the request ran (stored to the millisecond).
    expect(Date.parse(done.json().completedDate)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(done.json().completedDate)).toBeLessThanOrEqual(after);
    expect(await stockOf(ws.admin, filter.id)).toBe(4);
    expect(await stockOf(ws.admin, oil.id)).toBe(16);
    const today = new Date().toISOString().slice(0, 10);
    expect(await history(card.id)).toEqual([
      {
        vehicleId: vehicle.id,
        serviceDate: today,
        serviceType: 'Oil service',
        description: 'Oil and filter',
        mileage: 81_500,
        cost: '94.00',
        performedBy: 'Hadi Salem',
      },
    ]);
    expect(await audit(oil.id)).toEqual([
      { action: 'consumed', change: -4, after: 16, referenceId: card.id, reason: `Job card ${card.jobNumber} completed` },
    ]);
    const trail = (await ws.technician.get(`/api/spare-parts/${oil.id}/audit-trail`)).json();
    expect(trail[0]).toMatchObject({ actionType: 'consumed', referenceType: 'job_card', referenceId: card.id, reference: card.jobNumber });

    // Completed again (PUT or PATCH): nothing is consumed twice.
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    await ws.manager.put(`/api/job-cards/${card.id}`, { status: 'completed', notes: 'Checked' });
    expect(await stockOf(ws.admin, oil.id)).toBe(16);
    expect(await history(card.id)).toHaveLength(1);
    // The actual cost, once set, is the history entry's cost.
    await ws.manager.put(`/api/job-cards/${card.id}`, { actualCost: '99.90' });
    expect((await history(card.id))[0].cost).toBe('99.90');

    const reopened = await ws.manager.put(`/api/job-cards/${card.id}`, { status: 'in_progress' });
    expect(reopened.json()).toMatchObject({ status: 'in_progress', completedDate: null, partsConsumed: false });
    expect(await stockOf(ws.admin, filter.id)).toBe(5);
    expect(await stockOf(ws.admin, oil.id)).toBe(20);
    expect(await history(card.id)).toEqual([]);
    // Moving between open statuses moves nothing.
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'cancelled' });
    expect(await stockOf(ws.admin, oil.id)).toBe(20);

    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    expect(await stockOf(ws.admin, oil.id)).toBe(16);
    expect(await history(card.id)).toHaveLength(1);
    expect((await audit(oil.id)).map((a) => [a.action, a.change, a.after])).toEqual([
      ['consumed', -4, 16],
      ['returned', 4, 20],
      ['consumed', -4, 16],
    ]);
    expect((await audit(oil.id))[1].reason).toBe(`Job card ${card.jobNumber} moved back to in progress`);

    // The part is on a job card now: it cannot be deleted.
    const inUse = await ws.admin.delete(`/api/spare-parts/${oil.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'spare_parts.in_use',
      message: 'This part is used on 1 job card and cannot be deleted',
      params: { jobCards: 1 },
    });
  });

  it('editing the part lines of a completed card moves only the difference', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const a = await createSparePart(ws.admin, { name: 'Wiper', stockQuantity: 10 });
    const b = await createSparePart(ws.admin, { name: 'Bulb', stockQuantity: 10 });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'completed',
      parts: [{ sparePartId: a.id, quantity: 2 }],
    });
    expect(card).toMatchObject({ status: 'completed', partsConsumed: true }); // created completed: consumed at once
    expect(await stockOf(ws.admin, a.id)).toBe(8);

    await ws.manager.put(`/api/job-cards/${card.id}`, {
      parts: [
        { sparePartId: a.id, quantity: 5 },
        { sparePartId: b.id, quantity: 1 },
      ],
    });
    expect(await stockOf(ws.admin, a.id)).toBe(5);
    expect(await stockOf(ws.admin, b.id)).toBe(9);
    await ws.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: a.id, quantity: 1 }] });
    expect(await stockOf(ws.admin, a.id)).toBe(9);
    expect(await stockOf(ws.admin, b.id)).toBe(10);
    expect((await audit(a.id)).map((x) => [x.action, x.change, x.after])).toEqual([
      ['consumed', -2, 8],
      ['consumed', -3, 5],
      ['returned', 4, 9],
    ]);
    expect((await audit(b.id)).map((x) => [x.action, x.change])).toEqual([
      ['consumed', -1],
      ['returned', 1],
    ]);
    // Lines of an open card do not touch stock.
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'pending' });
    expect(await stockOf(ws.admin, a.id)).toBe(10);
    await ws.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: a.id, quantity: 7 }] });
    expect(await stockOf(ws.admin, a.id)).toBe(10);
  });

  it('refuses to take stock below zero and then writes nothing', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const plenty = await createSparePart(ws.admin, { name: 'Coolant', stockQuantity: 10 });
    const scarce = await createSparePart(ws.admin, { name: 'Timing belt', stockQuantity: 1 });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      parts: [
        { sparePartId: plenty.id, quantity: 3 },
        { sparePartId: scarce.id, quantity: 2 },
      ],
    });
    const refused = await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'stock.insufficient',
      message: 'Not enough stock for Timing belt: 1 left',
      params: { sparePartId: scarce.id, name: 'Timing belt', available: 1, needed: 2 },
    });
    expect(await stockOf(ws.admin, plenty.id)).toBe(10);
    expect(await stockOf(ws.admin, scarce.id)).toBe(1);
    expect(await audit(plenty.id)).toEqual([]);
    expect(await history(card.id)).toEqual([]);
    expect((await ws.manager.get(`/api/job-cards/${card.id}`)).json()).toMatchObject({
      status: 'pending',
      completedDate: null,
      partsConsumed: false,
    });

    // Creating a card already completed is refused the same way, and no number is used up.
    const next = (await ws.manager.get('/api/job-cards/next-number')).json().jobNumber;
    const created = await ws.manager.post('/api/job-cards', {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceType: 'x',
      status: 'completed',
      parts: [{ sparePartId: scarce.id, quantity: 5 }],
    });
    expect(created.statusCode).toBe(409);
    expect((await ws.manager.get('/api/job-cards/next-number')).json().jobNumber).toBe(next);

    // Raising a line of a completed card past the stock: refused, the old lines stay.
    await ws.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: scarce.id, quantity: 1 }] });
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    expect(await stockOf(ws.admin, scarce.id)).toBe(0);
    const more = await ws.manager.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: scarce.id, quantity: 2 }], notes: 'more' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('Not enough stock for Timing belt: 0 left');
    expect((await ws.manager.get(`/api/job-cards/${card.id}`)).json()).toMatchObject({ notes: null, parts: [{ quantity: 1 }] });
  });

  it('two completions racing for the last unit: exactly one succeeds', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const last = await createSparePart(ws.admin, { name: 'Alternator', stockQuantity: 1 });
    const other = await createSparePart(ws.admin, { name: 'Belt', stockQuantity: 5 });
    // Lines in opposite orders: the parts are still locked in one order (no deadlock).
    const first = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      parts: [
        { sparePartId: other.id, quantity: 1 },
        { sparePartId: last.id, quantity: 1 },
      ],
    });
    const second = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      parts: [
        { sparePartId: last.id, quantity: 1 },
        { sparePartId: other.id, quantity: 1 },
      ],
    });
    const results = await Promise.all([
      ws.manager.patch(`/api/job-cards/${first.id}/status`, { status: 'completed' }),
      ws.admin.put(`/api/job-cards/${second.id}`, { status: 'completed' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Not enough stock for Alternator: 0 left');
    expect(await stockOf(ws.admin, last.id)).toBe(0);
    expect(await stockOf(ws.admin, other.id)).toBe(4);
    expect((await audit(last.id)).map((a) => a.action)).toEqual(['consumed']);
    expect((await audit(other.id)).map((a) => a.action)).toEqual(['consumed']);
    const statuses = await Promise.all([first, second].map(async (c) => (await ws.manager.get(`/api/job-cards/${c.id}`)).json().status));
    expect(statuses.sort()).toEqual(['completed', 'pending']);

    // The same card completed twice at once consumes once.
    const third = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      parts: [{ sparePartId: other.id, quantity: 2 }],
    });
    const twice = await Promise.all([
      ws.manager.patch(`/api/job-cards/${third.id}/status`, { status: 'completed' }),
      ws.admin.patch(`/api/job-cards/${third.id}/status`, { status: 'completed' }),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stockOf(ws.admin, other.id)).toBe(2);
  });
});

describe('job cards: roles', () => {
  it('a technician reads all, changes only status, parts, labour and notes of cards assigned to them', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const mine = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const someoneElse = await createTechnician(ws.admin);
    const part = await createSparePart(ws.admin, { stockQuantity: 3 });
    const own = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      assignedTo: mine.id,
      serviceType: 'Brakes',
      estimatedCost: '100',
    });
    const theirs = await createJobCard(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, assignedTo: someoneElse.id });
    const unassigned = await createJobCard(ws.manager, { customerId: customer.id, vehicleId: vehicle.id });

    expect((await ws.technician.get(`/api/job-cards/${theirs.id}`)).statusCode).toBe(200);
    expect((await ws.technician.get(`/api/tenants/${ws.tenantId}/job-cards`)).json()).toHaveLength(3);
    expect(
      (await ws.technician.post('/api/job-cards', { customerId: customer.id, vehicleId: vehicle.id, serviceType: 'x' })).statusCode,
    ).toBe(403);

    const started = await ws.technician.patch(`/api/job-cards/${own.id}/status`, { status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    const worked = await ws.technician.put(`/api/job-cards/${own.id}`, {
      notes: 'Pads replaced',
      parts: [{ sparePartId: part.id, quantity: 2 }],
      // No rate: the workshop's labour rate (50.00 by default); prices are not the technician's to set.
      labour: [{ description: 'Fit', hours: 2 }],
      // The edit form sends the fields it shows; unchanged ones are fine.
      serviceType: 'Brakes',
      estimatedCost: '100.00',
      customerId: customer.id,
      vehicleId: vehicle.id,
      priority: 'medium',
      assignedTo: mine.id,
      description: null,
      scheduledDate: null,
    });
    expect(worked.statusCode).toBe(200);
    expect(worked.json()).toMatchObject({
      notes: 'Pads replaced',
      parts: [{ quantity: 2, unitPrice: part.unitPrice }],
      labourTotal: '100.00',
    });
    const done = await ws.technician.put(`/api/job-cards/${own.id}`, { status: 'completed' });
    expect(done.json()).toMatchObject({ status: 'completed', partsConsumed: true });
    expect(await stockOf(ws.admin, part.id)).toBe(1);

    const service = await ws.technician.put(`/api/job-cards/${own.id}`, { serviceType: 'Engine' });
    expect(service.statusCode).toBe(403);
    expect(service.json()).toMatchObject({
      code: 'job_cards.field_not_allowed',
      message: 'A technician can change only status, parts, labour and notes (not serviceType)',
    });
    expect((await ws.technician.put(`/api/job-cards/${own.id}`, { estimatedCost: '150' })).statusCode).toBe(403);
    expect((await ws.technician.put(`/api/job-cards/${own.id}`, { assignedTo: someoneElse.id })).statusCode).toBe(403);
    expect((await ws.technician.put(`/api/job-cards/${theirs.id}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await ws.technician.patch(`/api/job-cards/${theirs.id}/status`, { status: 'completed' })).statusCode).toBe(403);
    expect((await ws.technician.patch(`/api/job-cards/${unassigned.id}/status`, { status: 'in_progress' })).json().code).toBe(
      'job_cards.not_yours',
    );
    expect((await ws.manager.get(`/api/job-cards/${own.id}`)).json()).toMatchObject({ serviceType: 'Brakes', estimatedCost: '100.00' });

    // A technician account not linked to any technician record changes nothing.
    const other = await createWorkshop(t.app);
    const x = await customerAndVehicle(other);
    const card = await createJobCard(other.admin, { customerId: x.customer.id, vehicleId: x.vehicle.id });
    const notLinked = await other.technician.patch(`/api/job-cards/${card.id}/status`, { status: 'in_progress' });
    expect(notLinked.statusCode).toBe(403);
    expect(notLinked.json().code).toBe('job_cards.not_linked');
  });

  it('refuses a vehicle for a customer who has none', async () => {
    const lonely = await insertCustomer(t.database.db, w.tenantId, { firstName: 'No', lastName: 'Car' });
    const { vehicle } = await customerAndVehicle(w);
    const res = await w.manager.post('/api/job-cards', { customerId: lonely.id, vehicleId: vehicle.id, serviceType: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('vehicles.customer_mismatch');
  });
});

describe('job cards: prices', () => {
  /** A workshop whose technician login is linked to a technician record, a card of theirs priced by the manager, and two parts. */
  async function pricedCard() {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const mine = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const pads = await createSparePart(ws.admin, { name: 'Brake pads', unitPrice: '35.25', stockQuantity: 10 });
    const filter = await createSparePart(ws.admin, { name: 'Oil filter', unitPrice: '8.50', stockQuantity: 10 });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      assignedTo: mine.id,
      serviceType: 'Brake service',
      // A discount on the pads and a special rate, set by the manager.
      parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: '30.00' }],
      labour: [{ description: 'Fit pads', hours: 1.5, rate: '60.10' }],
    });
    return { ws, customer, vehicle, mine, pads, filter, card };
  }
  const linesOf = (card: JobCardDetail) => ({
    parts: card.parts.map((l) => [l.sparePartId, l.quantity, l.unitPrice]),
    labour: card.labour.map((l) => [l.description, l.hours, l.rate]),
  });

  it('refuses a technician who sends other prices (403) and the card keeps its prices', async () => {
    const { ws, pads, card } = await pricedCard();
    const attempts = [
      { parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: 0.01 }] },
      { labour: [{ description: 'Fit pads', hours: 1.5, rate: 0.01 }] },
      {
        status: 'completed',
        parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: '0.01' }],
        labour: [{ description: 'Fit pads', hours: 1.5, rate: '0.01' }],
      },
      // A new line at a price of the technician's choosing.
      {
        labour: [
          { description: 'Fit pads', hours: 1.5 },
          { description: 'Road test', hours: 1, rate: '10' },
        ],
      },
      // The catalogue price does not undo the manager's discount either.
      { parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: '35.25' }] },
    ];
    for (const body of attempts) {
      const res = await ws.technician.put(`/api/job-cards/${card.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'job_cards.price_not_allowed', message: 'Only admins and managers can set prices' });
    }
    const refused = await ws.technician.put(`/api/job-cards/${card.id}`, attempts[2]);
    expect(refused.json().params).toEqual({ fields: ['parts.0.unitPrice', 'labour.0.rate'] });
    const after = (await ws.manager.get(`/api/job-cards/${card.id}`)).json() as JobCardDetail;
    expect(linesOf(after)).toEqual({ parts: [[pads.id, 2, '30.00']], labour: [['Fit pads', '1.50', '60.10']] });
    expect(after).toMatchObject({ status: 'pending', partsConsumed: false, partsTotal: '60.00', labourTotal: '90.15' });
    expect(await stockOf(ws.admin, pads.id)).toBe(10);
  });

  it("prices a technician's lines: the card's price for the same part or work, else the catalogue price and the workshop's labour rate", async () => {
    const { ws, pads, filter, card } = await pricedCard();
    await updateSettings(ws.admin, { labourRate: '55' });
    const res = await ws.technician.put(`/api/job-cards/${card.id}`, {
      parts: [
        { sparePartId: pads.id, quantity: 3 },
        { sparePartId: filter.id, quantity: 1 },
        { sparePartId: pads.id, quantity: 1 },
      ],
      labour: [
        { description: 'fit  PADS', hours: 2 },
        { description: 'Bleed brakes', hours: 0.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(linesOf(res.json())).toEqual({
      // The pads line keeps the discount; a second pads line and the filter are at catalogue prices.
      parts: [
        [pads.id, 3, '30.00'],
        [filter.id, 1, '8.50'],
        [pads.id, 1, '35.25'],
      ],
      labour: [
        ['fit  PADS', '2.00', '60.10'],
        ['Bleed brakes', '0.50', '55.00'],
      ],
    });
    expect(res.json()).toMatchObject({ partsTotal: '133.75', labourTotal: '147.70' });
  });

  it('accepts a technician resending the prices the card shows (the edit form), in any line order', async () => {
    const { ws, pads, filter, card } = await pricedCard();
    await ws.technician.put(`/api/job-cards/${card.id}`, {
      parts: [
        { sparePartId: pads.id, quantity: 2 },
        { sparePartId: filter.id, quantity: 1 },
      ],
      labour: [
        { description: 'Fit pads', hours: 1.5 },
        { description: 'Road test', hours: 0.25 },
      ],
    });
    const shown = (await ws.technician.get(`/api/job-cards/${card.id}`)).json() as JobCardDetail;
    const resent = await ws.technician.put(`/api/job-cards/${card.id}`, {
      notes: 'Done, road tested',
      parts: [...shown.parts].reverse().map((l) => ({ sparePartId: l.sparePartId, quantity: l.quantity, unitPrice: l.unitPrice })),
      labour: shown.labour.map((l) => ({ description: l.description, hours: Number(l.hours) + 0.5, rate: Number(l.rate) })),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(linesOf(resent.json())).toEqual({
      parts: [
        [filter.id, 1, '8.50'],
        [pads.id, 2, '30.00'],
      ],
      labour: [
        ['Fit pads', '2.00', '60.10'],
        ['Road test', '0.75', '50.00'],
      ],
    });
  });

  it('lets managers and admins set prices as before; a labour line without a rate is at the workshop rate', async () => {
    const { ws, pads, card } = await pricedCard();
    const manager = await ws.manager.put(`/api/job-cards/${card.id}`, {
      parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: 0.01 }],
      labour: [
        { description: 'Fit pads', hours: 1.5, rate: 0.01 },
        { description: 'Road test', hours: 1 },
      ],
    });
    expect(manager.statusCode, manager.body).toBe(200);
    expect(linesOf(manager.json())).toEqual({
      parts: [[pads.id, 2, '0.01']],
      labour: [
        ['Fit pads', '1.50', '0.01'],
        ['Road test', '1.00', '50.00'],
      ],
    });
    const admin = await ws.admin.put(`/api/job-cards/${card.id}`, { parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: '41' }] });
    expect(linesOf(admin.json()).parts).toEqual([[pads.id, 2, '41.00']]);
  });

  it('the invoice made from a completed card a technician filled in totals the catalogue prices and the labour rate', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const mine = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const pads = await createSparePart(ws.admin, { name: 'Brake pads', unitPrice: '35.25', stockQuantity: 10 });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      assignedTo: mine.id,
      serviceType: 'Brakes',
    });
    const cheap = await ws.technician.put(`/api/job-cards/${card.id}`, {
      status: 'completed',
      parts: [{ sparePartId: pads.id, quantity: 2, unitPrice: 0.01 }],
      labour: [{ description: 'Fit pads', hours: 1, rate: 0.01 }],
    });
    expect(cheap.statusCode).toBe(403);
    const done = await ws.technician.put(`/api/job-cards/${card.id}`, {
      status: 'completed',
      parts: [{ sparePartId: pads.id, quantity: 2 }],
      labour: [{ description: 'Fit pads', hours: 1 }],
    });
    expect(done.statusCode, done.body).toBe(200);
    const invoice = await ws.manager.post(`/api/tenants/${ws.tenantId}/job-cards/${card.id}/invoice`, {});
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json()).toMatchObject({
      partsCost: '70.50',
      laborCost: '50.00',
      subtotal: '120.50',
      taxAmount: '12.05',
      totalAmount: '132.55',
    });
  });
});

describe('job cards: totals at scale', () => {
  it('counts from job_card_counts, which follows every insert, status or priority change and delete', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const a = await createJobCard(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, priority: 'high' });
    const b = await createJobCard(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, status: 'in_progress' });
    await createJobCard(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, status: 'cancelled', priority: 'low' });
    await ws.manager.patch(`/api/job-cards/${a.id}/status`, { status: 'completed' });
    await ws.manager.put(`/api/job-cards/${b.id}`, { priority: 'urgent', notes: 'no count change from the notes' });
    const counted = () =>
      queryRows<{ status: string; priority: string; n: number }>(
        t.database.db,
        sql`select status, priority, n::int as n from job_card_counts where tenant_id = ${ws.tenantId} and n <> 0 order by status, priority`,
      );
    const actual = () =>
      queryRows<{ status: string; priority: string; n: number }>(
        t.database.db,
        sql`select status, priority, count(*)::int as n from job_cards where tenant_id = ${ws.tenantId} group by 1, 2 order by status, priority`,
      );
    expect(await counted()).toEqual(await actual());
    expect(await actual()).toEqual([
      { status: 'cancelled', priority: 'low', n: 1 },
      { status: 'completed', priority: 'high', n: 1 },
      { status: 'in_progress', priority: 'urgent', n: 1 },
    ]);
    await t.database.db.execute(sql`delete from job_cards where id = ${b.id}`);
    expect(await counted()).toEqual(await actual());
    const total = async (q: string) =>
      (await ws.manager.get(`/api/tenants/${ws.tenantId}/job-cards?limit=1&${q}`)).headers['x-total-count'];
    expect(await total('')).toBe('2');
    expect(await total('status=completed')).toBe('1');
    expect(await total('priority=low')).toBe('1');
    expect(await total('status=completed&priority=low')).toBe('0');
  });

  it('counts a search exactly up to 1,000 matches and estimates past that; the last page is always exact', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws, { firstName: 'Bulk', lastName: 'Fleet' });
    await t.database.db.execute(sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, status, priority)
      select ${ws.tenantId}, ${customer.id}, ${vehicle.id}, 'JC-' || lpad(g::text, 6, '0'), case when g % 2 = 0 then 'Valet' else 'Wash' end, 'pending', 'medium'
      from generate_series(1, 2400) g`);
    const list = (q: string) => ws.manager.get(`/api/tenants/${ws.tenantId}/job-cards?${q}`);
    const all = await list('limit=10');
    expect(all.headers['x-total-count']).toBe('2400'); // from the counts table
    expect(all.headers['x-total-count-exact']).toBeUndefined();
    const washes = await list('q=wash&limit=10');
    expect(washes.json()).toHaveLength(10);
    expect(washes.json()[0].jobNumber).toBe('JC-002399');
    expect(washes.headers['x-total-count-exact']).toBe('false');
    expect(Number(washes.headers['x-total-count'])).toBeGreaterThan(1000);
    const last = await list('q=wash&limit=50&offset=1180');
    expect(last.json()).toHaveLength(20);
    expect(last.headers['x-total-count']).toBe('1200');
    expect(last.headers['x-total-count-exact']).toBeUndefined();
    // The customer's name matches them all; a narrower search is counted exactly.
    expect((await list('q=bulk%20fleet&limit=1')).headers['x-total-count-exact']).toBe('false');
    const few = await list('q=JC-00012&limit=5');
    expect(few.headers['x-total-count']).toBe('10'); // JC-000120 to JC-000129
    expect(few.headers['x-total-count-exact']).toBeUndefined();
    expect((await list(`customerId=${customer.id}&limit=1`)).headers['x-total-count']).toBe('2400');
    // A new card still gets the next number.
    expect((await ws.manager.get('/api/job-cards/next-number')).json().jobNumber).toBe('JC-002401');
  });
});

describe('job cards: live updates', () => {
  it('tell other browsers of the workshop that job cards, and on completion the parts, changed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const part = await createSparePart(ws.admin);
    const live = connect(`ws://127.0.0.1:${port}/ws`, ws.technician.cookie);
    await live.opened;
    await live.waitFor((m) => m.type === 'hello');
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      parts: [{ sparePartId: part.id, quantity: 1 }],
    });
    await live.waitFor((m) => m.type === 'update' && m.entity === 'job_cards');
    expect(live.messages.some((m) => m.entity === 'spare_parts')).toBe(false);
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    await live.waitFor((m) => m.type === 'update' && m.entity === 'spare_parts');
    live.messages.length = 0;
    await ws.manager.post(`/api/spare-parts/${part.id}/stock`, { type: 'receive', quantity: 3 });
    await live.waitFor((m) => m.type === 'update' && m.entity === 'spare_parts');
    live.socket.close();
  });
});
