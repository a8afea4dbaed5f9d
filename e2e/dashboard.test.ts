import { readFileSync } from 'node:fs';
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
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function admin(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('dash'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors };
}

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

describe('dashboard', () => {
  it('starts empty, and the seed button fills every panel', async () => {
    const { context, page, errors } = await admin();
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    await stat(page, 'totalTechnicians').getByText('0').waitFor();
    expect(await stat(page, 'completionRate').textContent()).toContain('0%');
    // The workshop's metrics are a read of their own: waited for, not read as they stand.
    for (const key of ['customers', 'vehicles', 'activeJobs', 'completed', 'lowStock', 'bookings']) {
      await page.locator(`[data-testid="metric-${key}"]`, { hasText: /0$/ }).waitFor();
    }
    await page.getByTestId('recent-activity').getByText('No recent activity').waitFor();
    await page.getByTestId('technicians-empty').waitFor();
    expect(await page.getByTestId('unassigned-widget').getByText('Every task has a technician').isVisible()).toBe(true);
    expect(await page.getByTestId('schedule-widget').getByText('Nothing scheduled today').isVisible()).toBe(true);
    expect(await page.getByTestId('leaderboard-widget').getByText('No technicians yet').isVisible()).toBe(true);
    const tools = page.getByTestId('admin-tools');
    expect(await tools.getAttribute('data-state')).toBe('idle');
    expect(await tools.getByText('Not seeded yet').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-empty-desktop-en');

    // A failed seeding says so (the server's message).
    await page.route('**/api/admin/seed-database', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The database is busy', code: 'internal' }),
      }),
    );
    await page.getByTestId('seed-button').click();
    await toastRegion(page).getByText('Seeding Failed').waitFor();
    expect(await toastRegion(page).getByText('The database is busy').isVisible()).toBe(true);
    await page.unroute('**/api/admin/seed-database');

    await page.getByTestId('seed-button').click();
    await toastRegion(page).getByText('Database Seeded Successfully!').waitFor();
    const counts = (await (await context.request.get('/api/technicians?limit=1')).headers())['x-total-count'];
    expect(await toastRegion(page).textContent()).toMatch(new RegExp(`Added \\d+ customers, \\d+ vehicles and ${counts} technicians\\.`));
    expect(await tools.getAttribute('data-state')).toBe('seeded');
    expect(await page.getByTestId('seed-button').textContent()).toBe('Seed again');
    expect(await tools.getByTestId('seed-results').locator('[data-module="technicians"]').textContent()).toBe(counts);

    await stat(page, 'totalTechnicians').getByText(counts!).waitFor();
    await page.getByTestId('technician-grid').waitFor();
    expect(await page.getByTestId('technician-card').count()).toBe(6);
    expect(await page.getByRole('button', { name: 'Load More Technicians' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Load More Technicians' }).click();
    await page.getByText(`Showing ${Math.min(12, Number(counts))} of ${counts}`).waitFor();
    await page.getByTestId('unassigned-task').first().waitFor();
    expect(await page.getByTestId('unassigned-task').count()).toBe(5);
    expect(await page.getByTestId('leader').count()).toBe(5);
    expect(await page.getByTestId('capacity-widget').getByTestId('utilization').textContent()).toMatch(/\d+%/);
    const activity = page.getByTestId('recent-activity').getByTestId('activity-item');
    await activity.first().waitFor();
    expect(await activity.count()).toBeLessThanOrEqual(5);
    await screenshot(page, 'dashboard-seeded-desktop-en');

    // The seed results stay after a reload.
    await page.reload();
    await page.getByTestId('seed-results').waitFor();
    expect(await page.getByTestId('seed-button').textContent()).toBe('Seed again');

    // Export Report: a CSV of every technician.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-report').click()]);
    expect(download.suggestedFilename()).toMatch(/^workbay-technicians-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('Name,Email,Phone,Job title,Status,Skills,Active tasks,Completed tasks,Workload %,Rating,Leaderboard score,Badge');
    expect(csv.length).toBe(Number(counts) + 1);
    await toastRegion(page).getByText('Report exported').waitFor();

    // View All of the unassigned tasks opens the board filtered to them.
    await page.getByTestId('unassigned-widget').getByRole('link', { name: 'View All' }).click();
    await waitForPath(page, '/tasks');
    await page.getByTestId('unassigned-panel').waitFor();
    expect(await page.getByTestId('task-assignment-filter').textContent()).toBe('Unassigned');

    // View All Activity: the whole feed.
    await page.goto('/');
    await page.getByRole('link', { name: 'View All Activity' }).click();
    await waitForPath(page, '/activity');
    await page.getByTestId('activity-page').getByTestId('activity-item').first().waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Activity');
    expect(await page.getByTestId('activity-count').textContent()).toMatch(/^Showing \d+ of \d+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bulk-assigns from the quick action, creates a task, and shows today\u2019s schedule', async () => {
    const { context, page, errors } = await admin();
    const skill = (await (await context.request.post('/api/skills', { data: { name: 'Tyres' } })).json()) as { id: number };
    const tech = (await (
      await context.request.post('/api/technicians', {
        data: {
          firstName: 'Rami',
          lastName: 'Odeh',
          email: 'rami@example.com',
          phone: '+15550103',
          title: 'Tyre Technician',
          skills: [skill.id],
        },
      })
    ).json()) as { id: number };
    const today = new Date();
    today.setUTCHours(11, 15, 0, 0);
    await context.request.post('/api/tasks', {
      data: { title: 'Morning road test', technicianId: tech.id, scheduledDate: today.toISOString() },
    });
    await context.request.post('/api/tasks', { data: { title: 'Rotate tyres', skillRequired: 'Tyres' } });
    await page.goto('/');
    await page.getByTestId('schedule-widget').getByTestId('schedule-task').filter({ hasText: 'Morning road test' }).waitFor();
    expect(await page.getByTestId('schedule-widget').textContent()).toContain('11:15 AM');

    await page.getByTestId('quick-actions').getByRole('button', { name: 'Bulk Assign' }).click();
    await page.getByTestId('bulk-bar').waitFor();
    await page.getByRole('button', { name: 'Assign Tasks (0)' }).click();
    await toastRegion(page).getByText('No Selection').waitFor();
    await page.getByRole('button', { name: 'Select Rami Odeh' }).click();
    await page.getByRole('button', { name: 'Assign Tasks (1)' }).click();
    const bulk = page.getByTestId('bulk-assign-dialog');
    await bulk.getByRole('checkbox', { name: 'Rotate tyres' }).click();
    await bulk.getByTestId('submit-bulk-assign').click();
    await toastRegion(page).getByText('Assigned: 1').waitFor();
    const assigned = (await (await context.request.get('/api/tasks?assignmentStatus=assigned')).json()) as Array<{
      title: string;
      technicianId: number;
    }>;
    expect(assigned.find((t) => t.title === 'Rotate tyres')?.technicianId).toBe(tech.id);
    const deliveries = (await (await context.request.get('/api/notifications')).json()) as unknown[];
    expect(Array.isArray(deliveries)).toBe(true);

    await page.getByTestId('quick-actions').getByRole('button', { name: 'Create New Task' }).click();
    const form = page.getByTestId('new-task-dialog');
    await form.getByLabel('Title').fill('Wheel balancing');
    await form.getByTestId('submit-task').click();
    await toastRegion(page).getByText('Task Created').waitFor();
    await page.getByTestId('unassigned-widget').getByText('Wheel balancing').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const { context, page, errors } = await admin();
    await context.request.post('/api/admin/seed-database');
    await chooseLanguage(page, 'ar');
    await page.goto('/');
    await page.getByTestId('technician-grid').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('لوحة التحكم');
    expect(await page.getByText('إجمالي الفنيين').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-seeded-desktop-ar');
    // Each action its own sentence in Arabic, with its details, linking to the record.
    const added = await context.request.post('/api/customers', {
      data: { firstName: 'ليلى', lastName: 'حداد', phone: '+971 50 111 2233' },
    });
    expect(added.status()).toBe(201);
    await page.goto('/activity');
    const sentence = page.locator('[data-testid="activity-item"][data-action="created_customer"]').getByTestId('activity-link');
    await sentence.waitFor();
    expect(await sentence.textContent()).toMatch(/^أضاف .+ العميل ليلى حداد$/);
    expect(await sentence.getAttribute('href')).toBe(`/customers?q=${encodeURIComponent('ليلى حداد')}`);
    expect(await page.locator('[data-action="seeded_database"]').textContent()).toContain('بيانات تجريبية');
    await screenshot(page, 'activity-desktop-ar');
    await sentence.click();
    await waitForPath(page, '/customers');
    await page.getByTestId('customer-row').first().waitFor();
    expect(await page.getByTestId('customer-row').count()).toBe(1);

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/');
    await phonePage.getByTestId('technician-grid').waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'dashboard-seeded-phone-en');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});
