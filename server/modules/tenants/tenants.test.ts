import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { DEFAULT_TENANT_SETTINGS } from '../../../core/contracts/tenant.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const settings = {
  name: 'Al Noor Auto Service',
  address: '12 Industrial Road, Sharjah',
  phone: '+971 6 555 0101',
  email: 'desk@alnoor.example',
  timeZone: 'Asia/Dubai',
  currency: 'AED',
  taxRate: '5',
};

describe('workshop settings', () => {
  it('start with the defaults: UTC, USD, 10% tax', async () => {
    expect((await w.technician.get('/api/tenant/settings')).json()).toEqual(DEFAULT_TENANT_SETTINGS);
  });

  it('are changed by an admin only', async () => {
    for (const c of [w.manager, w.technician]) expect((await c.put('/api/tenant/settings', settings)).statusCode).toBe(403);
    const res = await w.admin.put('/api/tenant/settings', settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...settings, taxRate: '5.00' });
    expect((await w.manager.get('/api/tenant/settings')).json().name).toBe('Al Noor Auto Service');
    expect((await w.admin.get('/api/user')).json().tenantName).toBe('Al Noor Auto Service');
  });

  it('refuse an unknown time zone, a bad currency, a tax rate over 100 and a blank name', async () => {
    const res = await w.admin.put('/api/tenant/settings', { ...settings, timeZone: 'Mars/Olympus', currency: 'usd', taxRate: '150', name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'timeZone', message: 'Unknown time zone' },
        { path: 'currency', message: 'Currency must be a 3-letter ISO code' },
        { path: 'taxRate', message: 'Tax rate must be between 0 and 100' },
        { path: 'name', message: 'Workshop name is required' },
      ]),
    );
  });

  it('stay within their own workshop', async () => {
    const other = await createWorkshop(t.app);
    await other.admin.put('/api/tenant/settings', { ...settings, name: 'Other Garage' });
    expect((await w.admin.get('/api/tenant/settings')).json().name).not.toBe('Other Garage');
  });
});

describe('the tenant path guard', () => {
  it('answers a path with the own workshop id and 404 for any other', async () => {
    const other = await createWorkshop(t.app);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/settings`)).statusCode).toBe(200);
    const foreign = await w.manager.get(`/api/tenants/${other.tenantId}/settings`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Other');
    expect((await w.manager.get('/api/tenants/999999/settings')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/tenants/${w.tenantId}/settings` })).statusCode).toBe(401);
  });
});
