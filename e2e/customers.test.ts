import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  staffMember,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function signedIn(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('desk'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

type Customer = { id: number; firstName: string; lastName: string; phone: string };

async function createCustomer(request: APIRequestContext, data: Record<string, unknown>): Promise<Customer> {
  const res = await request.post('/api/customers', { data: { phone: '+971 50 000 0000', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Customer;
}

async function createVehicle(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number }> {
  const res = await request.post('/api/vehicles', { data: { make: 'Toyota', model: 'Corolla', year: 2019, ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function tenantOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/user')).json()) as { tenantId: number }).tenantId;
}

async function customerCount(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/api/tenants/${await tenantOf(request)}/customers?limit=1`);
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

async function findCustomer(request: APIRequestContext, q: string): Promise<Customer> {
  const res = await request.get(`/api/tenants/${await tenantOf(request)}/customers?q=${encodeURIComponent(q)}`);
  const [found] = (await res.json()) as Customer[];
  expect(found).toBeDefined();
  return found;
}

/** A second person of the same workshop with the given role, signed in (made by the admin). */
async function colleague(admin: BrowserContext, role: 'manager' | 'technician', viewport?: { width: number; height: number }) {
  const account = newAccount(role);
  const created = await admin.request.post('/api/users', {
    data: { username: account.username, firstName: 'Tariq', lastName: 'Nasser', email: account.email, role, password: account.password },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
    200,
  );
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: `${role}-pass-12345` },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, page: await context.newPage(), errors };
}

const row = (page: Page, name: string) => page.getByTestId('customer-row').filter({ hasText: name });

describe('customers screen', () => {
  it('adds with the validation messages, edits, searches with its empty states, pages with Load more and deletes', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/customers');
    const empty = page.getByTestId('customers-empty');
    await empty.waitFor();
    expect(await empty.getByText('No customers yet').isVisible()).toBe(true);
    expect(await page.getByTestId('page-title').textContent()).toBe('Customers');
    await screenshot(page, 'customers-empty-desktop-en');

    // Add from the empty state: the spec's messages under the fields.
    await empty.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByTestId('submit-customer').click();
    await dialog.getByText('First name is required').waitFor();
    expect(await dialog.getByText('Last name is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Phone is required').isVisible()).toBe(true);
    await dialog.getByLabel('First name').fill('Amal');
    await dialog.getByLabel('Last name').fill('Haddad');
    await dialog.getByLabel('Phone').fill('+971 50 123 4567');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByTestId('submit-customer').click();
    await dialog.getByText('Invalid email address').waitFor();
    expect(await dialog.getByText('First name is required').count()).toBe(0);
    await dialog.getByLabel('Email').fill('amal@example.com');
    await dialog.getByLabel('City').fill('Dubai');
    // Written to in the desk's language unless told otherwise.
    expect(await dialog.getByTestId('customer-language-select').textContent()).toBe('English');
    await screenshot(page, 'customers-add-desktop-en');
    await dialog.getByTestId('submit-customer').click();
    await toastRegion(page).getByText('Customer created').waitFor();
    expect(await toastRegion(page).getByText('Success', { exact: true }).isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    const amal = row(page, 'Amal Haddad');
    await amal.waitFor();
    expect(await amal.textContent()).toContain('amal@example.com');
    expect(await amal.textContent()).toContain('Dubai');

    // Edit.
    await amal.getByRole('button', { name: 'Edit Amal Haddad' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    expect(await edit.getByLabel('Phone').inputValue()).toBe('+971 50 123 4567');
    await edit.getByLabel('City').fill('Sharjah');
    await edit.getByTestId('customer-language-select').click();
    await page.getByRole('option', { name: 'Arabic' }).click();
    await edit.getByTestId('submit-customer').click();
    await toastRegion(page).getByText('Customer updated').waitFor();
    await amal.getByText('Sharjah').waitFor();
    const amalId = Number(await amal.getAttribute('data-customer-id'));
    expect(
      ((await (await context.request.get(`/api/customers/${amalId}`)).json()) as { preferredLanguage: string }).preferredLanguage,
    ).toBe('ar');

    // 30 more: the first page shows 25 and the total; Load more brings the rest.
    for (let i = 1; i <= 30; i++)
      await createCustomer(context.request, { firstName: `Client${String(i).padStart(2, '0')}`, lastName: 'Zeta', city: 'Ajman' });
    await page.reload();
    await page.getByTestId('customers-table').waitFor();
    await page.getByText('Showing 25 of 31 customers').waitFor();
    expect(await page.getByTestId('customer-row').count()).toBe(25);
    await page.getByRole('button', { name: 'Load more customers' }).click();
    await page.getByText('Showing 31 of 31 customers').waitFor();
    expect(await page.getByRole('button', { name: 'Load more customers' }).count()).toBe(0);

    // Search on the server (kept in the address); no match: the search's empty state, without the add button.
    await page.getByTestId('customer-search').fill('hadd');
    await page.waitForURL((url) => url.searchParams.get('q') === 'hadd');
    await page.getByText('Showing 1 of 1 customers').waitFor();
    expect(await page.getByTestId('customer-row').count()).toBe(1);
    await page.getByTestId('customer-search').fill('nobody-like-this');
    await page.getByTestId('customers-empty').getByText('No customers found').waitFor();
    expect(await page.getByTestId('customers-empty').textContent()).toContain('nobody-like-this');
    expect(await page.getByTestId('empty-add-customer').count()).toBe(0);
    expect(await page.getByTestId('add-customer').isVisible()).toBe(true);
    // Clearing the search shows the whole list again, as far as it was loaded.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('Showing 31 of 31 customers').waitFor();
    expect(new URL(page.url()).search).toBe('');

    // Delete: refused while the customer has a vehicle (the server's message), then allowed.
    await createVehicle(context.request, { customerId: (await findCustomer(context.request, 'Haddad')).id, plateNumber: 'D 12345' });
    await row(page, 'Amal Haddad').getByRole('button', { name: 'Delete Amal Haddad' }).click();
    const confirm = page.getByTestId('delete-customer-dialog');
    await confirm.getByText('Delete Amal Haddad?').waitFor();
    await confirm.getByTestId('confirm-delete').click();
    const refusal = toastRegion(page).locator('[data-variant="destructive"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Error');
    expect(await refusal.textContent()).toMatch(/1 vehicle/);
    expect(await row(page, 'Amal Haddad').count()).toBe(1);
    await row(page, 'Client01 Zeta').getByRole('button', { name: 'Delete Client01 Zeta' }).click();
    await page.getByTestId('delete-customer-dialog').getByTestId('confirm-delete').click();
    await toastRegion(page).getByText('Customer deleted').waitFor();
    await row(page, 'Client01 Zeta').waitFor({ state: 'detached' });
    await page.getByText('Showing 30 of 30 customers').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a customer's details, vehicles, job cards and notes, and adds a vehicle for them", async () => {
    const { context, page, errors } = await signedIn();
    const customer = await createCustomer(context.request, {
      firstName: 'Omar',
      lastName: 'Farouk',
      email: 'omar@example.com',
      address: '12 Creek Road',
      city: 'Dubai',
      postalCode: '00000',
      notes: 'Prefers morning appointments',
    });
    const patrol = await createVehicle(context.request, {
      customerId: customer.id,
      make: 'Nissan',
      model: 'Patrol',
      year: 2021,
      plateNumber: 'DXB 4411',
    });
    const card = await context.request.post('/api/job-cards', {
      data: { customerId: customer.id, vehicleId: patrol.id, serviceType: 'Oil change', priority: 'high', estimatedCost: '85.50' },
    });
    expect(card.status(), await card.text()).toBe(201);
    const { jobNumber } = (await card.json()) as { jobNumber: string };
    await page.goto('/customers');
    await row(page, 'Omar Farouk').getByRole('link', { name: 'Omar Farouk' }).click();
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`);
    const view = page.getByTestId('customer-view');
    await view.getByTestId('customer-name').getByText('Omar Farouk').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Customers');
    expect(await view.getByTestId('customer-email').textContent()).toBe('omar@example.com');
    expect(await view.getByTestId('customer-address').textContent()).toBe('12 Creek Road, 00000 Dubai');
    expect(await view.getByText('Prefers morning appointments').isVisible()).toBe(true);
    expect(await view.getByTestId('customer-vehicle-count').textContent()).toBe('Vehicles: 1');
    expect(await view.getByRole('link', { name: 'Call Omar Farouk' }).getAttribute('href')).toBe(`tel:${customer.phone}`);
    expect(await view.getByTestId('customer-job-card-count').textContent()).toBe('Job cards: 1');
    await view.getByTestId('customer-vehicle-row').filter({ hasText: 'DXB 4411' }).waitFor();
    const jobCard = view.getByTestId('job-card-row').filter({ hasText: jobNumber });
    await jobCard.waitFor();
    const jobText = await jobCard.textContent();
    for (const part of ['Oil change', 'High', 'Nissan Patrol', 'Pending', '$85.50']) expect(jobText, part).toContain(part);

    // Notes: required text, the important flag, delete with confirmation.
    const notes = view.getByTestId('customer-notes');
    await notes.getByTestId('notes-empty').waitFor();
    await notes.getByTestId('add-note').click();
    await notes.getByText('Note is required').waitFor();
    await notes.getByLabel('New note').fill('Asked for a quote on new tyres');
    await notes.getByTestId('add-note').click();
    await toastRegion(page).getByText('Note added').waitFor();
    await notes.getByLabel('New note').fill('Pays by card only');
    await notes.getByTestId('note-category').click();
    await page.getByRole('option', { name: 'Billing' }).click();
    await notes.getByTestId('note-important').click();
    await notes.getByTestId('add-note').click();
    await notes.getByTestId('customer-note').filter({ hasText: 'Pays by card only' }).waitFor();
    // Important notes come first.
    const first = notes.getByTestId('customer-note').first();
    expect(await first.getAttribute('data-important')).toBe('true');
    expect(await first.textContent()).toContain('Billing');
    expect(await first.textContent()).toContain('Sam Rivera');
    await screenshot(page, 'customer-view-desktop-en');
    await notes.getByTestId('customer-note').filter({ hasText: 'Asked for a quote' }).getByTestId('delete-note').click();
    await page.getByRole('alertdialog').getByTestId('confirm-delete').click();
    await toastRegion(page).getByText('Note deleted').waitFor();
    await notes.getByTestId('customer-note').filter({ hasText: 'Asked for a quote' }).waitFor({ state: 'detached' });
    expect(await notes.getByTestId('customer-note').count()).toBe(1);

    // Add Vehicle from the view: the customer is chosen already.
    await view.getByTestId('customer-add-vehicle').click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    expect(await dialog.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Omar Farouk');
    await dialog.getByLabel('Make').fill('Kia');
    await dialog.getByLabel('Model').fill('Sportage');
    await dialog.getByLabel('Year').fill('2022');
    await dialog.getByLabel('Plate number').fill('DXB 7788');
    await dialog.getByTestId('submit-vehicle').click();
    await toastRegion(page).getByText('Vehicle created').waitFor();
    await view.getByTestId('customer-vehicle-row').filter({ hasText: 'DXB 7788' }).waitFor();
    await view.getByTestId('customer-vehicle-count').getByText('Vehicles: 2').waitFor();

    // Back to the list; an unknown id is a not-found view.
    await view.getByTestId('back-link').click();
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.goto('/customers/999999');
    await page.getByTestId('customer-not-found').getByText('Customer not found').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the filtered list as CSV, previews an import with its row errors, cancels without writing, then imports', async () => {
    const { context, page, errors } = await signedIn();
    await createCustomer(context.request, { firstName: 'Layla', lastName: 'Saeed', email: 'layla@example.com', city: 'Abu Dhabi' });
    await createCustomer(context.request, { firstName: 'Karim', lastName: 'Mansour', city: 'Al Ain' });
    await page.goto('/customers?q=saeed');
    await page.getByText('Showing 1 of 1 customers').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('Layla');
    expect(exported).toContain('layla@example.com');
    expect(exported).not.toContain('Mansour');
    await toastRegion(page)
      .getByText(/downloaded/)
      .waitFor();

    // An import with an error row: shown by line number, Import disabled; Cancel writes nothing.
    const before = await customerCount(context.request);
    await page.getByTestId('csv-import').click();
    const dialog = page.getByTestId('csv-import-dialog');
    await dialog.getByRole('heading', { name: 'Import customers' }).waitFor();
    const bad = [
      'firstName,lastName,phone,email,city',
      'Nadia,Khalil,+971 55 100 2000,nadia@example.com,Dubai',
      'Yousef,,+971 55 100 3000,not-an-email,Dubai',
      'Huda,Salem,+971 55 100 4000,,Fujairah',
    ].join('\r\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByTestId('csv-preview').waitFor();
    expect(await dialog.getByTestId('csv-preview-row').count()).toBe(3);
    const line3 = dialog.locator('[data-testid="csv-preview-row"][data-line="3"]');
    expect(await line3.getAttribute('data-invalid')).toBe('true');
    expect(await line3.textContent()).toContain('Last name is required');
    expect(await line3.textContent()).toContain('Invalid email address');
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="2"]').getAttribute('data-invalid')).toBeNull();
    expect(await dialog.getByTestId('csv-summary').textContent()).toContain('1 of 3 rows have errors');
    expect(await dialog.getByTestId('csv-import-submit').isDisabled()).toBe(true);
    await screenshot(page, 'customers-import-errors-desktop-en');
    await dialog.getByTestId('csv-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await customerCount(context.request)).toBe(before);

    // A valid file imports every row.
    await page.getByTestId('csv-import').click();
    const good = [
      'firstName,lastName,phone,email,city',
      'Nadia,Khalil,+971 55 100 2000,nadia@example.com,Dubai',
      'Yousef,Haddad,+971 55 100 3000,,Dubai',
    ].join('\r\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByTestId('csv-summary').getByText('All 2 rows of customers.csv are ready to import.').waitFor();
    await dialog.getByTestId('csv-import-submit').click();
    await toastRegion(page).getByText('2 customers imported').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await customerCount(context.request)).toBe(before + 2);
    await page.getByTestId('customer-search').fill('');
    await row(page, 'Yousef Haddad').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports the largest file (20,000 rows) read in pieces, and refuses one row more before sending anything', async () => {
    const { context, page, errors } = await signedIn();
    const lines = (n: number) =>
      [
        'First name,Last name,Phone,City',
        ...Array.from({ length: n }, (_, i) => `Bulk${i},Row${i},+1 555 ${String(i).padStart(6, '0')},"Town, ${i % 7}"`),
      ].join('\r\n');
    await page.goto('/customers');
    await page.getByTestId('customers-empty').waitFor();
    await page.getByTestId('csv-import').click();
    const dialog = page.getByTestId('csv-import-dialog');
    await dialog
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: Buffer.from(lines(20_001)) });
    await dialog
      .getByTestId('csv-problem')
      .getByText('The file has 20,001 rows; at most 20,000 rows can be imported at once. Split it into smaller files.')
      .waitFor();
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'all.csv', mimeType: 'text/csv', buffer: Buffer.from(lines(20_000)) });
    await dialog.getByTestId('csv-summary').getByText('All 20,000 rows of all.csv are ready to import.').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('csv-preview-row').count()).toBe(10);
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="2"]').textContent()).toContain('Town, 0');
    await dialog.getByTestId('csv-import-submit').click();
    await toastRegion(page).getByText('20,000 customers imported').waitFor({ timeout: 60_000 });
    expect(await customerCount(context.request)).toBe(20_000);
    await page.getByText('Showing 25 of 20,000 customers').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("refreshes live with a colleague's change; technicians read without changing", async () => {
    const { context, page, errors } = await signedIn();
    await createCustomer(context.request, { firstName: 'Salma', lastName: 'Aziz' });
    await page.goto('/customers');
    await row(page, 'Salma Aziz').waitFor();
    const manager = await colleague(context, 'manager');
    await createCustomer(manager.context.request, { firstName: 'Fresh', lastName: 'Arrival' });
    await row(page, 'Fresh Arrival').waitFor();

    const tech = await colleague(context, 'technician');
    await tech.page.goto('/customers');
    await row(tech.page, 'Salma Aziz').waitFor();
    expect(await tech.page.getByTestId('add-customer').count()).toBe(0);
    expect(await tech.page.getByTestId('csv-import').count()).toBe(0);
    expect(await tech.page.getByTestId('edit-customer').count()).toBe(0);
    expect(await tech.page.getByTestId('delete-customer').count()).toBe(0);
    expect(await tech.page.getByTestId('csv-export').isVisible()).toBe(true);
    await row(tech.page, 'Salma Aziz').getByRole('link').click();
    await tech.page.getByTestId('customer-view').waitFor();
    expect(await tech.page.getByTestId('edit-customer').count()).toBe(0);
    expect(await tech.page.getByTestId('add-note-form').count()).toBe(0);
    expect(await tech.page.getByTestId('customer-add-vehicle').count()).toBe(0);
    expect([...errors, ...tech.errors, ...manager.errors]).toEqual([]);
    await Promise.all([tech.context.close(), manager.context.close(), context.close()]);
  });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps a customer's files: attached, downloaded and removed by staff, read by a technician (${language})`, async () => {
      const { context, page, errors } = await signedIn();
      await chooseLanguage(page, language);
      const customer = await createCustomer(context.request, { firstName: 'Huda', lastName: 'Karim' });
      await page.goto(`/customers/${customer.id}`);
      const files = page.getByTestId('customer-files');
      await files.getByText(language === 'ar' ? 'لا توجد ملفات بعد' : 'No files yet').waitFor();
      await files
        .getByTestId('attachment-input')
        .setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 registration') });
      await files.getByTestId('attachment').filter({ hasText: 'registration.pdf' }).waitFor();
      await files
        .getByTestId('attachment-input')
        .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: Buffer.alloc(300_000, 7) });
      await expect.poll(async () => files.getByTestId('attachment').count(), { timeout: 10_000 }).toBe(2);
      expect(await files.getByTestId('attachment').filter({ hasText: 'licence.png' }).textContent()).toContain(
        language === 'ar' ? '0.3 ميغابايت' : '0.3 MB',
      );
      const download = page.waitForEvent('download');
      await files.getByTestId('attachment').filter({ hasText: 'registration.pdf' }).getByRole('link').click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('registration.pdf');
      expect(readFileSync((await saved.path())!, 'utf8')).toBe('%PDF-1.4 registration');
      await files.scrollIntoViewIfNeeded();
      await screenshot(page, `customer-files-desktop-${language}`);

      // A technician reads and downloads them, and is offered no change.
      const tech = await staffMember(env.browser, context, 'technician');
      const techPage = await tech.context.newPage();
      await techPage.goto(`/customers/${customer.id}`);
      await expect.poll(async () => techPage.getByTestId('customer-files').getByTestId('attachment').count(), { timeout: 10_000 }).toBe(2);
      expect(await techPage.getByTestId('customer-files').getByTestId('attachment-input').count()).toBe(0);
      expect(await techPage.getByTestId('customer-files').getByTestId('remove-attachment').count()).toBe(0);

      await files.getByTestId('attachment').filter({ hasText: 'licence.png' }).getByTestId('remove-attachment').click();
      await page.getByTestId('confirm-remove-attachment').click();
      await expect.poll(async () => files.getByTestId('attachment').count(), { timeout: 10_000 }).toBe(1);
      const left = (await (await context.request.get(`/api/attachments?entityType=customer&entityId=${customer.id}`)).json()) as Array<{
        originalName: string;
      }>;
      expect(left.map((file) => file.originalName)).toEqual(['registration.pdf']);
      // The technician's page follows the change live.
      await expect.poll(async () => techPage.getByTestId('customer-files').getByTestId('attachment').count(), { timeout: 10_000 }).toBe(1);
      expect(errors).toEqual([]);
      await Promise.all([tech.context.close(), context.close()]);
    });
  }

  it('reads right to left in Arabic and fits a phone', async () => {
    const { context, page, errors } = await signedIn();
    const customer = await createCustomer(context.request, {
      firstName: 'سارة',
      lastName: 'الأحمد',
      email: 'sara@example.com',
      city: 'الرياض',
    });
    await createCustomer(context.request, { firstName: 'Omar', lastName: 'Farouk', city: 'Dubai' });
    await createVehicle(context.request, {
      customerId: customer.id,
      make: 'Hyundai',
      model: 'Tucson',
      year: 2020,
      plateNumber: 'RUH 1234',
    });
    await chooseLanguage(page, 'ar');
    await page.goto('/customers');
    await row(page, 'سارة الأحمد').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('page-title').textContent()).toBe('العملاء');
    expect(await page.getByRole('button', { name: 'إضافة عميل' }).isVisible()).toBe(true);
    // The name column starts at the right edge of the table.
    const table = await page.getByRole('table').boundingBox();
    const nameHead = await page.getByRole('columnheader', { name: 'الاسم' }).boundingBox();
    expect(nameHead!.x + nameHead!.width).toBeGreaterThan(table!.x + table!.width - 4);
    await screenshot(page, 'customers-desktop-ar');
    await page.getByTestId('add-customer').click();
    const dialog = page.getByRole('dialog', { name: 'إضافة عميل' });
    await dialog.getByTestId('submit-customer').click();
    await dialog.getByText('الاسم الأول مطلوب').waitFor();
    expect(await dialog.getByTestId('customer-language-select').textContent()).toBe('العربية');
    await screenshot(page, 'customers-add-desktop-ar');
    await page.keyboard.press('Escape');
    await row(page, 'سارة الأحمد').getByRole('link').click();
    await page.getByTestId('customer-view').waitFor();
    await page.getByTestId('customer-vehicle-row').waitFor();
    expect(await page.getByTestId('customer-language').textContent()).toContain('الإنجليزية');
    await page.getByTestId('customer-messages-empty').waitFor();
    await screenshot(page, 'customer-view-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/customers');
    await row(phonePage, 'Omar Farouk').waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'customers-phone-en');
    await phonePage.goto(`/customers/${customer.id}`);
    await phonePage.getByTestId('customer-view').waitFor();
    await phonePage.getByTestId('customer-vehicle-row').waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'customer-view-phone-en');
    await chooseLanguage(phonePage, 'ar');
    await phonePage.goto('/customers');
    await row(phonePage, 'سارة الأحمد').waitFor();
    await screenshot(phonePage, 'customers-phone-ar');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
