import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_COOKIE, viewCookieValue, type ViewPreferences } from '../../core/view-preferences.ts';
import {
  addStaffAtFirstSignIn,
  createTestApp,
  createWorkshop,
  registerAdmin,
  type Client,
  type TestApp,
  type Workshop,
} from '../test/app.ts';

/**
 * Pages rendered on the server (plugins/page-render.ts, web/src/entry-server.tsx): the real
 * renderer, built here as scripts/build.mjs builds it, serving a signed-in user's pages with
 * their data in the HTML, as that user may see them and no one else.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Workbay</title>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-AbC123.css">' +
  '<!-- Who is signed in --><link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />' +
  '</head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';

const STYLES = '.row{color:red}';
const ENGLISH: ViewPreferences = { language: 'en', theme: 'light', highContrast: false, timeZone: 'UTC' };
const viewCookie = (view: ViewPreferences) => `${VIEW_COOKIE}=${encodeURIComponent(viewCookieValue(view))}`;

let t: TestApp;
let dir: string;
let shop: Workshop;
let other: Client;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'workbay-render-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123.css'), STYLES);
  const built = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(dir, 'ssr'),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`the renderer did not build:\n${built.stdout}\n${built.stderr}`);
  t = await createTestApp({ webDir, pageRenderer: path.join(dir, 'ssr', 'entry-server.js') });
  shop = await createWorkshop(t.app);
  other = await registerAdmin(t.app);
  for (const [firstName, lastName] of [
    ['Rania', 'Saleh'],
    ['</script><script>alert(1)</script>', '$& $1 <b>bold</b>'],
  ]) {
    const created = await shop.admin.post('/api/customers', { firstName, lastName, phone: '+971 50 765 4321' });
    expect(created.statusCode, created.body).toBe(201);
  }
  const theirs = await other.post('/api/customers', { firstName: 'Omar', lastName: 'Othershop', phone: '+971 50 111 2222' });
  expect(theirs.statusCode, theirs.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, client: Client | undefined, view: ViewPreferences | null = ENGLISH) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [client?.cookie, view && viewCookie(view)].filter(Boolean).join('; ') },
  });

/** The markup the server put in #root, and the answers it embedded. */
function parts(html: string) {
  const markup = /<div id="root" inert>([\s\S]*)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1];
  const state = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { markup, state: state === undefined ? undefined : (JSON.parse(state) as { language: string; queries: { queries: unknown[] } }) };
}

/** The customers' names in the rendered list, in order. */
const customerRows = (markup: string) =>
  [...markup.matchAll(/data-testid="customer-link"[^>]*>([^<]*)</g)].map((match) => match[1].replace(/&amp;/g, '&'));

