import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  newAccount,
  newContext,
  registerViaApi,
  screenshot,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe("a customer's consents and data rights", () => {
  for (const language of ['en', 'ar'] as const) {
    it(`records a consent, exports the data and erases the customer (${language})`, async () => {
      const context = await newContext(env.browser, env.server.url);
      const errors = trackErrors(context);
      await registerViaApi(context, newAccount('rights'), { completeOnboarding: true });
      const page = await context.newPage();
      await chooseLanguage(page, language);
      const created = await context.request.post('/api/customers', {
        data: { firstName: 'Salma', lastName: 'Darwish', phone: '+971 50 123 4567', email: 'salma@example.com' },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await page.goto(`/customers/${id}`);
      await expect.poll(async () => page.locator('html').getAttribute('dir'), { timeout: 10_000 }).toBe(language === 'ar' ? 'rtl' : 'ltr');
      const consents = page.getByTestId('customer-consents');
      await consents.getByTestId('consent-marketing_email').click();
      await expect
        .poll(async () => consents.getByTestId('consent-marketing_email').getAttribute('aria-checked'), { timeout: 10_000 })
        .toBe('true');
      const download = page.waitForEvent('download');
      await page.getByTestId('export-customer-data').click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`^customer-${id}-data-.*\\.zip$`));
      await expect.poll(async () => page.getByTestId('data-requests').locator('li').count(), { timeout: 10_000 }).toBe(1);
      await page.getByTestId('customer-consents').scrollIntoViewIfNeeded();
      await screenshot(page, `customer-data-rights-desktop-${language}`);

      const personalControls = ['edit-customer', 'customer-notes', 'customer-consents', 'customer-add-vehicle'];
      for (const control of personalControls) expect(await page.getByTestId(control).count(), control).toBe(1);
      await page.getByTestId('erase-customer').click();
      const dialog = page.getByTestId('erase-customer-dialog');
      await expect.poll(async () => dialog.getByTestId('erase-submit').isDisabled(), { timeout: 10_000 }).toBe(true);
      await dialog.getByTestId('erase-confirm').fill('salma darwish');
      await screenshot(page, `customer-erase-dialog-desktop-${language}`);
      await dialog.getByTestId('erase-submit').click();
      await expect.poll(async () => page.getByTestId('customer-erased').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => page.getByTestId('customer-details').textContent(), { timeout: 10_000 }).toContain(`#${id}`);
      // Their record's placeholder name reads in the user's language, here and in the list.
      const placeholder = language === 'ar' ? `عميل محذوفة بياناته #${id}` : `Erased customer #${id}`;
      await expect.poll(async () => page.getByTestId('customer-name').textContent(), { timeout: 10_000 }).toBe(placeholder);
      await expect.poll(async () => toastRegion(page).textContent(), { timeout: 10_000 }).not.toBe('');
      // Marked erased, and nothing personal can be added again: no edit, notes, consents or new vehicle.
      await page.getByTestId('customer-erased-badge').waitFor();
      for (const control of personalControls) expect(await page.getByTestId(control).count(), control).toBe(0);
      await screenshot(page, `customer-erased-desktop-${language}`);
      await page.goto('/customers');
      await expect.poll(async () => page.getByTestId('customer-row').first().textContent(), { timeout: 10_000 }).toContain(placeholder);
      // The activity feed's sentence about them too.
      await page.goto('/activity');
      const sentence = page.locator('[data-testid="activity-item"][data-action="created_customer"]');
      await expect.poll(async () => sentence.first().textContent(), { timeout: 10_000 }).toContain(placeholder);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
