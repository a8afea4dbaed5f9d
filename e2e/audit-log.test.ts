import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { chooseLanguage, newAccount, newContext, PHONE, registerViaApi, screenshot, trackErrors, useServerAndBrowser } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function post<T>(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post'): Promise<T> {
  const res = await request[method](url, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const rows = (page: Page) => page.getByTestId('audit-row');

describe('the audit log', () => {
  it('shows an admin who changed what, filters it, exports it, and a record’s own History tab, in English and Arabic and on a phone', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const errors = trackErrors(admin);
    await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
    const customer = await post<{ id: number } & Record<string, unknown>>(admin.request, '/api/customers', {
      firstName: 'Layla',
      lastName: 'Nasser',
      phone: '+971 50 555 0199',
      city: 'Dubai',
    });
    await post(admin.request, `/api/customers/${customer.id}`, { ...customer, firstName: 'Leila' }, 'put');

    const page = await admin.newPage();
    await page.goto('/audit-log');
    await rows(page).first().waitFor();
    // The newest first: the change of the customer's first name, before and after.
    const changed = rows(page).and(page.locator('[data-action="update"][data-resource="customers"]')).first();
    await changed.waitFor();
    const changeText = await changed.getByTestId('audit-change').first().innerText();
    expect(changeText).toContain('first_name');
    expect(changeText).toContain('Layla');
    expect(changeText).toContain('Leila');
    expect(await changed.innerText()).toContain('Customer');
    await screenshot(page, 'audit-log-desktop-en');

    // Filtered to deletions: none yet.
    await page.getByTestId('audit-action-filter').click();
    await page.getByRole('option', { name: 'Deleted', exact: true }).click();
    await page.getByTestId('audit-empty').waitFor();
    await page.getByTestId('audit-action-filter').click();
    await page.getByRole('option', { name: 'Created', exact: true }).click();
    await rows(page).first().waitFor();
    const actions = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(new Set(actions)).toEqual(new Set(['create']));

    // The CSV of what the filter keeps.
    const href = await page.getByTestId('audit-export').getAttribute('href');
    expect(href).toMatch(/\/audit-log\/export\.csv\?action=create$/);
    const csv = await admin.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('customers');

    // The customer's own History tab: the same change, on the record's page.
    await page.goto(`/customers/${customer.id}`);
    await page.getByTestId('record-tab-history').click();
    await page.waitForURL(/\?tab=history$/);
    const entries = page.getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-action')))).toEqual(['update', 'create']);
    expect(await entries.first().innerText()).toContain('Leila');
    await screenshot(page, 'record-history-desktop-en');
    await page.getByTestId('record-tab-details').click();
    await page.getByTestId('customer-vehicles').waitFor();

    // Arabic, right to left.
    await chooseLanguage(page, 'ar');
    await page.goto('/audit-log');
    await rows(page).first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('audit-page').innerText()).toContain('تعديل');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('سجل التدقيق');
    await screenshot(page, 'audit-log-desktop-ar');

    await page.goto(`/customers/${customer.id}?tab=history`);
    await page.getByTestId('history-entry').first().waitFor();
    expect(await page.getByTestId('record-tab-history').innerText()).toContain('السجل');
    expect(await page.getByTestId('record-history').innerText()).toContain('تعديل');
    await screenshot(page, 'record-history-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await admin.cookies());
    const small = await phone.newPage();
    await chooseLanguage(small, 'ar');
    await small.goto('/audit-log');
    await rows(small).first().waitFor();
    await screenshot(small, 'audit-log-phone-ar');
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width + 1);
    expect(errors).toEqual([]);
    await phone.close();
    await admin.close();
  });

  it('is not a manager’s: no link in the navigation, the page says why, no History tab on records, and the API refuses', async () => {
    const admin = await newContext(env.browser, env.server.url);
    await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
    const account = newAccount('mgr');
    await post(admin.request, '/api/users', {
      username: account.username,
      firstName: 'Mona',
      lastName: 'Haddad',
      email: account.email,
      role: 'manager',
      password: account.password,
    });
    const manager = await newContext(env.browser, env.server.url);
    const login = await manager.request.post('/api/login', { data: { username: account.username, password: account.password } });
    expect(login.status()).toBe(200);
    // A first sign-in sets the manager's own password.
    const changed = await manager.request.post('/api/user/password', {
      data: { currentPassword: account.password, newPassword: `${account.password}-2` },
    });
    expect(changed.status()).toBe(204);
    const customer = await post<{ id: number }>(admin.request, '/api/customers', {
      firstName: 'Omar',
      lastName: 'Saleh',
      phone: '+971 50 555 0100',
    });
    const page = await manager.newPage();
    await page.goto('/audit-log');
    await page.getByTestId('audit-no-access').waitFor();
    expect(await page.locator('a[href="/audit-log"]').count()).toBe(0);
    // A record's page has no History tab for a manager.
    await page.goto(`/customers/${customer.id}`);
    await page.getByTestId('customer-vehicles').waitFor();
    expect(await page.getByTestId('record-tabs').count()).toBe(0);
    const tenantId = ((await login.json()) as { tenantId: number }).tenantId;
    expect((await manager.request.get(`/api/tenants/${tenantId}/audit-log`)).status()).toBe(403);
    await manager.close();
    await admin.close();
  });
});
