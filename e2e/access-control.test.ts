import { describe, expect, it } from 'vitest';
import { chooseLanguage, newAccount, newContext, registerViaApi, screenshot, trackErrors, useServerAndBrowser } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('modules and permissions', () => {
  it('a module turned off in Settings leaves the navigation; a user gets a Permissions dialog; in English and Arabic', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const errors = trackErrors(admin);
    await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
    const account = newAccount('tech');
    const created = await admin.request.post('/api/users', {
      data: {
        username: account.username,
        firstName: 'Tariq',
        lastName: 'Saleh',
        email: account.email,
        role: 'technician',
        password: account.password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const page = await admin.newPage();
    await page.goto('/settings');
    const nav = page.getByRole('navigation');
    await nav.locator('a[href="/fleet"]').waitFor();
    const fleetSwitch = page.getByTestId('module-fleet');
    await fleetSwitch.waitFor();
    await page.getByTestId('settings-modules').scrollIntoViewIfNeeded();
    await fleetSwitch.click();
    await expect.poll(() => fleetSwitch.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => nav.locator('a[href="/fleet"]').count()).toBe(0);
    await screenshot(page, 'settings-modules-en');
    await page.goto('/fleet');
    await page.getByText('404').first().waitFor();

    await page.goto('/users');
    await page.getByTestId('open-permissions').first().click();
    await page.getByTestId('override-form').waitFor();
    await page.getByTestId('override-reason').fill('Covers the front desk');
    await page.getByTestId('override-save').click();
    await page.getByTestId('override-row').first().waitFor();
    expect(await page.getByTestId('override-row').first().getAttribute('data-permission')).toBe('invoices.view');
    await screenshot(page, 'users-permissions-en');
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'ar');
    await page.goto('/users');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('open-permissions').first().click();
    await page.getByTestId('override-row').first().waitFor();
    await screenshot(page, 'users-permissions-ar');
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    await page.getByTestId('settings-modules').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-modules-ar');
    expect(errors).toEqual([]);
  });
});
