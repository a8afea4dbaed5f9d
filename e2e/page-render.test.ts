import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  takenOver,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/**
 * Pages rendered on the server (issue 14): a returning browser's page arrives with its data in
 * its HTML, and the app takes it over without reading that data again or drawing the page again
 * (a hydration; #root's data-render says how the app took the page over). No timing is
 * asserted; speed is the benchmarks' business.
 */
const env = useServerAndBrowser();

const path = (url: string) => new URL(url).pathname + new URL(url).search;

/** A signed-in admin's browser that has run the app once (its view cookie written), on a seeded workshop. */
async function returningBrowser(options: { viewport?: typeof PHONE; timezoneId?: string; seed?: boolean } = {}) {
  const context = await newContext(env.browser, env.server.url, options);
  const errors = trackErrors(context);
  const me = await registerViaApi(context, newAccount('render'), { completeOnboarding: true });
  if (options.seed) expect((await context.request.post('/api/admin/seed-database')).status()).toBe(200);
  const page = await context.newPage();
  // The app's first start in this browser: rendered by the browser, which then writes its view.
  await page.goto('/notifications');
  expect(await takenOver(page)).toBe('client');
  return { context, page, errors, tenantId: me.tenantId };
}

/** Holds back every script of the build until `release` is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/** Every GET of the API the page sends. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && path(request.url()).startsWith('/api/')) reads.push(path(request.url()));
  });
  return reads;
}

describe('pages rendered on the server', () => {
  it('shows a page’s rows before any script has run, then takes it over without reading them again', async () => {
    const { context, page, errors, tenantId } = await returningBrowser();
    const created = await context.request.post('/api/customers', {
      data: { firstName: 'Rania', lastName: 'Saleh', phone: '+971 50 765 4321' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const reads = apiReads(page);
    const scripts = await holdScripts(page);
    await page.goto('/customers', { waitUntil: 'commit' });
    // The row is on screen while not one script has arrived: it came with the HTML.
    await page.getByTestId('customer-row').filter({ hasText: 'Rania Saleh' }).waitFor();
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await screenshot(page, 'page-render-before-scripts');
    scripts.release();
    expect(await takenOver(page)).toBe('hydrated');
    // Nothing the page showed was read again: not the user, not the list, not the shell's reads.
    expect(reads.filter((url) => url === '/api/user' || url.startsWith(`/api/tenants/${tenantId}/customers?`))).toEqual([]);
    expect(reads.filter((url) => url === '/api/tenant/settings' || url === '/api/notifications/unread-count')).toEqual([]);
    // And it is the app's now: a press opens the dialog.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders a record’s view with its record, and a search with its rows', async () => {
    const { context, page, errors } = await returningBrowser();
    const created = await context.request.post('/api/customers', {
      data: { firstName: 'Nadia', lastName: 'Haddad', phone: '+971 50 123 4567' },
    });
    const customer = (await created.json()) as { id: number };
    const scripts = await holdScripts(page);
    await page.goto(`/customers/${customer.id}`, { waitUntil: 'commit' });
    await page.getByTestId('customer-name').getByText('Nadia Haddad').waitFor();
    scripts.release();
    expect(await takenOver(page)).toBe('hydrated');
    await page.unroute(/\/assets\/[\w.-]+\.js$/);
    const again = await holdScripts(page);
    await page.goto('/customers?q=hadd', { waitUntil: 'commit' });
    await page.getByTestId('customer-row').filter({ hasText: 'Nadia Haddad' }).waitFor();
    again.release();
    expect(await takenOver(page)).toBe('hydrated');
    expect(await page.locator('main').getByRole('searchbox').inputValue()).toBe('hadd');
    expect(errors).toEqual([]);
    await context.close();
  });

  const PAGES = [
    '/',
    '/analytics',
    '/activity',
    '/technicians',
    '/tasks',
    '/schedule',
    '/shifts',
    '/job-cards',
    '/bookings',
    '/appointments',
    '/customers',
    '/vehicles',
    '/inventory',
    '/fleet',
    '/estimates',
    '/invoices',
    '/ai-assistant',
    '/users',
    '/settings',
    '/profile',
    '/notifications',
  ];

  /** Loads each page and expects the app to have taken over the server's markup as it was. */
  async function expectHydrated(page: Page, paths: string[]) {
    for (const url of paths) {
      await page.goto(url);
      expect(await takenOver(page), url).toBe('hydrated');
    }
  }

  /** A few of the seeded workshop's record views. */
  async function recordViews(context: BrowserContext, tenantId: number) {
    const first = async (list: string) =>
      ((await (await context.request.get(`/api/tenants/${tenantId}/${list}?limit=1`)).json()) as Array<{ id: number }>)[0].id;
    return [
      `/customers/${await first('customers')}`,
      `/vehicles/${await first('vehicles')}`,
      `/job-cards/${await first('job-cards')}`,
      `/invoices/${await first('invoices')}`,
      `/estimates/${await first('estimates')}/print`,
    ];
  }

  it('hydrates every page of the navigation and the record views of a seeded workshop, as drawn on the server', async () => {
    const { context, page, errors, tenantId } = await returningBrowser({ seed: true });
    await expectHydrated(page, [...PAGES, ...(await recordViews(context, tenantId))]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates them in Arabic, right to left, in a time zone fourteen hours ahead of the server’s', async () => {
    const { context, page, errors, tenantId } = await returningBrowser({ seed: true, timezoneId: 'Pacific/Kiritimati' });
    await chooseLanguage(page, 'ar');
    await page.goto('/');
    await takenOver(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await expectHydrated(page, [...PAGES, ...(await recordViews(context, tenantId))]);
    await screenshot(page, 'page-render-ar');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates on a phone: drawn for a desktop on the server, then laid out for the phone', async () => {
    const { context, page, errors } = await returningBrowser({ seed: true, viewport: PHONE });
    await expectHydrated(page, ['/', '/tasks', '/schedule', '/inventory', '/customers']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the page rendered by the browser when the browser’s view is not known, and to a visitor', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('fresh'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/customers');
    expect(await takenOver(page)).toBe('client');
    await page.getByTestId('customers-page').waitFor();
    await context.clearCookies();
    await page.goto('/customers');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(errors).toEqual([]);
    await context.close();
  });
});
