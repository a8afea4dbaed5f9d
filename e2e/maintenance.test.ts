import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { addMonths } from '../core/rules/scheduling.ts';
import { formatDate } from '../web/src/lib/format.ts';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  takenOver,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

/** yyyy-MM-dd n days from today (the workshop's time zone is UTC by default). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A last service `months` months less `days` days ago: with an interval of `months`, due in about `days` days. */
const dueIn = (days: number, months = 6) => addMonths(inDays(days), -months);

async function signedIn(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('maint'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A customer and their vehicle, through the API. */
async function vehicle(request: APIRequestContext, data: Record<string, unknown> = {}) {
  const customer = await post<{ id: number }>(request, '/api/customers', { firstName: 'Omar', lastName: 'Khalil', phone: '+971501234567' });
  return post<{ id: number }>(request, '/api/vehicles', {
    customerId: customer.id,
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    plateNumber: 'DXB-200',
    mileage: 42_000,
    ...data,
  });
}

const scheduleRow = (page: Page, service: string) => page.locator(`[data-testid="schedule-row"][data-service="${service}"]`);

/** A technician of the admin's workshop, signed in (new password set, onboarding done) in a context of their own. */
async function technician(admin: APIRequestContext, viewport?: { width: number; height: number }) {
  const account = newAccount('tech');
  await post(admin, '/api/users', {
    username: account.username,
    firstName: 'Nadia',
    lastName: 'Karim',
    email: account.email,
    role: 'technician',
    password: account.password,
  });
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
    200,
  );
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, errors };
}

/** Neither the page nor the schedules table (which scrolls inside its own box) is wider than the screen. */
const fitsSideways = () => {
  const box = document.querySelector('[data-testid="schedules-table"]')?.parentElement;
  return document.documentElement.scrollWidth <= window.innerWidth && !!box && box.scrollWidth <= box.clientWidth;
};

/**
 * The dashboard once its pending reminders have arrived (none): no reminders card. A dashboard the
 * server rendered came with them; one it did not reads them.
 */
