import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

type Row = { id: number };

async function post<T = Row>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** A workshop with two customers (Ann has two cars, Omar one) and two parts. */
async function workshop(viewport?: { width: number; height: number }) {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  const me = await registerViaApi(context, newAccount('cards'), { completeOnboarding: true });
  const r = context.request;
  const ann = await post(r, '/api/customers', { firstName: 'Ann', lastName: 'Lee', phone: '+15550101' });
  const omar = await post(r, '/api/customers', { firstName: 'Omar', lastName: 'Haddad', phone: '+15550102' });
  const corolla = await post(r, '/api/vehicles', {
    customerId: ann.id,
    make: 'Toyota',
    model: 'Corolla',
    year: 2019,
    plateNumber: 'ABC-123',
  });
  await post(r, '/api/vehicles', { customerId: ann.id, make: 'Honda', model: 'Civic', year: 2015, plateNumber: 'HON-555' });
  const ford = await post(r, '/api/vehicles', { customerId: omar.id, make: 'Ford', model: 'F-150', year: 2021, plateNumber: 'XYZ-987' });
  const pads = await post(r, '/api/spare-parts', {
    name: 'Brake pad set',
    sku: 'BP-100',
    category: 'Brakes',
    stockQuantity: 5,
    minimumStock: 2,
    unitPrice: '45.00',
  });
  const filter = await post(r, '/api/spare-parts', {
    name: 'Oil filter',
    sku: 'OF-200',
    category: 'Filters',
    stockQuantity: 1,
    minimumStock: 0,
    unitPrice: '8.50',
  });
  return { context, page: await context.newPage(), errors, tenantId: me.tenantId, ann, omar, corolla, ford, pads, filter };
}

