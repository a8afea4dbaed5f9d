import { describe, expect, it } from 'vitest';
import {
  newAccount,
  newContext,
  chooseLanguage,
  PHONE,
  registerViaApi,
  screenshot,
  trackErrors,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

const TEXTS = {
  en: { thisDevice: 'This device', title: "Where you're signed in", signIns: 'Sign-ins' },
  ar: { thisDevice: 'هذا الجهاز', title: 'أماكن تسجيل دخولك', signIns: 'عمليات الدخول' },
} as const;

describe('sessions', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`lists where I am signed in and signs another browser out at once (${language})`, async () => {
      const text = TEXTS[language];
      const mine = await newContext(env.browser, env.server.url);
      const errors = trackErrors(mine);
      const account = newAccount(`ses${language}`);
      await registerViaApi(mine, account, { completeOnboarding: true });
      // Another browser (a phone) signed in to the same account, its page open with its live channel.
      const theirs = await newContext(env.browser, env.server.url, { viewport: PHONE });
      expect((await theirs.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
        200,
      );
      const other = await theirs.newPage();
      await other.goto('/');
      await other.getByTestId('dashboard').waitFor();

      const page = await mine.newPage();
      if (language === 'ar') await chooseLanguage(page, 'ar');
      await page.goto('/profile?tab=security');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      const card = page.getByTestId('sessions-card');
      await card.getByText(text.title).waitFor();
      const rows = card.getByTestId('session-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().getByTestId('session-current').textContent()).toBe(text.thisDevice);
      expect(await rows.nth(1).getByTestId('session-current').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `sessions-${language}`);

      // Sign the other browser out: it lands on the sign-in page by itself (its live channel closed).
      await rows.nth(1).getByTestId('session-sign-out').click();
      await page.getByTestId('sessions-confirm').waitFor();
      await page.getByTestId('sessions-confirm-sign-out').click();
      await expect.poll(() => rows.count()).toBe(1);
      await waitForPath(other, '/auth');
      expect((await theirs.request.get('/api/user')).status()).toBe(401);
      expect((await mine.request.get('/api/user')).status()).toBe(200);

      // The list follows my sessions live: a sign-in elsewhere appears, its sign-out goes, no reload.
      expect((await theirs.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
        200,
      );
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      expect((await theirs.request.post('/api/logout')).status()).toBeLessThan(300);
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

      // The admin's sign-in history has the three sign-ins.
      await page.goto('/audit-log?view=sign-ins');
      await page.getByTestId('audit-tab-sign-ins').getByText(text.signIns).waitFor();
      await expect.poll(() => page.getByTestId('sign-in-row').count()).toBe(3);
      await page.setViewportSize(PHONE);
      await screenshot(page, `sign-ins-${language}-phone`);
      expect(errors).toEqual([]);
      await theirs.close();
      await mine.close();
    });
  }
});
