import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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

async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('shifts'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

/** A technician account of the admin's workshop, signed in in a context of its own. */
async function technician(admin: BrowserContext): Promise<{ id: number; context: BrowserContext; page: Page; errors: string[] }> {
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
  const { id } = (await created.json()) as { id: number };
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
  return { id, context, page: await context.newPage(), errors };
}

const today = () => new Date().toISOString().slice(0, 10);
const shiftRow = (page: Page, name: string) => page.locator(`[data-testid="shift-row"][data-shift-name="${name}"]`);

async function choose(page: Page, trigger: string, option: string | RegExp) {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option }).click();
}

describe('shifts screen', () => {
  it('creates a shift, assigns it to a technician who checks in and out and sees the hours', async () => {
    const { context, page, errors } = await signedIn();
    const tech = await technician(context);
    await page.goto('/shifts');
    await page.getByTestId('shifts-empty').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Shifts');

    // Shift dialog: the spec's messages.
    await page.getByTestId('add-shift').click();
    const dialog = page.getByRole('dialog', { name: 'Add Shift' });
    await dialog.getByTestId('submit-shift').click();
    await dialog.getByText('Name is required').waitFor();
    expect(await dialog.getByText('Must be in HH:MM format').count()).toBe(2);
    await dialog.getByLabel('Name').fill('Morning');
    await dialog.getByLabel('Start time').fill('09:00');
    await dialog.getByLabel('End time').fill('08:00');
    await dialog.getByTestId('submit-shift').click();
    await dialog.getByText('End time must be after start time').waitFor();
    // The message shows as soon as the field changes; the refused submit ends by focusing the field.
    // Wait for that, or a fast fill below lands before the submit's own check and gets sent.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('shift-endTime');
    await dialog.getByLabel('End time').fill('17:00');
    await dialog.getByTestId('submit-shift').click();
    await toastRegion(page).getByText('Shift created').waitFor();
    await shiftRow(page, 'Morning').waitFor();
    expect(await shiftRow(page, 'Morning').textContent()).toContain('09:00');
    expect(await shiftRow(page, 'Morning').textContent()).toContain('17:00');
    expect(await shiftRow(page, 'Morning').getByText('Active', { exact: true }).isVisible()).toBe(true);

    // Edit: inactive.
    const evening = await context.request.post('/api/shifts', { data: { name: 'Evening', startTime: '16:00', endTime: '23:00' } });
    expect(evening.status()).toBe(201);
    await shiftRow(page, 'Evening').waitFor();
    await shiftRow(page, 'Evening').getByTestId('edit-shift').click();
    const edit = page.getByRole('dialog', { name: 'Edit Shift' });
    await edit.getByTestId('shift-active').click();
    await edit.getByTestId('submit-shift').click();
    await toastRegion(page).getByText('Shift updated').waitFor();
    await shiftRow(page, 'Evening').getByText('Inactive', { exact: true }).waitFor();

    // Assignment dialog: messages, then assign Morning to the technician today.
    await page.getByTestId('tab-assignments').click();
    await page.getByTestId('assignments-empty').waitFor();
    await page.getByTestId('add-assignment').click();
    const assign = page.getByRole('dialog', { name: 'Assign Shift' });
    expect(await assign.getByLabel('Date').inputValue()).toBe(today());
    await assign.getByLabel('Date').fill('');
    await assign.getByTestId('submit-assignment').click();
    await assign.getByText('Shift is required').waitFor();
    expect(await assign.getByText('Employee is required').isVisible()).toBe(true);
    expect(await assign.getByText('Date is required').isVisible()).toBe(true);
    await choose(page, 'assignment-shift', /^Morning/);
    await choose(page, 'assignment-employee', /^Tina Tech/);
    await assign.getByLabel('Date').fill(today());
    await assign.getByTestId('submit-assignment').click();
    await toastRegion(page).getByText('Assignment created').waitFor();
    const row = page.getByTestId('assignment-row').filter({ hasText: 'Tina Tech' });
    await row.waitFor();
    expect(await row.getByTestId('assignment-status').textContent()).toBe('Scheduled');
    expect(await row.getByTestId('check-out').count()).toBe(0);
    expect(await row.getByTestId('check-in').isVisible()).toBe(true);

    // The same person twice at once: saved, with a warning.
    await page.getByTestId('add-assignment').click();
    const again = page.getByRole('dialog', { name: 'Assign Shift' });
    await choose(page, 'assignment-shift', /^Morning/);
    await choose(page, 'assignment-employee', /^Tina Tech/);
    await again.getByTestId('submit-assignment').click();
    await toastRegion(page).getByText('Scheduling conflict').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Assignment created, but it overlaps Morning on');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="assignment-row"]').length === 2);
    // The duplicate is marked absent (edit).
    await page.getByTestId('assignment-row').first().getByTestId('edit-assignment').click();
    const editAssignment = page.getByRole('dialog', { name: 'Edit Assignment' });
    await choose(page, 'assignment-status-select', 'Absent');
    await editAssignment.getByTestId('submit-assignment').click();
    await toastRegion(page)
      .getByText(/Assignment updated/)
      .waitFor();
    await page.locator('[data-testid="assignment-row"][data-status="absent"]').waitFor();

    // Delete asks first; a shift with assignments is refused with the server's reason.
    await page.getByTestId('tab-definitions').click();
    await shiftRow(page, 'Morning').getByTestId('delete-shift').click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete shift?' });
    await confirm.getByTestId('confirm-delete-shift').click();
    await toastRegion(page).getByText('This shift has 2 assignments: make it inactive instead').waitFor();
    expect(await shiftRow(page, 'Morning').isVisible()).toBe(true);
    await shiftRow(page, 'Evening').getByTestId('delete-shift').click();
    await page.getByRole('alertdialog', { name: 'Delete shift?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await shiftRow(page, 'Evening').isVisible()).toBe(true);
    await shiftRow(page, 'Evening').getByTestId('delete-shift').click();
    await page.getByRole('alertdialog', { name: 'Delete shift?' }).getByTestId('confirm-delete-shift').click();
    await toastRegion(page).getByText('Shift deleted').waitFor();
    await shiftRow(page, 'Evening').waitFor({ state: 'detached' });
    await screenshot(page, 'shifts-definitions-desktop-en');

    // The technician: own assignments, no planning buttons, check in then out.
    const tp = tech.page;
    await tp.goto('/shifts');
    const mine = tp.locator('[data-testid="assignment-row"][data-status="scheduled"]');
    await mine.waitFor();
    expect(await tp.getByTestId('add-assignment').count()).toBe(0);
    expect(await tp.getByTestId('edit-assignment').count()).toBe(0);
    await tp.getByTestId('tab-definitions').click();
    await shiftRow(tp, 'Morning').waitFor();
    expect(await tp.getByTestId('add-shift').count()).toBe(0);
    expect(await tp.getByTestId('delete-shift').count()).toBe(0);
    await tp.getByTestId('tab-assignments').click();
    await mine.getByTestId('check-in').click();
    await toastRegion(tp).getByText('Checked in').waitFor();
    const checkedIn = tp.locator('[data-testid="assignment-row"][data-status="checked_in"]');
    await checkedIn.waitFor();
    expect(await checkedIn.getByTestId('assignment-status').textContent()).toBe('Checked In');
    expect(await checkedIn.getByTestId('check-in-time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await checkedIn.getByTestId('check-in').count()).toBe(0);
    await checkedIn.getByTestId('check-out').click();
    await toastRegion(tp).getByText('Checked out').waitFor();
    const done = tp.locator('[data-testid="assignment-row"][data-status="checked_out"]');
    await done.waitFor();
    expect(await done.getByTestId('check-out-time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await done.getByTestId('hours').textContent()).toBe('0 h');
    expect(await done.getByTestId('check-out').count()).toBe(0);
    await screenshot(tp, 'shifts-technician-desktop-en');

    // On a phone: the row keeps status, times and hours without sideways scrolling.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await tech.context.cookies());
    const pp = await phone.newPage();
    await pp.goto('/shifts');
    const phoneRow = pp.locator('[data-testid="assignment-row"][data-status="checked_out"]');
    await phoneRow.waitFor();
    expect(await phoneRow.getByTestId('hours').isVisible()).toBe(true);
    expect(
      await pp.evaluate(() => {
        const table = document.querySelector('[data-testid="assignments-table"]')!;
        return table.scrollWidth <= table.parentElement!.clientWidth + 1;
      }),
    ).toBe(true);
    await screenshot(pp, 'shifts-technician-phone-en');
    await phone.close();

    // The manager's screen follows live.
    await page.getByTestId('tab-assignments').click();
    await page.locator('[data-testid="assignment-row"][data-status="checked_out"]').waitFor();

    // Arabic, right to left.
    await chooseLanguage(tp, 'ar');
    await tp.goto('/shifts');
    await done.waitFor();
    expect(await tp.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await done.getByTestId('assignment-status').textContent()).toBe('تم الانصراف');
    const dateBox = (await done.locator('td').first().boundingBox())!;
    const hoursBox = (await done.getByTestId('hours').boundingBox())!;
    expect(dateBox.x).toBeGreaterThan(hoursBox.x);
    await screenshot(tp, 'shifts-technician-desktop-ar');

    expect(errors).toEqual([]);
    expect(tech.errors).toEqual([]);
    await tech.context.close();
    await context.close();
  });
});
