import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { insertCustomerWithVehicle } from '../../test/workshop.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { serviceBookings } from '../bookings/bookings.table.ts';
import { APPOINTMENT_SERVICE_TYPES } from '../../../core/contracts/appointments.values.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { sql } from 'drizzle-orm';
import { eventSpansBetween, eventsBetween } from '../schedule/schedule.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00.000Z`).toISOString();
type Suggestion = { kind: string; id: number; technicianId: number; start: string; end: string; reasons: string[]; score: number };
type Optimization = {
  id: number;
  schedule: string;
  suggestions: Suggestion[];
  unplaced: Array<{ kind: string; id: number; reason: string }>;
  reasoning: string;
  potentialTimeSaved: number;
  conflictsAvoided: number;
  status: string;
  appliedAt: string | null;
  decidedBy: number | null;
};

/**
 * A workshop (UTC, no shifts: everyone works 08:00-18:00) with two technicians: A (brakes,
 * rating 5, already on a booking 11:00-12:00) and B (engines, rating 3); on `day`: unassigned
 * bookings at 09:00 (brakes) and 09:00 (engine), an appointment at 14:00, and a brake task of two
 * hours with no time, due that day.
 */
async function setup(day = addDays(today(), 10)) {
  const ws = await createWorkshop(t.app);
  const db = t.database.db;
  const a = await createTechnician(ws.admin, { firstName: 'Amal', lastName: 'Brakes', rating: 5 }, ['Brakes']);
  const b = await createTechnician(ws.admin, { firstName: 'Badr', lastName: 'Engines', rating: 3 }, ['Engine']);
  const { customer, vehicle } = await insertCustomerWithVehicle(
    db,
    ws.tenantId,
    {},
    { plateNumber: `S-${Math.random().toString(36).slice(2, 8)}` },
  );
  const booking = async (hhmm: string, serviceType: string, technicianId: number | null = null) => {
    const [row] = await db
      .insert(serviceBookings)
      .values({
        tenantId: ws.tenantId,
        customerId: customer.id,
        vehicleId: vehicle.id,
        serviceType,
        scheduledDate: new Date(at(day, hhmm)),
        duration: 60,
        technicianId,
      })
      .returning({ id: serviceBookings.id });
    return row.id;
  };
  await booking('11:00', 'Oil change', a.id);
  const brakes = await booking('09:00', 'Brakes');
  const engine = await booking('09:00', 'Engine');
  const appt = await ws.manager.post(`/api/tenants/${ws.tenantId}/appointments`, {
    customerName: 'Walk In',
    customerPhone: '+971500000009',
    serviceType: APPOINTMENT_SERVICE_TYPES[0],
    scheduledDate: day,
    scheduledTime: '14:00',
    duration: 60,
  });
  expect(appt.statusCode, appt.body).toBe(201);
  const task = await createTask(ws.manager, { title: 'Brake pads', skillRequired: 'Brakes', estimatedHours: 2, dueDate: at(day, '17:00') });
  return { ws, day, a: a.id as number, b: b.id as number, brakes, engine, appointment: appt.json().id as number, task: task.id as number };
}

const optimize = (ws: Workshop, schedulingData: unknown, as: 'admin' | 'manager' | 'technician' = 'manager') =>
  ws[as].post(`/api/tenants/${ws.tenantId}/ai/optimize-schedule`, { schedulingData });
const recordUrl = (ws: Workshop, id: number, step = '') => `/api/tenants/${ws.tenantId}/ai/schedule-optimizations/${id}${step}`;

describe("the planner's diary", () => {
  it('reads the same events as the schedule, as instants in milliseconds (microseconds floored as a Date does)', async () => {
    const s = await setup();
    const db = t.database.db;
    await db.execute(sql`update service_bookings set scheduled_date = scheduled_date + interval '0.123789 second'
      where tenant_id = ${s.ws.tenantId} and technician_id is not null`);
    const from = new Date(at(s.day, '00:00'));
    const to = new Date(at(addDays(s.day, 1), '00:00'));
    const events = await eventsBetween(db, s.ws.tenantId, [s.a, s.b], from, to);
    const spans = await eventSpansBetween(db, s.ws.tenantId, [s.a, s.b], from, to);
    expect(events.length).toBeGreaterThan(0);
    expect(events.some((e) => e.start.endsWith('.123Z'))).toBe(true);
    const key = (e: { kind: string; technicianId: number; status: string; start: number; end: number }) =>
      `${e.kind} ${e.technicianId} ${e.status} ${e.start} ${e.end}`;
    expect(spans.map(key).sort()).toEqual(events.map((e) => key({ ...e, start: Date.parse(e.start), end: Date.parse(e.end) })).sort());
    expect(spans.every((e) => typeof e.start === 'number' && typeof e.end === 'number')).toBe(true);
  });
});

