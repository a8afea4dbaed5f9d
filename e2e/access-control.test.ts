import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  newAccount,
  newContext,
  registerViaApi,
  screenshot,
  send,
  staffMember,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('modules and permissions', () => {
  it('a module turned off in Settings leaves the navigation; a user gets a Permissions dialog; in English and Arabic', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const errors = trackErrors(admin);
    const owner = await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
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
    // The reports lose their fleet report with it.
    await page.goto('/analytics');
    await page.getByTestId('report-revenue').waitFor();
    await page.getByTestId('report-customers').waitFor();
    expect(await page.getByTestId('report-fleet').count()).toBe(0);
    await screenshot(page, 'analytics-fleet-off-en');

    // With the AI assistant off, a vehicle's page shows no AI results (and asks for none).
    await send(admin.request, `/api/tenants/${owner.tenantId}/features/ai_assistant`, { isEnabled: false }, { method: 'put', status: 200 });
    const customer = await send(admin.request, '/api/customers', { firstName: 'Layla', lastName: 'Haddad', phone: '+971501234567' });
    const vehicle = await send(admin.request, '/api/vehicles', {
      customerId: customer.id,
      make: 'Toyota',
      model: 'Camry',
      year: 2020,
      plateNumber: 'DXB-4521',
    });
    const aiReads: string[] = [];
    page.on('request', (request) => /\/api\/.*\/ai(-|\/)/.test(request.url()) && aiReads.push(request.url()));
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByTestId('maintenance-section').waitFor();
    expect(await page.getByTestId('ai-history').count()).toBe(0);
    expect(aiReads).toEqual([]);
    await send(admin.request, `/api/tenants/${owner.tenantId}/features/ai_assistant`, { isEnabled: true }, { method: 'put', status: 200 });

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

  it("a manager's screens follow the overrides an admin set: what is denied is not offered", async () => {
    const admin = await newContext(env.browser, env.server.url);
    const me = await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
    const customer = await send(admin.request, '/api/customers', { firstName: 'Layla', lastName: 'Haddad', phone: '+971501234567' });
    const vehicle = await send(admin.request, '/api/vehicles', {
      customerId: customer.id,
      make: 'Toyota',
      model: 'Camry',
      year: 2020,
      plateNumber: 'DXB-4521',
    });
    const document = { customerId: customer.id, vehicleId: vehicle.id, description: 'Front brakes', laborCost: 100 };
    await send(admin.request, `/api/tenants/${me.tenantId}/estimates`, document);
    await send(admin.request, `/api/tenants/${me.tenantId}/invoices`, { ...document, status: 'sent' });
    await send(admin.request, '/api/spare-parts', {
      name: 'Oil filter',
      sku: 'OF-200',
      stockQuantity: 2,
      minimumStock: 5,
      unitPrice: '8.50',
    });
    const manager = await staffMember(env.browser, admin, 'manager', { firstName: 'Lina', lastName: 'Aziz' });
    for (const permission of ['customers.delete', 'estimates.edit', 'invoices.edit', 'payments.record', 'spare_parts.delete']) {
      const url = `/api/users/${manager.user.id}/permission-overrides/${permission}`;
      await send(admin.request, url, { allowed: false, reason: 'Front desk only' }, { method: 'put', status: 200 });
    }
    const errors = trackErrors(manager.context);
    const page = await manager.context.newPage();

    await page.goto('/customers');
    await page.getByTestId('customer-row').first().waitFor();
    expect(await page.getByTestId('edit-customer').count()).toBe(1);
    expect(await page.getByTestId('delete-customer').count()).toBe(0);
    await page.getByTestId('customer-link').first().click();
    await page.getByTestId('customer-details').waitFor();
    expect(await page.getByTestId('edit-customer').isVisible()).toBe(true);
    expect(await page.getByTestId('delete-customer').count()).toBe(0);

    await page.goto('/invoices');
    await page.getByTestId('invoice-row').first().waitFor();
    for (const control of ['create-invoice', 'edit-invoice', 'record-payment']) expect(await page.getByTestId(control).count()).toBe(0);
    await page.getByTestId('open-invoice').first().click();
    await page.getByTestId('invoice-view-dialog').getByTestId('view-print').waitFor();
    expect(await page.getByTestId('view-edit').count()).toBe(0);
    expect(await page.getByTestId('view-record-payment').count()).toBe(0);
    await screenshot(page, 'permissions-manager-invoice-en');
    await page.keyboard.press('Escape');

    await page.goto('/estimates');
    await page.getByTestId('estimate-row').first().waitFor();
    expect(await page.getByTestId('create-estimate').count()).toBe(0);
    expect(await page.getByTestId('edit-estimate').count()).toBe(0);
    expect(await page.getByTestId('print-estimate').count()).toBe(1);

    // Parts: edited and their stock moved, not deleted (the row's menu has no delete either).
    await page.goto('/inventory');
    await page.getByTestId('part-row').first().waitFor();
    expect(await page.getByTestId('edit-part').count()).toBe(1);
    expect(await page.getByTestId('delete-part').count()).toBe(0);
    await page.getByTestId('part-menu').click();
    await page.getByTestId('receive-stock').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Turned back, the manager is offered them again once the screens reload.
    for (const permission of ['customers.delete', 'invoices.edit']) {
      expect((await admin.request.delete(`/api/users/${manager.user.id}/permission-overrides/${permission}`)).status()).toBe(204);
    }
    await page.goto('/invoices');
    await page.getByTestId('create-invoice').waitFor();
    expect(await page.getByTestId('edit-invoice').count()).toBe(1);
    expect(await page.getByTestId('record-payment').count()).toBe(0);
    await chooseLanguage(page, 'ar');
    await page.goto('/customers');
    await page.getByTestId('delete-customer').first().waitFor();
    await screenshot(page, 'permissions-manager-customers-ar');
    // An estimate's address, for whoever may only read estimates, shows its document.
    await page.goto('/estimates');
    await page.getByTestId('estimate-row').first().waitFor();
    await screenshot(page, 'permissions-manager-estimates-ar');
    const estimateId = await page.getByTestId('print-estimate').first().getAttribute('href');
    await page.goto(estimateId!.replace(/\/print$/, ''));
    await page.getByTestId('print-document').waitFor();
    expect(await page.getByTestId('estimate-dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await Promise.all([manager.context.close(), admin.close()]);
  });
});
