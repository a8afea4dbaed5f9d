import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { registerAccessGuard } from '../../plugins/access.ts';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createJobCard, insertCustomerWithVehicle } from '../../test/workshop.ts';
import { createEstimate, createInvoice } from '../../test/billing.ts';
import { queryRows } from '../../db/client.ts';
import { PERMISSION_CATALOGUE, type Permission } from '../../../core/permissions.ts';
import type { FeatureFlag, PermissionOverrideRow } from '../../../core/contracts/access-control.ts';

let t: TestApp;
let w: Workshop;
let other: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
  other = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const overrides = (userId: number) => `/api/users/${userId}/permission-overrides`;
const override = (userId: number, permission: string) => `${overrides(userId)}/${permission}`;
const invoices = (ws: Workshop) => `/api/tenants/${ws.tenantId}/invoices`;
const features = (ws: Workshop) => `/api/tenants/${ws.tenantId}/features`;
const me = async (client: Client) => (await client.get('/api/user')).json();

async function anInvoice(ws: Workshop) {
  const { customer, vehicle } = await insertCustomerWithVehicle(t.database.db, ws.tenantId, {}, {});
  return createInvoice(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 100 } as never);
}

const auditOf = (tenantId: number, resource: string) =>
  queryRows<{ action: string; user_id: number | null; details: { changes: Record<string, unknown> } }>(
    t.database.db,
    sql`select action, user_id, details from audit_logs where tenant_id = ${tenantId} and resource_type = ${resource} order by id`,
  );

