import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, registerAdmin, TEST_PASSWORD, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createCustomer, createVehicle } from '../../test/customers-vehicles.ts';
import { createInvoice, updateSettings } from '../../test/billing.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { TINY_PNG, uploadAttachment } from '../../test/attachments.ts';
import { queryRows } from '../../db/client.ts';
import { TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import type { AuditEntry } from '../../../core/contracts/audit.ts';
import { purgeExpired } from './audit.service.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const log = (client: Client, query = '') =>
  client.get(`/api/tenants/${client.user.tenantId}/audit-log?${query.includes('limit=') ? '' : 'limit=100'}${query}`);
const entries = async (client: Client, query = ''): Promise<AuditEntry[]> => {
  const res = await log(client, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const countEntries = async (tenantId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_logs where tenant_id = ${tenantId}`))[0].n;
const changeOf = (entry: AuditEntry, field: string) => entry.changes.find((c) => c.field === field);

describe('the audit log', () => {
  it('records a change made through the API with who, where from, and each field before and after', async () => {
    const customer = await createCustomer(w.manager, { firstName: 'Huda' });
    expect((await w.manager.put(`/api/customers/${customer.id}`, { ...customer, firstName: 'Hoda' })).statusCode).toBe(200);
    expect((await w.manager.delete(`/api/customers/${customer.id}`)).statusCode).toBe(204);
    const about = await entries(w.admin, `&resourceType=customers&resourceId=${customer.id}`);
    expect(about.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, created] = about;
    for (const e of about) {
      expect(e.user).toEqual({ id: w.manager.user.id, name: expect.stringContaining('Mona') });
      expect(e.ipAddress).toBe('127.0.0.1');
      expect(e.userAgent).toBe('lightMyRequest');
    }
    expect(changeOf(created, 'first_name')).toEqual({ field: 'first_name', before: null, after: 'Huda' });
    expect(updated.changes).toEqual([{ field: 'first_name', before: 'Huda', after: 'Hoda' }]);
    expect(changeOf(deleted, 'first_name')).toEqual({ field: 'first_name', before: 'Hoda', after: null });
  });

  it('records a sample of every module’s writes as their maker’s, and nothing for reads', async () => {
    const before = await countEntries(w.tenantId);
    const vehicle = await createVehicle(w.admin);
    const technician = await createTechnician(w.admin);
    const task = await createTask(w.manager);
    const invoice = await createInvoice(w.admin, {
      customerId: vehicle.customerId,
      vehicleId: vehicle.id,
      laborCost: '20.00',
    } as never);
    await updateSettings(w.admin, { phone: '+971 4 555 0101' });
    const part = await w.admin.post('/api/spare-parts', {
      name: 'Brake pad',
      sku: `BP-${Date.now()}`,
      quantity: 4,
      unitPrice: '12.00',
      category: 'Brakes',
    });
    expect(part.statusCode, part.body).toBe(201);
    const written = [
      ['vehicles', vehicle.id, w.admin],
      ['technicians', technician.id, w.admin],
      ['tasks', task.id, w.manager],
      ['invoices', invoice.id, w.admin],
      ['tenants', w.tenantId, w.admin],
      ['spare_parts', part.json().id, w.admin],
    ] as const;
    for (const [resourceType, id, maker] of written) {
      const found = await entries(w.admin, `&resourceType=${resourceType}&resourceId=${id}`);
      expect(found.length, resourceType).toBeGreaterThan(0);
      expect(
        found.every((e) => e.user?.id === maker.user.id),
        resourceType,
      ).toBe(true);
    }
    const afterWrites = await countEntries(w.tenantId);
    expect(afterWrites).toBeGreaterThan(before);
    for (const path of ['customers', 'vehicles', 'invoices', 'job-cards', 'spare-parts']) {
      expect((await w.admin.get(`/api/tenants/${w.tenantId}/${path}`)).statusCode).toBe(200);
    }
    expect((await w.admin.get('/api/technicians')).statusCode).toBe(200);
    expect(await countEntries(w.tenantId)).toBe(afterWrites);
  });

  it('records a role change and never a password', async () => {
    const staff = (await w.admin.get('/api/users')).json() as Array<{ id: number; role: string }>;
    const tech = staff.find((u) => u.id === w.technician.user.id)!;
    const changed = await w.admin.put(`/api/users/${tech.id}/role`, { role: 'manager' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [roleChange] = await entries(w.admin, `&resourceType=users&resourceId=${tech.id}&action=update`);
    expect(changeOf(roleChange, 'role')).toEqual({ field: 'role', before: 'technician', after: 'manager' });
    const all = JSON.stringify(await entries(w.admin, '&resourceType=users'));
    expect(all).not.toContain('argon2');
    expect(all).not.toMatch(/"field":"password"/);
  });

  it('records CSV exports and imports, and attachments without their bytes', async () => {
    const tenant = w.tenantId;
    expect((await w.manager.get(`/api/tenants/${tenant}/customers/export.csv?q=Huda`)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/tenants/${tenant}/vehicles/export.csv`)).statusCode).toBe(200);
    expect((await w.admin.get(`/api/tenants/${tenant}/spare-parts/export.csv`)).statusCode).toBe(200);
    const exports = await entries(w.admin, '&action=export');
    expect(exports.slice(0, 3).map((e) => [e.resourceType, e.user?.id])).toEqual([
      ['spare_parts', w.admin.user.id],
      ['vehicles', w.technician.user.id],
      ['customers', w.manager.user.id],
    ]);
    expect(exports[2].details).toEqual({ filters: { q: 'Huda' } });

    const rows = [
      { firstName: 'Imported', lastName: 'One', phone: '+971 50 100 0001' },
      { firstName: 'Imported', lastName: 'Two', phone: '+971 50 100 0002' },
    ];
    const preview = await w.manager.post('/api/customers/import', { rows, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(await entries(w.admin, '&action=import')).toEqual([]);
    const imported = await w.manager.post('/api/customers/import', { rows });
    expect(imported.json()).toMatchObject({ imported: 2 });
    const [entry, ...others] = await entries(w.admin, '&action=import');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ resourceType: 'customers', user: { id: w.manager.user.id }, details: { rows: 2 } });

    const task = await createTask(w.manager);
    const attached = await uploadAttachment(w.manager, `entityType=task&entityId=${task.id}`, 'before.png', 'image/png', TINY_PNG);
    expect(attached.statusCode, attached.body).toBe(201);
    const id = attached.json().id as number;
    expect((await w.manager.delete(`/api/attachments/${id}`)).statusCode).toBe(204);
    const [removed, created] = await entries(w.admin, `&resourceType=attachments&resourceId=${id}`);
    expect([removed.action, created.action]).toEqual(['delete', 'create']);
    expect(created.user?.id).toBe(w.manager.user.id);
    expect(changeOf(created, 'original_name')?.after).toBe('before.png');
    expect(changeOf(created, 'entity_id')?.after).toBe(task.id);
    expect(changeOf(created, 'size')?.after).toBe(TINY_PNG.length);
    expect(created.changes.map((c) => c.field)).not.toContain('content');
    expect(JSON.stringify([removed, created])).not.toContain(TINY_PNG.toString('hex'));
  });

  it('records sign-ins, failed sign-ins and sign-outs', async () => {
    const staff = w.manager.user.username;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: staff, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: staff, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(200);
    const cookie = right.cookies.find((c) => c.name === 'workbay_sid')!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `workbay_sid=${cookie.value}` } })).statusCode,
    ).toBe(204);
    const [out, signedIn, failed] = await entries(w.admin, `&resourceType=users&resourceId=${w.manager.user.id}`);
    expect([out.action, signedIn.action, failed.action]).toEqual(['sign_out', 'sign_in', 'sign_in_failed']);
    expect(signedIn.user?.id).toBe(w.manager.user.id);
    expect(failed.user).toBeNull();
    expect(failed.details).toMatchObject({ username: staff, reason: 'auth.invalid_credentials' });
  });

  it('is append-only in the database itself; only the retention job removes entries past the workshop’s retention', async () => {
    for (const statement of [
      sql`update audit_logs set action = 'create' where tenant_id = ${w.tenantId}`,
      sql`delete from audit_logs where tenant_id = ${w.tenantId}`,
      sql`truncate audit_logs`,
    ]) {
      const refused = await t.database.db.execute(statement).then(
        () => null,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(refused).toMatch(/append-only/);
    }
    const other = await registerAdmin(t.app);
    await t.database.db.execute(
      sql`update tenants set config = config || '{"auditRetentionDays": 30}'::jsonb where id = ${other.user.tenantId}`,
    );
    const kept = await countEntries(other.user.tenantId);
    await t.database.db.execute(
      sql`insert into audit_logs (tenant_id, action, resource_type, created_at) values (${other.user.tenantId}, 'export', 'customers', now() - interval '31 days'), (${other.user.tenantId}, 'export', 'customers', now() - interval '29 days')`,
    );
    const removed = await purgeExpired(t.database.db);
    expect(removed.get(other.user.tenantId)).toBe(1);
    expect(removed.has(w.tenantId)).toBe(false);
    const left = await entries(other);
    expect(left.length).toBe(kept + 2); // the 29-day-old entry and the run's own
    expect(left[0]).toMatchObject({ action: 'retention_purge', user: null, details: { removed: 1 } });
  });

  it('is for admins only, and another workshop’s entries are invisible whatever the filter', async () => {
    expect((await log(w.manager)).statusCode).toBe(403);
    expect((await log(w.technician)).statusCode).toBe(403);
    const stranger = await registerAdmin(t.app);
    expect((await stranger.get(`/api/tenants/${w.tenantId}/audit-log`)).statusCode).toBe(404);
    const mine = await entries(stranger, `&userId=${w.admin.user.id}`);
    expect(mine).toEqual([]);
    expect(JSON.stringify(await entries(stranger))).not.toContain('Huda');
  });

  it('filters by user, action and days, pages with X-Total-Count, and exports CSV (itself recorded)', async () => {
    const byManager = await entries(w.admin, `&userId=${w.manager.user.id}`);
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((e) => e.user?.id === w.manager.user.id)).toBe(true);
    const page = await log(w.admin, '&limit=2&offset=0');
    expect(Number(page.headers[TOTAL_COUNT_HEADER])).toBe(await countEntries(w.tenantId));
    expect(page.json()).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(w.admin, `&from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await entries(w.admin, '&from=2001-01-01&to=2001-01-02')).toEqual([]);
    const csv = await w.admin.get(`/api/tenants/${w.tenantId}/audit-log/export.csv?action=update`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('first_name: ""Huda"" -> ""Hoda""');
    const [exported] = await entries(w.admin, '&action=export');
    expect(exported).toMatchObject({
      user: { id: w.admin.user.id },
      resourceType: 'audit_logs',
      details: { filters: { action: 'update' } },
    });
  });

  it('lists newest first by time, and exports every entry past a thousand, those of one moment included', async () => {
    const ws = await createWorkshop(t.app);
    // 2,500 entries written at one moment (one transaction), then one later: the CSV's batches of a
    // thousand must neither skip nor repeat an entry of the same time.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into audit_logs (tenant_id, user_id, action, resource_type, resource_id, details)
        select ${ws.tenantId}, null, 'export', 'customers', g::text, '{}'::jsonb from generate_series(1, 2500) g`);
    });
    const late = await createCustomer(ws.admin, { firstName: 'Late' });
    const [newest] = await entries(ws.admin, '&limit=1');
    expect(newest).toMatchObject({ resourceType: 'customers', resourceId: String(late.id), action: 'create' });
    const csv = await ws.admin.get(`/api/tenants/${ws.tenantId}/audit-log/export.csv?action=export&resourceType=customers`);
    expect(csv.statusCode).toBe(200);
    const ids = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[5]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    expect(ids.slice(0, 2)).toEqual(['2500', '2499']);
  });

  it('answers 400 to filters of any bad shape', async () => {
    for (const query of [
      '&action=drop',
      '&resourceType=pg_class',
      '&userId=-1',
      '&userId=99999999999',
      '&userId=2147483648',
      '&from=10000-01-01',
      '&to=10000-01-01',
      '&from=2026-02-30',
      '&from=2026-05-02&to=2026-05-01',
      `&resourceId=${'x'.repeat(61)}`,
      '&limit=0',
    ]) {
      expect((await log(w.admin, query)).statusCode, query).toBe(400);
    }
    expect((await log(w.admin, '&resourceId=%00')).statusCode).toBeLessThan(500);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => log(w.admin, `&offset=${i}&limit=5`)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });
});