async function expectNoRemindersCard(page: Page) {
  let answered: (reminders: unknown) => void = () => {};
  const reminders = new Promise((resolve) => (answered = resolve));
  const listener = (res: Response) => {
    // Read at once, and a body the browser has already let go of (a page being left) is an answer
    // the assertion below shows, not an unhandled rejection.
    if (res.url().includes('/service-reminders?') && res.url().includes('status=pending'))
      answered(res.json().catch((error: Error) => `unreadable: ${error.message}`));
  };
  page.on('response', listener);
  await page.goto('/');
  if ((await takenOver(page)) === 'client') expect(await reminders).toEqual([]);
  page.off('response', listener);
  await page.getByTestId('dashboard').waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.getByTestId('service-reminders-alert').count()).toBe(0);
}

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('maintenance on the vehicle page', () => {
  it('adds a schedule due within its reminder window, shows the computed due date and the reminder (also on the dashboard), dismisses it, edits and removes the schedule', async () => {
    const { context, page, errors } = await signedIn();
    const hilux = await vehicle(context.request);
    await page.goto(`/vehicles/${hilux.id}`);
    const section = page.getByTestId('maintenance-section');
    await section.getByTestId('schedules-empty').waitFor();
    expect(await section.getByTestId('reminder').count()).toBe(0);

    // The dialog: the server's messages under the fields.
    await section.getByTestId('empty-add-schedule').click();
    const dialog = page.getByRole('dialog', { name: 'Add Maintenance Schedule' });
    await dialog.getByTestId('schedule-form').waitFor();
    expect(await dialog.getByLabel('Remind days before').inputValue()).toBe('14');
    await dialog.getByTestId('submit-schedule').click();
    await dialog.getByText('Service name is required').waitFor();
    expect(await dialog.getByText('Give a mileage interval, a month interval or both', { exact: true }).isVisible()).toBe(true);

    // Every 10,000 km or 6 months; last done 6 months less 5 days ago: due in 5 days, inside the 14-day window.
    const last = dueIn(5);
    const due = addMonths(last, 6);
    await dialog.getByLabel('Service', { exact: true }).fill('Oil change');
    await dialog.getByLabel('Every (km)').fill('10000');
    await dialog.getByLabel('Every (months)').fill('6');
    await dialog.getByLabel('Last service date').fill(last);
    await dialog.getByLabel('Mileage at last service').fill('40000');
    await screenshot(page, 'maintenance-dialog-desktop-en');
    await dialog.getByTestId('submit-schedule').click();
    await toastRegion(page).getByText('Maintenance schedule added').waitFor();
    const row = scheduleRow(page, 'Oil change');
    await row.waitFor();
    expect(await row.getByTestId('schedule-interval').textContent()).toBe('every 10,000 km / 6 months');
    expect(await row.getByTestId('schedule-due-date').textContent()).toBe(formatDate(due, 'en'));
    expect(await row.getByTestId('schedule-next-due').textContent()).toContain('at 50,000 km');
    expect(await row.getByTestId('schedule-first').textContent()).toBe('Date comes first');
    expect(await row.getByTestId('schedule-next-due').getAttribute('data-due')).toBe('soon');
    expect(await row.getByTestId('schedule-last').textContent()).toBe(`${formatDate(last, 'en')} · 40,000 km`);
    // The reminder the server raised, above the schedules.
    const reminder = section.getByTestId('reminder');
    await reminder.waitFor();
    expect(await reminder.getAttribute('data-status')).toBe('pending');
    expect(await reminder.getByTestId('reminder-title').textContent()).toBe('Oil change due');
    expect(await reminder.textContent()).toContain(`Due on ${formatDate(due, 'en')}.`);
    await screenshot(page, 'maintenance-vehicle-desktop-en');

    // The dashboard's card lists the pending reminder and links to the vehicle.
    await page.goto('/');
    const card = page.getByTestId('service-reminders-alert');
    await card.waitFor();
    expect(await card.getByTestId('service-reminders-total').textContent()).toBe('Pending: 1');
    const item = card.getByTestId('service-reminder-item');
    expect(await item.textContent()).toContain('Oil change due');
    expect(await item.textContent()).toContain('Toyota Hilux · DXB-200');
    expect(await item.getByTestId('service-reminder-due').textContent()).toBe(`Due ${formatDate(due, 'en')}`);
    await screenshot(page, 'maintenance-dashboard-desktop-en');
    await item.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/vehicles/${hilux.id}`);

    // Dismissed: gone from the vehicle and from the dashboard.
    await section.getByTestId('dismiss-reminder').click();
    await toastRegion(page).getByText('Reminder dismissed').waitFor();
    await section.getByTestId('reminder').waitFor({ state: 'detached' });

    // Edit while still due (a description, a shorter window): the dismissed reminder does not come back.
    const editDialog = async () => {
      await row.getByTestId('edit-schedule').click();
      const edit = page.getByRole('dialog', { name: 'Edit Maintenance Schedule' });
      expect(await edit.getByLabel('Service', { exact: true }).inputValue()).toBe('Oil change');
      expect(await edit.getByLabel('Last service date').inputValue()).toBe(last);
      return edit;
    };
    // The page's refetch after the change, asked again by the test: the page may refetch once more
    // (a live update) and drop the first answer's body before it can be read.
    const remindersAfter = () =>
      page
        .waitForResponse((res) => res.url().includes('/service-reminders?') && res.url().includes(`vehicleId=${hilux.id}`))
        .then(async (res) => (await page.request.get(res.url())).json());
    let edit = await editDialog();
    await edit.getByLabel('Description').fill('Synthetic 5W-30');
    await edit.getByLabel('Remind days before').fill('10');
    let refetched = remindersAfter();
    await edit.getByTestId('submit-schedule').click();
    await toastRegion(page).getByText('Maintenance schedule updated').waitFor();
    expect(((await refetched) as Array<{ status: string }>).map((r) => r.status)).toEqual(['dismissed']);
    await row.getByText('Synthetic 5W-30').waitFor();
    expect(await section.getByTestId('reminder').count()).toBe(0);

    // Every 12 months now: the due date follows, out of the window.
    edit = await editDialog();
    await edit.getByLabel('Every (months)').fill('12');
    refetched = remindersAfter();
    await edit.getByTestId('submit-schedule').click();
    await toastRegion(page).getByText('Maintenance schedule updated').waitFor();
    expect(await refetched).toEqual([]);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="schedule-interval"]')?.textContent === text,
      'every 10,000 km / 12 months',
    );
    expect(await row.getByTestId('schedule-due-date').textContent()).toBe(formatDate(addMonths(last, 12), 'en'));
    expect(await row.getByTestId('schedule-next-due').getAttribute('data-due')).toBeNull();

    await expectNoRemindersCard(page);

    // Remove, after a confirmation (Cancel keeps it).
    await page.goto(`/vehicles/${hilux.id}`);
    await row.getByTestId('remove-schedule').click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Oil change?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.getByTestId('remove-schedule').click();
    await confirm.getByTestId('confirm-remove-schedule').click();
    await toastRegion(page).getByText('Maintenance schedule removed').waitFor();
    await section.getByTestId('schedules-empty').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('snoozes a reminder, links the fleet row to the vehicle, and reads right to left in Arabic', async () => {
    const { context, page, errors } = await signedIn();
    const hilux = await vehicle(context.request);
    await post(context.request, `/api/vehicles/${hilux.id}/maintenance-schedules`, {
      serviceName: 'Brake check',
      intervalMonths: 12,
      lastServiceDate: dueIn(3, 12),
    });
    await post(context.request, `/api/vehicles/${hilux.id}/maintenance-schedules`, {
      serviceName: 'Tyre rotation',
      intervalMileage: 8000,
      intervalMonths: 6,
      lastServiceDate: inDays(-10),
      lastServiceMileage: 41_000,
    });
    await post(context.request, '/api/fleet-vehicles', { vehicleId: hilux.id, fleetNumber: 'F-200' });

    // The fleet row's reminders badge is one click from the vehicle's schedules.
    await page.goto('/fleet');
    const fleetRow = page.locator('[data-testid="fleet-row"][data-fleet-number="F-200"]');
    await fleetRow.getByTestId('reminders').waitFor();
    await fleetRow.getByTestId('reminders-link').click();
    await page.waitForURL((url) => url.pathname === `/vehicles/${hilux.id}`);

    const section = page.getByTestId('maintenance-section');
    await section.getByTestId('reminder').waitFor();
    await section.getByTestId('snooze-reminder').click();
    await toastRegion(page).getByText('Reminder snoozed for 7 days').waitFor();
    await section.locator('[data-testid="reminder"][data-status="snoozed"]').waitFor();
    expect(await section.getByTestId('reminder-snoozed').textContent()).toBe(`Snoozed until ${formatDate(inDays(7), 'en')}`);
    // Snoozed: no longer on the dashboard.
    await expectNoRemindersCard(page);

    await chooseLanguage(page, 'ar');
    await page.goto(`/vehicles/${hilux.id}`);
    await scheduleRow(page, 'Tyre rotation').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Waited for, not read at once: the section's chunk may still be swapping in after hydration.
    await section.getByRole('heading', { name: 'الصيانة' }).waitFor();
    const interval = (await scheduleRow(page, 'Tyre rotation').getByTestId('schedule-interval').textContent()) ?? '';
    expect(interval.startsWith('كل ') && interval.includes('كم') && interval.includes('أشهر')).toBe(true);
    expect(await section.getByTestId('reminder-title').textContent()).toBe('موعد Brake check');
    // Right to left: the service column is right of the next-due column.
    const service = (await scheduleRow(page, 'Tyre rotation').locator('td').first().boundingBox())!;
    const next = (await scheduleRow(page, 'Tyre rotation').getByTestId('schedule-next-due').boundingBox())!;
    expect(service.x).toBeGreaterThan(next.x);
    await screenshot(page, 'maintenance-vehicle-desktop-ar');
    await scheduleRow(page, 'Tyre rotation').getByTestId('edit-schedule').click();
    const dialog = page.getByRole('dialog', { name: 'تعديل جدول الصيانة' });
    await dialog.getByLabel('الخدمة', { exact: true }).fill('');
    await dialog.getByLabel('كل (كم)').fill('');
    await dialog.getByLabel('كل (أشهر)').fill('');
    await dialog.getByTestId('submit-schedule').click();
    await dialog.getByText('اسم الخدمة مطلوب').waitFor();
    expect(await dialog.getByText('حدّد فاصلًا بالمسافة أو بالأشهر أو كليهما', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'maintenance-dialog-desktop-ar');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // On a phone, with the edit controls: nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await page.waitForFunction(fitsSideways);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'maintenance-vehicle-phone-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a technician the schedules and reminders without any edit control, on a phone', async () => {
    const { context: admin } = await signedIn();
    const r = admin.request;
    const hilux = await vehicle(r);
    await post(r, `/api/vehicles/${hilux.id}/maintenance-schedules`, {
      serviceName: 'Oil change',
      intervalMileage: 10_000,
      intervalMonths: 6,
      lastServiceDate: dueIn(4),
      lastServiceMileage: 40_000,
    });
    const { context, errors } = await technician(r, PHONE);
    const page = await context.newPage();
    await page.goto(`/vehicles/${hilux.id}`);
    const section = page.getByTestId('maintenance-section');
    await scheduleRow(page, 'Oil change').waitFor();
    await section.getByTestId('reminder').waitFor();
    for (const control of [
      'add-schedule',
      'empty-add-schedule',
      'edit-schedule',
      'remove-schedule',
      'dismiss-reminder',
      'snooze-reminder',
    ]) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }
    // The phone's row: nothing scrolls sideways.
    expect(await page.evaluate(fitsSideways)).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'maintenance-vehicle-technician-phone-en');
    expect(errors).toEqual([]);
    await Promise.all([context.close(), admin.close()]);
  });
});

describe('appointment status history', () => {
  it('shows every status change, newest first, with who, when and the reason; a technician reads it too', async () => {
    const { context, page, errors } = await signedIn();
    const created = await post<{ id: number; appointmentNumber: string }>(
      context.request,
      `/api/tenants/${((await (await context.request.get('/api/user')).json()) as { tenantId: number }).tenantId}/appointments`,
      {
        customerName: 'Sara Nasser',
        customerPhone: '+971501112233',
        serviceType: 'oil_change',
        scheduledDate: inDays(1),
      },
    );
    await page.goto('/appointments');
    const row = page.locator(`[data-testid="appointment-row"][data-number="${created.appointmentNumber}"]`);
    const open = async () => {
      await row.getByTestId('edit-appointment').click();
      const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
      await dialog.getByTestId('status-history').waitFor();
      return dialog;
    };

    let dialog = await open();
    expect(await dialog.getByTestId('status-history-entry').count()).toBe(1);
    expect(await dialog.getByTestId('appointment-status-note').count()).toBe(0);
    await choose(page, dialog.getByTestId('appointment-status'), 'Confirmed');
    await dialog.getByTestId('submit-appointment').click();
    await toastRegion(page).getByText('Appointment Updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    dialog = await open();
    await choose(page, dialog.getByTestId('appointment-status'), 'Cancelled');
    await dialog.getByTestId('appointment-status-note').fill('Customer travelling');
    await dialog.getByTestId('submit-appointment').click();
    await toastRegion(page).getByText('Appointment Updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    dialog = await open();
    const entries = dialog.getByTestId('status-history-entry');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="status-history-entry"]').length === 3);
    expect(await entries.evaluateAll((els) => els.map((el) => `${el.getAttribute('data-from')}>${el.getAttribute('data-to')}`))).toEqual([
      'confirmed>cancelled',
      'pending>confirmed',
      '>pending',
    ]);
    expect(await entries.nth(0).textContent()).toContain('Sam Rivera');
    expect(await entries.nth(0).getByTestId('status-history-note').textContent()).toBe('Customer travelling');
    expect(await entries.nth(2).textContent()).toContain('Created as');
    await dialog.getByTestId('appointment-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'appointment-history-desktop-en');

    // A technician reads the history alone (no edit dialog).
    const tech = await technician(context.request);
    const techPage = await tech.context.newPage();
    await techPage.goto('/appointments');
    const techRow = techPage.locator(`[data-testid="appointment-row"][data-number="${created.appointmentNumber}"]`);
    await techRow.getByTestId('appointment-history-button').click();
    const history = techPage.getByRole('dialog', { name: `Status history of ${created.appointmentNumber}` });
    await history.getByTestId('status-history').waitFor();
    expect(await history.getByTestId('status-history-entry').count()).toBe(3);
    expect(await techPage.getByTestId('edit-appointment').count()).toBe(0);
    expect(await history.getByRole('textbox').count()).toBe(0);
    expect([...errors, ...tech.errors]).toEqual([]);
    await Promise.all([context.close(), tech.context.close()]);
  });
});
