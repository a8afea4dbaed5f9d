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
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function post<T>(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' | 'patch' = 'post'): Promise<T> {
  const res = await request[method](url, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const items = (page: Page) => page.getByTestId('notification');
const kinds = async (page: Page) => items(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));

/** Chooses a kind in the page's filter (a Radix select: the trigger, then the option by its name). */
async function chooseKind(page: Page, name: string) {
  await page.getByTestId('kind-filter').click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('notifications', () => {
  it('tell a technician of real events live, in their language, filtered, read one or all, each linking to its record', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const adminErrors = trackErrors(admin);
    await registerViaApi(admin, newAccount('boss'), { completeOnboarding: true });
    const account = newAccount('mech');
    const { id: userId } = await post<{ id: number }>(admin.request, '/api/users', {
      username: account.username,
      firstName: 'Yara',
      lastName: 'Mansour',
      email: account.email,
      role: 'technician',
      password: account.password,
    });
    const skill = await post<{ id: number }>(admin.request, '/api/skills', { name: 'Electrical' });
    const tech = await post<{ id: number }>(admin.request, '/api/technicians', {
      firstName: 'Yara',
      lastName: 'Mansour',
      email: 'yara@example.com',
      phone: '+15550104',
      title: 'Auto Electrician',
      skills: [skill.id],
      userId,
    });
    const customer = await post<{ id: number }>(admin.request, '/api/customers', {
      firstName: 'Layla',
      lastName: 'Nasser',
      phone: '+971 50 555 0101',
      city: 'Dubai',
    });
    const vehicle = await post<{ id: number }>(admin.request, '/api/vehicles', {
      customerId: customer.id,
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      plateNumber: 'DXB-7788',
    });

    // The admin has none: no badge, and the page says so.
    const adminPage = await admin.newPage();
    await adminPage.goto('/notifications');
    await adminPage.getByTestId('notifications-empty').waitFor();
    expect(await adminPage.getByText('No notifications yet').isVisible()).toBe(true);
    expect(await adminPage.getByTestId('bell-badge').count()).toBe(0);

    const mech = await newContext(env.browser, env.server.url);
    const errors = trackErrors(mech);
    expect((await mech.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
      200,
    );
    expect(
      (
        await mech.request.post('/api/user/password', { data: { currentPassword: account.password, newPassword: 'mechanic-pass-1' } })
      ).status(),
    ).toBe(204);
    await mech.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
    const page = await mech.newPage();
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    await page.locator('[data-testid="live-indicator"][data-connected="true"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('bell-badge').count()).toBe(0);

    // The admin assigns a task: the bell and the sidebar count it without a reload.
    const task = await post<{ id: number }>(admin.request, '/api/tasks', { title: 'Replace alternator', technicianId: tech.id });
    await page.getByTestId('bell-badge').getByText('1').waitFor();
    expect(await page.getByTestId('sidebar').getByTestId('nav-badge').textContent()).toBe('1');
    expect(await page.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications, unread: 1');

    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notifications-page').waitFor();
    const first = items(page).first();
    await first.waitFor();
    expect(await first.getAttribute('data-unread')).toBe('true');
    expect(await first.textContent()).toContain('New task assigned');
    expect(await first.textContent()).toContain('You have been assigned the task “Replace alternator”.');
    expect(await page.getByTestId('unread-count').textContent()).toBe('Unread: 1');
    await first.getByRole('button', { name: /Mark .* as read/ }).click();
    await page.getByTestId('unread-count').getByText('Unread: 0').waitFor();
    // The count and the list are two requests: the item turns read when the list's answer arrives.
    await expect.poll(() => first.getAttribute('data-unread')).toBe('false');
    await page.getByTestId('bell-badge').waitFor({ state: 'detached' });

    // Two more events: a job card assigned to her, and a change to her task.
    const card = await post<{ id: number; jobNumber: string }>(admin.request, '/api/job-cards', {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceType: 'Electrical diagnosis',
      assignedTo: tech.id,
    });
    await post(admin.request, `/api/tasks/${task.id}`, { priority: 'high', status: 'in_progress' }, 'put');
    await page.getByTestId('bell-badge').getByText('2').waitFor();
    await page.getByTestId('unread-count').getByText('Unread: 2').waitFor();
    await expect.poll(() => kinds(page)).toEqual(['task_updated', 'job_card_assigned', 'task_assigned']);
    expect(await items(page).first().textContent()).toContain('Your task “Replace alternator” was updated; its status is in progress.');

    // Filters, answered by the server: unread only, then one kind, then back to all.
    await page.getByTestId('show-unread').click();
    await expect.poll(() => kinds(page)).toEqual(['task_updated', 'job_card_assigned']);
    await chooseKind(page, 'Job cards');
    await expect.poll(() => kinds(page)).toEqual(['job_card_assigned']);
    await screenshot(page, 'notifications-filtered-desktop-en');
    await page.getByTestId('show-all').click();
    await chooseKind(page, 'Tasks');
    await expect.poll(() => kinds(page)).toEqual(['task_updated', 'task_assigned']);
    await chooseKind(page, 'Invoices and payments');
    await page.getByText('Nothing matches these filters').waitFor();
    await chooseKind(page, 'All kinds');
    await expect.poll(() => kinds(page)).toEqual(['task_updated', 'job_card_assigned', 'task_assigned']);
    await screenshot(page, 'notifications-desktop-en');

    // A notification's link opens its record, and reads it.
    const cardItem = page.locator('[data-testid="notification"][data-kind="job_card_assigned"]');
    expect(await cardItem.textContent()).toContain(`Job card ${card.jobNumber} (Electrical diagnosis) has been assigned to you.`);
    await cardItem.getByTestId('notification-link').click();
    await waitForPath(page, `/job-cards/${card.id}`);
    await page.locator(`[data-testid="job-card-detail"][data-job-number="${card.jobNumber}"]`).waitFor();
    await page.getByTestId('bell-badge').getByText('1').waitFor();
    await page.goBack();
    await page.getByTestId('notifications-page').waitFor();

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await toastRegion(page).getByText('All notifications marked as read').waitFor();
    await page.getByTestId('bell-badge').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);

    // Arabic: each kind's sentence from the dictionary, right to left, the filters too.
    await post(admin.request, `/api/job-cards/${card.id}/status`, { status: 'completed' }, 'patch');
    await page.getByTestId('bell-badge').getByText('1').waitFor();
    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('notifications-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('تغيّرت حالة بطاقة عمل').first().waitFor();
    // Typed values (Latin in an Arabic sentence) are isolated (U+2068 ... U+2069), so they never reorder it.
    const isolated = (value: string) => `\u2068${value}\u2069`;
    expect(await page.getByText(`حالة بطاقة العمل ${isolated(card.jobNumber)} الآن: مكتملة.`).isVisible()).toBe(true);
    expect(await page.getByText(`أُسندت إليك المهمة «${isolated('Replace alternator')}».`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'غير المقروءة', exact: true }).click();
    await expect.poll(() => kinds(page)).toEqual(['job_card_status']);
    await page.getByRole('button', { name: 'الكل', exact: true }).click();
    await expect.poll(() => kinds(page)).toEqual(['job_card_status', 'task_updated', 'job_card_assigned', 'task_assigned']);
    await screenshot(page, 'notifications-desktop-ar');
    await chooseKind(page, 'بطاقات العمل');
    await expect.poll(() => kinds(page)).toEqual(['job_card_status', 'job_card_assigned']);
    await page.locator('[data-testid="notification"][data-kind="job_card_status"]').getByRole('link', { name: /فتح/ }).click();
    await waitForPath(page, `/job-cards/${card.id}`);
    await page.locator(`[data-testid="job-card-detail"][data-job-number="${card.jobNumber}"]`).waitFor();

    // A phone fits, in Arabic.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await mech.cookies());
    const phonePage = await phone.newPage();
    await chooseLanguage(phonePage, 'ar');
    await phonePage.goto('/notifications');
    await items(phonePage).first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'notifications-phone-ar');

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await Promise.all([phone.close(), mech.close(), admin.close()]);
  });
});
