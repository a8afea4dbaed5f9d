import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  registerViaApi,
  screenshot,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('fleet'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

/** yyyy-MM-dd n days from today (the workshop's time zone is UTC by default). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A customer and three of their vehicles, through the API. */
async function vehicles(request: APIRequestContext) {
  const customer = await post<{ id: number }>(request, '/api/customers', { firstName: 'Omar', lastName: 'Khalil', phone: '+971501234567' });
  const make = (model: string, plateNumber: string) =>
    post<{ id: number }>(request, '/api/vehicles', { customerId: customer.id, make: 'Toyota', model, year: 2022, plateNumber });
  return { corolla: await make('Corolla', 'DXB-100'), hilux: await make('Hilux', 'DXB-200'), camry: await make('Camry', 'DXB-300') };
}

const row = (page: Page, fleetNumber: string) => page.locator(`[data-testid="fleet-row"][data-fleet-number="${fleetNumber}"]`);
const card = async (page: Page, key: string) => page.getByTestId(`fleet-card-${key}`).getByTestId('fleet-card-value').textContent();

async function choose(page: Page, trigger: string, option: string) {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('fleet screen', () => {
  it('adds a fleet vehicle with validation, counts the service alert and the summary cards, filters and edits', async () => {
    const { context, page, errors } = await signedIn();
    const { corolla, hilux, camry } = await vehicles(context.request);
    void corolla;
    await post(context.request, '/api/fleet-vehicles', {
      vehicleId: hilux.id,
      fleetNumber: 'F-200',
      department: 'Delivery',
      status: 'maintenance',
      fuelLevel: 20,
      nextServiceDate: inDays(3),
      nextServiceMileage: 50000,
    });
    await post(context.request, '/api/fleet-vehicles', {
      vehicleId: camry.id,
      fleetNumber: 'F-300',
      department: 'Sales',
      status: 'out_of_service',
      fuelLevel: 60,
      nextServiceDate: inDays(30),
    });

    await page.goto('/fleet');
    await row(page, 'F-200').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Fleet');
    // The vehicle due in 3 days is counted; the one due in 30 days is not.
    expect(await page.getByTestId('fleet-alert-count').textContent()).toBe('Service due soon: 1');
    expect([
      await card(page, 'total'),
      await card(page, 'active'),
      await card(page, 'maintenance'),
      await card(page, 'outOfService'),
    ]).toEqual(['2', '0', '1', '1']);
    expect(await row(page, 'F-200').getByTestId('fuel').getAttribute('data-colour')).toBe('red');
    expect(await row(page, 'F-300').getByTestId('fuel').getAttribute('data-colour')).toBe('green');
    expect(await row(page, 'F-200').textContent()).toContain('Mileage 50,000');
    // The date due within the alert's window stands out; the later one does not.
    expect(await row(page, 'F-200').getByTestId('next-service').getAttribute('data-due')).toBe('soon');
    expect(await row(page, 'F-300').getByTestId('next-service').getAttribute('data-due')).toBeNull();
    expect(await row(page, 'F-200').getByText('Maintenance', { exact: true }).isVisible()).toBe(true);

    // The dialog: the spec's messages under the fields.
    await page.getByTestId('add-fleet').click();
    const dialog = page.getByRole('dialog', { name: 'Add Fleet Vehicle' });
    await dialog.getByTestId('fleet-form').waitFor();
    await dialog.getByTestId('submit-fleet').click();
    await dialog.getByText('Vehicle is required').waitFor();
    expect(await dialog.getByText('Fleet number is required').isVisible()).toBe(true);
    await dialog.getByLabel('Fuel level (%)').fill('150');
    await dialog.getByLabel('Next service mileage').fill('0');
    await dialog.getByTestId('submit-fleet').click();
    await dialog.getByText('Fuel level cannot exceed 100').waitFor();
    expect(await dialog.getByText('Next service mileage must be positive').isVisible()).toBe(true);
    await dialog.getByLabel('Fuel level (%)').fill('-5');
    await dialog.getByTestId('submit-fleet').click();
    await dialog.getByText('Fuel level must be at least 0').waitFor();

    // The vehicle select searches the server.
    await dialog.getByTestId('fleet-vehicle-select').click();
    await page.getByRole('combobox', { name: 'Search make, model or plate' }).fill('Corol');
    await page.getByRole('option', { name: /Toyota Corolla/ }).click();
    expect(await dialog.getByTestId('fleet-vehicle-select').textContent()).toContain('DXB-100');
    await dialog.getByLabel('Fleet number').fill('F-100');
    await dialog.getByLabel('Department').fill('Delivery');
    await dialog.getByLabel('Location', { exact: true }).fill('Depot A');
    await dialog.getByLabel('Fuel level (%)').fill('80');
    await dialog.getByLabel('Next service date').fill(inDays(2));
    await dialog.getByLabel('Next service mileage').fill('42000');
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(0);
    await screenshot(page, 'fleet-dialog-desktop-en');
    await dialog.getByTestId('submit-fleet').click();
    await toastRegion(page).getByText('Fleet vehicle created').waitFor();
    await row(page, 'F-100').waitFor();
    expect(await row(page, 'F-100').textContent()).toContain('Toyota Corolla');
    expect(await row(page, 'F-100').getByTestId('fuel').getAttribute('data-colour')).toBe('green');
    await page.getByText('Service due soon: 2').waitFor();
    expect([await card(page, 'total'), await card(page, 'active')]).toEqual(['3', '1']);
    await screenshot(page, 'fleet-desktop-en');

    // Filters: status, department (from the data), search.
    await choose(page, 'fleet-status-filter', 'Maintenance');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="fleet-row"]').length === 1);
    expect(await row(page, 'F-200').isVisible()).toBe(true);
    await choose(page, 'fleet-status-filter', 'All statuses');
    await choose(page, 'fleet-department-filter', 'Sales');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="fleet-row"]').length === 1);
    expect(await row(page, 'F-300').isVisible()).toBe(true);
    await choose(page, 'fleet-department-filter', 'All departments');
    await page.getByTestId('fleet-search').fill('hilux');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="fleet-row"]').length === 1);
    expect(await row(page, 'F-200').isVisible()).toBe(true);
    await page.getByTestId('fleet-search').fill('nothing-like-this');
    await page.getByTestId('fleet-empty').waitFor();
    // With a filter set, the empty state offers no add button.
    expect(await page.getByTestId('empty-add-fleet').count()).toBe(0);
    await page.getByTestId('fleet-search').fill('');
    await row(page, 'F-100').waitFor();

    // Edit: a low fuel level turns the bar red.
    await row(page, 'F-100').getByTestId('edit-fleet').click();
    const edit = page.getByRole('dialog', { name: 'Edit Fleet Vehicle' });
    expect(await edit.getByLabel('Fleet number').inputValue()).toBe('F-100');
    await edit.getByLabel('Fuel level (%)').fill('10');
    await edit.getByTestId('submit-fleet').click();
    await toastRegion(page).getByText('Fleet vehicle updated').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-fleet-number="F-100"] [data-testid="fuel"]')?.getAttribute('data-colour') === 'red',
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a next service computed from maintenance schedules, read-only in the dialog, with the reminder count', async () => {
    const { context, page, errors } = await signedIn();
    const { hilux } = await vehicles(context.request);
    // Every 6 months, last done 6 months less 5 days ago: due in about 5 days, inside the 14-day reminder window.
    const last = new Date();
    last.setUTCMonth(last.getUTCMonth() - 6);
    last.setUTCDate(last.getUTCDate() + 5);
    await post(context.request, `/api/vehicles/${hilux.id}/maintenance-schedules`, {
      serviceName: 'Oil change',
      intervalMonths: 6,
      lastServiceDate: last.toISOString().slice(0, 10),
      reminderDays: 14,
    });
    const created = await post<{ id: number; nextServiceComputed: boolean; nextServiceDate: string; reminderCount: number }>(
      context.request,
      '/api/fleet-vehicles',
      {
        vehicleId: hilux.id,
        fleetNumber: 'F-500',
        fuelLevel: 70,
      },
    );
    expect(created.nextServiceComputed).toBe(true);
    expect(created.reminderCount).toBeGreaterThan(0);

    await page.goto('/fleet');
    await row(page, 'F-500').waitFor();
    expect(await row(page, 'F-500').getByTestId('computed').count()).toBe(1);
    expect(await row(page, 'F-500').getByTestId('reminders').textContent()).toBe(`Reminders: ${created.reminderCount}`);
    expect(await page.getByTestId('fleet-alert-count').textContent()).toBe('Service due soon: 1');
    await row(page, 'F-500').getByTestId('edit-fleet').click();
    const edit = page.getByRole('dialog', { name: 'Edit Fleet Vehicle' });
    await edit.getByTestId('computed-service').waitFor();
    expect(await edit.getByLabel('Next service date').count()).toBe(0);
    await edit.getByText('Oil change').waitFor();
    await edit.getByLabel('Department').fill('Workshop');
    await edit.getByTestId('submit-fleet').click();
    await toastRegion(page).getByText('Fleet vehicle updated').waitFor();
    const after = (await (await context.request.get(`/api/fleet-vehicles/${created.id}`)).json()) as {
      department: string;
      nextServiceDate: string;
    };
    expect(after).toMatchObject({ department: 'Workshop', nextServiceDate: created.nextServiceDate });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads more fleet vehicles, 25 at a time', async () => {
    const { context, page, errors } = await signedIn();
    const customer = await post<{ id: number }>(context.request, '/api/customers', {
      firstName: 'Lina',
      lastName: 'Saad',
      phone: '+971500000000',
    });
    for (let i = 1; i <= 27; i += 1) {
      const vehicle = await post<{ id: number }>(context.request, '/api/vehicles', {
        customerId: customer.id,
        make: 'Ford',
        model: 'Transit',
        year: 2021,
        plateNumber: `P-${i}`,
      });
      await post(context.request, '/api/fleet-vehicles', { vehicleId: vehicle.id, fleetNumber: `V-${String(i).padStart(3, '0')}` });
    }
    await page.goto('/fleet');
    await page.getByTestId('fleet-count').getByText('Showing 25 of 27').waitFor();
    expect(await page.getByTestId('fleet-row').count()).toBe(25);
    await page.getByTestId('load-more').click();
    await page.getByTestId('fleet-count').getByText('Showing 27 of 27').waitFor();
    expect(await page.getByTestId('fleet-row').count()).toBe(27);
    expect(await page.getByTestId('load-more').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty state with an add button, and reads right to left in Arabic', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/fleet');
    await page.getByTestId('fleet-empty').waitFor();
    expect(await page.getByTestId('empty-add-fleet').isVisible()).toBe(true);
    expect(await page.getByTestId('fleet-alert').count()).toBe(0);

    const { hilux } = await vehicles(context.request);
    await post(context.request, '/api/fleet-vehicles', {
      vehicleId: hilux.id,
      fleetNumber: 'F-200',
      department: 'التوصيل',
      status: 'active',
      fuelLevel: 40,
      nextServiceDate: inDays(1),
    });
    await chooseLanguage(page, 'ar');
    await page.goto('/fleet');
    await row(page, 'F-200').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('fleet-alert-count').textContent()).toContain('صيانة مستحقة قريبًا');
    expect(await row(page, 'F-200').getByTestId('fuel').getAttribute('data-colour')).toBe('yellow');
    // The table starts on the right: the fleet number column is right of the status column.
    const numberBox = (await row(page, 'F-200').locator('td').first().boundingBox())!;
    const statusBox = (await row(page, 'F-200').locator('[data-status]').boundingBox())!;
    expect(numberBox.x).toBeGreaterThan(statusBox.x);
    await screenshot(page, 'fleet-desktop-ar');
    // The dialog's messages in Arabic.
    await page.getByTestId('add-fleet').click();
    const dialog = page.getByRole('dialog', { name: 'إضافة مركبة للأسطول' });
    await dialog.getByTestId('submit-fleet').click();
    await dialog.getByText('المركبة مطلوبة').waitFor();
    expect(await dialog.getByText('رقم الأسطول مطلوب').isVisible()).toBe(true);
    await screenshot(page, 'fleet-dialog-desktop-ar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
