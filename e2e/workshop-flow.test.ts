import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, newContext, registerViaApi, screenshot, toastRegion, trackErrors, useServerAndBrowser } from './harness';

/**
 * Issue 4's cross-screen flow, through the UI only: a part in Inventory, a customer in Customers,
 * their vehicle in Vehicles, a job card with that part in Job Cards, completed from the table;
 * the stock drops in Inventory and the vehicle's service history has the entry. Each screen's
 * search finds the new row; a customers CSV with one bad row shows its error by line number.
 * Once in English, once in Arabic (switched from the settings menu, right to left).
 */

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

type Texts = {
  customer: { first: string; last: string; city: string };
  vehicle: { make: string; model: string };
  part: { name: string; category: string };
  service: string;
  labels: {
    firstName: string;
    lastName: string;
    phone: string;
    city: string;
    customer: string;
    make: string;
    model: string;
    year: string;
    plate: string;
    partName: string;
    sku: string;
    category: string;
    stock: string;
    minimum: string;
    unitPrice: string;
    serviceType: string;
    jobNumber: string;
    quantity1: string;
    unitPrice1: string;
    partSearch: string;
  };
  dialogs: { addCustomer: string; addVehicle: string; addPart: string; createJobCard: string };
  toasts: { customer: string; vehicle: string; part: string; jobCard: string; status: string };
  completed: string;
  inStock: (n: number) => RegExp;
  lastNameRequired: string;
  line3: RegExp;
};

const EN: Texts = {
  customer: { first: 'Amal', last: 'Haddad', city: 'Dubai' },
  vehicle: { make: 'Toyota', model: 'Corolla' },
  part: { name: 'Brake pad set', category: 'Brakes' },
  service: 'Brake service',
  labels: {
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    city: 'City',
    customer: 'Customer',
    make: 'Make',
    model: 'Model',
    year: 'Year',
    plate: 'Plate number',
    partName: 'Name',
    sku: 'SKU',
    category: 'Category',
    stock: 'Stock quantity',
    minimum: 'Minimum stock',
    unitPrice: 'Unit price',
    serviceType: 'Service type',
    jobNumber: 'Job number',
    quantity1: 'Quantity, line 1',
    unitPrice1: 'Unit price, line 1',
    partSearch: 'Search parts by name or SKU',
  },
  dialogs: { addCustomer: 'Add Customer', addVehicle: 'Add Vehicle', addPart: 'Add Spare Part', createJobCard: 'Create Job Card' },
  toasts: {
    customer: 'Customer created',
    vehicle: 'Vehicle created',
    part: 'Spare part created',
    jobCard: 'Job card created',
    status: 'Status updated successfully',
  },
  completed: 'Completed',
  inStock: (n) => new RegExp(`^${n}·In Stock$`),
  lastNameRequired: 'Last name is required',
  line3: /Line 3/,
};

const AR: Texts = {
  customer: { first: 'سارة', last: 'الأحمد', city: 'الرياض' },
  vehicle: { make: 'Hyundai', model: 'Tucson' },
  part: { name: 'فحمات فرامل', category: 'فرامل' },
  service: 'صيانة الفرامل',
  labels: {
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    phone: 'الهاتف',
    city: 'المدينة',
    customer: 'العميل',
    make: 'الصانع',
    model: 'الطراز',
    year: 'السنة',
    plate: 'رقم اللوحة',
    partName: 'الاسم',
    sku: 'رمز SKU',
    category: 'الفئة',
    stock: 'الكمية في المخزون',
    minimum: 'الحد الأدنى للمخزون',
    unitPrice: 'سعر الوحدة',
    serviceType: 'نوع الخدمة',
    jobNumber: 'رقم البطاقة',
    quantity1: 'الكمية، السطر 1',
    unitPrice1: 'سعر الوحدة، السطر 1',
    partSearch: 'ابحث عن القطع بالاسم أو رمز SKU',
  },
  dialogs: { addCustomer: 'إضافة عميل', addVehicle: 'إضافة مركبة', addPart: 'إضافة قطعة غيار', createJobCard: 'إنشاء بطاقة عمل' },
  toasts: {
    customer: 'تمت إضافة العميل',
    vehicle: 'تمت إضافة المركبة',
    part: 'تم إنشاء قطعة الغيار',
    jobCard: 'تم إنشاء بطاقة العمل',
    status: 'تم تحديث الحالة بنجاح',
  },
  completed: 'مكتملة',
  inStock: (n) => new RegExp(`^${n}·متوفر$`),
  lastNameRequired: 'اسم العائلة مطلوب',
  line3: /السطر 3/,
};

