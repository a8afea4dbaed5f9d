import { readFileSync } from 'node:fs';
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

async function post<T = { id: number }>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function signedIn(viewport?: { width: number; height: number }) {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('stock'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

const part = (page: Page, sku: string) => page.locator(`[data-testid="part-row"][data-sku="${sku}"]`);
const skus = (page: Page) => page.getByTestId('part-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-sku')));

describe('inventory screen', () => {
  it('adds a part with the spec messages, shows stock badges, the low-stock alert, low stock first and the category filter', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/inventory');
    await page.getByTestId('parts-empty').waitFor();
    expect(await page.getByText('No spare parts yet').isVisible()).toBe(true);
    expect(await page.getByTestId('low-stock-alert').count()).toBe(0);
    expect(await page.getByTestId('page-title').textContent()).toBe('Inventory');

    await page.getByTestId('add-part').click();
    const dialog = page.getByRole('dialog', { name: 'Add Spare Part' });
    await dialog.getByTestId('part-form').waitFor();
    await dialog.getByLabel('Stock quantity').fill('-1');
    await dialog.getByTestId('submit-part').click();
    await dialog.getByText('Name is required').waitFor();
    for (const message of ['SKU is required', 'Stock quantity must be 0 or greater', 'Unit price must be greater than 0']) {
      expect(await dialog.getByText(message).isVisible(), message).toBe(true);
    }
    await dialog.getByLabel('Name').fill('Brake pad set');
    await dialog.getByLabel('SKU').fill('BP-100');
    await dialog.getByLabel('Category').fill('Brakes');
    await dialog.getByLabel('Brand').fill('Bosch');
    await dialog.getByLabel('Stock quantity').fill('10');
    await dialog.getByLabel('Minimum stock').fill('4');
    await dialog.getByLabel('Unit price').fill('45');
    await dialog.getByTestId('submit-part').click();
    await toastRegion(page).getByText('Spare part created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const pads = part(page, 'BP-100');
    await pads.waitFor();
    expect(await pads.getByTestId('stock-badge').getAttribute('data-badge')).toBe('in_stock');
    expect(await pads.getByTestId('stock-badge').textContent()).toBe('10·In Stock');
    expect(await pads.getByTestId('unit-price').textContent()).toBe('$45.00');
    expect(await pads.getByTestId('attention-icon').count()).toBe(0);

    // Low (2 < 5), out (0) and another filter; the alert counts the first two.
    await post(context.request, '/api/spare-parts', {
      name: 'Oil filter',
      sku: 'OF-200',
      category: 'Filters',
      stockQuantity: 2,
      minimumStock: 5,
      unitPrice: '8.50',
    });
    await post(context.request, '/api/spare-parts', {
      name: 'Spark plug',
      sku: 'SP-300',
      category: 'Ignition',
      stockQuantity: 0,
      minimumStock: 0,
      unitPrice: '6.25',
    });
    await post(context.request, '/api/spare-parts', {
      name: 'Air filter',
      sku: 'AF-400',
      category: 'Filters',
      stockQuantity: 8,
      minimumStock: 2,
      unitPrice: '12.00',
    });
    await page.reload();
    await page.getByTestId('low-stock-alert').waitFor();
    expect(await page.getByTestId('low-stock-count').textContent()).toBe('Low stock alert · Parts that need attention: 2');
    expect(await part(page, 'OF-200').getByTestId('stock-badge').getAttribute('data-badge')).toBe('low_stock');
    expect(await part(page, 'OF-200').getByTestId('stock-badge').textContent()).toContain('Low Stock');
    expect(await part(page, 'SP-300').getByTestId('stock-badge').getAttribute('data-badge')).toBe('out_of_stock');
    expect(await part(page, 'SP-300').getByTestId('stock-badge').textContent()).toContain('Out of Stock');
    expect(await part(page, 'OF-200').getByTestId('attention-icon').count()).toBe(1);
    expect(await part(page, 'SP-300').getByTestId('attention-icon').count()).toBe(1);
    // By name...
    expect(await skus(page)).toEqual(['AF-400', 'BP-100', 'OF-200', 'SP-300']);
    await screenshot(page, 'inventory-desktop-en');

    // ...or the parts that need attention first.
    await page.getByTestId('low-stock-first').click();
    await expect.poll(() => skus(page)).toEqual(['OF-200', 'SP-300', 'AF-400', 'BP-100']);
    await page.getByTestId('low-stock-first').click();
    await expect.poll(() => skus(page)).toEqual(['AF-400', 'BP-100', 'OF-200', 'SP-300']);

    // Categories come from the whole table.
    await page.getByTestId('category-filter').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['All categories', 'Brakes', 'Filters', 'Ignition']);
    await page.getByRole('option', { name: 'Filters' }).click();
    await expect.poll(() => skus(page)).toEqual(['AF-400', 'OF-200']);
    await page.getByTestId('category-filter').click();
    await page.getByRole('option', { name: 'All categories' }).click();

    // Search matches the brand too.
    await page.getByTestId('part-search').fill('bosch');
    await expect.poll(() => skus(page)).toEqual(['BP-100']);
    await page.getByTestId('part-search').fill('nothing like this');
    await page.getByText('No spare parts found').waitFor();
    await page.getByTestId('part-search').fill('');
    await expect.poll(() => skus(page)).toHaveLength(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('receives and counts stock, shows the history, keeps the SKU on edit, and explains a refused delete', async () => {
    const { context, page, errors } = await signedIn();
    const r = context.request;
    const filter = await post(r, '/api/spare-parts', {
      name: 'Oil filter',
      sku: 'OF-200',
      category: 'Filters',
      stockQuantity: 2,
      minimumStock: 5,
      unitPrice: '8.50',
    });
    await post(r, '/api/spare-parts', { name: 'Spark plug', sku: 'SP-300', stockQuantity: 0, minimumStock: 0, unitPrice: '6.25' });
    const ann = await post(r, '/api/customers', { firstName: 'Ann', lastName: 'Lee', phone: '+15550101' });
    const car = await post(r, '/api/vehicles', {
      customerId: ann.id,
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      plateNumber: 'ABC-123',
    });
    const card = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: ann.id,
      vehicleId: car.id,
      serviceType: 'Oil change',
      parts: [{ sparePartId: filter.id, quantity: 1 }],
    });

    await page.goto('/inventory');
    await page.getByTestId('low-stock-alert').waitFor();
    expect(await page.getByTestId('low-stock-count').textContent()).toBe('Low stock alert · Parts that need attention: 2');

    // Receive 5: 2 → 7, above the minimum of 5.
    await part(page, 'OF-200').getByTestId('part-menu').click();
    await page.getByTestId('receive-stock').click();
    const receive = page.getByTestId('stock-move-dialog');
    await receive.getByTestId('submit-stock-move').click();
    await receive.getByText('Quantity must be at least 1').waitFor();
    await receive.getByLabel('Quantity received').fill('5');
    await receive.getByLabel('Reason').fill('Supplier delivery 1042');
    expect(await receive.getByTestId('stock-preview').textContent()).toContain('7');
    await receive.getByTestId('submit-stock-move').click();
    await toastRegion(page).getByText('Stock received').waitFor();
    await expect.poll(() => part(page, 'OF-200').getByTestId('stock-badge').getAttribute('data-badge')).toBe('in_stock');
    await expect.poll(() => page.getByTestId('low-stock-count').textContent()).toBe('Low stock alert · Parts that need attention: 1');

    // Count 6 on the shelf: a correction of −1.
    await part(page, 'OF-200').getByTestId('part-menu').click();
    await page.getByTestId('count-stock').click();
    const count = page.getByTestId('stock-move-dialog');
    await count.getByLabel('Quantity counted').fill('6');
    await count.getByTestId('submit-stock-move').click();
    await toastRegion(page).getByText('Stock count saved').waitFor();
    await expect.poll(() => part(page, 'OF-200').getByTestId('stock-badge').textContent()).toContain('6');

    // Completing the job card takes one; the history shows every move, newest first.
    expect((await r.patch(`/api/job-cards/${card.id}/status`, { data: { status: 'completed' } })).status()).toBe(200);
    await part(page, 'OF-200').getByTestId('part-menu').click();
    await page.getByTestId('stock-history').click();
    const history = page.getByTestId('stock-history-dialog');
    await history.getByTestId('history-row').first().waitFor();
    await expect
      .poll(() => history.getByTestId('history-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action'))))
      .toEqual(['consumed', 'corrected', 'received', 'created']);
    const rows = history.getByTestId('history-row');
    expect(await rows.nth(0).getByTestId('history-change').textContent()).toBe('-1');
    expect(await rows.nth(0).getByTestId('history-after').textContent()).toBe('5');
    expect(await rows.nth(0).textContent()).toContain(card.jobNumber);
    expect(await rows.nth(2).getByTestId('history-change').textContent()).toBe('+5');
    expect(await rows.nth(2).textContent()).toContain('Supplier delivery 1042');
    expect(await rows.nth(3).getByTestId('history-after').textContent()).toBe('2');
    await screenshot(page, 'inventory-history-desktop-en');
    await page.keyboard.press('Escape');

    // Edit: the SKU is read-only.
    await part(page, 'OF-200').getByTestId('edit-part').click();
    const edit = page.getByRole('dialog', { name: 'Edit Spare Part' });
    expect(await edit.getByLabel('SKU').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Unit price').fill('9.25');
    await edit.getByTestId('submit-part').click();
    await toastRegion(page).getByText('Spare part updated').waitFor();
    await expect.poll(() => part(page, 'OF-200').getByTestId('unit-price').textContent()).toBe('$9.25');

    // On a job card: refused with the server's reason. Unused: deleted.
    await part(page, 'OF-200').getByTestId('delete-part').click();
    await page.getByTestId('confirm-delete-part').click();
    await toastRegion(page).getByText('This part is used on 1 job card and cannot be deleted').waitFor();
    expect(await toastRegion(page).getByText('Error', { exact: true }).count()).toBeGreaterThan(0);
    await part(page, 'SP-300').getByTestId('delete-part').click();
    expect(await page.getByTestId('delete-part-dialog').textContent()).toContain('Delete Spark plug?');
    await page.getByTestId('confirm-delete-part').click();
    await toastRegion(page).getByText('Spare part deleted').waitFor();
    await part(page, 'SP-300').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the filtered parts as CSV and imports a file (row errors first, then every row)', async () => {
    const { context, page, errors } = await signedIn();
    await post(context.request, '/api/spare-parts', {
      name: 'Oil filter',
      sku: 'OF-200',
      category: 'Filters',
      stockQuantity: 2,
      minimumStock: 5,
      unitPrice: '8.50',
    });
    await post(context.request, '/api/spare-parts', {
      name: 'Brake pad set',
      sku: 'BP-100',
      category: 'Brakes',
      stockQuantity: 10,
      minimumStock: 4,
      unitPrice: '45.00',
    });
    await page.goto('/inventory?q=filter');
    await part(page, 'OF-200').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported.split(/\r?\n/)[0]).toContain(
      'sku,name,category,brand,description,stockQuantity,minimumStock,unitPrice,location,supplier,status',
    );
    expect(exported).toContain('OF-200');
    expect(exported).not.toContain('BP-100');

    await page.getByTestId('csv-import').click();
    const dialog = page.getByTestId('csv-import-dialog');
    const bad = [
      'sku,name,category,stockQuantity,minimumStock,unitPrice',
      'SP-300,Spark plug,Ignition,12,4,6.25',
      'OF-200,Oil filter again,Filters,1,0,9',
      'AF-400,,Filters,3,1,0',
    ].join('\r\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByTestId('csv-preview').waitFor();
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="2"]').getAttribute('data-invalid')).toBeNull();
    expect(await dialog.locator('[data-testid="csv-preview-row"][data-line="3"]').textContent()).toContain('SKU "OF-200" already exists');
    const line4 = await dialog.locator('[data-testid="csv-preview-row"][data-line="4"]').textContent();
    expect(line4).toContain('Name is required');
    expect(line4).toContain('Unit price must be greater than 0');
    expect(await dialog.getByTestId('csv-import-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('csv-cancel').click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('csv-import').click();
    const good = [
      'sku,name,category,stockQuantity,minimumStock,unitPrice',
      'SP-300,Spark plug,Ignition,12,4,6.25',
      'AF-400,Air filter,Filters,3,1,12',
    ].join('\r\n');
    await dialog.getByTestId('csv-file-input').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByTestId('csv-import-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('part-search').fill('');
    await part(page, 'SP-300').waitFor();
    expect(await part(page, 'SP-300').getByTestId('stock-badge').getAttribute('data-badge')).toBe('in_stock');
    // The imported stock is the part's first row of history.
    await part(page, 'AF-400').getByTestId('part-menu').click();
    await page.getByTestId('stock-history').click();
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('history-row').first().getAttribute('data-action')).toBe('created');
    expect(await page.getByTestId('history-row').first().textContent()).toContain('Imported from CSV');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const { context, page, errors } = await signedIn();
    await post(context.request, '/api/spare-parts', {
      name: 'Oil filter',
      sku: 'OF-200',
      category: 'Filters',
      stockQuantity: 2,
      minimumStock: 5,
      unitPrice: '8.50',
    });
    await post(context.request, '/api/spare-parts', {
      name: 'Brake pad set',
      sku: 'BP-100',
      category: 'Brakes',
      stockQuantity: 10,
      minimumStock: 4,
      unitPrice: '45.00',
    });
    await chooseLanguage(page, 'ar');
    await page.goto('/inventory');
    await page.getByTestId('part-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('page-title').textContent()).toBe('المخزون');
    expect(await part(page, 'OF-200').getByTestId('stock-badge').textContent()).toContain('مخزون منخفض');
    expect(await page.getByTestId('low-stock-alert').textContent()).toContain('تنبيه انخفاض المخزون');
    await screenshot(page, 'inventory-desktop-ar');
    await part(page, 'OF-200').getByTestId('part-menu').click();
    await page.getByTestId('stock-history').click();
    await page.getByTestId('history-row').first().waitFor();
    await screenshot(page, 'inventory-history-desktop-ar');
    await page.keyboard.press('Escape');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/inventory');
    await phonePage.getByTestId('part-row').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'inventory-phone-en');
    await phonePage.getByTestId('part-menu').first().click();
    await phonePage.getByRole('menuitem', { name: 'Stock history' }).click();
    await phonePage.getByTestId('history-row').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'inventory-history-phone-en');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
