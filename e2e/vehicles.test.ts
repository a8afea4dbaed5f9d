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
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

/** A valid North-American VIN (Honda, 2003, check digit 3) and the same with a wrong check digit. */
const VIN = '1HGCM82633A004352';
const BAD_CHECK_DIGIT = '1HGCM82643A004352';

async function signedIn(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('garage'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

async function createCustomer(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number; phone: string }> {
  const res = await request.post('/api/customers', { data: { phone: '+971 50 000 0000', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; phone: string };
}

async function createVehicle(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number }> {
  const res = await request.post('/api/vehicles', { data: { make: 'Toyota', model: 'Corolla', year: 2019, ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function vehicleCount(request: APIRequestContext): Promise<number> {
  const { tenantId } = (await (await request.get('/api/user')).json()) as { tenantId: number };
  const res = await request.get(`/api/tenants/${tenantId}/vehicles?limit=1`);
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

const row = (page: Page, text: string) => page.getByTestId('vehicle-row').filter({ hasText: text });

describe('vehicles screen', () => {
  it('adds a vehicle through the customer search with the VIN fill, validates, edits, searches, filters and deletes', async () => {
    const { context, page, errors } = await signedIn();
    await createCustomer(context.request, { firstName: 'Amal', lastName: 'Haddad', phone: '+971 50 123 4567', city: 'Dubai' });
    await createCustomer(context.request, { firstName: 'Bilal', lastName: 'Haddad', phone: '+971 50 765 4321' });
    await page.goto('/vehicles');
    const empty = page.getByTestId('vehicles-empty');
    await empty.getByText('No vehicles yet').waitFor();
    await screenshot(page, 'vehicles-empty-desktop-en');

    await empty.getByRole('button', { name: 'Add Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await dialog.getByTestId('submit-vehicle').click();
    await dialog.getByText('Customer is required').waitFor();
    for (const message of [
      'Make is required',
      'Model is required',
      'Plate number is required',
      `Year must be between 1900 and ${new Date().getFullYear() + 1}`,
    ]) {
      expect(await dialog.getByText(message).isVisible(), message).toBe(true);
    }

    // The customer search: typed on the server, chosen with the keyboard.
    const picker = dialog.getByRole('combobox', { name: 'Customer' });
    // Wait for the search's own answer: the list shown before it (every customer, by name) has
    // the same two people in another order (a search lists the newest first: Bilal, then Amal).
    const searched = page.waitForResponse((res) => res.url().includes('/customers') && res.url().includes('q=hadd'));
    await picker.fill('hadd');
    await searched;
    const options = page.getByRole('listbox', { name: 'Customers' }).getByRole('option');
    await options.filter({ hasText: 'Bilal Haddad' }).waitFor();
    await options.first().filter({ hasText: 'Bilal Haddad' }).waitFor();
    expect(await options.count()).toBe(2);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await picker.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await picker.press('ArrowUp');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe('Amal Haddad');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    // Escape closes the list, not the dialog.
    await picker.fill('bil');
    await options.filter({ hasText: 'Bilal Haddad' }).waitFor();
    await picker.press('Escape');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Model').focus();
    expect(await picker.inputValue()).toBe('Amal Haddad');
    await dialog.getByText('Customer is required').waitFor({ state: 'detached' });

    // VIN: a wrong check digit is told; a good VIN names maker and year, and fills them.
    await dialog.getByLabel('VIN').fill(BAD_CHECK_DIGIT);
    await dialog.getByTestId('vin-problem').getByText('VIN check digit does not match').waitFor();
    await dialog.getByLabel('VIN').fill(VIN.toLowerCase());
    const decoded = dialog.getByTestId('vin-decoded');
    await decoded.waitFor();
    expect(await decoded.textContent()).toContain('Honda · 2003 · United States');
    await decoded.getByRole('button', { name: 'Fill make and year' }).click();
    expect(await dialog.getByLabel('Make').inputValue()).toBe('Honda');
    expect(await dialog.getByLabel('Year').inputValue()).toBe('2003');
    await dialog.getByLabel('Model').fill('Accord');
    await dialog.getByLabel('Plate number').fill('DXB 100');
    await dialog.getByLabel('Mileage').fill('182000');
    await screenshot(page, 'vehicles-add-desktop-en');
    await dialog.getByTestId('submit-vehicle').click();
    await toastRegion(page).getByText('Vehicle created').waitFor();
    expect(await toastRegion(page).getByText('Success', { exact: true }).isVisible()).toBe(true);
    const accord = row(page, 'Honda Accord');
    await accord.waitFor();
    const text = await accord.textContent();
    expect(text).toContain('2003');
    expect(text).toContain('DXB 100');
    expect(text).toContain('Amal Haddad');
    expect(await accord.locator('[data-status]').textContent()).toBe('Active');

    // Edit the status.
    await accord.getByRole('button', { name: 'Edit Honda Accord' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
    expect(await edit.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Amal Haddad');
    expect(await edit.getByLabel('VIN').inputValue()).toBe(VIN);
    await edit.getByTestId('vehicle-status-select').click();
    await page.getByRole('option', { name: 'In Service' }).click();
    await edit.getByTestId('submit-vehicle').click();
    await toastRegion(page).getByText('Vehicle updated').waitFor();
    await accord.locator('[data-status="in_service"]').waitFor();

    // Search by the owner's name and by the plate; filter by status; the empty states.
    await createVehicle(context.request, {
      customerId: (await createCustomer(context.request, { firstName: 'Chen', lastName: 'Li' })).id,
      plateNumber: 'SHJ 9',
    });
    await page.reload();
    await page.getByText('Showing 2 of 2 vehicles').waitFor();
    await page.getByTestId('vehicle-search').fill('amal');
    await page.getByText('Showing 1 of 1 vehicles').waitFor();
    await accord.waitFor();
    await page.getByTestId('vehicle-search').fill('shj 9');
    await row(page, 'Toyota Corolla').waitFor();
    expect(await page.getByTestId('vehicle-row').count()).toBe(1);
    await page.getByTestId('vehicle-search').fill('no-such-car');
    await page.getByTestId('vehicles-empty').getByText('No vehicles found').waitFor();
    expect(await page.getByTestId('empty-add-vehicle').count()).toBe(0);
    await page.getByTestId('vehicle-search').fill('');
    await page.getByTestId('vehicle-status-filter').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByTestId('vehicles-empty').getByText('No vehicle has this status.').waitFor();
    await page.getByTestId('vehicle-status-filter').click();
    await page.getByRole('option', { name: 'In Service' }).click();
    await accord.waitFor();
    expect(await page.getByTestId('vehicle-row').count()).toBe(1);

    // The vehicle view: details, the decoded VIN, the owner, service history, job cards.
    const accordId = Number(await accord.getAttribute('data-vehicle-id'));
    const owner = (await (await context.request.get(`/api/vehicles/${accordId}`)).json()) as { customerId: number };
    await accord.getByTestId('vehicle-link').click();
    const view = page.getByTestId('vehicle-view');
    await view.getByTestId('vehicle-title').getByText('Honda Accord').waitFor();
    expect(await view.getByTestId('vehicle-vin').textContent()).toBe(VIN);
    expect(await view.getByTestId('vehicle-vin-decoded').textContent()).toBe('Honda · 2003 · United States');
    expect(await view.getByText('182,000').isVisible()).toBe(true);
    await view.getByTestId('service-history-empty').waitFor();
    await view.getByTestId('job-cards-empty').waitFor();
    // A completed job card adds to the service history (the view refreshes live).
    const created = await context.request.post('/api/job-cards', {
      data: {
        customerId: owner.customerId,
        vehicleId: accordId,
        serviceType: 'Brake service',
        description: 'Front pads and discs',
        actualCost: '240.00',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const card = (await created.json()) as { id: number; jobNumber: string };
    expect((await context.request.patch(`/api/job-cards/${card.id}/status`, { data: { status: 'completed' } })).status()).toBe(200);
    const entry = view.getByTestId('service-history-entry').filter({ hasText: 'Brake service' });
    await entry.waitFor();
    const entryText = await entry.textContent();
    for (const part of [card.jobNumber, 'Front pads and discs', '$240.00']) expect(entryText, part).toContain(part);
    await view.getByTestId('job-card-row').filter({ hasText: card.jobNumber }).getByText('Completed').waitFor();
    await screenshot(page, 'vehicle-view-desktop-en');
    await view.getByTestId('vehicle-owner').click();
    await page.getByTestId('customer-view').getByTestId('customer-vehicle-row').filter({ hasText: 'DXB 100' }).waitFor();
    await page.goBack();

    // Delete: refused while the vehicle has a job card (the server's message); a vehicle without one goes.
    await view.getByTestId('delete-vehicle').click();
    await page.getByTestId('delete-vehicle-dialog').getByTestId('confirm-delete').click();
    const refusal = toastRegion(page).locator('[data-variant="destructive"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('This vehicle still has 1 job card');
    await view.getByTestId('back-link').click();
    await row(page, 'Toyota Corolla').getByRole('button', { name: 'Delete Toyota Corolla' }).click();
    await page.getByTestId('delete-vehicle-dialog').getByTestId('confirm-delete').click();
    await toastRegion(page).getByText('Vehicle deleted').waitFor();
    await row(page, 'Toyota Corolla').waitFor({ state: 'detached' });
    await page.getByText('Showing 1 of 1 vehicles').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a customer among many in the picker by searching the server', async () => {
    const { context, page, errors } = await signedIn();
    for (let i = 1; i <= 45; i++)
      await createCustomer(context.request, {
        firstName: `Driver${String(i).padStart(3, '0')}`,
        lastName: 'Fleet',
        phone: `+1 555 ${1000 + i}`,
      });
    await page.goto('/vehicles');
    await page.getByTestId('add-vehicle').click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    const picker = dialog.getByRole('combobox', { name: 'Customer' });
    await picker.click();
    const list = page.getByRole('listbox', { name: 'Customers' });
    await list.getByRole('option').first().waitFor();
    expect(await list.getByRole('option').count()).toBe(20);
    await page.getByText('Showing 20 of 45: keep typing to narrow the list').waitFor();
    // By phone, server-side.
    await picker.fill('555 1045');
    await list.getByRole('option', { name: /Driver045 Fleet/ }).waitFor();
    expect(await list.getByRole('option').count()).toBe(1);
    await list.getByRole('option', { name: /Driver045 Fleet/ }).click();
    expect(await picker.inputValue()).toBe('Driver045 Fleet');
    await picker.fill('nobody');
    await page.getByTestId('customer-picker-empty').getByText('No customer matches “nobody”').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports vehicles as CSV and imports them by customer phone, with unknown customers shown as row errors', async () => {
    const { context, page, errors } = await signedIn();
    const owner = await createCustomer(context.request, { firstName: 'Rana', lastName: 'Khoury', phone: '+961 3 123456' });
    await createVehicle(context.request, { customerId: owner.id, make: 'Mazda', model: 'CX-5', year: 2018, plateNumber: 'BEY 55' });
    await page.goto('/vehicles');
    await row(page, 'Mazda CX-5').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('BEY 55');
    expect(exported).toContain('Mazda');

    const before = await vehicleCount(context.request);
    await page.getByTestId('csv-import').click();
    const dialog = page.getByTestId('csv-import-dialog');
    const header = 'customerPhone,make,model,year,plateNumber,vin';
    const bad = [
      header,
      `${owner.phone},Kia,Rio,2017,BEY 66,`,
      '+1 000 000 0000,Ford,Focus,2015,BEY 77,',
      `${owner.phone},Ford,Ranger,1850,BEY 88,`,
    ].join('\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'vehicles.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByTestId('csv-preview').waitFor();
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="3"]').getAttribute('data-invalid')).toBe('true');
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="4"]').textContent()).toContain('Year must be between 1900 and');
    expect(await dialog.getByTestId('csv-import-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('csv-cancel').click();
    expect(await vehicleCount(context.request)).toBe(before);

    await page.getByTestId('csv-import').click();
    const good = [header, `${owner.phone},Kia,Rio,2017,BEY 66,`, `${owner.phone},Ford,Ranger,2016,BEY 88,${VIN}`].join('\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'vehicles.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByTestId('csv-import-submit').getByText('Import 2 rows').waitFor();
    await dialog.getByTestId('csv-import-submit').click();
    await toastRegion(page).getByText('2 vehicles imported').waitFor();
    await row(page, 'Ford Ranger').waitFor();
    expect(await vehicleCount(context.request)).toBe(before + 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic, with the customer search list under its field, and fits a phone', async () => {
    const { context, page, errors } = await signedIn();
    const owner = await createCustomer(context.request, { firstName: 'خالد', lastName: 'العتيبي', phone: '+966 50 111 2222' });
    await createVehicle(context.request, {
      customerId: owner.id,
      make: 'Toyota',
      model: 'Land Cruiser',
      year: 2022,
      plateNumber: 'RUH 7070',
      vin: VIN,
    });
    await chooseLanguage(page, 'ar');
    await page.goto('/vehicles');
    await row(page, 'Toyota Land Cruiser').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await row(page, 'Toyota Land Cruiser').locator('[data-status]').textContent()).toBe('نشطة');
    await screenshot(page, 'vehicles-desktop-ar');
    await page.getByTestId('add-vehicle').click();
    const dialog = page.getByRole('dialog', { name: 'إضافة مركبة' });
    const picker = dialog.getByRole('combobox', { name: 'العميل' });
    await picker.fill('خالد');
    const list = page.getByRole('listbox');
    await list.getByRole('option').first().waitFor();
    const field = await picker.boundingBox();
    const popup = await list.boundingBox();
    expect(Math.abs(popup!.x + popup!.width - (field!.x + field!.width))).toBeLessThan(2);
    expect(popup!.y).toBeGreaterThan(field!.y);
    await screenshot(page, 'vehicles-picker-desktop-ar');
    await picker.press('Enter');
    await dialog.getByTestId('submit-vehicle').click();
    await dialog.getByText('الصانع مطلوب').waitFor();
    await page.keyboard.press('Escape');
    await row(page, 'Toyota Land Cruiser').getByTestId('vehicle-link').click();
    await page.getByTestId('vehicle-view').waitFor();
    const decoded = await page.getByTestId('vehicle-vin-decoded').textContent();
    expect(decoded).toContain('Honda · 2003 · ');
    expect(decoded).not.toContain('United States');
    await screenshot(page, 'vehicle-view-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/vehicles');
    await row(phonePage, 'Toyota Land Cruiser').waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'vehicles-phone-en');
    await phonePage.getByTestId('add-vehicle').click();
    await phonePage.getByRole('dialog', { name: 'Add Vehicle' }).getByRole('combobox', { name: 'Customer' }).click();
    await phonePage.getByRole('listbox').getByRole('option').first().waitFor();
    await screenshot(phonePage, 'vehicles-add-phone-en');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
