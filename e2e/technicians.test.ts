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

async function signedIn(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('techs'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

async function createSkill(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/skills', { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function createTechnician(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number }> {
  const res = await request.post('/api/technicians', {
    data: { email: `${String(data.firstName).toLowerCase()}@example.com`, phone: '+15550100', title: 'Mechanic', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function createTask(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number; title: string }> {
  const res = await request.post('/api/tasks', { data: { priority: 'medium', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

const card = (page: Page, name: string) => page.getByTestId('technician-card').filter({ hasText: name });

describe('technicians screen', () => {
  it('adds a technician with a custom skill, then filters, selects and updates in bulk', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/technicians');
    await page.getByTestId('technicians-empty').waitFor();
    expect(await page.getByText('No Technicians Found').isVisible()).toBe(true);
    expect(await page.getByText('Get started by adding your first technician').isVisible()).toBe(true);
    expect(await page.getByTestId('page-title').textContent()).toBe('Technicians');
    expect(await page.getByText('Manage your technician workforce').isVisible()).toBe(true);
    await screenshot(page, 'technicians-empty-desktop-en');

    await page.getByTestId('add-technician').click();
    const dialog = page.getByRole('dialog', { name: 'Add Technician' });
    await dialog.getByTestId('technician-form').waitFor();
    // The contract's messages, under the fields.
    await dialog.getByTestId('submit-technician').click();
    await dialog.getByText('Please select at least one skill').waitFor();
    expect(await dialog.getByText('First name is required').isVisible()).toBe(true);

    await dialog.getByLabel('First name').fill('Nadia');
    await dialog.getByLabel('Last name').fill('Haddad');
    await dialog.getByLabel('Email').fill('nadia@example.com');
    await dialog.getByLabel('Phone').fill('+971 50 123 4567');
    await dialog.getByLabel('Job title').fill('Diagnostics Lead');
    await dialog.getByLabel('Location', { exact: true }).fill('Bay 2');
    const addSkill = dialog.getByTestId('add-custom-skill');
    expect(await addSkill.isDisabled()).toBe(true);
    await dialog.getByLabel('Add a custom skill').fill('   ');
    expect(await addSkill.isDisabled()).toBe(true);
    await dialog.getByLabel('Add a custom skill').fill('Hybrid Diagnostics');
    await addSkill.click();
    await toastRegion(page).getByText('Skill created and added').waitFor();
    expect(await dialog.getByRole('button', { name: 'Hybrid Diagnostics' }).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByText('Please select at least one skill').count()).toBe(0);
    await screenshot(page, 'technicians-add-desktop-en');
    await dialog.getByTestId('submit-technician').click();
    await dialog.getByTestId('technician-added').waitFor();
    expect(await dialog.getByText('Nadia Haddad is now part of your team.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Return to Dashboard' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Add Another' }).click();
    await toastRegion(page).getByText('Ready to add another').waitFor();
    expect(await dialog.getByLabel('First name').inputValue()).toBe('');
    // (Escape would close the toast first: it is the top layer.)
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const nadia = card(page, 'Nadia Haddad');
    await nadia.waitFor();
    const text = await nadia.textContent();
    expect(text).toContain('Diagnostics Lead');
    expect(text).toContain('0.0');
    expect(text).toContain('Hybrid Diagnostics');
    expect(await nadia.getByTestId('workload-percent').textContent()).toBe('0%');
    expect(await nadia.getByTestId('workload-dot').getAttribute('data-tone')).toBe('primary');
    expect(await nadia.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+971 50 123 4567');
    expect(await nadia.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('sms:+971 50 123 4567');

    // A duplicate skill name: the server's message in an "Error" toast.
    await page.getByTestId('add-technician').click();
    const again = page.getByRole('dialog', { name: 'Add Technician' });
    await again.getByTestId('technician-form').waitFor();
    const created = await context.request.post('/api/skills', { data: { name: 'Wheel Alignment' } });
    expect(created.status()).toBe(201);
    await again.getByLabel('Add a custom skill').fill('Wheel Alignment');
    await again.getByTestId('add-custom-skill').click();
    await toastRegion(page).getByText('Error', { exact: true }).waitFor();
    expect(await toastRegion(page).textContent()).toContain('exists');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    // A filter with no result says so.
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByText('Try adjusting your filters or add a new technician').waitFor();
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await nadia.waitFor();

    // Bulk select: nothing chosen is refused; a chosen card shows its check mark.
    await page.getByTestId('bulk-select').click();
    await page.getByRole('button', { name: 'Assign Tasks (0)' }).click();
    await toastRegion(page).getByText('No Selection').waitFor();
    expect(await toastRegion(page).getByText('Please select technicians first').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Select Nadia Haddad' }).click();
    expect(await nadia.getAttribute('data-selected')).toBe('true');
    expect(await nadia.getByTestId('selection-mark').locator('svg').count()).toBe(1);
    await page.getByRole('button', { name: 'Bulk Update' }).click();
    const bulk = page.getByTestId('bulk-status-dialog');
    await bulk.getByRole('combobox').click();
    await page.getByRole('option', { name: 'On leave' }).click();
    await bulk.getByRole('button', { name: 'Update' }).click();
    await toastRegion(page).getByText('Status set to On leave for 1 technicians').waitFor();
    await nadia.getByText('On leave').waitFor();
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages with Load More, shows details and performance, edits, attaches files, assigns and deactivates', async () => {
    const { context, page, errors } = await signedIn();
    const brakes = await createSkill(context.request, 'Brakes');
    const names = ['Adam', 'Bilal', 'Carla', 'Dina', 'Elias', 'Fatima', 'Georg', 'Hadi', 'Ines', 'Jamal', 'Karim', 'Leila', 'Mona', 'Nour'];
    const ids: number[] = [];
    for (const name of names)
      ids.push((await createTechnician(context.request, { firstName: name, lastName: 'Test', skills: [brakes], rating: 4 })).id);
    const task = await createTask(context.request, { title: 'Replace brake pads', skillRequired: 'Brakes' });
    const today = new Date();
    today.setUTCHours(10, 0, 0, 0);
    const scheduled = await createTask(context.request, { title: 'Road test', technicianId: ids[0], scheduledDate: today.toISOString() });

    await page.goto('/technicians');
    await page.getByTestId('technician-grid').waitFor();
    expect(await page.getByTestId('technician-card').count()).toBe(12);
    expect(await page.getByTestId('technicians-count').textContent()).toBe('Showing 12 of 14');
    await page.getByRole('button', { name: 'Load More Technicians' }).click();
    await page.getByText('Showing 14 of 14').waitFor();
    expect(await page.getByTestId('technician-card').count()).toBe(14);
    expect(await page.getByRole('button', { name: 'Load More Technicians' }).count()).toBe(0);

    // The week calendar shows this week's scheduled task in its day.
    await page.getByRole('radio', { name: 'Calendar' }).click();
    const calendar = page.getByTestId('week-calendar');
    await calendar.getByTestId('calendar-task').filter({ hasText: 'Road test' }).waitFor();
    const day = today.toISOString().slice(0, 10);
    expect(await calendar.locator(`[data-technician-id="${ids[0]}"] td[data-day="${day}"]`).textContent()).toContain('Road test');
    await screenshot(page, 'technicians-calendar-desktop-en');
    await calendar.getByTestId('calendar-task').filter({ hasText: 'Road test' }).click();
    await page.getByTestId('task-detail').waitFor();
    expect(await page.getByTestId('task-detail').getAttribute('data-task-id')).toBe(String(scheduled.id));
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'List' }).click();

    // Details: profile, attachments, history, performance.
    await page.getByRole('button', { name: 'Open Adam Test' }).click();
    const detail = page.getByTestId('technician-dialog');
    await detail.getByRole('heading', { name: 'Adam Test' }).waitFor();
    expect(await detail.getByTestId('profile-rating').textContent()).toContain('4.0');
    expect(await detail.getByTestId('detail-skills').textContent()).toBe('Brakes');
    await detail
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'certificate.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1.5 * 1024 * 1024, 'a') });
    await detail.getByTestId('attachment').filter({ hasText: 'certificate.txt' }).waitFor();
    expect(await detail.getByTestId('attachment').textContent()).toContain('1.5 MB');
    const href = await detail.getByRole('link', { name: 'Download certificate.txt' }).getAttribute('href');
    const download = await context.request.get(href!);
    expect(download.status()).toBe(200);
    expect((await download.body()).length).toBe(1.5 * 1024 * 1024);
    await detail.getByRole('tab', { name: 'Task History' }).click();
    await detail.getByTestId('task-history').getByText('Road test').waitFor();
    await detail.getByRole('tab', { name: 'Performance' }).click();
    expect(await detail.getByTestId('perf-score').textContent()).toContain('80');
    expect(await detail.getByTestId('perf-badge').textContent()).toContain('Beginner');
    await screenshot(page, 'technicians-detail-desktop-en');

    // Edit Profile saves through the same form.
    await detail.getByRole('tab', { name: 'Profile' }).click();
    await detail.getByTestId('edit-profile').click();
    const edit = page.getByRole('dialog', { name: 'Edit Technician' });
    await edit.getByLabel('Job title').fill('Brake Specialist');
    await edit.getByTestId('submit-technician').click();
    await toastRegion(page).getByText('Technician Updated').waitFor();
    await card(page, 'Adam Test').getByText('Brake Specialist').waitFor();

    // Assign Task from the details, then Confirm & Send.
    await page.getByRole('button', { name: 'Open Adam Test' }).click();
    await page.getByTestId('detail-assign-task').click();
    const assign = page.getByTestId('assign-task-dialog');
    await assign.getByText(task.title).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    const confirm = page.getByTestId('assigned-dialog');
    await confirm.getByText('Task Assigned Successfully').waitFor();
    await confirm.getByRole('button', { name: 'Confirm & Send' }).click();
    await toastRegion(page).getByText('Notifications Sent').waitFor();
    const assigned = (await (await context.request.get(`/api/tasks/${task.id}`)).json()) as { technicianId: number };
    expect(assigned.technicianId).toBe(ids[0]);

    // The card's menu deactivates.
    await card(page, 'Bilal Test').getByRole('button', { name: 'More options for Bilal Test' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await toastRegion(page).getByText('Technician Deactivated').waitFor();
    await card(page, 'Bilal Test').getByText('Inactive').waitFor();

    // Contact: the toast names the technician.
    await card(page, 'Carla Test')
      .getByRole('link', { name: 'Call' })
      .evaluate((link) => {
        link.addEventListener('click', (event) => event.preventDefault(), { once: true });
        (link as HTMLAnchorElement).click();
      });
    await toastRegion(page).getByText('Calling Carla Test').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic, with the week running from the right, and fits a phone', async () => {
    const { context, page, errors } = await signedIn();
    const skill = await createSkill(context.request, 'كهرباء');
    const first = await createTechnician(context.request, { firstName: 'Huda', lastName: 'Salem', title: 'فنية كهرباء', skills: [skill] });
    const today = new Date();
    today.setUTCHours(9, 30, 0, 0);
    await createTask(context.request, { title: 'فحص البطارية', technicianId: first.id, scheduledDate: today.toISOString() });
    await chooseLanguage(page, 'ar');
    await page.goto('/technicians');
    await page.getByTestId('technician-grid').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('page-title').textContent()).toBe('الفنيون');
    await screenshot(page, 'technicians-desktop-ar');
    await page.getByRole('radio', { name: 'تقويم' }).click();
    const calendar = page.getByTestId('week-calendar');
    await calendar.getByTestId('calendar-task').waitFor();
    const heads = calendar.locator('thead th[data-day]');
    const firstBox = await heads.first().boundingBox();
    const lastBox = await heads.last().boundingBox();
    expect(firstBox!.x).toBeGreaterThan(lastBox!.x);
    await screenshot(page, 'technicians-calendar-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/technicians');
    await phonePage.getByTestId('technician-grid').waitFor();
    const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'technicians-phone-en');
    await chooseLanguage(phonePage, 'ar');
    await phonePage.reload();
    await phonePage.getByTestId('technician-grid').waitFor();
    await screenshot(phonePage, 'technicians-phone-ar');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