describe('POST /ai/optimize-schedule', () => {
  it('places unassigned work by skill, around commitments, without overlaps, against a naive baseline', async () => {
    const s = await setup();
    const res = await optimize(s.ws, { from: s.day, to: s.day }, 'technician');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as Optimization;
    const placed = Object.fromEntries(o.suggestions.map((x) => [`${x.kind}:${x.id}`, [x.technicianId, x.start]]));
    expect(placed).toEqual({
      [`bookings:${s.brakes}`]: [s.a, at(s.day, '09:00')],
      [`bookings:${s.engine}`]: [s.b, at(s.day, '09:00')],
      [`appointments:${s.appointment}`]: [s.a, at(s.day, '14:00')],
      // A is on the brake booking 09:00-10:00 and the oil change 11:00-12:00: the first two free hours are 12:00-14:00.
      [`tasks:${s.task}`]: [s.a, at(s.day, '12:00')],
    });
    expect(o.suggestions.find((x) => x.kind === 'tasks')!.reasons).toEqual(expect.arrayContaining(['skill_match', 'earliest_slot']));
    expect(o.unplaced).toEqual([]);
    // Assigning in order to the first free technician would have done the same here.
    expect(o.conflictsAvoided).toBe(0);
    expect(o.potentialTimeSaved).toBe(0);
    expect(o.schedule).toContain('Amal Brakes:');
    expect(o.status).toBe('pending');
    expect((o as Optimization & { request: unknown }).request).toEqual({
      from: s.day,
      to: s.day,
      include: ['tasks', 'bookings', 'appointments'],
    });
    // The reasoning's figures, for the web to word it (kept beside the request, read back the same).
    const summary = { placed: 4, items: 4, technicians: 2, activeTechnicians: 2, workdayStart: '08:00', workdayEnd: '18:00', capacity: 5 };
    expect((o as Optimization & { summary: unknown }).summary).toEqual(summary);
    expect(o.reasoning).toContain('Placed 4 of 4 unassigned items');
    const read = (await s.ws.technician.get(recordUrl(s.ws, o.id))).json();
    expect(read).toMatchObject({ id: o.id, status: 'pending', summary });
    expect(read.request).toEqual({ from: s.day, to: s.day, include: ['tasks', 'bookings', 'appointments'] });
  });

  it('says why it could not place work', async () => {
    const s = await setup();
    // A third booking at 09:00: both technicians are taken.
    const first = (await optimize(s.ws, { from: s.day, to: s.day, include: ['bookings'] })).json() as Optimization;
    expect(first.suggestions).toHaveLength(2);
    const db = t.database.db;
    const [extra] = await db
      .insert(serviceBookings)
      .values({
        tenantId: s.ws.tenantId,
        customerId: (await s.ws.manager.get(`/api/service-bookings/${s.brakes}`)).json().customerId,
        vehicleId: (await s.ws.manager.get(`/api/service-bookings/${s.brakes}`)).json().vehicleId,
        serviceType: 'Tyres',
        scheduledDate: new Date(at(s.day, '09:30')),
        duration: 30,
      })
      .returning({ id: serviceBookings.id });
    const o = (await optimize(s.ws, { from: s.day, to: s.day, include: ['bookings'] })).json() as Optimization;
    expect(o.unplaced).toEqual([expect.objectContaining({ kind: 'bookings', id: extra.id, reason: 'no_free_technician' })]);
    expect(o.schedule).toContain('Not placed:');
    // The first free technician way would have double-booked A for 30 minutes.
    expect(o).toMatchObject({ conflictsAvoided: 1, potentialTimeSaved: 30 });
  });

  it('refuses bad input with the contract wording, and a range past 31 days', async () => {
    const { ws } = await setup();
    const missing = await ws.manager.post(`/api/tenants/${ws.tenantId}/ai/optimize-schedule`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].message).toBe('Scheduling data is required');
    const none = await optimize(ws, { from: today(), to: today(), include: [] });
    expect(none.json().issues[0].message).toBe('Choose what to plan');
    const long = await optimize(ws, { from: today(), to: addDays(today(), 31) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'ai.range_too_long', params: { maxDays: 31 } });
    expect((await optimize(ws, { from: today(), to: addDays(today(), 30) })).statusCode).toBe(200);
    const backwards = await optimize(ws, { from: today(), to: addDays(today(), -1) });
    expect(backwards.json().code).toBe('ai.range_invalid');
  });
});

