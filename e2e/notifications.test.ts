import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
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

async function notify(request: APIRequestContext, taskId: number) {
  const res = await request.post(`/api/tasks/${taskId}/notify`, { data: { channels: ['email', 'push'] } });
  expect(res.status(), await res.text()).toBe(200);
}

describe('notifications', () => {
  it('shows a technician the real unread count live, and marks one or all as read', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const adminErrors = trackErrors(admin);
    await registerViaApi(admin, newAccount('boss'), { completeOnboarding: true });
    const account = newAccount('mech');
    const created = await admin.request.post('/api/users', {
      data: {
        username: account.username,
        firstName: 'Yara',
        lastName: 'Mansour',
        email: account.email,
        role: 'technician',
        password: account.password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = ((await created.json()) as { id: number }).id;
    const skill = (await (await admin.request.post('/api/skills', { data: { name: 'Electrical' } })).json()) as { id: number };
    const tech = (await (
      await admin.request.post('/api/technicians', {
        data: {
          firstName: 'Yara',
          lastName: 'Mansour',
          email: 'yara@example.com',
          phone: '+15550104',
          title: 'Auto Electrician',
          skills: [skill.id],
          userId,
        },
      })
    ).json()) as { id: number };
    const task = (await (
      await admin.request.post('/api/tasks', { data: { title: 'Replace alternator', technicianId: tech.id } })
    ).json()) as { id: number };

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

    // "Confirm & Send" elsewhere: the bell and the sidebar count it without a reload.
    await notify(admin.request, task.id);
    await page.getByTestId('bell-badge').getByText('1').waitFor();
    expect(await page.getByTestId('sidebar').getByTestId('nav-badge').textContent()).toBe('1');
    expect(await page.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications, unread: 1');
    await screenshot(page, 'notifications-badge-desktop-en');

    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notifications-page').waitFor();
    const item = page.getByTestId('notification').first();
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(await item.textContent()).toContain('New task assigned');
    expect(await item.textContent()).toContain('Replace alternator');
    expect(await page.getByTestId('unread-count').textContent()).toBe('Unread: 1');
    await item.getByRole('button', { name: /Mark .* as read/ }).click();
    await page.getByTestId('unread-count').getByText('Unread: 0').waitFor();
    // The count and the list are two requests: the item turns read when the list's answer arrives.
    await expect.poll(() => item.getAttribute('data-unread')).toBe('false');
    await page.getByTestId('bell-badge').waitFor({ state: 'detached' });
    expect(await page.getByTestId('sidebar').getByTestId('nav-badge').count()).toBe(0);

    await notify(admin.request, task.id);
    await notify(admin.request, task.id);
    await page.getByTestId('bell-badge').getByText('2').waitFor();
    await page.getByTestId('unread-count').getByText('Unread: 2').waitFor();
    await screenshot(page, 'notifications-desktop-en');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await toastRegion(page).getByText('All notifications marked as read').waitFor();
    await page.getByTestId('bell-badge').waitFor({ state: 'detached' });
    // The list refreshes on its own request, after the bell's: wait for it.
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);

    // Arabic: the dictionary's text for the known type; a phone fits.
    await notify(admin.request, task.id);
    await page.getByTestId('bell-badge').getByText('1').waitFor();
    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByText('تم إسناد مهمة جديدة').first().waitFor();
    expect(await page.getByText(`أُسندت إليك المهمة رقم ${task.id}.`).first().isVisible()).toBe(true);
    await screenshot(page, 'notifications-desktop-ar');
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await mech.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/notifications');
    await phonePage.getByTestId('notification').first().waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'notifications-phone-en');

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await Promise.all([phone.close(), mech.close(), admin.close()]);
  });
});
