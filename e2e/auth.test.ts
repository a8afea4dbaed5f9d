import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  loginViaUi,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  registerViaUi,
  screenshot,
  toastRegion,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('sign-in and session', () => {
  it('shows the auth page with both tabs and the selling points, and registration opens onboarding', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await expect.poll(() => page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: 'Login to Dashboard' }).isVisible()).toBe(true);
    const panel = page.getByTestId('selling-points');
    await expect.poll(() => panel.isVisible()).toBe(true);
    for (const text of ['Real-time updates and tracking', 'Secure and multi-tenant ready', 'An AI assistant that shows its sources']) {
      expect(await panel.getByText(text).isVisible()).toBe(true);
    }
    expect(await panel.textContent()).toContain('built on trust, powered by technology');
    await screenshot(page, 'auth-desktop-en');

    await registerViaUi(page, newAccount('reg'));
    await waitForPath(page, '/');
    const dialog = page.getByTestId('onboarding-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Sam');
    expect(await dialog.getByLabel('Last name').inputValue()).toBe('Rivera');
    await context.close();
  });

  it('reads right-to-left in Arabic and fits a phone', async () => {
    const context = await newContext(env.browser, env.server.url, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByTestId('auth-language').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('button', { name: 'الدخول إلى لوحة التحكم' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    // The decorative panel is for large screens only.
    expect(await page.getByTestId('selling-points').isVisible()).toBe(false);
    await screenshot(page, 'auth-phone-ar');
    await page.getByRole('tab', { name: 'إنشاء حساب' }).click();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByText('عنوان بريد إلكتروني غير صالح').waitFor();
    expect(await page.getByText('مطلوب').count()).toBe(2);
    await screenshot(page, 'auth-register-phone-ar');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('selling-points').waitFor();
    expect(await page.getByText('مستقبل العناية بالسيارات', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'auth-desktop-ar');
    await context.close();
  });

  it('shows per-field messages for an invalid registration', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByText('Invalid email address').waitFor();
    expect(await form.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    expect(await form.getByText('Required').count()).toBe(2);
    expect(await form.getByText('Username must be at least 3 characters').isVisible()).toBe(true);
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/auth');
    await context.close();
  });

  it('shows "Registration failed" with the server message when the username is taken', async () => {
    const context = await newContext(env.browser, env.server.url);
    const taken = newAccount('taken');
    await registerViaApi(context, taken);
    await context.clearCookies();
    const page = await context.newPage();
    await registerViaUi(page, { ...taken, email: 'other@example.com' });
    const toast = toastRegion(page);
    await toast.getByText('Registration failed').waitFor();
    expect(await toast.getByText('Username is already taken').isVisible()).toBe(true);
    await context.close();
  });

  it('shows "Login failed" with the server message for wrong credentials', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await loginViaUi(page, 'nobody_here', 'wrong-password');
    const toast = toastRegion(page);
    await toast.getByText('Login failed').waitFor();
    expect(await toast.getByText('Invalid username or password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('refuses a common password on its field, in English and in Arabic', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await registerViaUi(page, { ...newAccount('weak'), password: 'Password123' });
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByText('This password is too common or too easy to guess; choose another').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('auth-language').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('tab', { name: 'إنشاء حساب' }).click();
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByText('كلمة المرور هذه شائعة جدًا أو سهلة التخمين؛ اختر غيرها').waitFor();
    await screenshot(page, 'auth-common-password-ar');
    await context.close();
  });

  it('says so when sign-in is locked after five failures, and the owner\u2019s own browser still signs in', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('locked');
    await registerViaApi(context, account, { completeOnboarding: true });
    await context.clearCookies();
    // The owner signed in from this browser before: it keeps a device token for the account.
    const page = await context.newPage();
    await loginViaUi(page, account.username, account.password);
    await page.getByTestId('dashboard').waitFor();
    await context.request.post('/api/logout');
    // A stranger's browser guesses five times; the sixth try, even with the right password, is refused.
    const stranger = await newContext(env.browser, env.server.url);
    for (let i = 0; i < 5; i++) {
      expect((await stranger.request.post('/api/login', { data: { username: account.username, password: `guess-${i}-x` } })).status()).toBe(
        401,
      );
    }
    const strangerPage = await stranger.newPage();
    await loginViaUi(strangerPage, account.username, account.password);
    const toast = toastRegion(strangerPage);
    await toast.getByText('Too many failed sign-in attempts. Please try again later.').waitFor();
    await screenshot(strangerPage, 'auth-locked-en');
    await stranger.close();
    await loginViaUi(page, account.username, account.password);
    await waitForPath(page, '/');
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });

  it('signs in, keeps a signed-in user away from /auth, and logs out after confirmation', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('login');
    await registerViaApi(context, account, { completeOnboarding: true });
    await context.clearCookies();
    const page = await context.newPage();
    await loginViaUi(page, account.username, account.password);
    await waitForPath(page, '/');
    await page.getByTestId('dashboard').waitFor();

    await page.goto('/auth');
    await waitForPath(page, '/');

    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    // The menu's code may still be on its way at the first press: it opens once it is in.
    await menu.getByText('Sam Rivera').waitFor();
    expect(await menu.getByText(account.email).isVisible()).toBe(true);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/auth');
    const me = await context.request.get('/api/user');
    expect(me.status()).toBe(401);

    // The session is gone: a protected page sends the browser back to /auth.
    await page.goto('/users');
    await waitForPath(page, '/auth');
    await context.close();
  });

  it('sends a signed-out visit to a module to /auth', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await page.goto('/customers');
    await waitForPath(page, '/auth');
    await page.getByRole('button', { name: 'Login to Dashboard' }).waitFor();
    await context.close();
  });

  it('shows "404 Page Not Found" for an unknown path, signed in or not', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('404 Page Not Found').count()).toBe(2);
    await registerViaApi(context, newAccount('nf'), { completeOnboarding: true });
    await page.goto('/job-cards/42/edit');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await context.close();
  });

  it('treats a 401 on any call as an expired session and returns to /auth', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('exp'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByLabel('Workshop name').waitFor();
    // The session ends elsewhere (e.g. logout in another tab); the next call answers 401.
    await context.request.post('/api/logout');
    await page.goto('/profile');
    await waitForPath(page, '/auth');
    await context.close();
  });
});
