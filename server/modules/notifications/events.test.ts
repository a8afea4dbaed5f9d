import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';
import { createJobCard, createSparePart } from '../../test/workshop.ts';
import { createInvoice } from '../../test/billing.ts';
import { startSmtp } from '../../test/smtp.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '../../../core/contracts/auth.ts';

type Row = {
  id: number;
  type: string;
  details: Record<string, unknown>;
  entityType: string | null;
  entityId: number | null;
  readAt: string | null;
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let w: Workshop;
let other: Workshop;
let techId: number;
let otherTechId: number;
let ids: { customerId: number; vehicleId: number };
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  w = await createWorkshop(t.app);
  other = await createWorkshop(t.app);
  techId = (await createTechnician(w.admin, { userId: w.technician.user.id })).id;
  otherTechId = (await createTechnician(other.admin, { userId: other.technician.user.id })).id;
  ids = await insertCustomerVehicle(t, w);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function inbox(client: Client, query = ''): Promise<Row[]> {
  const res = await client.get(`/api/notifications?limit=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The notifications a client got while `work` ran, oldest first. */
async function during(client: Client, work: () => Promise<unknown>): Promise<Row[]> {
  const before = new Set((await inbox(client)).map((n) => n.id));
  await work();
  await t.app.notifier.settled();
  return (await inbox(client)).filter((n) => !before.has(n.id)).reverse();
}
/** What each of a workshop's people (and the other workshop's) got while `work` ran: kinds in order. */
async function everyone(work: () => Promise<unknown>) {
  const people = { admin: w.admin, manager: w.manager, technician: w.technician, otherAdmin: other.admin, otherTech: other.technician };
  const before = await Promise.all(Object.values(people).map(async (c) => new Set((await inbox(c)).map((n) => n.id))));
  await work();
  await t.app.notifier.settled();
  const after = await Promise.all(Object.values(people).map((c) => inbox(c)));
  return Object.fromEntries(
    Object.keys(people).map((name, i) => [
      name,
      after[i]
        .filter((n) => !before[i].has(n.id))
        .reverse()
        .map((n) => n.type),
    ]),
  ) as Record<keyof typeof people, string[]>;
}
const setPreferences = async (client: Client, prefs: Partial<Preferences>) => {
  const res = await client.put('/api/user/preferences', { ...DEFAULT_PREFERENCES, ...prefs });
  expect(res.statusCode, res.body).toBe(200);
};
const ok = <R extends { statusCode: number; body: string }>(res: R, code = 200): R => {
  expect(res.statusCode, res.body).toBe(code);
  return res;
};

describe('task events', () => {
  it('tell the assignee of an assignment and of a change, never the one who acted, nor another workshop', async () => {
    let task: { id: number; title: string } = { id: 0, title: '' };
    const created = await everyone(async () => (task = await createTask(w.manager, { title: 'Replace brake pads', technicianId: techId })));
    expect(created).toEqual({ admin: [], manager: [], technician: ['task_assigned'], otherAdmin: [], otherTech: [] });
    const [assigned] = await inbox(w.technician, '&kind=tasks');
    expect(assigned).toMatchObject({
      type: 'task_assigned',
      details: { taskTitle: 'Replace brake pads' },
      entityType: 'task',
      entityId: task.id,
      readAt: null,
    });
    expect(smtp.to(w.technician.user.email!).at(-1)!.body).toContain('Replace brake pads');

    // The technician moving their own task: nobody is told (they did it).
    expect(await everyone(() => w.technician.put(`/api/tasks/${task.id}`, { status: 'in_progress' }))).toEqual({
      admin: [],
      manager: [],
      technician: [],
      otherAdmin: [],
      otherTech: [],
    });
    // The manager changing it: the technician is told, with the status it has.
    const changed = await during(w.technician, () => w.manager.put(`/api/tasks/${task.id}`, { priority: 'high' }));
    expect(changed.map((n) => [n.type, n.details.status])).toEqual([['task_updated', 'in_progress']]);
    // Completing it as the manager is a change too.
    const done = await during(w.technician, () => w.manager.post(`/api/tasks/${task.id}/complete`, {}));
    expect(done.map((n) => [n.type, n.details.status])).toEqual([['task_updated', 'completed']]);
  });

  it('tell of an assignment made later, by assign or in bulk', async () => {
    const task = await createTask(w.manager, { title: 'Wheel alignment' });
    const viaAssign = await during(w.technician, () => w.admin.post(`/api/tasks/${task.id}/assign`, { technicianId: techId }));
    expect(viaAssign.map((n) => n.type)).toEqual(['task_assigned']);
    const bulk = await createTask(w.manager, { title: 'Battery check' });
    const viaBulk = await during(w.technician, () =>
      w.manager.post('/api/tasks/bulk-assign', { taskIds: [bulk.id], technicianIds: [techId] }),
    );
    expect(viaBulk.map((n) => [n.type, n.details.taskTitle])).toEqual([['task_assigned', 'Battery check']]);
  });
});

describe('job card, booking and appointment events', () => {
  it('a job card: assigned, then each change of status; an edit that leaves the status is no news', async () => {
    let card: { id: number; jobNumber: string } = { id: 0, jobNumber: '' };
    const created = await everyone(async () => (card = await createJobCard(w.manager, { ...ids, assignedTo: techId })));
    expect(created).toEqual({ admin: [], manager: [], technician: ['job_card_assigned'], otherAdmin: [], otherTech: [] });
    const status = await during(w.technician, () => w.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'in_progress' }));
    expect(status.map((n) => [n.type, n.details])).toEqual([
      ['job_card_status', { jobNumber: card.jobNumber, serviceType: 'Oil change', status: 'in_progress' }],
    ]);
    expect(status[0]).toMatchObject({ entityType: 'job_card', entityId: card.id });
    expect(await during(w.technician, () => w.manager.put(`/api/job-cards/${card.id}`, { description: 'Noise at the front' }))).toEqual([]);
  });

  it('a booking and an appointment: created for the technician, then changed', async () => {
    const when = `${addDays(dayInZone(new Date(), 'UTC'), 3)}T10:00:00.000Z`;
    let booking: { id: number } = { id: 0 };
    const made = await everyone(
      async () =>
        (booking = ok(
          await w.manager.post('/api/service-bookings', { ...ids, serviceType: 'Oil change', scheduledDate: when, technicianId: techId }),
          201,
        ).json()),
    );
    expect(made).toEqual({ admin: [], manager: [], technician: ['booking_assigned'], otherAdmin: [], otherTech: [] });
    const moved = await during(w.technician, async () =>
      ok(await w.manager.put(`/api/service-bookings/${booking.id}`, { status: 'confirmed' })),
    );
    expect(moved.map((n) => [n.type, n.details])).toEqual([
      ['booking_updated', { serviceType: 'Oil change', date: when.slice(0, 10), status: 'confirmed' }],
    ]);

    const day = addDays(dayInZone(new Date(), 'UTC'), 4);
    const base = `/api/tenants/${w.tenantId}/appointments`;
    let appointment: { id: number; appointmentNumber: string } = { id: 0, appointmentNumber: '' };
    const booked = await during(w.technician, async () => {
      appointment = ok(
        await w.manager.post(base, {
          customerName: 'Noor Aziz',
          customerPhone: '+971 50 123 4567',
          serviceType: 'oil_change',
          scheduledDate: day,
          scheduledTime: '14:30',
          assignedTo: techId,
        }),
        201,
      ).json();
    });
    expect(booked.map((n) => [n.type, n.details])).toEqual([
      ['appointment_assigned', { appointmentNumber: appointment.appointmentNumber, date: day, time: '14:30', status: 'pending' }],
    ]);
    const confirmed = await during(w.technician, async () => ok(await w.manager.put(`${base}/${appointment.id}`, { status: 'confirmed' })));
    expect(confirmed.map((n) => [n.type, n.details.status, n.entityType, n.entityId])).toEqual([
      ['appointment_updated', 'confirmed', 'appointment', appointment.id],
    ]);
    // Another workshop's technician was never told of any of it.
    expect((await inbox(other.technician)).filter((n) => n.type !== 'task_assigned')).toEqual([]);
    expect(otherTechId).toBeGreaterThan(0);
  });
});

describe('low stock', () => {
  it('tells managers and admins (not the one who moved the stock, not technicians) once per part until it is restocked', async () => {
    const part = await createSparePart(w.admin, { name: 'Brake disc', stockQuantity: 5, minimumStock: 3 });
    const move = (client: Client, body: object) => async () => ok(await client.post(`/api/spare-parts/${part.id}/stock`, body));
    expect(await everyone(move(w.manager, { type: 'correct', quantity: 2 }))).toEqual({
      admin: ['low_stock'],
      manager: [],
      technician: [],
      otherAdmin: [],
      otherTech: [],
    });
    const [low] = await inbox(w.admin, '&kind=stock');
    expect(low).toMatchObject({
      details: { partName: 'Brake disc', sku: part.sku, stockQuantity: '2', minimumStock: '3' },
      entityType: 'spare_part',
      entityId: part.id,
    });
    // Lower still: no second alert while it stays low.
    expect((await everyone(move(w.manager, { type: 'correct', quantity: 0 }))).admin).toEqual([]);
    // Restocked, then low again: told again (this time the admin acted, so the manager hears).
    expect((await everyone(move(w.manager, { type: 'receive', quantity: 10 }))).admin).toEqual([]);
    expect(await everyone(move(w.admin, { type: 'correct', quantity: 1 }))).toMatchObject({ admin: [], manager: ['low_stock'] });
  });
});

describe('billing events', () => {
  it('a payment recorded tells the other managers and admins', async () => {
    const invoice = await createInvoice(w.manager, { ...ids, laborCost: 100, status: 'sent', dueDate: '2099-01-31' });
    const got = await everyone(async () =>
      ok(await w.admin.post(`/api/tenants/${w.tenantId}/invoices/${invoice.id}/record-payment`, { paidAmount: 40, paymentMethod: 'cash' })),
    );
    expect(got).toEqual({ admin: [], manager: ['payment_recorded'], technician: [], otherAdmin: [], otherTech: [] });
    const [paid] = await inbox(w.manager, '&kind=billing');
    expect(paid).toMatchObject({
      details: { invoiceNumber: invoice.invoiceNumber, amount: '40.00' },
      entityType: 'invoice',
      entityId: invoice.id,
    });
  });

  it('an invoice that becomes overdue is told once, by the workshop calendar', async () => {
    const today = dayInZone(new Date(), 'UTC');
    const invoice = await createInvoice(w.manager, { ...ids, laborCost: 100, status: 'sent', dueDate: today });
    // Due today: not yet overdue.
    expect((await everyone(() => t.app.notifier.runDue(new Date()))).manager).not.toContain('invoice_overdue');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const got = await everyone(() => t.app.notifier.runDue(tomorrow));
    expect(got).toEqual({ admin: ['invoice_overdue'], manager: ['invoice_overdue'], technician: [], otherAdmin: [], otherTech: [] });
    const [overdue] = await inbox(w.admin, '&kind=billing');
    expect(overdue).toMatchObject({
      details: { invoiceNumber: invoice.invoiceNumber, dueDate: today, balance: '110.00' },
      entityId: invoice.id,
    });
    // Checked again (another process, a restart): no second one.
    expect((await everyone(() => t.app.notifier.runDue(tomorrow))).admin).toEqual([]);
  });

  it('a service reminder that comes due is told once to managers and admins', async () => {
    const { vehicleId } = await insertCustomerVehicle(t, w, { make: 'Kia', model: 'Rio', plateNumber: 'K-7001' });
    const today = dayInZone(new Date(), 'UTC');
    const body = { serviceName: 'Oil change', intervalMonths: 6, lastServiceDate: addDays(today, -170), reminderDays: 30 };
    ok(await w.manager.post(`/api/vehicles/${vehicleId}/maintenance-schedules`, body), 201);
    const got = await everyone(() => t.app.notifier.runDue(new Date()));
    expect(got).toMatchObject({ admin: ['service_reminder_due'], manager: ['service_reminder_due'], technician: [], otherAdmin: [] });
    const [due] = await inbox(w.manager, '&kind=maintenance');
    expect(due).toMatchObject({
      details: { reminderTitle: 'Oil change due', vehicleName: 'Kia Rio', plateNumber: 'K-7001' },
      entityType: 'vehicle',
      entityId: vehicleId,
    });
    expect((await everyone(() => t.app.notifier.runDue(new Date()))).manager).toEqual([]);
  });
});

describe('preferences per channel', () => {
  const deliveries = async (taskId: number) =>
    ((await w.manager.get(`/api/tasks/${taskId}/notifications`)).json() as Array<{ channel: string }>).map((d) => d.channel).sort();

  it('e-mail off: in-app only, no e-mail row and nothing sent', async () => {
    await setPreferences(w.technician, { emailNotifications: false });
    const sentBefore = smtp.to(w.technician.user.email!).length;
    const task = await createTask(w.manager, { technicianId: techId });
    await t.app.notifier.settled();
    expect(await deliveries(task.id)).toEqual(['in_app']);
    expect(smtp.to(w.technician.user.email!)).toHaveLength(sentBefore);
    expect((await inbox(w.technician))[0]).toMatchObject({ type: 'task_assigned', entityId: task.id });
  });

  it('task assignments off: no e-mail for an assignment, but an update still goes out', async () => {
    await setPreferences(w.technician, { taskAssignments: false });
    const task = await createTask(w.manager, { technicianId: techId });
    await t.app.notifier.settled();
    expect(await deliveries(task.id)).toEqual(['in_app']);
    ok(await w.manager.put(`/api/tasks/${task.id}`, { priority: 'urgent' }));
    await t.app.notifier.settled();
    expect(await deliveries(task.id)).toEqual(['email', 'in_app', 'in_app']);
    expect(smtp.to(w.technician.user.email!).at(-1)!.body).toContain('Task updated');
    await setPreferences(w.technician, {});
  });

  it('a mail server that refuses is a failed delivery, never a failed request', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1?from=desk@workbay.test' });
    try {
      const ws = await createWorkshop(broken.app);
      const tech = await createTechnician(ws.admin, { userId: ws.technician.user.id });
      const res = await ws.manager.post('/api/tasks', { title: 'Tyre rotation', priority: 'medium', technicianId: tech.id });
      expect(res.statusCode).toBe(201);
      await broken.app.notifier.settled();
      const rows = (await ws.manager.get(`/api/tasks/${res.json().id}/notifications`)).json();
      expect(rows.map((r: { channel: string; status: string }) => `${r.channel}:${r.status}`).sort()).toEqual([
        'email:failed',
        'in_app:sent',
      ]);
      expect(rows.find((r: { channel: string }) => r.channel === 'email').error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});

describe('/api/notifications', () => {
  it('filters by unread and kind, pages with the full count, and reads one or all', async () => {
    const ws = await createWorkshop(t.app);
    const tech = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    for (const title of ['One', 'Two', 'Three']) await createTask(ws.manager, { title, technicianId: tech.id });
    const card = await createJobCard(ws.manager, { ...(await insertCustomerVehicle(t, ws)), assignedTo: tech.id });
    expect(card.id).toBeGreaterThan(0);

    const all = await ws.technician.get('/api/notifications');
    expect(all.headers['x-total-count']).toBe('4');
    const page = await ws.technician.get('/api/notifications?kind=tasks&limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((n: Row) => n.details.taskTitle)).toEqual(['Two', 'One']);
    expect((await ws.technician.get('/api/notifications?kind=job_cards')).json().map((n: Row) => n.type)).toEqual(['job_card_assigned']);

    const [newest] = all.json();
    expect((await ws.technician.post(`/api/notifications/${newest.id}/read`)).statusCode).toBe(204);
    const unread = await ws.technician.get('/api/notifications?status=unread');
    expect(unread.headers['x-total-count']).toBe('3');
    expect(unread.json().map((n: Row) => n.id)).not.toContain(newest.id);
    expect((await ws.technician.get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });

    // Someone else's, of this workshop or another: not found; the owner's is untouched.
    expect((await ws.manager.post(`/api/notifications/${unread.json()[0].id}/read`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/notifications/${unread.json()[0].id}/read`)).statusCode).toBe(404);
    expect((await ws.technician.get('/api/notifications/unread-count')).json()).toEqual({ count: 3 });
    expect((await ws.manager.get('/api/notifications')).headers['x-total-count']).toBe('0');

    expect((await ws.technician.post('/api/notifications/read-all')).statusCode).toBe(204);
    expect((await ws.technician.get('/api/notifications?status=unread')).headers['x-total-count']).toBe('0');
    expect((await ws.technician.get('/api/notifications?status=all')).headers['x-total-count']).toBe('4');
  });

  it('refuses a bad filter with a clear 400', async () => {
    const kind = await w.technician.get('/api/notifications?kind=gossip');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().issues[0].message).toMatch(/^Kind must be one of tasks, job_cards/);
    const status = await w.technician.get('/api/notifications?status=some');
    expect(status.statusCode).toBe(400);
    expect(status.json().issues[0].message).toBe('Status must be all or unread');
    expect((await w.technician.post('/api/notifications/99999999999/read')).statusCode).toBe(400);
  });
});
