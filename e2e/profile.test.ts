import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  newAccount,
  newContext,
  registerViaApi,
  screenshot,
  toastRegion,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('profile', () => {
  it('edits personal details only after Edit, with Cancel restoring them', async () => {
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

    await page.getByRole('button', { name: 'Edit' }).click();
    await first.fill('Temporary');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await first.inputValue()).toBe('Sam');
    expect(await first.getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('broken');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('sam.rivera@example.com');
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
    await page.reload();
    await page.getByRole('heading', { name: 'تفضيلات الإشعارات' }).waitFor();
    await page.getByRole('switch', { name: 'الملخص اليومي' }).waitFor();
    await screenshot(page, 'profile-desktop-ar');
    await context.close();
  });

  it('saves notification preferences and changes the password', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('pref');
    await registerViaApi(context, account, { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await waitForPath(page, '/profile');

    const digest = page.getByRole('switch', { name: 'Daily digest' });
    await digest.waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('false');
    await digest.click();
    await toastRegion(page).getByText('Preferences Saved').waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    const prefs = await (await context.request.get('/api/user/preferences')).json();
    expect(prefs).toMatchObject({ dailyDigest: true, emailNotifications: true, pushNotifications: false });

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
});