describe('pages rendered on the server', () => {
  it('sends the customers page with its rows, its answers and its title, as the user’s own private page', async () => {
    const res = await page('/customers', shop.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { markup, state } = parts(res.body);
    expect(markup).toBeDefined();
    expect(customerRows(markup!)).toContain('Rania Saleh');
    expect(res.body).toContain('<title>Customers · Workbay</title>');
    // Its styles come with it (its first paint waits for no other request).
    expect(res.body).toContain(`<style>${STYLES}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    // The user is among the page's answers: index.html's own read of it is gone.
    expect(res.body).not.toContain('href="/api/user"');
    expect(state?.language).toBe('en');
    const keys = state!.queries.queries.map((query) => JSON.stringify((query as { queryKey: unknown }).queryKey));
    expect(keys).toContain('["/api/user"]');
    expect(keys).toContain(`["/api/tenants",${shop.tenantId},"customers",{"limit":25}]`);
    // The only scripts are the app's own file and the data block (the policy runs no inline script).
    expect([...res.body.matchAll(/<script[^>]*>/g)].map((match) => match[0])).toEqual([
      '<script type="application/json" id="page-state">',
      '<script type="module" src="/assets/index-AbC123.js">',
    ]);
  });

  it('compresses the page as the browser accepts, brotli first', async () => {
    const plain = await page('/customers', shop.admin);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/customers',
        headers: { cookie: `${shop.admin.cookie}; ${viewCookie(ENGLISH)}`, 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(customerRows(parts(decode(res.rawPayload).toString('utf8')).markup!)).toContain('Rania Saleh');
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('writes what users typed as text, never as markup or script, in the page and in its answers', async () => {
    const res = await page('/customers', shop.admin);
    const { markup, state } = parts(res.body);
    expect(customerRows(markup!)).toContain(
      '</script><script>alert(1)</script> $& $1 <b>bold</b>'.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    );
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<b>bold</b>');
    // In the data block every "<" is \u003c: the text cannot end the block.
    const block = /id="page-state">([\s\S]*?)<\/script>/.exec(res.body)![1];
    expect(block).not.toContain('<');
    expect(JSON.stringify(state)).toContain('</script><script>alert(1)</script>');
    expect(JSON.stringify(state)).toContain('$& $1 <b>bold</b>');
  });

  it('shows another workshop its own rows only, and a technician no invoices', async () => {
    const theirs = parts((await page('/customers', other)).body);
    expect(customerRows(theirs.markup!)).toEqual(['Omar Othershop']);
    expect(JSON.stringify(theirs.state)).not.toContain('Rania');
    const mine = (await page('/customers', shop.admin)).body;
    expect(mine).not.toContain('Othershop');

    const invoices = parts((await page('/invoices', shop.technician)).body);
    expect(invoices.markup).toBeDefined();
    const keys = invoices.state!.queries.queries.map((query) => JSON.stringify((query as { queryKey: unknown }).queryKey));
    expect(keys.some((key) => key.includes('invoices'))).toBe(false);
  });

  it('renders in the browser’s language, direction, theme and contrast', async () => {
    const res = await page('/customers', shop.admin, { language: 'ar', theme: 'dark', highContrast: true, timeZone: 'Asia/Dubai' });
    expect(res.body).toContain('<html lang="ar" dir="rtl" class="dark high-contrast">');
    expect(res.body).toContain('<title>العملاء · Workbay</title>');
    expect(parts(res.body).state?.language).toBe('ar');
    expect(customerRows(parts(res.body).markup!)).toContain('Rania Saleh');
  });

  it('sends the page unrendered, with its reads named, without the browser’s view, to a visitor and for a password to change', async () => {
    for (const cookie of [null, 'lang=fr&theme=light&contrast=0&tz=UTC', 'lang=en&theme=light&contrast=0&tz=Mars%2FBase']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/customers',
        headers: { cookie: [shop.admin.cookie, cookie && `${VIEW_COOKIE}=${encodeURIComponent(cookie)}`].filter(Boolean).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-AbC123.css">');
      expect(res.body).toContain(`<link rel="preload" href="/api/tenants/${shop.tenantId}/customers?limit=25&amp;offset=0"`);
    }
    const visitor = await page('/customers', undefined);
    expect(visitor.body).toBe(INDEX);
    const pending = await addStaffAtFirstSignIn(t.app, shop.admin, 'manager');
    expect((await page('/customers', pending)).body).toBe(INDEX);
  });

  it('renders a record’s view with the reads it asks for, a search with its rows, and an unknown path not at all', async () => {
    const customers = (await shop.admin.get(`/api/tenants/${shop.tenantId}/customers?q=Rania`)).json() as Array<{ id: number }>;
    const view = parts((await page(`/customers/${customers[0].id}`, shop.admin)).body);
    expect(view.markup).toContain('data-testid="sidebar"');
    expect(view.markup).toContain('Rania Saleh');
    expect(JSON.stringify(view.state)).toContain(`["/api/customers",${customers[0].id}]`);
    // Another workshop's record: the view says so as the browser would, with nothing of it.
    const theirs = (await page(`/customers/${customers[0].id}`, other)).body;
    expect(theirs).not.toContain('Rania');
    const search = parts((await page('/customers?q=saleh', shop.admin)).body);
    expect(customerRows(search.markup!)).toEqual(['Rania Saleh']);
    const unknown = await page('/no-such-page', shop.admin);
    expect(unknown.body).not.toContain('id="page-state"');
  });

  it('answers twenty pages asked for at once, each for its own user', async () => {
    const users = [shop.admin, other, shop.manager, shop.technician];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => page('/customers', users[i % users.length])));
    answers.forEach((res, i) => {
      const names = customerRows(parts(res.body).markup!);
      if (users[i % users.length] === other) expect(names).toEqual(['Omar Othershop']);
      else expect(names).toContain('Rania Saleh');
    });
  });
});
