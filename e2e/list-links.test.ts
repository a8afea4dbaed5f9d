import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { newAccount, newContext, registerViaApi, trackErrors, useServerAndBrowser } from './harness';

/**
 * The links the global search and the command palette make into the module lists: `?q=` opens a
 * list searched (and the search box writes back to the address), `?new=1` opens the list's "new"
 * dialog for those who may create and is then taken out of the address.
 */
const env = useServerAndBrowser();

async function post<T = { id: number }>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

type Doc = { id: number; number: string };

/** Two customers, a car each, and an estimate and an invoice for each. */
async function workshop(context: BrowserContext) {
  const me = await registerViaApi(context, newAccount('links'), { completeOnboarding: true });
  const r = context.request;
  const billing = `/api/tenants/${me.tenantId}`;
  const people = [
    { firstName: 'Layla', lastName: 'Haddad', phone: '+971501234567', plate: 'DXB-4521', work: 'Front brakes' },
    { firstName: 'Omar', lastName: 'Khalid', phone: '+971507654321', plate: 'SHJ-1188', work: 'Timing belt' },
  ];
  const made: Array<{ name: string; estimate: Doc; invoice: Doc }> = [];
  for (const person of people) {
    const customer = await post(r, '/api/customers', { firstName: person.firstName, lastName: person.lastName, phone: person.phone });
    const vehicle = await post(r, '/api/vehicles', {
      customerId: customer.id,
      make: 'Toyota',
      model: 'Camry',
      year: 2020,
      plateNumber: person.plate,
    });
    const document = { customerId: customer.id, vehicleId: vehicle.id, description: person.work, laborCost: 100 };
    const estimate = await post<{ id: number; estimateNumber: string }>(r, `${billing}/estimates`, document);
    const invoice = await post<{ id: number; invoiceNumber: string }>(r, `${billing}/invoices`, { ...document, status: 'sent' });
    made.push({
      name: `${person.firstName} ${person.lastName}`,
      estimate: { id: estimate.id, number: estimate.estimateNumber },
      invoice: { id: invoice.id, number: invoice.invoiceNumber },
    });
  }
  const [layla, omar] = made;
  return { layla, omar };
}

/** A technician account of the admin's workshop, signed in in a context of its own. */
async function technician(admin: BrowserContext) {
  const account = newAccount('tech');
  await post(admin.request, '/api/users', {
    username: account.username,
    firstName: 'Tina',
    lastName: 'Tech',
    email: account.email,
    role: 'technician',
    password: account.password,
  });
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  const login = await context.request.post('/api/login', { data: { username: account.username, password: account.password } });
  expect(login.status()).toBe(200);
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, page: await context.newPage(), errors };
}

/** The numbers of the rows a list shows, once it shows exactly `expected` (in any order). */
async function rowsAre(page: Page, testId: string, expected: string[]) {
  const rows = page.getByTestId(testId);
  const selector = expected.map((n) => `[data-testid="${testId}"][data-number="${n}"]`).join(', ');
  await expect
    .poll(async () => ((await rows.count()) === expected.length ? await page.locator(selector).count() : -1), { timeout: 15_000 })
    .toBe(expected.length);
}

const query = (page: Page) => new URL(page.url()).searchParams;

/** Navigates inside the app as the top bar or the palette does (history.pushState, no reload). */
async function navigateInApp(page: Page, href: string) {
  await page.evaluate((to) => history.pushState(null, '', to), href);
}