describe('permission overrides', () => {
  it('match the routes: each route with a permission lists its default roles as access', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const seen = new Set<string>();
    type Operation = { 'x-access'?: unknown; 'x-permission'?: Permission | Permission[] };
    for (const item of Object.values(doc.paths) as Array<Record<string, Operation>>) {
      for (const op of Object.values(item)) {
        for (const permission of [op['x-permission'] ?? []].flat()) {
          seen.add(permission);
          expect([...(op['x-access'] as string[])].sort()).toEqual([...PERMISSION_CATALOGUE[permission]].sort());
        }
      }
    }
    // Every permission of the catalogue governs at least one route.
    expect([...seen].sort()).toEqual(Object.keys(PERMISSION_CATALOGUE).sort());
  });

  it('refuse to start on a route whose access differs from its permission, or a module route without its feature', async () => {
    const app = Fastify();
    registerAccessGuard(app);
    const handler = async () => ({});
    expect(() => app.get('/api/x', { config: { access: ['admin'], permission: 'invoices.view' } }, handler)).toThrow(/default roles/);
    expect(() => app.get('/api/tenants/:tenantId/fleet/x', { config: { access: 'user' } }, handler)).toThrow(/feature fleet/);
    expect(() => app.get('/api/y', { config: { access: 'user', feature: 'fleet' } }, handler)).toThrow(/feature none/);
    expect(() => app.get('/api/tenants/:tenantId/analytics/fleet', { config: { access: 'user', feature: 'analytics' } }, handler)).toThrow(
      /feature analytics, fleet/,
    );
    await app.close();
  });

  it('a grant lets a technician read invoices (list, one, payments, search), until it is removed', async () => {
    const invoice = await anInvoice(w);
    expect((await w.technician.get(invoices(w))).statusCode).toBe(403);

    const granted = await w.admin.put(override(w.technician.user.id, 'invoices.view'), { allowed: true, reason: 'Covers the front desk' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      userId: w.technician.user.id,
      permission: 'invoices.view',
      resource: 'invoices',
      action: 'view',
      allowed: true,
      reason: 'Covers the front desk',
      expiresAt: null,
      active: true,
      createdBy: w.admin.user.id,
    });

    expect((await w.technician.get(invoices(w))).statusCode).toBe(200);
    expect((await w.technician.get(`${invoices(w)}/${invoice.id}`)).statusCode).toBe(200);
    expect((await w.technician.get(`${invoices(w)}/${invoice.id}/payments`)).statusCode).toBe(200);
    // Only what was granted: recording a payment is still not theirs.
    expect(
      (await w.technician.post(`${invoices(w)}/${invoice.id}/record-payment`, { paidAmount: 1, paymentMethod: 'cash' })).statusCode,
    ).toBe(403);
    const search = (await w.technician.get(`/api/search?q=${invoice.invoiceNumber}`)).json();
    expect(search.groups.map((g: { kind: string }) => g.kind)).toContain('invoices');
    // The client's permission set gets them with the user.
    expect((await me(w.technician)).permissionOverrides).toEqual([{ permission: 'invoices.view', allowed: true, expiresAt: null }]);

    expect((await w.admin.delete(override(w.technician.user.id, 'invoices.view'))).statusCode).toBe(204);
    expect((await w.technician.get(invoices(w))).statusCode).toBe(403);
    expect((await me(w.technician)).permissionOverrides).toEqual([]);
    expect((await w.admin.delete(override(w.technician.user.id, 'invoices.view'))).statusCode).toBe(404);
  });

  it('a denial stops a manager from recording a payment, and nothing else', async () => {
    const invoice = await anInvoice(w);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const denied = await w.admin.put(override(w.manager.user.id, 'payments.record'), {
      allowed: false,
      reason: 'Till audit',
      expiresAt: until,
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json()).toMatchObject({ allowed: false, expiresAt: until, active: true });

    const refused = await w.manager.post(`${invoices(w)}/${invoice.id}/record-payment`, { paidAmount: 10, paymentMethod: 'cash' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden_role', params: { permission: 'payments.record' } });
    expect((await w.manager.get(`${invoices(w)}/${invoice.id}`)).statusCode).toBe(200);
    // The admin is never denied.
    expect((await w.admin.post(`${invoices(w)}/${invoice.id}/record-payment`, { paidAmount: 10, paymentMethod: 'cash' })).statusCode).toBe(
      200,
    );

    // Changed to a grant (one per user and permission), the manager records again.
    expect((await w.admin.put(override(w.manager.user.id, 'payments.record'), { allowed: true })).statusCode).toBe(200);
    expect(
      (await w.manager.post(`${invoices(w)}/${invoice.id}/record-payment`, { paidAmount: 10, paymentMethod: 'cash' })).statusCode,
    ).toBe(200);
    const list = (await w.admin.get(overrides(w.manager.user.id))).json() as PermissionOverrideRow[];
    expect(list.map((o) => [o.permission, o.allowed, o.reason])).toEqual([['payments.record', true, null]]);
    expect((await w.admin.delete(override(w.manager.user.id, 'payments.record'))).statusCode).toBe(204);
  });

  it('a denial holds on every way to the same thing: no invoice made from an estimate or a job card, no consent changed', async () => {
    const { customer, vehicle } = await insertCustomerWithVehicle(t.database.db, w.tenantId, {}, {});
    const estimate = await createEstimate(w.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 50 } as never);
    expect((await w.manager.put(`/api/tenants/${w.tenantId}/estimates/${estimate.id}`, { status: 'approved' })).statusCode).toBe(200);
    const card = await createJobCard(w.manager, { customerId: customer.id, vehicleId: vehicle.id, serviceType: 'Brake service' });
    expect((await w.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' })).statusCode).toBe(200);
    const manager = w.manager.user.id;
    expect((await w.admin.put(override(manager, 'invoices.edit'), { allowed: false })).statusCode).toBe(200);
    expect((await w.admin.put(override(manager, 'customers.edit'), { allowed: false })).statusCode).toBe(200);

    const converted = await w.manager.post(`/api/tenants/${w.tenantId}/estimates/${estimate.id}/convert-to-invoice`, {});
    expect(converted.statusCode).toBe(403);
    expect(converted.json()).toMatchObject({ code: 'auth.forbidden_role', params: { permission: 'invoices.edit' } });
    const invoiced = await w.manager.post(`/api/tenants/${w.tenantId}/job-cards/${card.id}/invoice`, {});
    expect(invoiced.statusCode).toBe(403);
    const consents = `/api/customers/${customer.id}/consents`;
    const consent = await w.manager.put(consents, { marketing_email: true, source: 'phone' });
    expect(consent.statusCode).toBe(403);
    expect(consent.json()).toMatchObject({ params: { permission: 'customers.edit' } });
    // Nothing was made or changed; reading is still theirs.
    const none = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from invoices where tenant_id = ${w.tenantId} and customer_id = ${customer.id}`,
    );
    expect(none[0].n).toBe(0);
    expect((await w.manager.get(consents)).statusCode).toBe(200);

    await w.admin.delete(override(manager, 'invoices.edit'));
    await w.admin.delete(override(manager, 'customers.edit'));
    expect((await w.manager.post(`/api/tenants/${w.tenantId}/estimates/${estimate.id}/convert-to-invoice`, {})).statusCode).toBe(201);
    expect((await w.manager.put(consents, { marketing_email: true, source: 'phone' })).statusCode).toBe(200);
  });

  it('an expired override no longer applies', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await w.admin.put(override(w.technician.user.id, 'reports.view'), { allowed: true, expiresAt: until })).statusCode).toBe(200);
    const report = `/api/tenants/${w.tenantId}/analytics/revenue`;
    expect((await w.technician.get(report)).statusCode).not.toBe(403);

    await queryRows(
      t.database.db,
      sql`update permission_overrides set expires_at = now() - interval '1 minute' where tenant_id = ${w.tenantId} and user_id = ${w.technician.user.id}`,
    );
    // A change made outside the app reaches the kept sessions by the database's NOTIFY (on
    // PostgreSQL through another connection, a moment later): wait for that state.
    await expect.poll(async () => (await w.technician.get(report)).statusCode).toBe(403);
    expect((await me(w.technician)).permissionOverrides).toEqual([]);
    const [listed] = (await w.admin.get(overrides(w.technician.user.id))).json() as PermissionOverrideRow[];
    expect(listed).toMatchObject({ permission: 'reports.view', active: false });
    expect((await w.admin.delete(override(w.technician.user.id, 'reports.view'))).statusCode).toBe(204);
  });

  it('refuses what cannot be: a past end, an admin, an unknown permission, another workshop, a non-admin', async () => {
    const tech = w.technician.user.id;
    const past = await w.admin.put(override(tech, 'invoices.view'), { allowed: true, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('permission_overrides.expired');
    const admin = await w.admin.put(override(w.admin.user.id, 'invoices.view'), { allowed: false });
    expect(admin.json().code).toBe('permission_overrides.admin');
    expect((await w.admin.put(override(tech, 'users.manage'), { allowed: true })).statusCode).toBe(400);
    expect((await w.admin.put(override(tech, 'invoices.view'), { allowed: 'yes' })).statusCode).toBe(400);
    expect((await w.admin.put(override(tech, 'invoices.view'), { allowed: true, extra: 1 })).statusCode).toBe(400);
    expect((await w.admin.put(override(tech, 'invoices.view'), { allowed: true, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await w.admin.put(override(2 ** 31, 'invoices.view'), { allowed: true })).statusCode).toBe(400);
    expect((await w.admin.put(override(999_999, 'invoices.view'), { allowed: true })).statusCode).toBe(404);
    // Another workshop's user does not exist for this admin.
    expect((await other.admin.get(overrides(tech))).statusCode).toBe(404);
    expect((await other.admin.put(override(tech, 'invoices.view'), { allowed: true })).statusCode).toBe(404);
    expect((await other.admin.delete(override(tech, 'invoices.view'))).statusCode).toBe(404);
    // Only admins manage overrides.
    expect((await w.manager.get(overrides(tech))).statusCode).toBe(403);
    expect((await w.manager.put(override(tech, 'invoices.view'), { allowed: true })).statusCode).toBe(403);
    expect((await w.technician.put(override(tech, 'invoices.view'), { allowed: true })).statusCode).toBe(403);
    expect((await w.admin.get(overrides(tech))).json()).toEqual([]);
  });

  it('are audited: a grant, its change and its removal, by the admin', async () => {
    const tech = w.technician.user.id;
    await w.admin.put(override(tech, 'customers.edit'), { allowed: true, reason: 'Intake' });
    await w.admin.put(override(tech, 'customers.edit'), { allowed: false, reason: 'Intake' });
    await w.admin.delete(override(tech, 'customers.edit'));
    const entries = (await auditOf(w.tenantId, 'permission_overrides')).filter((e) => e.details.changes);
    const last = entries.slice(-3);
    expect(last.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(last.every((e) => e.user_id === w.admin.user.id)).toBe(true);
    expect(last[0].details.changes).toMatchObject({ resource: [null, 'customers'], action: [null, 'edit'], allowed: [null, true] });
    expect(last[1].details.changes).toMatchObject({ allowed: [true, false] });
    // And they show in the audit log's list.
    const listed = await w.admin.get(`/api/tenants/${w.tenantId}/audit-log?resourceType=permission_overrides`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().length).toBeGreaterThanOrEqual(3);
  });
});

describe('feature flags', () => {
  it('lists every optional module, on by default, to any user of the workshop', async () => {
    const res = await w.technician.get(features(w));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { flag: 'ai_assistant', isEnabled: true, source: 'default', updatedAt: null },
      { flag: 'analytics', isEnabled: true, source: 'default', updatedAt: null },
      { flag: 'fleet', isEnabled: true, source: 'default', updatedAt: null },
    ]);
    expect((await other.admin.get(features(w))).statusCode).toBe(404);
  });

  it('a module turned off answers 404 for everyone in the workshop, and only there; turned on again it answers', async () => {
    const fleet = `/api/tenants/${w.tenantId}/fleet`;
    expect((await w.manager.get(fleet)).statusCode).toBe(200);
    expect((await w.manager.put(`${features(w)}/fleet`, { isEnabled: false })).statusCode).toBe(403);

    const off = await w.admin.put(`${features(w)}/fleet`, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ flag: 'fleet', isEnabled: false, source: 'admin' });

    for (const client of [w.admin, w.manager, w.technician]) {
      const res = await client.get(fleet);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('feature.disabled');
      expect((await client.get(`${fleet}/stats`)).statusCode).toBe(404);
      expect((await me(client)).disabledFeatures).toEqual(['fleet']);
    }
    expect((await w.manager.post('/api/fleet-vehicles', {})).statusCode).toBe(404);
    // The reports' fleet report goes with it (it is both modules'); the other reports stay.
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/analytics/fleet`)).statusCode).toBe(404);
    // Other modules and other workshops are untouched.
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/analytics/revenue`)).statusCode).not.toBe(404);
    expect((await other.manager.get(`/api/tenants/${other.tenantId}/fleet`)).statusCode).toBe(200);
    expect((await me(other.manager)).disabledFeatures).toEqual([]);

    expect((await w.admin.put(`${features(w)}/fleet`, { isEnabled: true })).statusCode).toBe(200);
    expect((await w.manager.get(fleet)).statusCode).toBe(200);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/analytics/fleet`)).statusCode).not.toBe(404);
    const flags = (await w.admin.get(features(w))).json() as FeatureFlag[];
    expect(flags.find((f) => f.flag === 'fleet')).toMatchObject({ isEnabled: true, source: 'admin' });
  });

  it('turns off the AI assistant and the reports too', async () => {
    await w.admin.put(`${features(w)}/ai_assistant`, { isEnabled: false });
    await w.admin.put(`${features(w)}/analytics`, { isEnabled: false });
    expect((await w.manager.post(`/api/tenants/${w.tenantId}/ai/chat`, { message: 'hi' })).statusCode).toBe(404);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/analytics/revenue`)).statusCode).toBe(404);
    await w.admin.put(`${features(w)}/ai_assistant`, { isEnabled: true });
    await w.admin.put(`${features(w)}/analytics`, { isEnabled: true });
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/analytics/revenue`)).statusCode).not.toBe(404);
  });

  it('refuses an unknown module or body and is audited', async () => {
    expect((await w.admin.put(`${features(w)}/payroll`, { isEnabled: false })).statusCode).toBe(400);
    expect((await w.admin.put(`${features(w)}/fleet`, { isEnabled: 'no' })).statusCode).toBe(400);
    expect((await w.admin.put(`${features(w)}/fleet`, {})).statusCode).toBe(400);
    expect((await other.admin.put(`${features(w)}/fleet`, { isEnabled: false })).statusCode).toBe(404);
    const entries = await auditOf(w.tenantId, 'feature_flags');
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'create', 'create', 'update', 'update']);
    expect(entries.every((e) => e.user_id === w.admin.user.id)).toBe(true);
    expect(entries[1].details.changes).toMatchObject({ is_enabled: [false, true] });
  });

  it('takes 20 saves of one override and 20 module switches at once: one row each, no failure', async () => {
    const ws = await createWorkshop(t.app);
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ws.admin.put(override(ws.manager.user.id, 'payments.record'), { allowed: i % 2 === 0 })),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await ws.admin.get(overrides(ws.manager.user.id))).json()).toHaveLength(1);
    const switches = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ws.admin.put(`${features(ws)}/fleet`, { isEnabled: i % 2 === 1 })),
    );
    expect(switches.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from feature_flags where tenant_id = ${ws.tenantId} and flag_name = 'fleet'`,
    );
    expect(row.n).toBe(1);
  });
});
