import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAtFirstSignIn, createTestApp, createWorkshop, registerAdmin, type TestApp, type Workshop } from '../test/app.ts';

/** The scripts a page's HTML preloads beyond index.html's own. */
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

/** The preloads a page's HTML names: their URLs, in order. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials" \/>/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );

const INDEX =
  '<!doctype html><html><head><title>Workbay</title><link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" /></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDir: string;
let shop: Workshop;
let other: Workshop['admin'];
/** Who each answered request was for, as the app saw it (an observer, not part of the app). */
const seen: Array<{ url: string; userId: number | null }> = [];
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'workbay-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), 'export {};');
  // As the build writes it: each screen's module and the files it needs beyond index.html's.
  writeFileSync(
    path.join(webDir, 'page-chunks.json'),
    JSON.stringify({
      'features/workshop/customers/customers-page': ['assets/customers-page-Xy1.js', 'assets/list-frame-Zz9.js'],
      'locales/en/customers.json': ['assets/customers-Dc1.js'],
      'locales/en/csv.json': ['assets/csv-Dc2.js', 'assets/list-frame-Zz9.js'],
      'locales/ar/customers.json': ['assets/customers-Ar1.js'],
      'features/billing/invoices/invoices-page': ['assets/invoices-page-Q2.js', '"><script>alert(1)</script>'],
    }),
  );
  t = await createTestApp({
    webDir,
    extend: (app) => app.addHook('onResponse', async (request) => void seen.push({ url: request.url, userId: request.user?.id ?? null })),
  });
  shop = await createWorkshop(t.app);
  other = await registerAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('a page’s first reads in its HTML', () => {
  it('names the signed-in user’s first reads of that page, in their own workshop, as private HTML', async () => {
    const res = await page('/customers', shop.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(preloads(res.body)).toEqual([
      '/api/user',
      '/api/notifications/unread-count',
      '/api/tenant/settings',
      `/api/tenants/${shop.tenantId}/customers?limit=25&offset=0`,
    ]);
    // The screen and its English dictionaries (one of the three not in this build's list), each file once.
    expect(modulePreloads(res.body)).toEqual([
      '/assets/customers-page-Xy1.js',
      '/assets/list-frame-Zz9.js',
      '/assets/customers-Dc1.js',
      '/assets/csv-Dc2.js',
    ]);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(`/api/tenants/${other.user.tenantId}/`);

    // Each named read answers this user (the browser sends it with the same cookie).
    for (const url of preloads(res.body)) expect((await shop.admin.get(url)).statusCode, url).toBe(200);

    const theirs = await page('/customers/', other.cookie);
    expect(preloads(theirs.body)).toContain(`/api/tenants/${other.user.tenantId}/customers?limit=25&offset=0`);
    expect(theirs.body).not.toContain(`/api/tenants/${shop.tenantId}/`);
  });

  it('follows the role: a technician’s invoices page names no invoice list, the dashboard names no user list', async () => {
    const invoices = preloads((await page('/invoices', shop.technician.cookie)).body);
    expect(invoices).toEqual(['/api/user', '/api/notifications/unread-count', '/api/tenant/settings']);
    // A file list that is not the build's (names outside assets/) is not used at all.
    expect(modulePreloads((await page('/invoices', shop.technician.cookie)).body)).toEqual([]);
    expect((await page('/invoices', shop.technician.cookie)).body).not.toContain('<script>');
    // A page without a screen file list still names its reads.
    expect(modulePreloads((await page('/users', shop.admin.cookie)).body)).toEqual([]);
    expect(preloads((await page('/invoices', shop.manager.cookie)).body)).toContain(
      `/api/tenants/${shop.tenantId}/invoices?limit=25&offset=0`,
    );
    expect(preloads((await page('/', shop.technician.cookie)).body)).not.toContain('/api/users');
    expect(preloads((await page('/', shop.admin.cookie)).body)).toContain('/api/users');
    for (const url of preloads((await page('/', shop.technician.cookie)).body)) {
      expect((await shop.technician.get(url)).statusCode, url).toBe(200);
    }
  });

  it('is the plain index.html for a visitor, a search, a record view, an unknown path and a password still to change', async () => {
    const pending = await addStaffAtFirstSignIn(t.app, shop.admin, 'manager');
    const cases = [
      await page('/customers'),
      await page('/customers?q=haddad', shop.admin.cookie),
      await page('/customers/12', shop.admin.cookie),
      await page('/no-such-page', shop.admin.cookie),
      await page('/customers', pending.cookie),
      await page('/customers', 'workbay_sid=not-a-session'),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the build’s files without reading the session, and the API still reads it', async () => {
    seen.length = 0;
    const asset = await page('/assets/index-AbC123.js', shop.admin.cookie);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {};');
    expect((await page('/favicon.svg', shop.admin.cookie)).statusCode).toBe(200); // index.html: no such file here
    expect((await shop.admin.get('/api/user')).json().id).toBe(shop.admin.user.id);
    await page('/customers', shop.admin.cookie);
    expect(seen).toEqual([
      { url: '/assets/index-AbC123.js', userId: null },
      { url: '/favicon.svg', userId: null },
      { url: '/api/user', userId: shop.admin.user.id },
      { url: '/customers', userId: shop.admin.user.id },
    ]);
  });
});
