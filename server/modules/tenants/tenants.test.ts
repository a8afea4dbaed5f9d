import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
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
  labourRate: '65.5',
};

describe('workshop settings', () => {
  it('start with the defaults: UTC, USD, 10% tax, labour at 50.00 an hour', async () => {
    expect((await w.technician.get('/api/tenant/settings')).json()).toEqual(DEFAULT_TENANT_SETTINGS);
  });

  it('are changed by an admin only', async () => {
    for (const c of [w.manager, w.technician]) expect((await c.put('/api/tenant/settings', settings)).statusCode).toBe(403);
    const res = await w.admin.put('/api/tenant/settings', settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...settings,
      requireTwoFactor: false,
      auditRetentionDays: 730,
      legalRetentionYears: 7,
      taxRate: '5.00',
      labourRate: '65.50',
    });
    expect((await w.manager.get('/api/tenant/settings')).json().name).toBe('Al Noor Auto Service');
    expect((await w.admin.get('/api/user')).json().tenantName).toBe('Al Noor Auto Service');
  });

  it('refuse an unknown time zone, a bad currency, a tax rate over 100 and a blank name', async () => {
    const res = await w.admin.put('/api/tenant/settings', {
      ...settings,
      timeZone: 'Mars/Olympus',
      currency: 'usd',
      taxRate: '150',
      name: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'timeZone', message: 'Unknown time zone', code: 'validation.timeZone' },
        { path: 'currency', message: 'Currency must be a 3-letter ISO code', code: 'validation.currency' },
        { path: 'taxRate', message: 'Tax rate must be between 0 and 100', code: 'validation.taxRateRange' },
        { path: 'name', message: 'Workshop name is required', code: 'validation.workshopName' },
      ]),
    );
  });

  it('refuse a labour rate that is negative, too large, not a number or has more than two decimals', async () => {
    const cases: Array<[unknown, string]> = [
      ['-5', 'Labour rate must be 0 or greater'],
      ['100000000', 'Labour rate must be at most 99,999,999.99'],
      ['abc', 'Labour rate must be a number'],
      ['', 'Labour rate must be a number'],
      ['1e3', 'Labour rate must be a number'],
      ['12.345', 'Labour rate must have at most two decimals'],
      [null, 'Labour rate must be a number'],
      [45, 'Labour rate must be a number'],
    ];
    for (const [labourRate, message] of cases) {
      const res = await w.admin.put('/api/tenant/settings', { ...settings, labourRate });
      expect(res.statusCode, JSON.stringify(labourRate)).toBe(400);
      expect(res.json().issues, JSON.stringify(labourRate)).toEqual([
        { path: 'labourRate', message, code: expect.stringMatching(/^validation\./) },
      ]);
    }
    expect((await w.admin.get('/api/tenant/settings')).json().labourRate).toBe('65.50');
    // The largest rate numeric(10,2) holds, and 0 (labour not charged).
    expect((await w.admin.put('/api/tenant/settings', { ...settings, labourRate: ' 99999999.99 ' })).json().labourRate).toBe('99999999.99');
    expect((await w.admin.put('/api/tenant/settings', { ...settings, labourRate: '0' })).json().labourRate).toBe('0.00');
  });

  it('keep the labour rate when a save leaves it out; only an admin changes it', async () => {
    const ws = await createWorkshop(t.app);
    await ws.admin.put('/api/tenant/settings', { ...settings, labourRate: '72.25' });
    const withoutRate: Partial<typeof settings> = { ...settings };
    delete withoutRate.labourRate;
    const saved = await ws.admin.put('/api/tenant/settings', { ...withoutRate, name: 'Renamed' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed', labourRate: '72.25' });
    for (const c of [ws.manager, ws.technician]) {
      expect((await c.put('/api/tenant/settings', { ...settings, labourRate: '1' })).statusCode).toBe(403);
    }
    expect((await ws.technician.get('/api/tenant/settings')).json().labourRate).toBe('72.25');
  });

  it('keep the audit log for the days an admin sets (30 to 3,650), kept when a save leaves them out', async () => {
    const ws = await createWorkshop(t.app);
    for (const days of [29, 3651, 365.5, 'a year', null]) {
      const refused = await ws.admin.put('/api/tenant/settings', { ...settings, auditRetentionDays: days });
      expect(refused.statusCode, String(days)).toBe(400);
      expect(refused.json().issues[0].path).toBe('auditRetentionDays');
    }
    const saved = await ws.admin.put('/api/tenant/settings', { ...settings, auditRetentionDays: 90 });
    expect(saved.json().auditRetentionDays).toBe(90);
    expect((await ws.admin.put('/api/tenant/settings', { ...settings, name: 'Renamed' })).json()).toMatchObject({
      name: 'Renamed',
      auditRetentionDays: 90,
    });
    // What the retention job reads (migration 0035's audit_retention_days()).
    const [row] = await queryRows<{ days: number }>(
      t.database.db,
      sql`select audit_retention_days(config) as days from tenants where id = ${ws.tenantId}`,
    );
    expect(row.days).toBe(90);
  });

  it('keep invoices whole for the years an admin sets (1 to 30) when a customer is erased, kept when a save leaves them out', async () => {
    const ws = await createWorkshop(t.app);
    for (const years of [0, 31, 7.5, 'seven', null]) {
      const refused = await ws.admin.put('/api/tenant/settings', { ...settings, legalRetentionYears: years });
      expect(refused.statusCode, String(years)).toBe(400);
      expect(refused.json().issues[0].path).toBe('legalRetentionYears');
    }
    for (const years of [1, 30, 10]) {
      const saved = await ws.admin.put('/api/tenant/settings', { ...settings, legalRetentionYears: years });
      expect(saved.statusCode, String(years)).toBe(200);
      expect(saved.json().legalRetentionYears).toBe(years);
    }
    expect((await ws.admin.put('/api/tenant/settings', { ...settings, name: 'Renamed' })).json()).toMatchObject({
      name: 'Renamed',
      legalRetentionYears: 10,
    });
    expect((await ws.manager.put('/api/tenant/settings', { ...settings, legalRetentionYears: 2 })).statusCode).toBe(403);
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