const partRow = (page: Page, sku: string) => page.locator(`[data-testid="part-row"][data-sku="${sku}"]`);
const jobRow = (page: Page, jobNumber: string) => page.locator(`[data-testid="job-card-row"][data-job-number="${jobNumber}"]`);

/** Switches the language from the settings menu, as a person would. */
async function chooseLanguage(page: Page, name: 'English' | 'العربية') {
  await page.getByTestId('settings-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
}

async function workshopFlow(page: Page, L: Texts, shots?: string) {
  const sku = 'BP-100';
  const plate = 'DXB 4411';
  const customerName = `${L.customer.first} ${L.customer.last}`;

  // 1. Inventory: a part with 5 in stock.
  await page.goto('/inventory');
  await page.getByTestId('parts-empty').waitFor();
  await page.getByTestId('add-part').click();
  const partDialog = page.getByRole('dialog', { name: L.dialogs.addPart });
  await partDialog.getByTestId('part-form').waitFor();
  await partDialog.getByLabel(L.labels.partName, { exact: true }).fill(L.part.name);
  await partDialog.getByLabel(L.labels.sku, { exact: true }).fill(sku);
  await partDialog.getByLabel(L.labels.category, { exact: true }).fill(L.part.category);
  await partDialog.getByLabel(L.labels.stock, { exact: true }).fill('5');
  await partDialog.getByLabel(L.labels.minimum, { exact: true }).fill('1');
  await partDialog.getByLabel(L.labels.unitPrice, { exact: true }).fill('45');
  await partDialog.getByTestId('submit-part').click();
  await toastRegion(page).getByText(L.toasts.part).waitFor();
  await partDialog.waitFor({ state: 'detached' });
  await partRow(page, sku).waitFor();
  expect(await partRow(page, sku).getByTestId('stock-badge').getAttribute('data-badge')).toBe('in_stock');
  expect(await partRow(page, sku).getByTestId('stock-badge').textContent()).toMatch(L.inStock(5));

  // 2. Customers: a new customer.
  await page.goto('/customers');
  await page.getByTestId('customers-empty').waitFor();
  await page.getByTestId('add-customer').click();
  const customerDialog = page.getByRole('dialog', { name: L.dialogs.addCustomer });
  await customerDialog.getByLabel(L.labels.firstName).fill(L.customer.first);
  await customerDialog.getByLabel(L.labels.lastName).fill(L.customer.last);
  await customerDialog.getByLabel(L.labels.phone).fill('+971 50 123 4567');
  await customerDialog.getByLabel(L.labels.city).fill(L.customer.city);
  await customerDialog.getByTestId('submit-customer').click();
  await toastRegion(page).getByText(L.toasts.customer).waitFor();
  await customerDialog.waitFor({ state: 'detached' });
  await page.getByTestId('customer-row').filter({ hasText: customerName }).waitFor();

  // 3. Vehicles: a vehicle for that customer, chosen in the customer search.
  await page.goto('/vehicles');
  await page.getByTestId('vehicles-empty').waitFor();
  await page.getByTestId('add-vehicle').click();
  const vehicleDialog = page.getByRole('dialog', { name: L.dialogs.addVehicle });
  const picker = vehicleDialog.getByRole('combobox', { name: L.labels.customer });
  await picker.fill(L.customer.last);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: customerName }).click();
  expect(await picker.inputValue()).toBe(customerName);
  await vehicleDialog.getByLabel(L.labels.make, { exact: true }).fill(L.vehicle.make);
  await vehicleDialog.getByLabel(L.labels.model, { exact: true }).fill(L.vehicle.model);
  await vehicleDialog.getByLabel(L.labels.year, { exact: true }).fill('2020');
  await vehicleDialog.getByLabel(L.labels.plate, { exact: true }).fill(plate);
  await vehicleDialog.getByTestId('submit-vehicle').click();
  await toastRegion(page).getByText(L.toasts.vehicle).waitFor();
  await vehicleDialog.waitFor({ state: 'detached' });
  const vehicleRow = page.getByTestId('vehicle-row').filter({ hasText: plate });
  await vehicleRow.waitFor();
  expect(await vehicleRow.textContent()).toContain(customerName);
  const vehicleId = Number(await vehicleRow.getAttribute('data-vehicle-id'));
  expect(vehicleId).toBeGreaterThan(0);

  // 4. Job cards: customer → vehicle, a part line of 2.
  await page.goto('/job-cards');
  await page.getByTestId('job-cards-empty').waitFor();
  await page.getByTestId('create-job-card').click();
  const cardDialog = page.getByRole('dialog', { name: L.dialogs.createJobCard });
  const number = cardDialog.getByLabel(L.labels.jobNumber);
  await number.waitFor();
  await expect.poll(() => number.inputValue()).toBe('JC-000001');
  const jobNumber = await number.inputValue();
  await cardDialog.getByTestId('customer-picker').getByRole('combobox').fill(L.customer.first);
  await page.getByRole('option', { name: new RegExp(customerName) }).click();
  const vehicleSelect = cardDialog.getByTestId('vehicle-select');
  await expect.poll(() => vehicleSelect.isDisabled()).toBe(false);
  await vehicleSelect.click();
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  expect(await vehicleSelect.textContent()).toContain(`${L.vehicle.make} ${L.vehicle.model}`);
  await cardDialog.getByLabel(L.labels.serviceType).fill(L.service);
  await cardDialog.getByTestId('add-part-line').click();
  await cardDialog.getByTestId('part-picker-0').click();
  await page.getByRole('combobox', { name: L.labels.partSearch }).fill(sku);
  await page.getByRole('option', { name: new RegExp(L.part.name) }).click();
  expect(await cardDialog.getByLabel(L.labels.unitPrice1).inputValue()).toBe('45.00');
  await cardDialog.getByLabel(L.labels.quantity1).fill('2');
  await expect.poll(() => cardDialog.getByTestId('lines-total').textContent()).toMatch(/90[.٫]00/);
  await cardDialog.getByTestId('submit-job-card').click();
  await toastRegion(page).getByText(L.toasts.jobCard).waitFor();
  await cardDialog.waitFor({ state: 'detached' });
  const card = jobRow(page, jobNumber);
  await card.waitFor();
  expect(await card.textContent()).toContain(customerName);
  expect(await card.textContent()).toContain(L.service);
  expect(await card.getByTestId('status-select').getAttribute('data-status')).toBe('pending');

  // 5. Complete it with the inline status dropdown.
  await card.getByTestId('status-select').click();
  await page.getByRole('option', { name: L.completed }).click();
  await toastRegion(page).getByText(L.toasts.status).waitFor();
  await expect.poll(() => card.getByTestId('status-select').getAttribute('data-status')).toBe('completed');
  if (shots) await screenshot(page, `${shots}-job-cards`);

  // Search the job cards by number: only the new card.
  await page.getByTestId('job-card-search').fill(jobNumber.slice(-4));
  await page.waitForURL((url) => url.searchParams.get('q') === jobNumber.slice(-4));
  await card.waitFor();
  await expect.poll(() => page.getByTestId('job-card-row').count()).toBe(1);
  await page.getByTestId('job-card-search').fill('no-such-job');
  await card.waitFor({ state: 'detached' });
  expect(await page.getByTestId('job-card-row').count()).toBe(0);

  // 6. Inventory: 5 → 3; search by name.
  await page.goto('/inventory');
  await partRow(page, sku).waitFor();
  expect(await partRow(page, sku).getByTestId('stock-badge').textContent()).toMatch(L.inStock(3));
  await page.getByTestId('part-search').fill(L.part.name.slice(0, 5));
  await page.waitForURL((url) => url.searchParams.get('q') === L.part.name.slice(0, 5));
  await partRow(page, sku).waitFor();
  expect(await page.getByTestId('part-row').count()).toBe(1);
  await page.getByTestId('part-search').fill('no-such-part');
  await partRow(page, sku).waitFor({ state: 'detached' });
  await page.getByTestId('part-search').fill(sku.toLowerCase());
  await partRow(page, sku).waitFor();
  if (shots) await screenshot(page, `${shots}-inventory`);

  // 7. The vehicle view: the service history entry of the completed card.
  await page.goto('/vehicles');
  await page.getByTestId('vehicle-row').filter({ hasText: plate }).getByTestId('vehicle-link').click();
  await page.waitForURL((url) => url.pathname === `/vehicles/${vehicleId}`);
  const view = page.getByTestId('vehicle-view');
  const entry = view.getByTestId('service-history-entry').filter({ hasText: L.service });
  await entry.waitFor();
  expect(await entry.textContent()).toContain(jobNumber);
  expect(await view.getByTestId('service-history-entry').count()).toBe(1);

  // Vehicles search: by plate and by the owner's name.
  await page.goto('/vehicles');
  await page.getByTestId('vehicle-search').fill('4411');
  await page.waitForURL((url) => url.searchParams.get('q') === '4411');
  await page.getByTestId('vehicle-row').filter({ hasText: plate }).waitFor();
  await page.getByTestId('vehicle-search').fill('no-such-car');
  await page.getByTestId('vehicles-empty').waitFor();
  await page.getByTestId('vehicle-search').fill(L.customer.last);
  await page.getByTestId('vehicle-row').filter({ hasText: plate }).waitFor();
  expect(await page.getByTestId('vehicle-row').count()).toBe(1);

  // 8. Customers: search, then a CSV with one bad row (line 3), previewed and cancelled.
  await page.goto('/customers');
  await page.getByTestId('customer-search').fill(L.customer.last);
  await page.waitForURL((url) => url.searchParams.get('q') === L.customer.last);
  await page.getByTestId('customer-row').filter({ hasText: customerName }).waitFor();
  expect(await page.getByTestId('customer-row').count()).toBe(1);
  await page.getByTestId('customer-search').fill('nobody-like-this');
  await page.getByTestId('customers-empty').waitFor();
  await page.getByTestId('customer-search').fill('');
  await page.getByTestId('customer-row').filter({ hasText: customerName }).waitFor();

  await page.getByTestId('csv-import').click();
  const csv = page.getByTestId('csv-import-dialog');
  const file = [
    'firstName,lastName,phone,city',
    'Nadia,Khalil,+971 55 100 2000,Dubai',
    'Yousef,,+971 55 100 3000,Dubai',
    'Huda,Salem,+971 55 100 4000,Fujairah',
  ].join('\r\n');
  await csv.getByTestId('csv-file-input').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await csv.getByTestId('csv-preview').waitFor();
  expect(await csv.getByTestId('csv-preview-row').count()).toBe(3);
  const line3 = csv.locator('[data-testid="csv-preview-row"][data-line="3"]');
  expect(await line3.getAttribute('data-invalid')).toBe('true');
  expect(await line3.textContent()).toContain(L.lastNameRequired);
  for (const ok of ['2', '4'])
    expect(await csv.locator(`[data-testid="csv-preview-row"][data-line="${ok}"]`).getAttribute('data-invalid')).toBeNull();
  const errorList = await csv.getByTestId('csv-errors').textContent();
  expect(errorList).toMatch(L.line3);
  expect(errorList).toContain(L.lastNameRequired);
  expect(await csv.getByTestId('csv-import-submit').isDisabled()).toBe(true);
  // A Latin phone number keeps its reading order in an Arabic preview (an isolated, auto-direction cell).
  const phoneCell = csv.locator('[data-testid="csv-preview-row"][data-line="2"] bdi').filter({ hasText: '+971 55 100 2000' });
  expect(await phoneCell.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
  if (shots) await screenshot(page, `${shots}-customers-import`);
  await csv.getByTestId('csv-cancel').click();
  await csv.waitFor({ state: 'detached' });
  // Nothing was written.
  await page.getByTestId('customer-search').fill('Khalil');
  await page.getByTestId('customers-empty').waitFor();
  expect(await page.getByTestId('customer-row').count()).toBe(0);
}

describe('workshop flow across customers, vehicles, job cards and inventory', () => {
  it('runs in English: a part line consumed on completion, the history entry, searches and a CSV row error', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('flow'), { completeOnboarding: true });
    const page = await context.newPage();
    await workshopFlow(page, EN);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs once in Arabic, right to left, switched from the settings menu', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('flowar'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    await chooseLanguage(page, 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await workshopFlow(page, AR, 'workshop-flow-ar');
    // Still Arabic and right to left after all the navigation.
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    expect(await page.locator('html[dir="rtl"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
