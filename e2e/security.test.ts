import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { loginViaUi, newAccount, newContext, registerViaApi, screenshot, trackErrors, useServerAndBrowser, waitForPath } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

/**
 * Every Content-Security-Policy violation of a context: the pages' own `securitypolicyviolation`
 * events (listened for before any page script runs) and Chromium's console lines about the policy.
 */
async function trackViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** A 1×1 PNG, for a portrait preview. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the Content-Security-Policy', () => {
  it('breaks no page: sign-in, dashboard with its live channel, lists, a dialog with a preview, Arabic, the API docs', async () => {
    const account = newAccount('csp');
    const setup = await newContext(env.browser, env.server.url);
    await registerViaApi(setup, account, { completeOnboarding: true });
    await setup.close();

    const context = await newContext(env.browser, env.server.url);
    const violations = await trackViolations(context);
    const errors = trackErrors(context);
    const page = await context.newPage();

    // Sign-in: the form posts with the page's Origin, which the request guard checks.
    await loginViaUi(page, account.username, account.password);
    await waitForPath(page, '/');
    await page.getByTestId('dashboard').waitFor();
    // The live channel (same-origin ws:) is allowed by connect-src 'self'.
    await page.locator('[data-testid="live-indicator"][data-connected="true"]').waitFor({ state: 'attached' });

    await page.goto('/customers');
    await page.getByTestId('page-title').filter({ hasText: 'Customers' }).waitFor();

    // A dialog (Radix adds <style> at run time), its form's validation (zod loads) and a blob: preview.
    await page.goto('/technicians');
    await page.getByTestId('add-technician').click();
    const dialog = page.getByRole('dialog', { name: 'Add Technician' });
    await dialog.getByTestId('submit-technician').click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByTestId('photo-input').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PIXEL });
    const preview = dialog.locator('img[src^="blob:"]');
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');

    // Arabic: its own font face, still our own file.
    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Arabic"', 'مرحبا'))).toBe(true);

    // The API docs (Swagger UI) render the generated document.
    await page.goto('/api/docs/');
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Workbay API' }).waitFor();
    await page.locator('.opblock-summary-path[data-path="/api/login"]').waitFor();
    await screenshot(page, 'api-docs-under-csp');

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