describe('list links', () => {
  it('?q= opens estimates and invoices searched, follows the address when it changes and writes the box back to it', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { layla, omar } = await workshop(context);
    const page = await context.newPage();

    // Estimates for Layla only, her name in the search box.
    await page.goto('/estimates?q=Layla');
    await rowsAre(page, 'estimate-row', [layla.estimate.number]);
    expect(await page.getByTestId('estimate-search').inputValue()).toBe('Layla');
    expect((await page.getByTestId('estimate-row').textContent()) ?? '').toContain(layla.name);

    // The palette takes the same page to another search: the box and the list follow.
    await navigateInApp(page, '/estimates?q=Omar');
    await rowsAre(page, 'estimate-row', [omar.estimate.number]);
    expect(await page.getByTestId('estimate-search').inputValue()).toBe('Omar');

    // Typing writes the search to the address (replacing it); emptying the box takes q away.
    await page.getByTestId('estimate-search').fill('Haddad');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Haddad');
    await rowsAre(page, 'estimate-row', [layla.estimate.number]);
    await page.getByTestId('estimate-search').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await rowsAre(page, 'estimate-row', [layla.estimate.number, omar.estimate.number]);

    // Invoices by a surname; the invoice's view keeps the search, and so does the list after it.
    await page.goto('/invoices?q=Khalid');
    await rowsAre(page, 'invoice-row', [omar.invoice.number]);
    expect(await page.getByTestId('invoice-search').inputValue()).toBe('Khalid');
    await page.getByTestId('invoice-row').getByTestId('open-invoice').click();
    await page.waitForURL((url) => url.pathname === `/invoices/${omar.invoice.id}`);
    expect(query(page).get('q')).toBe('Khalid');
    await page.getByTestId('invoice-view').waitFor();
    await page.getByTestId('invoice-view-dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    expect(query(page).get('q')).toBe('Khalid');
    await rowsAre(page, 'invoice-row', [omar.invoice.number]);
    expect(await page.getByTestId('invoice-search').inputValue()).toBe('Khalid');

    // Back and forth keep each page's search.
    await page.goto('/estimates?q=Layla');
    await rowsAre(page, 'estimate-row', [layla.estimate.number]);
    await page.goBack();
    await rowsAre(page, 'invoice-row', [omar.invoice.number]);
    expect(await page.getByTestId('invoice-search').inputValue()).toBe('Khalid');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("?new=1 opens each list's new dialog once for staff and leaves the rest of the address", async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('links'), { completeOnboarding: true });
    const page = await context.newPage();

    const pages: Array<[string, (page: Page) => ReturnType<Page['getByRole']>]> = [
      ['/job-cards', (p) => p.getByRole('dialog', { name: 'Create Job Card' })],
      ['/customers', (p) => p.getByRole('dialog', { name: 'Add Customer' })],
      ['/vehicles', (p) => p.getByRole('dialog', { name: 'Add Vehicle' })],
      ['/inventory', (p) => p.getByRole('dialog', { name: 'Add Spare Part' })],
      ['/bookings', (p) => p.getByRole('dialog', { name: 'New Booking' })],
      ['/appointments', (p) => p.getByRole('dialog', { name: 'New Appointment' })],
      ['/estimates', (p) => p.getByRole('dialog', { name: 'New Estimate' })],
      ['/invoices', (p) => p.getByRole('dialog', { name: 'New Invoice' })],
      ['/tasks', (p) => p.getByRole('dialog', { name: 'New Task' })],
    ];
    for (const [path, dialogOf] of pages) {
      await page.goto(`${path}?new=1`);
      await dialogOf(page).waitFor();
      await page.waitForURL((url) => url.pathname === path && !url.searchParams.has('new'));
      expect(page.url(), path).not.toContain('?');
    }

    // The other parameters stay; closing and reloading does not open it again.
    await page.goto('/job-cards?q=brakes&new=1');
    const create = page.getByRole('dialog', { name: 'Create Job Card' });
    await create.waitFor();
    await page.waitForURL((url) => !url.searchParams.has('new'));
    expect(query(page).get('q')).toBe('brakes');
    expect(await page.getByTestId('job-card-search').inputValue()).toBe('brakes');
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('job-cards-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Already on the page, the palette's quick action opens it too.
    await navigateInApp(page, '/job-cards?new=1');
    await create.waitFor();
    await page.waitForURL((url) => !url.searchParams.has('new'));
    expect(query(page).get('q')).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('?new=1 opens nothing for a technician and is taken out of the address', async () => {
    const admin = await newContext(env.browser, env.server.url);
    await registerViaApi(admin, newAccount('links'), { completeOnboarding: true });
    const tech = await technician(admin);
    const { page } = tech;

    for (const [path, testId] of [
      ['/customers', 'customers-page'],
      ['/job-cards', 'job-cards-page'],
      ['/tasks', 'tasks-page'],
      ['/estimates', 'estimates-page'],
    ] as const) {
      await page.goto(`${path}?q=x&new=1`);
      await page.waitForURL((url) => url.pathname === path && !url.searchParams.has('new'));
      expect(query(page).get('q'), path).toBe('x');
      if (path !== '/estimates') await page.getByTestId(testId).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('dialog').count(), path).toBe(0);
    }

    expect(tech.errors).toEqual([]);
    await tech.context.close();
    await admin.close();
  });
});
