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

/** yyyy-MM-dd n days from today (the workshop's time zone is UTC by default). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

const row = (page: Page, service: string) => page.locator(`[data-testid="booking-row"][data-service="${service}"]`);

describe('service bookings screen', () => {
  it('books a service for a customer vehicle, shows it in the upcoming card, refuses a past date, changes the status inline, in Arabic too', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('book'), { completeOnboarding: true });
    const omar = await post<{ id: number }>(context.request, '/api/customers', {
      firstName: 'Omar',
      lastName: 'Khalil',
      phone: '+971501234567',
    });
    const lina = await post<{ id: number }>(context.request, '/api/customers', {
      firstName: 'Lina',
      lastName: 'Haddad',
      phone: '+971509876543',
    });
    const corolla = await post<{ id: number }>(context.request, '/api/vehicles', {
      customerId: omar.id,
      make: 'Toyota',
      model: 'Corolla',
      year: 2022,
      plateNumber: 'DXB-100',
    });
    await post(context.request, '/api/vehicles', {
      customerId: lina.id,
      make: 'Nissan',
      model: 'Patrol',
      year: 2021,
      plateNumber: 'DXB-900',
    });

    const page = await context.newPage();
    await page.goto('/bookings');
    await page.getByTestId('bookings-empty').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Bookings');
    await page.getByTestId('upcoming-empty').waitFor();

    await page.getByTestId('add-booking').click();
    const dialog = page.getByRole('dialog', { name: 'New Booking' });
    await dialog.getByTestId('booking-form').waitFor();
    // The vehicle select waits for a customer.
    expect(await dialog.getByTestId('booking-vehicle-select').isDisabled()).toBe(true);
    await dialog.getByTestId('submit-booking').click();
    await dialog.getByText('Customer is required').waitFor();
    expect(await dialog.getByText('Vehicle is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Service type is required').isVisible()).toBe(true);

    // Lina first: only her vehicle is offered; changing the customer resets the vehicle.
    await dialog.getByTestId('booking-customer-select').getByRole('combobox').fill('Lina');
    await page.getByRole('option', { name: /Lina Haddad/ }).click();
    await dialog.getByTestId('booking-vehicle-select').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Nissan Patrol (2021) · DXB-900']);
    await page.getByRole('option', { name: 'Nissan Patrol (2021) · DXB-900' }).click();
    await dialog.getByTestId('booking-customer-select').getByRole('combobox').fill('Omar');
    await page.getByRole('option', { name: /Omar Khalil/ }).click();
    expect(await dialog.getByTestId('booking-vehicle-select').textContent()).not.toContain('DXB-900');
    await dialog.getByTestId('booking-vehicle-select').getByText('Choose a vehicle').waitFor();
    await dialog.getByTestId('booking-vehicle-select').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Toyota Corolla (2022) · DXB-100']);
    await page.getByRole('option', { name: 'Toyota Corolla (2022) · DXB-100' }).click();

    await dialog.getByLabel('Service type').fill('Oil change');
    // A date in the past: the spec's message.
    await dialog.getByLabel('Scheduled date').fill(inDays(-1));
    await dialog.getByLabel('Time').fill('10:30');
    await dialog.getByTestId('submit-booking').click();
    await dialog.getByText('Scheduled date must be in the future').waitFor();

    const day = inDays(2);
    await dialog.getByLabel('Scheduled date').fill(day);
    await screenshot(page, 'bookings-dialog-desktop-en');
    await dialog.getByTestId('submit-booking').click();
    await toastRegion(page).getByText('Service booking created successfully').waitFor();
    await row(page, 'Oil change').waitFor();
    expect(await row(page, 'Oil change').textContent()).toContain('Omar Khalil');
    expect(await row(page, 'Oil change').textContent()).toContain('10:30');

    // The upcoming card: day, month, customer, vehicle, service, time, status.
    const upcoming = page.getByTestId('upcoming-booking');
    await upcoming.first().waitFor();
    expect(await upcoming.count()).toBe(1);
    const date = new Date(`${day}T10:30:00Z`);
    expect(await upcoming.getByTestId('upcoming-day').textContent()).toBe(String(date.getUTCDate()));
    expect(await upcoming.getByTestId('upcoming-month').textContent()).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(date),
    );
    const text = await upcoming.textContent();
    for (const part of ['Omar Khalil', 'Toyota Corolla', 'Oil change', '10:30', 'Scheduled']) expect(text).toContain(part);
    await screenshot(page, 'bookings-desktop-en');

    // Inline status change.
    await row(page, 'Oil change').getByTestId('booking-status-select').click();
    await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
    await toastRegion(page).getByText('Status updated successfully').waitFor();
    await page.locator('[data-testid="upcoming-booking"] [data-status="confirmed"]').waitFor();
    const saved = (await (await context.request.get(`/api/tenants/${await tenantOf(context.request)}/service-bookings`)).json()) as Array<{
      status: string;
    }>;
    expect(saved.map((b) => b.status)).toEqual(['confirmed']);

    // A technician already busy 11:00-12:00 that day (another booking, through the API).
    const engine = await post<{ id: number }>(context.request, '/api/skills', { name: 'Engine' });
    const tariq = await post<{ id: number }>(context.request, '/api/technicians', {
      firstName: 'Tariq',
      lastName: 'Aziz',
      email: 'tariq@example.com',
      phone: '+971500000001',
      title: 'Mechanic',
      skills: [engine.id],
    });
    await post(context.request, '/api/service-bookings', {
      customerId: omar.id,
      vehicleId: corolla.id,
      serviceType: 'Tyre check',
      scheduledDate: `${day}T11:00:00.000Z`,
      technicianId: tariq.id,
      duration: 60,
    });
    await row(page, 'Tyre check').waitFor();

    // Edit keeps the customer, vehicle, date and time; giving it to Tariq saves with a conflict warning.
    await row(page, 'Oil change').getByTestId('edit-booking').click();
    const edit = page.getByRole('dialog', { name: 'Edit Booking' });
    expect(await edit.getByLabel('Scheduled date').inputValue()).toBe(day);
    expect(await edit.getByLabel('Time').inputValue()).toBe('10:30');
    expect(await edit.getByTestId('booking-vehicle-select').textContent()).toBe('Toyota Corolla (2022) · DXB-100');
    await edit.getByLabel('Service type').fill('Oil and filter change');
    await edit.getByTestId('booking-technician').click();
    await page.getByRole('option', { name: 'Tariq Aziz' }).click();
    await edit.getByTestId('submit-booking').click();
    await toastRegion(page).getByText('Scheduling conflict').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Service booking updated successfully, but it overlaps');
    await row(page, 'Oil and filter change').waitFor();

    // Search and the status filter.
    await page.getByTestId('bookings-search').fill('nothing-like-this');
    await page.getByTestId('bookings-empty').waitFor();
    expect(await page.getByTestId('empty-add-booking').count()).toBe(0);
    await page.getByTestId('bookings-search').fill('khalil');
    await row(page, 'Oil and filter change').waitFor();

    // Arabic, right to left.
    await chooseLanguage(page, 'ar');
    await page.goto('/bookings');
    const arRow = row(page, 'Oil and filter change');
    await arRow.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('[data-testid="upcoming-booking"] [data-status="confirmed"]').textContent()).toBe('مؤكد');
    const dateBox = (await arRow.locator('td').first().boundingBox())!;
    const serviceBox = (await arRow.locator('td').nth(4).boundingBox())!;
    expect(dateBox.x).toBeGreaterThan(serviceBox.x);
    await screenshot(page, 'bookings-desktop-ar');

    // A technician reads the bookings: no New Booking, no edit, the status as a badge.
    const tech = await technician(context);
    await tech.page.goto('/bookings');
    const techRow = row(tech.page, 'Oil and filter change');
    await techRow.waitFor();
    expect(await tech.page.getByTestId('add-booking').count()).toBe(0);
    expect(await techRow.getByTestId('edit-booking').count()).toBe(0);
    expect(await techRow.getByTestId('booking-status-select').count()).toBe(0);
    expect(await techRow.locator('[data-status="confirmed"]').textContent()).toBe('Confirmed');

    // On a phone: time, vehicle and service fold under date and customer; no sideways scrolling.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const pp = await phone.newPage();
    await pp.goto('/bookings');
    const phoneRow = row(pp, 'Oil and filter change');
    await phoneRow.waitFor();
    await screenshot(pp, 'bookings-phone-en');
    expect(await phoneRow.getByTestId('booking-status-select').isVisible()).toBe(true);
    expect(await phoneRow.getByText('Toyota Corolla').first().isVisible()).toBe(true);
    expect(
      await pp.evaluate(() => {
        const table = document.querySelector('[data-testid="bookings-table"]')!;
        return table.scrollWidth <= table.parentElement!.clientWidth + 1;
      }),
    ).toBe(true);
    await phone.close();

    expect(errors).toEqual([]);
    expect(tech.errors).toEqual([]);
    await tech.context.close();
    await context.close();
  });
});

/** A technician account of the admin's workshop, signed in in a context of its own. */
async function technician(admin: BrowserContext): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const account = newAccount('tech');
  const created = await admin.request.post('/api/users', {
    data: {
      username: account.username,
      firstName: 'Tina',
      lastName: 'Tech',
      email: account.email,
      role: 'technician',
      password: account.password,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
    200,
  );
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, page: await context.newPage(), errors };
}

async function tenantOf(request: APIRequestContext): Promise<number> {
  const me = (await (await request.get('/api/user')).json()) as { tenantId: number };
  return me.tenantId;
}
