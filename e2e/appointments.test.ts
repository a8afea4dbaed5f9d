import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('appointments screen', () => {
  it('creates an appointment with the defaults and the spec messages, lists it with its APT number and finds it in the 7-day calendar, in Arabic right to left', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('apt'), { completeOnboarding: true });
    const skill = (await (await context.request.post('/api/skills', { data: { name: 'Brakes' } })).json()) as { id: number };
    const tech = await context.request.post('/api/technicians', {
      data: {
        firstName: 'Tariq',
        lastName: 'Aziz',
        email: 'tariq@example.com',
        phone: '+971500000001',
        title: 'Mechanic',
        skills: [skill.id],
      },
    });
    expect(tech.status(), await tech.text()).toBe(201);
    const tariq = (await tech.json()) as { id: number };
    const page = await context.newPage();
    await page.goto('/appointments');
    await page.getByTestId('appointments-empty').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Appointments');

    await page.getByTestId('add-appointment').click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.getByTestId('appointment-form').waitFor();
    // Defaults: today, 09:00, 60 minutes; the number comes from the server.
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(inDays(0));
    expect(await dialog.getByLabel('Time', { exact: true }).inputValue()).toBe('09:00');
    expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('60');
    expect(await dialog.getByTestId('appointment-number').inputValue()).toBe('Assigned when saved');

    await dialog.getByLabel('Time', { exact: true }).fill('9am');
    await dialog.getByLabel('Duration (minutes)').fill('10');
    await dialog.getByTestId('submit-appointment').click();
    await dialog.getByText('Time must be in HH:MM format').waitFor();
    expect(await dialog.getByText('Duration must be at least 15 minutes').isVisible()).toBe(true);
    expect(await dialog.getByText('Customer name is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Phone is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Service type is required').isVisible()).toBe(true);

    await dialog.getByLabel('Customer name').fill('Sara Nasser');
    await dialog.getByLabel('Phone').fill('+971501112233');
    await dialog.getByLabel('Vehicle make').fill('Honda');
    await dialog.getByLabel('Vehicle model').fill('Civic');
    await dialog.getByLabel('Plate number').fill('AUH-42');
    await choose(page, dialog.getByTestId('appointment-service-type'), 'Brake Service');
    const day = inDays(2);
    await dialog.getByLabel('Date', { exact: true }).fill(day);
    await dialog.getByLabel('Time', { exact: true }).fill('14:30');
    await dialog.getByLabel('Duration (minutes)').fill('90');
    await choose(page, dialog.getByTestId('appointment-technician'), 'Tariq Aziz');
    await dialog.getByLabel('Notes').click();
    await page.waitForFunction(() => document.querySelectorAll('[role="dialog"] [aria-invalid="true"]').length === 0);
    await screenshot(page, 'appointments-dialog-desktop-en');
    await dialog.getByTestId('submit-appointment').click();
    await toastRegion(page).getByText('Appointment Created').waitFor();

    const row = page.getByTestId('appointment-row');
    await row.first().waitFor();
    const number = (await row.getAttribute('data-number'))!;
    expect(number).toMatch(/^APT-\d{6}$/);
    const text = await row.textContent();
    for (const part of ['Sara Nasser', '+971501112233', 'Honda Civic', 'AUH-42', 'Brake Service', '14:30', '90 min', 'Pending'])
      expect(text).toContain(part);
    await screenshot(page, 'appointments-list-desktop-en');
    const me = (await (await context.request.get('/api/user')).json()) as { tenantId: number };
    const saved = (await (await context.request.get(`/api/tenants/${me.tenantId}/appointments`)).json()) as Array<{
      assignedTo: number | null;
      scheduledTime: string;
      duration: number;
    }>;
    expect(saved.map((a) => [a.assignedTo, a.scheduledTime, a.duration])).toEqual([[tariq.id, '14:30', 90]]);

    // On a phone: phone, vehicle, service and duration fold into the customer and date cells; no sideways scrolling.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const pp = await phone.newPage();
    await pp.goto('/appointments');
    await pp.getByTestId('appointment-row').first().waitFor();
    await screenshot(pp, 'appointments-list-phone-en');
    expect(await pp.getByTestId('appointment-row').getByText('+971501112233').first().isVisible()).toBe(true);
    expect(
      await pp.evaluate(() => {
        const table = document.querySelector('[data-testid="appointments-table"]')!;
        return table.scrollWidth <= table.parentElement!.clientWidth + 1;
      }),
    ).toBe(true);
    await phone.close();

    // The calendar: 7 days starting today; the appointment on its day.
    await page.getByTestId('tab-calendar').click();
    const days = page.getByTestId('calendar-day');
    await page
      .locator(`[data-testid="calendar-day"][data-date="${day}"] [data-testid="calendar-appointment"][data-number="${number}"]`)
      .waitFor();
    expect(await days.evaluateAll((els) => els.map((el) => el.getAttribute('data-date')))).toEqual([0, 1, 2, 3, 4, 5, 6].map(inDays));
    expect(await page.locator(`[data-date="${day}"]`).textContent()).toContain('Sara Nasser');
    await screenshot(page, 'appointments-calendar-desktop-en');

    // Edit from the calendar: the number is shown read-only; a status change.
    await page.locator(`[data-testid="calendar-appointment"][data-number="${number}"]`).click();
    const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
    expect(await edit.getByTestId('appointment-number').inputValue()).toBe(number);
    expect(await edit.getByTestId('appointment-number').getAttribute('readonly')).not.toBeNull();
    await choose(page, edit.getByTestId('appointment-status'), 'Confirmed');
    await edit.getByTestId('submit-appointment').click();
    await toastRegion(page).getByText('Appointment Updated').waitFor();
    await page.locator(`[data-testid="calendar-appointment"][data-number="${number}"] [data-status="confirmed"]`).waitFor();

    // Arabic: the days run right to left (today is the rightmost column).
    await chooseLanguage(page, 'ar');
    await page.goto('/appointments');
    await page.getByTestId('appointment-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('tab-calendar').click();
    await page.locator(`[data-testid="calendar-appointment"][data-number="${number}"]`).waitFor();
    const first = (await days.nth(0).boundingBox())!;
    const second = (await days.nth(1).boundingBox())!;
    expect(first.x).toBeGreaterThan(second.x);
    expect(await page.locator(`[data-testid="calendar-appointment"][data-number="${number}"]`).textContent()).toContain('صيانة الفرامل');
    await screenshot(page, 'appointments-calendar-desktop-ar');

    expect(errors).toEqual([]);
    await context.close();
  });
});
