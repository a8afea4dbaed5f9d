import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import {
  chooseLanguage,
  DESKTOP,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  trackErrors,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

/** The authenticator app's code for the time step `steps` away from now. */
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Whether the QR code's image has been drawn (loaded, with a size). */
const qrDrawn = (page: Page) =>
  page
    .getByTestId('two-factor-qr')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('data:image/svg+xml'));

const TEXTS = {
  en: { on: 'On', off: 'Off', useBackup: 'Use a backup code', setUp: 'Set up two-factor sign-in' },
  ar: { on: 'مفعّل', off: 'غير مفعّل', useBackup: 'استخدام رمز احتياطي', setUp: 'إعداد تسجيل الدخول بخطوتين' },
} as const;

describe('two-factor sign-in', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`is set up from the profile with a QR code and a first code, then asked for at sign-in (${language})`, async () => {
      const context = await newContext(env.browser, env.server.url);
      const errors = trackErrors(context);
      const account = newAccount(`tfa${language}`);
      await registerViaApi(context, account, { completeOnboarding: true });
      const page = await context.newPage();
      if (language === 'ar') await chooseLanguage(page, 'ar');
      const text = TEXTS[language];

      await page.goto('/profile?tab=security');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.getByTestId('two-factor-status').textContent()).toBe(text.off);
      await page.getByTestId('two-factor-set-up').click();
      const dialog = page.getByTestId('two-factor-setup-dialog');
      await dialog.getByRole('heading', { name: text.setUp }).waitFor();
      await page.getByTestId('two-factor-qr').waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="two-factor-qr"]');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      expect(await qrDrawn(page)).toBe(true);

      // The secret as text, in groups of four, left to right in both languages.
      const secretBox = page.getByTestId('two-factor-secret');
      expect(await secretBox.getAttribute('dir')).toBe('ltr');
      const grouped = (await secretBox.textContent())!;
      expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const secret = grouped.replace(/ /g, '');
      const codeField = dialog.locator('#two-factor-setup-code');
      expect(await codeField.getAttribute('dir')).toBe('ltr');

      // A wrong code is refused on the field; the dialog stays.
      await codeField.fill(codeOf(secret) === '000000' ? '111111' : '000000');
      await page.getByTestId('two-factor-confirm').click();
      await dialog.locator('#two-factor-setup-code[aria-invalid="true"]').waitFor();

      await codeField.fill(codeOf(secret));
      await screenshot(page, `two-factor-setup-${language}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `two-factor-setup-${language}-phone`);
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('two-factor-confirm').click();

      // The backup codes, once: Done only after saying they are saved.
      await page.getByTestId('two-factor-backup-codes').waitFor();
      const backupCodes = await page.getByTestId('backup-code').allTextContents();
      expect(backupCodes).toHaveLength(10);
      const done = page.getByTestId('backup-codes-done');
      expect(await done.isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      await screenshot(page, `two-factor-codes-${language}`);
      await page.getByTestId('backup-codes-saved').click();
      await done.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('two-factor-status').getByText(text.on, { exact: true }).waitFor();
      await page.getByTestId('two-factor-turn-off').click();
      await page.getByTestId('two-factor-off-form').waitFor();
      await screenshot(page, `two-factor-security-on-${language}`);

      // Signed out, the password alone is not enough: the code step asks, keeping username and password.
      expect((await context.request.post('/api/logout')).status()).toBe(204);
      await page.goto('/auth');
      await page.locator('#login-username').fill(account.username);
      await page.locator('#login-password').fill(account.password);
      await page.locator('#login-password').press('Enter');
      const step = page.getByTestId('login-code-step');
      await step.waitFor();
      expect(await page.locator('#login-code').getAttribute('dir')).toBe('ltr');
      await screenshot(page, `two-factor-sign-in-${language}`);
      if (language === 'en') {
        // The app's next code (the set-up took the current one).
        await page.locator('#login-code').fill(codeOf(secret, 1));
      } else {
        await step.getByRole('button', { name: text.useBackup }).click();
        await page.locator('#login-code').fill(backupCodes[0]);
      }
      await page.locator('#login-code').press('Enter');
      await waitForPath(page, '/');
      await page.getByTestId('dashboard').waitFor();
      const me = await (await context.request.get('/api/user')).json();
      expect(me).toMatchObject({ username: account.username, twoFactorEnabled: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("holds an admin at the set-up when the workshop requires it, and another admin resets a user's two-factor", async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = newAccount('tfareq');
    await registerViaApi(context, account, { completeOnboarding: true });
    const settings = await (await context.request.get('/api/tenant/settings')).json();
    expect((await context.request.put('/api/tenant/settings', { data: { ...settings, requireTwoFactor: true } })).status()).toBe(200);

    const page = await context.newPage();
    await page.goto('/');
    const screen = page.getByTestId('two-factor-setup-screen');
    await screen.waitFor();
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.replace(/ /g, '');
    await page.locator('#two-factor-required-code').fill(codeOf(secret));
    await screenshot(page, 'two-factor-required-en');
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('two-factor-backup-codes').waitFor();
    await page.getByTestId('backup-codes-saved').click();
    await page.getByTestId('backup-codes-done').click();
    await page.getByTestId('dashboard').waitFor();
    await page.goto('/settings');
    await page.getByTestId('settings-require-two-factor').waitFor();
    expect(await page.getByTestId('settings-require-two-factor').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('settings-require-two-factor').scrollIntoViewIfNeeded();
    // The audit log's retention beside it: two years unless changed.
    expect(await page.getByTestId('settings-audit-retention').inputValue()).toBe('730');
    await screenshot(page, 'two-factor-settings-en');
    await chooseLanguage(page, 'ar');
    await page.goto('/settings');
    await page.getByTestId('settings-audit-retention').scrollIntoViewIfNeeded();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'two-factor-settings-ar');
    await chooseLanguage(page, 'en');

    // A manager with two-factor on: the admin resets it from the Users screen.
    const username = `mgr_${Date.now().toString(36)}`;
    const created = await context.request.post('/api/users', {
      data: {
        username,
        firstName: 'Mona',
        lastName: 'Saleh',
        email: `${username}@example.com`,
        role: 'manager',
        password: 'initial-pass-1',
      },
    });
    expect(created.status()).toBe(201);
    const manager = await newContext(env.browser, env.server.url);
    expect((await manager.request.post('/api/login', { data: { username, password: 'initial-pass-1' } })).status()).toBe(200);
    expect(
      (
        await manager.request.post('/api/user/password', {
          data: { currentPassword: 'initial-pass-1', newPassword: 'a-new-pass-for-mona' },
        })
      ).status(),
    ).toBe(204);
    const setup = await (await manager.request.post('/api/user/2fa/setup')).json();
    expect((await manager.request.post('/api/user/2fa/enable', { data: { code: codeOf(setup.secret) } })).status()).toBe(200);

    await page.goto('/users');
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await row.getByTestId('two-factor-badge').waitFor();
    await screenshot(page, 'two-factor-users-en');
    await row.getByTestId('reset-two-factor').click();
    await page.getByTestId('confirm-reset-two-factor').click();
    await row.getByTestId('two-factor-badge').waitFor({ state: 'detached' });
    await row.getByTestId('reset-two-factor').waitFor({ state: 'detached' });
    // Required: the manager is held at the set-up again.
    expect((await (await manager.request.get('/api/user')).json()).mustSetUpTwoFactor).toBe(true);
    await manager.close();
    await context.close();
  });
});
