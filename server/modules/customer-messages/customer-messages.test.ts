import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createCustomer, createVehicle } from '../../test/customers-vehicles.ts';
import type { CustomerMessage } from '../../../core/contracts/customer-messages.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';

let t: TestApp;
let w: Workshop;
/** What the app handed to its e-mail sender. This workshop has no SMS: an SMS is never sent. */
const sent: Array<{ to: string; subject: string; text: string }> = [];
beforeAll(async () => {
  t = await createTestApp({
    senders: {
      email: async (m) => {
        if (m.to.startsWith('bounce')) throw new Error('550 mailbox unavailable');
        sent.push(m);
      },
    },
  });
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

/** A customer with their consents recorded and a vehicle whose oil change is due within its reminder days. */
async function dueCustomer(ws: Workshop, fields: Record<string, unknown>, consents: Record<string, boolean> | null) {
  const customer = await createCustomer(ws.manager, fields);
  if (consents) {
    const res = await ws.manager.put(`/api/customers/${customer.id}/consents`, { ...consents, source: 'form' });
    expect(res.statusCode, res.body).toBe(200);
  }
  const vehicle = await createVehicle(ws.manager, {
    customerId: customer.id,
    make: 'Nissan',
    model: 'Patrol',
    plateNumber: `P-${customer.id}`,
  });
  const schedule = await ws.manager.post(`/api/vehicles/${vehicle.id}/maintenance-schedules`, {
    serviceName: 'Oil change',
    intervalMonths: 6,
    lastServiceDate: addDays(dayInZone(new Date(), 'UTC'), -170),
    reminderDays: 30,
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  return { customer, vehicle };
}

const messagesOf = async (client: Client, customerId: number, query = '') => {
  const res = await client.get(`/api/customers/${customerId}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as CustomerMessage[], total: res.headers['x-total-count'] };
};

describe('messages to customers', () => {
  let arabic: Awaited<ReturnType<typeof dueCustomer>>;
  let english: Awaited<ReturnType<typeof dueCustomer>>;
  let bounced: Awaited<ReturnType<typeof dueCustomer>>;
  let neverAsked: Awaited<ReturnType<typeof dueCustomer>>;
  beforeAll(async () => {
    arabic = await dueCustomer(w, { firstName: 'Huda', preferredLanguage: 'ar' }, { marketing_email: true, marketing_sms: true });
    english = await dueCustomer(w, { firstName: 'Adam', email: null }, { marketing_email: true, marketing_sms: true });
    bounced = await dueCustomer(w, { firstName: 'Bob', email: 'bounce@example.com' }, { marketing_email: true });
    neverAsked = await dueCustomer(w, { firstName: 'Nora' }, null);
    const result = await t.app.notifier.runDue(new Date());
    await t.app.notifier.settled();
    expect(result.customerMessages).toBe(2); // Huda's e-mail and Bob's (which bounces)
  });

  it('writes a service reminder in the customer’s language and sends it as written', async () => {
    const { rows, total } = await messagesOf(w.manager, arabic.customer.id);
    expect(total).toBe('2');
    const email = rows.find((m) => m.channel === 'email')!;
    expect(email).toMatchObject({
      customerId: arabic.customer.id,
      vehicleId: arabic.vehicle.id,
      kind: 'service_reminder',
      recipient: arabic.customer.email,
      language: 'ar',
      subject: 'موعد Oil change: Nissan Patrol',
      status: 'sent',
      reason: null,
      sentAt: expect.any(String),
    });
    expect(email.body).toContain('مرحبًا Huda،');
    expect(email.body).toContain(`لسيارتك Nissan Patrol (P-${arabic.customer.id})`);
    expect(sent.filter((m) => m.to === arabic.customer.email)).toEqual([
      { to: arabic.customer.email, subject: email.subject, text: email.body },
    ]);
    // This workshop has no SMS: recorded as not sent, and why.
    expect(rows.find((m) => m.channel === 'sms')).toMatchObject({ status: 'skipped', reason: 'no_channel', language: 'ar', sentAt: null });
  });

  it('says why a message did not go: no address, no consent, or the server refused it', async () => {
    const english1 = (await messagesOf(w.manager, english.customer.id)).rows;
    expect(english1.find((m) => m.channel === 'email')).toMatchObject({ status: 'skipped', reason: 'no_address', recipient: null });
    expect(english1[0]).toMatchObject({ language: 'en', subject: 'Oil change due: Nissan Patrol' });
    expect(english1[0].body).toMatch(/^Hello Adam,\n\nYour Nissan Patrol \(P-\d+\) is due for Oil change\./);

    const failed = (await messagesOf(w.manager, bounced.customer.id)).rows.find((m) => m.channel === 'email');
    expect(failed).toMatchObject({ status: 'failed', reason: '550 mailbox unavailable', sentAt: null });

    const never = (await messagesOf(w.manager, neverAsked.customer.id)).rows;
    expect(never.map((m) => [m.channel, m.status, m.reason]).sort()).toEqual([
      ['email', 'skipped', 'no_consent'],
      ['sms', 'skipped', 'no_channel'],
    ]);
    expect(sent.some((m) => m.to === neverAsked.customer.email)).toBe(false);
  });

  it('tells a reminder once, lists newest first a page at a time, and lets a technician read them', async () => {
    await t.app.notifier.runDue(new Date());
    await t.app.notifier.settled();
    const all = await messagesOf(w.technician, arabic.customer.id);
    expect(all.total).toBe('2');
    const first = await messagesOf(w.technician, arabic.customer.id, '?limit=1');
    const second = await messagesOf(w.technician, arabic.customer.id, '?limit=1&offset=1');
    expect([first.total, second.total]).toEqual(['2', '2']);
    expect([...first.rows, ...second.rows].map((m) => m.id)).toEqual(all.rows.map((m) => m.id));
    expect(all.rows[0].id).toBeGreaterThan(all.rows[1].id);
    expect((await w.manager.get(`/api/customers/${arabic.customer.id}/messages?limit=0`)).statusCode).toBe(400);
  });

  it('answers bad ids and paging with a 4xx, a signed-out caller with 401, and 20 readers at once alike', async () => {
    for (const id of ['2147483648', '0', '-1', 'abc', '1%00']) {
      const res = await w.manager.get(`/api/customers/${id}/messages`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    for (const query of ['?limit=501', '?offset=-1', '?limit=1%00', '?offset=99999999999999999999']) {
      expect((await w.manager.get(`/api/customers/${arabic.customer.id}/messages${query}`)).statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${arabic.customer.id}/messages` })).statusCode).toBe(401);
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.technician.get(`/api/customers/${arabic.customer.id}/messages`)));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.headers['x-total-count']} ${res.body}`)).size).toBe(1);
    expect(answers[0].statusCode).toBe(200);
  });

  it('keeps them to their workshop: another workshop gets a 404 and the database refuses a cross-workshop row', async () => {
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/customers/${arabic.customer.id}/messages`)).statusCode).toBe(404);
    expect((await w.manager.get('/api/customers/99999999/messages')).statusCode).toBe(404);
    const refused = await t.database.db
      .execute(
        sql`insert into customer_messages (tenant_id, customer_id, kind, channel, language, subject, body)
            values (${other.tenantId}, ${arabic.customer.id}, 'service_reminder', 'email', 'en', 's', 'b')`,
      )
      .then(
        () => null,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(refused).toMatch(/foreign key/);
  });
});