async function stockOf(request: APIRequestContext, partId: number): Promise<number> {
  const res = await request.get(`/api/spare-parts/${partId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { stockQuantity: number }).stockQuantity;
}

/** Opens a select (Radix) by its trigger and picks an option by its text. */
async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

const row = (page: Page, jobNumber: string) => page.locator(`[data-testid="job-card-row"][data-job-number="${jobNumber}"]`);

describe('job cards screen', () => {
  it('creates a job card through the customer → vehicle choice, with validation, a part line and live totals', async () => {
    const { page, errors, context } = await workshop();
    await page.goto('/job-cards');
    await page.getByTestId('job-cards-empty').waitFor();
    expect(await page.getByText('No job cards yet').isVisible()).toBe(true);
    expect(await page.getByTestId('page-title').textContent()).toBe('Job Cards');

    await page.getByTestId('create-job-card').click();
    const dialog = page.getByRole('dialog', { name: 'Create Job Card' });
    const number = dialog.getByLabel('Job number');
    await number.waitFor();
    // The server's next number is proposed.
    await expect.poll(() => number.inputValue()).toBe('JC-000001');
    const vehicle = dialog.getByTestId('vehicle-select');
    expect(await vehicle.isDisabled()).toBe(true);
    expect(await vehicle.textContent()).toContain('Choose a customer first');

    // The contract's messages, under the fields.
    await number.fill('JC-12');
    await dialog.getByTestId('submit-job-card').click();
    await dialog.getByText('Job number must be in format JC-XXXXXX').waitFor();
    for (const message of ['Customer is required', 'Vehicle is required', 'Service type is required']) {
      expect(await dialog.getByText(message).isVisible(), message).toBe(true);
    }
    await number.fill('JC-000042');

    // Omar: only his Ford.
    const customer = dialog.getByTestId('customer-picker').getByRole('combobox');
    await customer.fill('Omar');
    await page.getByRole('option', { name: /Omar Haddad/ }).click();
    expect(await vehicle.isDisabled()).toBe(false);
    await vehicle.click();
    await page.getByRole('option', { name: /Ford F-150/ }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Ford F-150 (2021) · XYZ-987']);
    await page.getByRole('option', { name: /Ford F-150/ }).click();
    expect(await vehicle.textContent()).toContain('Ford F-150');

    // Another customer resets the vehicle and lists that customer's cars.
    await customer.fill('Lee');
    await page.getByRole('option', { name: /Ann Lee/ }).click();
    await expect.poll(() => vehicle.textContent()).toContain('Choose a vehicle');
    await vehicle.click();
    await page.getByRole('option', { name: /Civic/ }).waitFor();
    expect((await page.getByRole('option').allTextContents()).sort()).toEqual([
      'Honda Civic (2015) · HON-555',
      'Toyota Corolla (2019) · ABC-123',
    ]);
    await page.getByRole('option', { name: /Corolla/ }).click();
    await dialog.getByLabel('Service type').fill('Brake service');

    // A part line takes the part's price; a labour line; totals as typed, in cents.
    await dialog.getByTestId('add-part-line').click();
    await dialog.getByTestId('part-picker-0').click();
    await page.getByRole('combobox', { name: 'Search parts by name or SKU' }).fill('BP-1');
    await page.getByRole('option', { name: /Brake pad set/ }).click();
    expect(await dialog.getByLabel('Unit price, line 1').inputValue()).toBe('45.00');
    await dialog.getByLabel('Quantity, line 1').fill('2');
    expect(await dialog.getByTestId('part-line-total').textContent()).toContain('$90.00');
    await dialog.getByTestId('add-labour-line').click();
    await dialog.getByLabel('Work done, line 1').fill('Replace pads');
    await dialog.getByLabel('Hours, line 1').fill('1.5');
    // A new labour line starts at the workshop's labour rate (Settings, 50.00 by default).
    expect(await dialog.getByLabel('Rate per hour, line 1').inputValue()).toBe('50.00');
    await dialog.getByLabel('Rate per hour, line 1').fill('80');
    await expect.poll(() => dialog.getByTestId('lines-total').textContent()).toBe('$210.00');
    expect(await dialog.getByTestId('labour-total').textContent()).toBe('$120.00');
    await screenshot(page, 'job-cards-create-desktop-en');
    await dialog.getByTestId('submit-job-card').click();
    await toastRegion(page).getByText('Job card created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = row(page, 'JC-000042');
    await created.waitFor();
    const text = await created.textContent();
    expect(text).toContain('Ann Lee');
    expect(text).toContain('Toyota Corolla');
    expect(text).toContain('Brake service');
    expect(await created.getByTestId('priority-badge').textContent()).toBe('Medium');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('completes a card from the table (stock goes down in Inventory), refuses short stock with a toast, and shows the detail', async () => {
    const { page, errors, context, ann, corolla, omar, ford, pads, filter } = await workshop();
    const r = context.request;
    const brakes = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: ann.id,
      vehicleId: corolla.id,
      serviceType: 'Brake service',
      priority: 'high',
      estimatedCost: '250',
      parts: [{ sparePartId: pads.id, quantity: 2 }],
      labour: [{ description: 'Replace pads', hours: 1.5, rate: 80 }],
    });
    const oil = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: omar.id,
      vehicleId: ford.id,
      serviceType: 'Oil change',
      parts: [{ sparePartId: filter.id, quantity: 2 }],
    });
    await page.goto('/job-cards');
    await row(page, brakes.jobNumber).waitFor();
    expect(await row(page, brakes.jobNumber).getByTestId('estimated-cost').textContent()).toBe('$250.00');
    expect(await row(page, brakes.jobNumber).getByTestId('priority-badge').textContent()).toBe('High');

    await choose(page, row(page, brakes.jobNumber).getByTestId('status-select'), 'Completed');
    await toastRegion(page).getByText('Status updated successfully').waitFor();
    expect(await stockOf(r, pads.id)).toBe(3);
    await expect.poll(() => row(page, brakes.jobNumber).getByTestId('status-select').getAttribute('data-status')).toBe('completed');

    // Two oil filters wanted, one on the shelf: the server's 409 in the toast, the status stays.
    await choose(page, row(page, oil.jobNumber).getByTestId('status-select'), 'Completed');
    await toastRegion(page).getByText('Not enough stock for Oil filter: 1 left').waitFor();
    expect(await toastRegion(page).getByText('Error', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => row(page, oil.jobNumber).getByTestId('status-select').getAttribute('data-status')).toBe('pending');
    expect(await stockOf(r, filter.id)).toBe(1);

    // The detail at its own address: lines, totals, completed date, the vehicle's link.
    await row(page, brakes.jobNumber).getByTestId('open-job-card').click();
    const detail = page.getByTestId('job-card-detail');
    await detail.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/job-cards/${brakes.id}`);
    expect(await detail.getByTestId('detail-completed').textContent()).not.toBe('—');
    expect(await detail.getByTestId('detail-parts').textContent()).toContain('Brake pad set');
    expect(await detail.getByTestId('detail-labour').textContent()).toContain('Replace pads');
    expect(await detail.getByTestId('lines-total').textContent()).toBe('$210.00');
    expect(await detail.getByTestId('vehicle-link').getAttribute('href')).toBe(`/vehicles/${corolla.id}`);
    await screenshot(page, 'job-cards-detail-desktop-en');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/job-cards');
    // A link to the card (e.g. from the stock history) opens it over the list.
    await page.goto(`/job-cards/${oil.id}`);
    await detail.waitFor();
    expect(await detail.getAttribute('data-job-number')).toBe(oil.jobNumber);
    await row(page, brakes.jobNumber).waitFor({ state: 'attached' });

    // Inventory shows the new stock.
    await page.goto('/inventory');
    const padsRow = page.locator('[data-testid="part-row"][data-sku="BP-100"]');
    await padsRow.waitFor();
    expect(await padsRow.getByTestId('stock-badge').textContent()).toContain('3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a technician their own job cards, without a create button, and lets them change only those, at prices they cannot set', async () => {
    const { context: admin, ann, corolla, omar, ford, pads, filter } = await workshop();
    const r = admin.request;
    const settings = await (await r.get('/api/tenant/settings')).json();
    expect((await r.put('/api/tenant/settings', { data: { ...settings, labourRate: '65' } })).status()).toBe(200);
    const skill = await post(r, '/api/skills', { name: 'Brakes' });
    const account = newAccount('tech');
    const user = await post(r, '/api/users', {
      username: account.username,
      firstName: 'Nadia',
      lastName: 'Karim',
      email: account.email,
      role: 'technician',
      password: account.password,
    });
    const nadia = await post(r, '/api/technicians', {
      firstName: 'Nadia',
      lastName: 'Karim',
      email: 'nadia@example.com',
      phone: '+15550200',
      title: 'Mechanic',
      skills: [skill.id],
      userId: user.id,
    });
    // The manager's prices on the card: pads below their catalogue 45.00, inspection at 90.00 an hour.
    const mine = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: ann.id,
      vehicleId: corolla.id,
      serviceType: 'Brake service',
      assignedTo: nadia.id,
      parts: [{ sparePartId: pads.id, quantity: 1, unitPrice: '40' }],
      labour: [{ description: 'Inspect brakes', hours: 0.5, rate: '90' }],
    });
    const other = await post<{ jobNumber: string }>(r, '/api/job-cards', {
      customerId: omar.id,
      vehicleId: ford.id,
      serviceType: 'Oil change',
    });

    const context = await newContext(env.browser, env.server.url, { viewport: PHONE });
    const errors = trackErrors(context);
    expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
      200,
    );
    const changed = await context.request.post('/api/user/password', {
      data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
    });
    expect(changed.status(), await changed.text()).toBe(204);
    await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
    const page = await context.newPage();
    await page.goto('/job-cards');
    await row(page, mine.jobNumber).waitFor();
    expect(await page.getByRole('radio', { name: 'My job cards' }).getAttribute('aria-checked')).toBe('true');
    expect(await row(page, other.jobNumber).count()).toBe(0);
    expect(await page.getByTestId('create-job-card').count()).toBe(0);
    await screenshot(page, 'job-cards-technician-phone-en');

    // Everyone's cards: only their own has the status choice and the edit button.
    await page.getByRole('radio', { name: 'All job cards' }).click();
    await row(page, other.jobNumber).waitFor();
    expect(await row(page, other.jobNumber).getByTestId('status-select').count()).toBe(0);
    expect(await row(page, other.jobNumber).getByTestId('edit-job-card').count()).toBe(0);
    await choose(page, row(page, mine.jobNumber).getByTestId('status-select'), 'In progress');
    await toastRegion(page).getByText('Status updated successfully').waitFor();
    await toastRegion(page).getByRole('button', { name: 'Close' }).click();

    // Their edit: status, lines and notes; the rest is read-only, prices too (shown at what the save gives).
    await row(page, mine.jobNumber).getByTestId('edit-job-card').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job Card' });
    await dialog.getByTestId('job-card-form').waitFor();
    expect(await dialog.getByLabel('Service type').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Job number').getAttribute('readonly')).not.toBeNull();
    const readOnly = async (label: string) => {
      const field = dialog.getByLabel(label);
      expect(await field.isEditable(), label).toBe(false);
      return field.inputValue();
    };
    expect(await readOnly('Unit price, line 1')).toBe('40.00');
    expect(await readOnly('Rate per hour, line 1')).toBe('90.00');
    await dialog.getByLabel('Quantity, line 1').fill('2');
    await dialog.getByTestId('add-part-line').click();
    await dialog.getByTestId('part-picker-1').click();
    await page.getByRole('combobox', { name: 'Search parts by name or SKU' }).fill('OF-2');
    await page.getByRole('option', { name: /Oil filter/ }).click();
    expect(await readOnly('Unit price, line 2')).toBe('8.50');
    await dialog.getByTestId('add-labour-line').click();
    await dialog.getByLabel('Work done, line 2').fill('Bleed brakes');
    await dialog.getByLabel('Hours, line 2').fill('1.5');
    expect(await readOnly('Rate per hour, line 2')).toBe('65.00');
    // 2 × 40.00 + 8.50 and 0.5 × 90.00 + 1.5 × 65.00.
    await expect.poll(() => dialog.getByTestId('lines-total').textContent()).toBe('$231.00');
    expect(await dialog.getByTestId('labour-total').textContent()).toBe('$142.50');
    await dialog.getByLabel('Notes').fill('Pads were worn to 2 mm');
    await dialog.getByText('Prices are set by admins and managers', { exact: false }).scrollIntoViewIfNeeded();
    await screenshot(page, 'job-cards-technician-form-top-phone-en');
    await dialog.getByLabel('Unit price, line 2').scrollIntoViewIfNeeded();
    await screenshot(page, 'job-cards-technician-form-parts-phone-en');
    await dialog.getByLabel('Rate per hour, line 2').scrollIntoViewIfNeeded();
    await screenshot(page, 'job-cards-technician-form-phone-en');
    await dialog.getByTestId('submit-job-card').click();
    await toastRegion(page).getByText('Job card updated').waitFor();
    type Saved = {
      status: string;
      notes: string;
      parts: Array<{ sparePartId: number; quantity: number; unitPrice: string }>;
      labour: Array<{ description: string; hours: string; rate: string }>;
      partsTotal: string;
      labourTotal: string;
    };
    const saved = (await (await admin.request.get(`/api/job-cards/${mine.id}`)).json()) as Saved;
    expect(saved).toMatchObject({ status: 'in_progress', notes: 'Pads were worn to 2 mm', partsTotal: '88.50', labourTotal: '142.50' });
    expect(saved.parts.map((l) => [l.sparePartId, l.quantity, l.unitPrice])).toEqual([
      [pads.id, 2, '40.00'],
      [filter.id, 1, '8.50'],
    ]);
    expect(saved.labour.map((l) => [l.description, l.hours, l.rate])).toEqual([
      ['Inspect brakes', '0.50', '90.00'],
      ['Bleed brakes', '1.50', '65.00'],
    ]);

    // The same form in Arabic, right to left.
    await chooseLanguage(page, 'ar');
    await page.reload();
    await row(page, mine.jobNumber).getByTestId('edit-job-card').click();
    const arDialog = page.getByRole('dialog', { name: 'تعديل بطاقة العمل' });
    await arDialog.getByTestId('job-card-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arDialog.getByLabel('سعر الوحدة، السطر 2').inputValue()).toBe('8.50');
    expect(await arDialog.getByLabel('أجر الساعة، السطر 2').isEditable()).toBe(false);
    await arDialog.getByText('الأسعار يحددها المسؤولون والمديرون', { exact: false }).waitFor();
    await screenshot(page, 'job-cards-technician-form-phone-ar');
    await arDialog.getByLabel('سعر الوحدة، السطر 2').scrollIntoViewIfNeeded();
    await screenshot(page, 'job-cards-technician-form-parts-phone-ar');
    await arDialog.getByLabel('أجر الساعة، السطر 2').scrollIntoViewIfNeeded();
    await screenshot(page, 'job-cards-technician-form-lines-phone-ar');
    expect(errors).toEqual([]);
    await Promise.all([context.close(), admin.close()]);
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const { context, page, errors, ann, corolla } = await workshop();
    await post(context.request, '/api/job-cards', {
      customerId: ann.id,
      vehicleId: corolla.id,
      serviceType: 'Brake service',
      priority: 'urgent',
      estimatedCost: '99.5',
    });
    await chooseLanguage(page, 'ar');
    await page.goto('/job-cards');
    await page.getByTestId('job-card-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('page-title').textContent()).toBe('بطاقات العمل');
    expect(await page.getByTestId('create-job-card').textContent()).toBe('إنشاء بطاقة عمل');
    expect(await page.getByTestId('priority-badge').first().textContent()).toBe('عاجلة');
    await screenshot(page, 'job-cards-desktop-ar');
    await page.getByTestId('create-job-card').click();
    const dialog = page.getByRole('dialog', { name: 'إنشاء بطاقة عمل' });
    await dialog.getByTestId('submit-job-card').click();
    await dialog.getByText('العميل مطلوب').waitFor();
    await screenshot(page, 'job-cards-create-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/job-cards');
    await phonePage.getByTestId('job-card-row').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'job-cards-phone-en');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
