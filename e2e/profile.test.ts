import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime } from '../web/src/lib/format.ts';
import {
  chooseLanguage,
  loginViaUi,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  toastRegion,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

/** Chooses `option` in one of the settings tab's selects. */
async function chooseSetting(page: Page, key: string, option: string | RegExp) {
  await page.getByTestId(`setting-${key}`).click();
  await page.getByRole('option', { name: option }).click();
}

describe('profile', () => {
  it('edits personal details only after Edit, with Cancel restoring them and the spec texts for missing values', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('prof'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    const first = page.getByLabel('First name');
    await first.waitFor();
    expect(await first.getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await first.fill('Temporary');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await first.inputValue()).toBe('Sam');
    expect(await first.getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await first.fill('');
    await page.getByLabel('Last name').fill(' ');
    await page.getByRole('textbox', { name: 'Email' }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('broken');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('sam.rivera@example.com');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('Phone number').fill('+1 555 0100');
    await first.fill('Samuel');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastRegion(page).getByText('Profile Updated').waitFor();
    expect(await first.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('sidebar-footer').textContent()).toContain('Samuel Rivera');
    const me = await (await context.request.get('/api/user')).json();
    expect(me).toMatchObject({ firstName: 'Samuel', email: 'sam.rivera@example.com', phone: '+1 555 0100' });
    await screenshot(page, 'profile-desktop-en');

    await chooseLanguage(page, 'ar');
    await page.goto('/profile?tab=settings');
    await page.getByRole('heading', { name: 'تفضيلات الإشعارات' }).waitFor();
    await page.getByRole('switch', { name: 'الملخص اليومي' }).waitFor();
    await context.close();
  });

  it('shows the completeness of the five fields until they are all filled, and the five tabs of an admin', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('full'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/profile');
    // First name, last name and e-mail of five: 60%.
    const card = page.getByTestId('profile-completeness');
    await card.waitFor();
    expect(await page.getByTestId('profile-completeness-percent').textContent()).toBe('60%');
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(await card.textContent()).toContain('Still missing: Phone number, Bio');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Profile', 'Settings', 'Security', 'Activity', 'Users']);

    await card.getByRole('button', { name: 'Complete Profile' }).click();
    await page.getByLabel('Phone number').fill('+971 4 555 0100');
    await page.getByLabel('Bio').fill('Service advisor at the front desk.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastRegion(page).getByText('Profile Updated').waitFor();
    await card.waitFor({ state: 'detached' });

    // Users: every account with its role, and the way to the Users screen.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByTestId('profile-user-row').first().waitFor();
    expect(await page.getByTestId('profile-users').textContent()).toContain('Sam Rivera');
    expect(await page.getByTestId('profile-users').textContent()).toContain('Admin');
    await page.getByRole('link', { name: 'Manage Users' }).click();
    await waitForPath(page, '/users');
    await context.close();
  });

  it("lists the user's own latest actions in the Activity tab, in English and in Arabic", async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('act'), { completeOnboarding: true });
    for (const firstName of ['Layla', 'Omar']) {
      const res = await context.request.post('/api/customers', { data: { firstName, lastName: 'Haddad', phone: '+971 50 123 4567' } });
      expect(res.status()).toBe(201);
    }
    const page = await context.newPage();
    await page.goto('/profile?tab=activity');
    const list = page.getByTestId('profile-activity');
    await list.waitFor();
    expect(await list.getByTestId('activity-item').allTextContents()).toEqual([
      expect.stringContaining('Sam Rivera added customer Omar Haddad'),
      expect.stringContaining('Sam Rivera added customer Layla Haddad'),
    ]);
    await screenshot(page, 'profile-activity-en');

    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByRole('tab', { name: 'النشاط' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await list.getByTestId('activity-item').count()).toBe(2);
    expect(await list.textContent()).toContain('Omar Haddad');
    await screenshot(page, 'profile-activity-ar');
    await context.close();
  });

  it('saves notification preferences (the e-mail ones only while e-mail is on) and changes the password', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('pref');
    await registerViaApi(context, account, { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();

    const digest = page.getByRole('switch', { name: 'Daily digest' });
    await digest.waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('false');
    await digest.click();
    await toastRegion(page).getByText('Settings Saved').first().waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    const prefs = await (await context.request.get('/api/user/preferences')).json();
    expect(prefs).toMatchObject({ dailyDigest: true, emailNotifications: true, pushNotifications: false });

    // E-mail off: what e-mail would bring cannot be chosen; push still can.
    await page.getByRole('switch', { name: 'Email notifications' }).click();
    await page.waitForFunction(() => document.querySelector('#pref-taskAssignments')?.hasAttribute('disabled'));
    for (const name of ['Task assignments', 'Task updates', 'Daily digest']) {
      expect(await page.getByRole('switch', { name }).isDisabled(), name).toBe(true);
    }
    expect(await page.getByRole('switch', { name: 'Push notifications' }).isDisabled()).toBe(false);
    await screenshot(page, 'profile-settings-en');
    await page.getByRole('switch', { name: 'Email notifications' }).click();
    await page.waitForFunction(() => !document.querySelector('#pref-taskAssignments')?.hasAttribute('disabled'));

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('another-strong-pass');
    await page.getByLabel('Confirm new password').fill('another-strong-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toastRegion(page).getByText('Password Changed').waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    // Still signed in on this browser after the change.
    expect((await context.request.get('/api/user')).status()).toBe(200);
    const fresh = await newContext(env.browser, env.server.url);
    expect(
      (await fresh.request.post('/api/login', { data: { username: account.username, password: 'another-strong-pass' } })).status(),
    ).toBe(200);
    await Promise.all([fresh.close(), context.close()]);
  });

  it('keeps the settings on the server: another browser shows dates, times and the page as chosen once signed in', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('sett');
    await registerViaApi(context, account, { completeOnboarding: true });
    const customer = await (
      await context.request.post('/api/customers', { data: { firstName: 'Noor', lastName: 'Saleh', phone: '+971 50 765 4321' } })
    ).json();
    const note = await (await context.request.post(`/api/customers/${customer.id}/notes`, { data: { note: 'Prefers mornings' } })).json();
    const { timeZone } = await (await context.request.get('/api/tenant/settings')).json();
    const noteText = (page: Page) => page.getByTestId('customer-note').textContent();

    const page = await context.newPage();
    await page.goto(`/customers/${customer.id}`);
    await page.getByTestId('customer-note').waitFor();
    // The defaults: the spec's "MMM dd, yyyy" and a 12-hour clock.
    expect(await noteText(page)).toContain(formatDateTime(note.createdAt, 'en', { timeZone }));
    expect(await noteText(page)).toMatch(/ (AM|PM)/);

    await page.goto('/profile?tab=settings');
    await chooseSetting(page, 'timeFormat', /24-hour/);
    await toastRegion(page).getByText('Settings Saved').first().waitFor();
    await chooseSetting(page, 'dateFormat', /YYYY-MM-DD/);
    await chooseSetting(page, 'fontSize', 'Large');
    await page.getByRole('switch', { name: 'Compact mode' }).click();
    await page.getByRole('switch', { name: 'Keyboard shortcuts' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('compact-mode'));
    expect(await page.evaluate(() => document.documentElement.className)).toContain('font-large');
    // Sounds belong to notifications: off with them.
    await page.getByRole('switch', { name: 'Notifications', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#setting-enableSounds')?.hasAttribute('disabled'));
    await screenshot(page, 'profile-settings-compact-en');
    await page.waitForFunction(async () => {
      const saved = await (await fetch('/api/user/settings')).json();
      return saved.enableNotifications === false && saved.enableKeyboardShortcuts === false && saved.compactMode === true;
    });
    expect(await (await context.request.get('/api/user/settings')).json()).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      fontSize: 'large',
      compactMode: true,
      enableNotifications: false,
      enableKeyboardShortcuts: false,
      language: 'en',
    });
    // Shortcuts off: Ctrl+D does not leave the page.
    await page.keyboard.press('Control+d');
    await page.getByTestId('profile-tab-settings').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    // Another browser that has never seen this user: its own defaults until the user signs in there.
    const other = await newContext(env.browser, env.server.url);
    const second = await other.newPage();
    await loginViaUi(second, account.username, account.password);
    await waitForPath(second, '/');
    await second.waitForFunction(() => document.documentElement.classList.contains('compact-mode'));
    await second.goto(`/customers/${customer.id}`);
    await second.getByTestId('customer-note').waitFor();
    const chosen = formatDateTime(note.createdAt, 'en', { timeZone, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' });
    expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}$/);
    expect(await noteText(second)).toContain(chosen);
    // The server renders the next page as this browser now shows it (its view cookie), and the page agrees.
    await second.reload();
    await second.getByTestId('customer-note').waitFor();
    expect(await noteText(second)).toContain(chosen);
    expect(await second.evaluate(() => document.documentElement.className)).toMatch(/font-large.*compact-mode|compact-mode.*font-large/);
    await second.keyboard.press('Control+d');
    expect(new URL(second.url()).pathname).toBe(`/customers/${customer.id}`);
    await Promise.all([other.close(), context.close()]);
  });

  it('shows the tabs, the completeness card and the settings right to left in Arabic', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('arab'), { completeOnboarding: true });
    const page = await context.newPage();
    await chooseLanguage(page, 'ar');
    await page.goto('/profile');
    await page.getByTestId('profile-completeness').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['الملف الشخصي', 'الإعدادات', 'الأمان', 'النشاط', 'المستخدمون']);
    expect(await page.getByTestId('profile-completeness').textContent()).toContain('اكتمال الملف الشخصي');
    // The first tab sits at the right in Arabic.
    const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(tabs[0]).toBeGreaterThan(tabs[4]);
    await screenshot(page, 'profile-desktop-ar');

    await page.getByRole('tab', { name: 'الإعدادات' }).click();
    await chooseSetting(page, 'timeFormat', /24 ساعة/);
    await toastRegion(page).getByText('تم حفظ الإعدادات').first().waitFor();
    await page.getByRole('heading', { name: 'إعدادات التطبيق' }).waitFor();
    expect(await (await context.request.get('/api/user/settings')).json()).toMatchObject({ timeFormat: '24h' });
    await screenshot(page, 'profile-settings-ar');

    await page.getByRole('tab', { name: 'المستخدمون' }).click();
    await page.getByTestId('profile-user-row').first().waitFor();
    await screenshot(page, 'profile-users-ar');
    await context.close();
  });

  it('fits the tabs and the settings on a phone', async () => {
    const context = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await registerViaApi(context, newAccount('phone'), { completeOnboarding: true });
    const page = await context.newPage();
    for (const language of ['en', 'ar'] as const) {
      await chooseLanguage(page, language);
      await page.goto('/profile?tab=settings');
      await page.getByTestId('setting-dateFormat').waitFor();
      // Nothing wider than the screen: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `profile-settings-phone-${language}`);
    }
    await context.close();
  });
});