describe('applying a schedule optimisation', () => {
  it('assigns every suggestion through the modules, once; technicians may not', async () => {
    const s = await setup();
    const o = (await optimize(s.ws, { from: s.day, to: s.day })).json() as Optimization;
    expect((await s.ws.technician.post(recordUrl(s.ws, o.id, '/apply'), {})).statusCode).toBe(403);
    const res = await s.ws.manager.post(recordUrl(s.ws, o.id, '/apply'), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skipped).toEqual([]);
    expect(res.json().assigned).toHaveLength(4);
    expect((await s.ws.manager.get(`/api/service-bookings/${s.engine}`)).json().technicianId).toBe(s.b);
    expect((await s.ws.manager.get(`/api/tenants/${s.ws.tenantId}/appointments/${s.appointment}`)).json().assignedTo).toBe(s.a);
    const task = (await s.ws.manager.get(`/api/tasks/${s.task}`)).json();
    expect(task).toMatchObject({ technicianId: s.a, status: 'assigned' });
    expect(new Date(task.scheduledDate).toISOString()).toBe(at(s.day, '12:00'));
    const record = (await s.ws.manager.get(recordUrl(s.ws, o.id))).json() as Optimization;
    expect(record).toMatchObject({ status: 'applied', decidedBy: s.ws.manager.user.id });
    expect(record.appliedAt).toBeTruthy();
    const again = await s.ws.admin.post(recordUrl(s.ws, o.id, '/apply'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ai.already_decided');
  });

  it('skips what someone else assigned or booked meanwhile, never double-booking', async () => {
    const s = await setup();
    const o = (await optimize(s.ws, { from: s.day, to: s.day })).json() as Optimization;
    // Meanwhile: the brake booking is given to A by hand, and A gets a booking over the appointment.
    expect((await s.ws.manager.put(`/api/service-bookings/${s.brakes}`, { technicianId: s.a })).statusCode).toBe(200);
    const brake = (await s.ws.manager.get(`/api/service-bookings/${s.brakes}`)).json();
    await t.database.db.insert(serviceBookings).values({
      tenantId: s.ws.tenantId,
      customerId: brake.customerId,
      vehicleId: brake.vehicleId,
      serviceType: 'Urgent',
      scheduledDate: new Date(at(s.day, '14:30')),
      duration: 60,
      technicianId: s.a,
    });
    const res = await s.ws.admin.post(recordUrl(s.ws, o.id, '/apply'), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skipped).toEqual(
      expect.arrayContaining([
        { kind: 'bookings', id: s.brakes, reason: 'already_assigned' },
        { kind: 'appointments', id: s.appointment, reason: 'conflict' },
      ]),
    );
    expect(
      res
        .json()
        .assigned.map((x: { kind: string; id: number }) => `${x.kind}:${x.id}`)
        .sort(),
    ).toEqual([`bookings:${s.engine}`, `tasks:${s.task}`].sort());
    expect((await s.ws.manager.get(`/api/service-bookings/${s.brakes}`)).json().technicianId).toBe(s.a);
    expect((await s.ws.manager.get(`/api/tenants/${s.ws.tenantId}/appointments/${s.appointment}`)).json().assignedTo).toBeNull();
    // The engine booking went to B as planned; B taking the brake booking too would have double-booked them.
    expect((await s.ws.manager.get(`/api/service-bookings/${s.engine}`)).json().technicianId).toBe(s.b);
  });

  it('lets one of twenty racing applies win; the others answer 409, none 5xx', async () => {
    const s = await setup();
    const o = (await optimize(s.ws, { from: s.day, to: s.day })).json() as Optimization;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? s.ws.manager : s.ws.admin).post(recordUrl(s.ws, o.id, '/apply'), {})),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((r) => r.statusCode === 200)!.json().assigned).toHaveLength(4);
  });

  it('refuses a range in year 10000 (400, not 5xx)', async () => {
    const ws = await createWorkshop(t.app);
    for (const range of [
      { from: '10000-01-01', to: '10000-01-02' },
      { from: '+010000-01-01', to: '+010000-01-02' },
      { from: '9999-12-31', to: '10000-01-01' },
    ]) {
      const res = await optimize(ws, range);
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('lets one of two racing applies win', async () => {
    const s = await setup();
    const o = (await optimize(s.ws, { from: s.day, to: s.day })).json() as Optimization;
    const [one, two] = await Promise.all([
      s.ws.manager.post(recordUrl(s.ws, o.id, '/apply'), {}),
      s.ws.admin.post(recordUrl(s.ws, o.id, '/apply'), {}),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? one : two;
    expect(winner.json().assigned).toHaveLength(4);
    const bookings = (await s.ws.manager.get(`/api/tenants/${s.ws.tenantId}/service-bookings?limit=50`)).json() as Array<{
      id: number;
      technicianId: number | null;
    }>;
    expect(bookings.find((b) => b.id === s.engine)!.technicianId).toBe(s.b);
  });

  it('is dismissed once; another workshop gets 404', async () => {
    const s = await setup();
    const other = await createWorkshop(t.app);
    const o = (await optimize(s.ws, { from: s.day, to: s.day })).json() as Optimization;
    for (const url of [recordUrl(other, o.id), recordUrl(other, o.id, '/apply'), recordUrl(other, o.id, '/dismiss')]) {
      const res = url.endsWith(`${o.id}`) ? await other.admin.get(url) : await other.admin.post(url, {});
      expect(res.statusCode, url).toBe(404);
    }
    expect((await other.admin.get(recordUrl(s.ws, o.id))).statusCode).toBe(404);
    const res = await s.ws.technician.post(recordUrl(s.ws, o.id, '/dismiss'), {});
    expect(res.json()).toMatchObject({ status: 'dismissed', decidedBy: s.ws.technician.user.id, appliedAt: null });
    expect((await s.ws.manager.post(recordUrl(s.ws, o.id, '/apply'), {})).statusCode).toBe(409);
    expect((await s.ws.manager.get(`/api/service-bookings/${s.engine}`)).json().technicianId).toBeNull();
  });
});

describe('shifts', () => {
  it("places work only inside a technician's shift; one without shifts works the usual hours", async () => {
    const ws = await createWorkshop(t.app);
    const day = addDays(today(), 12);
    const c = await createTechnician(ws.admin, { firstName: 'Chadi', lastName: 'Shift', rating: 5, userId: ws.technician.user.id }, [
      'Brakes',
    ]);
    const d = await createTechnician(ws.admin, { firstName: 'Dina', lastName: 'Day', rating: 1 }, ['Engine']);
    const shift = await ws.admin.post('/api/shifts', { name: 'Afternoon', startTime: '13:00', endTime: '17:00' });
    expect(shift.statusCode, shift.body).toBe(201);
    const assigned = await ws.admin.post('/api/shift-assignments', { shiftId: shift.json().id, userId: ws.technician.user.id, date: day });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const { customer, vehicle } = await insertCustomerWithVehicle(t.database.db, ws.tenantId, {}, { plateNumber: 'SH-1' });
    const [morning, afternoon] = await t.database.db
      .insert(serviceBookings)
      .values(
        ['09:00', '14:00'].map((hhmm) => ({
          tenantId: ws.tenantId,
          customerId: customer.id,
          vehicleId: vehicle.id,
          serviceType: 'Brakes',
          scheduledDate: new Date(at(day, hhmm)),
          duration: 60,
        })),
      )
      .returning({ id: serviceBookings.id });
    const task = await createTask(ws.manager, {
      title: 'Bleed brakes',
      skillRequired: 'Brakes',
      estimatedHours: 1,
      dueDate: at(day, '17:00'),
    });
    const o = (await optimize(ws, { from: day, to: day })).json() as Optimization;
    const placed = Object.fromEntries(o.suggestions.map((x) => [`${x.kind}:${x.id}`, [x.technicianId, x.start]]));
    expect(placed).toEqual({
      // The brake specialist is off until 13:00: the morning booking goes to the one working the usual hours.
      [`bookings:${morning.id}`]: [d.id, at(day, '09:00')],
      [`bookings:${afternoon.id}`]: [c.id, at(day, '14:00')],
      [`tasks:${task.id}`]: [c.id, at(day, '13:00')],
    });
    // The first free technician way would have given the morning booking to the specialist, off shift.
    expect(o).toMatchObject({ conflictsAvoided: 1, potentialTimeSaved: 60 });
  });
});

describe('the AI call limit', () => {
  it('answers 429 with Retry-After past the per-user limit', async () => {
    const limited = await createTestApp({ aiCallsPerMinute: 2 });
    try {
      const ws = await createWorkshop(limited.app);
      const call = () =>
        ws.manager.post(`/api/tenants/${ws.tenantId}/ai/optimize-schedule`, { schedulingData: { from: today(), to: today() } });
      expect((await call()).statusCode).toBe(200);
      const { vehicle } = await insertCustomerWithVehicle(limited.database.db, ws.tenantId, {}, { plateNumber: 'RL-1', mileage: 100 });
      expect(
        (await ws.manager.post(`/api/tenants/${ws.tenantId}/ai/predict-maintenance`, { vehicleId: vehicle.id, mileage: 200 })).statusCode,
      ).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('ai.too_many_requests');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Per user: another user of the workshop still may ask.
      expect(
        (await ws.admin.post(`/api/tenants/${ws.tenantId}/ai/optimize-schedule`, { schedulingData: { from: today(), to: today() } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
