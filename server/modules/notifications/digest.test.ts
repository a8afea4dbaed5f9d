import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { onPostgres } from '../../test/databases.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';
import { createSparePart } from '../../test/workshop.ts';
import { createInvoice, updateSettings } from '../../test/billing.ts';
import { startSmtp } from '../../test/smtp.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone, zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '../../../core/contracts/auth.ts';

const ZONE = 'Asia/Dubai';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
/** A second app process on the same database: on PostgreSQL its own connection pool, on PGlite the same embedded database. */
let second: { app: FastifyInstance; database: Database; close(): Promise<void> };
let w: Workshop;
let other: Workshop;
let today: string;

async function secondApp(options: Pick<AppDeps, 'notificationSchedule'> = {}): Promise<typeof second> {
  const database = onPostgres() ? await openDatabase({ databaseUrl: t.database.connectionString, poolSize: 3 }) : t.database;
  const app = await buildApp({ database, sessionSecret: 'test-secret-that-is-long-enough-0123456789', smtpUrl: smtp.url, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

const setPreferences = async (client: Client, prefs: Partial<Preferences>) => {
  const res = await client.put('/api/user/preferences', { ...DEFAULT_PREFERENCES, ...prefs });
  expect(res.statusCode, res.body).toBe(200);
};
const at = (day: string, time: string) => zonedDateTimeToUtc(day, time, ZONE);
const digestsTo = (client: Client) => smtp.to(client.user.email!).filter((m) => m.body.includes('Workbay daily digest'));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  second = await secondApp();
  w = await createWorkshop(t.app);
  other = await createWorkshop(t.app);
  await updateSettings(w.admin, { timeZone: ZONE });
  today = dayInZone(new Date(), ZONE);

  // The technician's day: an appointment and a task today, an appointment tomorrow (not in it).
  const tech = await createTechnician(w.admin, { userId: w.technician.user.id });
  const base = `/api/tenants/${w.tenantId}/appointments`;
  const appointment = { customerName: 'Noor Aziz', customerPhone: '+971 50 123 4567', serviceType: 'oil_change', assignedTo: tech.id };
  for (const [day, time] of [
    [today, '10:30'],
    [addDays(today, 1), '08:00'],
  ]) {
    const res = await w.manager.post(base, { ...appointment, scheduledDate: day, scheduledTime: time });
    expect(res.statusCode, res.body).toBe(201);
  }
  await createTask(w.manager, { title: 'Brake pads for the Rio', technicianId: tech.id, scheduledDate: at(today, '09:00').toISOString() });
  // What needs the managers' attention: an overdue invoice and a part low on stock; the other workshop's never shows.
  const ids = await insertCustomerVehicle(t, w);
  await createInvoice(w.manager, { ...ids, laborCost: 100, status: 'sent', dueDate: addDays(today, -3) });
  await createSparePart(w.admin, { name: 'Cabin filter', stockQuantity: 1, minimumStock: 4 });
  await createSparePart(other.admin, { name: 'Secret gasket', stockQuantity: 0, minimumStock: 4 });

  for (const client of [w.admin, w.technician, other.admin]) await setPreferences(client, { dailyDigest: true });
  // The manager keeps the digest off (the default); nobody is sent one for them.
});
afterAll(async () => {
  await second?.close();
  await t.close();
  await smtp.close();
});

describe('daily digest', () => {
  it('is not sent before 07:00 in the workshop time zone', async () => {
    await Promise.all([t.app.notifier.runDue(at(today, '06:59')), second.app.notifier.runDue(at(today, '06:59'))]);
    expect(digestsTo(w.admin)).toEqual([]);
    expect(digestsTo(w.technician)).toEqual([]);
  });

  it('is sent exactly once per user and day by two app processes checking at the same time, and again after a restart', async () => {
    const clock = at(today, '07:00');
    await Promise.all([
      t.app.notifier.runDue(clock),
      second.app.notifier.runDue(clock),
      t.app.notifier.runDue(clock),
      second.app.notifier.runDue(clock),
    ]);
    expect(digestsTo(w.admin)).toHaveLength(1);
    expect(digestsTo(w.technician)).toHaveLength(1);
    expect(digestsTo(w.manager)).toEqual([]);

    // A process started later the same morning finds the day's digests taken.
    await second.close();
    second = await secondApp();
    await second.app.notifier.runDue(at(today, '09:15'));
    expect(digestsTo(w.admin)).toHaveLength(1);
    expect(digestsTo(w.technician)).toHaveLength(1);
  });

  it("holds the person's day and, for a manager, what needs attention, of their own workshop only", async () => {
    const [tech] = digestsTo(w.technician);
    expect(tech.body).toContain(`on ${today}`);
    expect(tech.body).toContain('10:30');
    expect(tech.body).toContain('Brake pads for the Rio');
    expect(tech.body).not.toContain('08:00');
    expect(tech.body).not.toContain('Overdue invoices');

    const [admin] = digestsTo(w.admin);
    expect(admin.body).toContain('Overdue invoices: 1, 110.00');
    expect(admin.body).toContain('Cabin filter');
    expect(admin.body).not.toContain('Secret gasket');
    expect(admin.body).toContain('Nothing is scheduled for you today.');
  });

  it("the other workshop's user gets theirs by their own clock (UTC), and the next day brings a new one", async () => {
    // 07:01 UTC on the Dubai workshop's day: 11:01 there, whose digests went out at 07:00. (The
    // day by the UTC clock now is the day before Dubai's from 20:00 UTC on, and sent them one more.)
    await t.app.notifier.runDue(zonedDateTimeToUtc(today, '07:01', 'UTC'));
    expect(digestsTo(other.admin)).toHaveLength(1);
    expect(digestsTo(other.admin)[0].body).toContain('Secret gasket');

    const tomorrow = addDays(today, 1);
    await Promise.all([t.app.notifier.runDue(at(tomorrow, '07:05')), second.app.notifier.runDue(at(tomorrow, '07:05'))]);
    expect(digestsTo(w.technician)).toHaveLength(2);
    expect(digestsTo(w.technician)[1].body).toContain('08:00');
  });

  it('respects e-mail off and digest off', async () => {
    await setPreferences(w.technician, { dailyDigest: true, emailNotifications: false });
    await setPreferences(w.admin, { dailyDigest: false });
    const before = { technician: digestsTo(w.technician).length, admin: digestsTo(w.admin).length };
    await t.app.notifier.runDue(at(addDays(today, 2), '07:30'));
    expect(digestsTo(w.technician)).toHaveLength(before.technician);
    expect(digestsTo(w.admin)).toHaveLength(before.admin);
    // Both back on: the day after brings both theirs.
    await setPreferences(w.technician, { dailyDigest: true });
    await setPreferences(w.admin, { dailyDigest: true });
    await t.app.notifier.runDue(at(addDays(today, 3), '07:30'));
    expect(digestsTo(w.technician)).toHaveLength(before.technician + 1);
    expect(digestsTo(w.admin)).toHaveLength(before.admin + 1);
  });

  it('is checked by the server process itself when its schedule is on (main.ts), from its start until it closes', async () => {
    const ids = await insertCustomerVehicle(t, other);
    const invoice = await createInvoice(other.manager, {
      ...ids,
      laborCost: 50,
      status: 'sent',
      dueDate: addDays(dayInZone(new Date(), 'UTC'), -1),
    });
    const scheduled = await secondApp({ notificationSchedule: { firstAfterMs: 0 } });
    try {
      await expect
        .poll(
          async () =>
            ((await other.admin.get('/api/notifications?kind=billing')).json() as Array<{ entityId: number }>).map((n) => n.entityId),
          { timeout: 10_000 },
        )
        .toContain(invoice.id);
    } finally {
      await scheduled.close();
    }
  });
});
