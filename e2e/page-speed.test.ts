import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { newAccount, newContext, registerViaApi, trackErrors, useServerAndBrowser } from './harness';

/**
 * No waterfall (issue 14): a page's first reads start beside its code, and the session check
 * beside the bundle. Each test holds back a script until the requests it names have been sent
 * (10 s at most): a request sent before the script is let through does not wait for it. No
 * timing is asserted; speed is the benchmarks' business. Each test loads its page in a browser
 * that has not run the app before (no view cookie), which the server does not render: a
 * returning browser's page comes rendered with its data (e2e/page-render.test.ts).
 */
const env = useServerAndBrowser();

async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[]; tenantId: number }> {
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  const me = await registerViaApi(context, newAccount('speed'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors, tenantId: me.tenantId };
}

/**
 * Holds the responses of scripts matching `script` until a request matching each of `wanted`
 * has been sent (10 s at most). `sentFirst` names those sent before the first held script was
 * let through: a request that waits for the script cannot be among them.
 */
async function holdUntilRequested(page: Page, script: RegExp, wanted: Record<string, (request: Request) => boolean>) {
  const sent = new Set<string>();
  const sentFirst = new Set<string>();
  let held = 0;
  let released = false;
  let allSent = () => {};
  const everyWantedSent = new Promise<void>((resolve) => (allSent = resolve));
  page.on('request', (request) => {
    for (const [name, matches] of Object.entries(wanted)) {
      if (!matches(request)) continue;
      sent.add(name);
      if (!released) sentFirst.add(name);
    }
    if (sent.size === Object.keys(wanted).length) allSent();
  });
  await page.route(script, async (route) => {
    held += 1;
    // Released by the last wanted request; the cap only keeps a page that never sends one from hanging.
    let cap: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([everyWantedSent, new Promise((resolve) => (cap = setTimeout(resolve, 10_000)))]);
    clearTimeout(cap);
    released = true;
    await route.continue();
  });
  return {
    /** The wanted requests sent before the script; throws if no script was held (a wrong pattern). */
    sentFirst() {
      expect(held, `no script matched ${script}`).toBeGreaterThan(0);
      return [...sentFirst].sort();
    },
  };
}

const path = (request: Request) => new URL(request.url()).pathname + new URL(request.url()).search;

describe('page speed: no waterfall', () => {
  it('asks who is signed in before the app’s scripts have arrived, once', async () => {
    const { context, page, errors } = await signedIn();
    const userReads: string[] = [];
    page.on('request', (request) => {
      if (path(request) === '/api/user') userReads.push(request.method());
    });
    const probe = await holdUntilRequested(page, /\/assets\/index-[\w-]+\.js$/, { user: (request) => path(request) === '/api/user' });
    await page.goto('/customers');
    await page.getByTestId('customers-page').waitFor();
    expect(probe.sentFirst()).toEqual(['user']);
    // The app took the preloaded answer: one read of the user, not two.
    expect(userReads).toEqual(['GET']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a page’s code and first reads with its HTML, before any script, and reads each once', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const created = await context.request.post('/api/customers', {
      data: { firstName: 'Rania', lastName: 'Saleh', phone: '+971 50 765 4321' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (path(request).startsWith('/api/') && request.method() === 'GET') reads.push(path(request));
    });
    const list = `/api/tenants/${tenantId}/customers?limit=25&offset=0`;
    const probe = await holdUntilRequested(page, /\/assets\/[\w-]+\.js$/, {
      user: (request) => path(request) === '/api/user',
      unread: (request) => path(request) === '/api/notifications/unread-count',
      settings: (request) => path(request) === '/api/tenant/settings',
      list: (request) => path(request) === list,
      code: (request) => /^\/assets\/customers-page-[\w-]+\.js$/.test(path(request)),
      // Its English dictionary (locales/en/customers.json): the build names it customers-<hash>.js.
      words: (request) => /^\/assets\/customers-[\w-]{8}\.js$/.test(path(request)),
    });
    await page.goto('/customers');
    await page.getByTestId('customer-row').filter({ hasText: 'Rania Saleh' }).waitFor();
    expect(probe.sentFirst()).toEqual(['code', 'list', 'settings', 'unread', 'user', 'words']);
    // The app's own requests took the preloaded answers: each URL once.
    const counts = Object.fromEntries(
      ['/api/user', '/api/notifications/unread-count', '/api/tenant/settings', list].map((url) => [url, 0]),
    );
    for (const url of reads) if (url in counts) counts[url] += 1;
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((url) => [url, 1])));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the customers list with the page’s code, not after it', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const created = await context.request.post('/api/customers', {
      data: { firstName: 'Nadia', lastName: 'Haddad', phone: '+971 50 123 4567' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const probe = await holdUntilRequested(page, /\/assets\/customers-page-[\w-]+\.js$/, {
      list: (request) => path(request).startsWith(`/api/tenants/${tenantId}/customers?`),
    });
    await page.goto('/customers');
    await page.getByTestId('customer-row').filter({ hasText: 'Nadia Haddad' }).waitFor();
    expect(probe.sentFirst()).toEqual(['list']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the dashboard’s figures and its technician list with its code', async () => {
    const { context, page, errors } = await signedIn();
    const probe = await holdUntilRequested(page, /\/assets\/dashboard-page-[\w-]+\.js$/, {
      figures: (request) => path(request) === '/api/dashboard/stats',
      technicians: (request) => path(request).startsWith('/api/technicians?'),
    });
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    expect(probe.sentFirst()).toEqual(['figures', 'technicians']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a page’s reads when the pointer reaches its link, before the click', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    const listRead = page.waitForRequest((request) => path(request).startsWith(`/api/tenants/${tenantId}/vehicles?`), { timeout: 10_000 });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Vehicles' }).hover();
    await listRead;
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Vehicles' }).click();
    await page.getByTestId('vehicles-page').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a top-bar menu pressed before its code has arrived, from the keyboard or the pointer', async () => {
    const { context, page, errors } = await signedIn();
    let releaseMenu = () => {};
    const menuHeld = new Promise<void>((resolve) => (releaseMenu = resolve));
    await page.route(/\/assets\/settings-menu-[\w-]+\.js$/, async (route) => {
      await menuHeld;
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    const button = page.getByTestId('settings-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('menu').count()).toBe(0); // its code is still held back
    releaseMenu();
    await page.getByRole('menuitemradio', { name: 'English' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // Back on the menu's own button, which opens it as any menu does.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('settings-menu');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
