import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function post<T = { id: number }>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** Opens a select (Radix) or a server combobox by its trigger and picks an option by its text. */
async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

/** The workshop's details for the printed header, a customer with an Arabic name, her car and a part. */
async function workshop(context: BrowserContext) {
  const me = await registerViaApi(context, newAccount('bill'), { completeOnboarding: true });
  const r = context.request;
  const settings = await r.put('/api/tenant/settings', {
    data: {
      name: 'Noor Auto Care',
      address: '12 Garage Street, Dubai',
      phone: '+971 4 555 0100',
      email: 'desk@noor.example',
      timeZone: 'UTC',
      currency: 'USD',
      taxRate: '10.00',
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const layla = await post(r, '/api/customers', {
    firstName: 'ليلى',
    lastName: 'حداد',
    phone: '+971501234567',
    email: 'layla@example.com',
    city: 'Dubai',
  });
  const camry = await post(r, '/api/vehicles', {
    customerId: layla.id,
    make: 'Toyota',
    model: 'Camry',
    year: 2020,
    plateNumber: 'DXB-4521',
  });
  const pads = await post(r, '/api/spare-parts', {
    name: 'Brake pad set',
    sku: 'BP-100',
    category: 'Brakes',
    stockQuantity: 8,
    minimumStock: 2,
    unitPrice: '45.00',
  });
  return { tenantId: me.tenantId, layla, camry, pads };
}

const estimateRow = (page: Page) => page.getByTestId('estimate-row').first();
const invoiceRow = (page: Page) => page.getByTestId('invoice-row').first();

describe('billing screens', () => {
  it('writes an estimate with a labour and a part line, approves and converts it, takes a partial then a final payment, and prints it in English and Arabic', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { tenantId } = await workshop(context);
    const page = await context.newPage();

    // The estimates screen, empty; the dialog's own checks.
    await page.goto('/estimates');
    await page.getByTestId('estimates-empty').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Estimates');
    await page.getByTestId('create-estimate').click();
    const dialog = page.getByRole('dialog', { name: 'New Estimate' });
    await dialog.getByTestId('estimate-form').waitFor();
    expect(await dialog.getByTestId('billing-number').inputValue()).toBe('Allocated on save');
    await dialog.getByTestId('submit-estimate').click();
    await dialog.getByText('Customer is required').waitFor();
    expect(await dialog.getByText('Vehicle is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Description is required').isVisible()).toBe(true);

    // Customer (searched on the server), then her vehicle, then the work.
    await dialog.getByTestId('billing-customer').getByRole('combobox').fill('ليلى');
    await page.getByRole('option', { name: /ليلى حداد/ }).click();
    await choose(page, dialog.getByTestId('billing-vehicle'), /Toyota Camry \(2020\) · DXB-4521/);
    await dialog.getByTestId('billing-description').fill('Front brakes: pads and labour');

    // Without lines the spec's dialog: typed costs, Calculate Total at the workshop's 10 %.
    await dialog.getByTestId('billing-laborCost').fill('100');
    await dialog.getByTestId('billing-partsCost').fill('23.45');
    await dialog.getByTestId('calculate-total').click();
    expect(await dialog.getByTestId('billing-tax').inputValue()).toBe('$12.35');
    expect(await dialog.getByTestId('billing-total').inputValue()).toBe('$135.80');
    expect(await dialog.getByTestId('calculated-note').textContent()).toContain('$12.35 tax (10% of $123.45)');

    // A labour line and a part line: the costs become the lines' sums, read-only.
    await dialog.getByTestId('add-labour-line').click();
    await dialog.getByLabel('Work done, line 1').fill('Replace front brake pads');
    await dialog.getByLabel('Hours, line 1').fill('1.5');
    await dialog.getByLabel('Rate per hour, line 1').fill('80');
    await dialog.getByTestId('add-part-line').click();
    await dialog.getByTestId('part-picker-1').click();
    await page.getByRole('combobox', { name: 'Search parts by name or SKU' }).fill('brake');
    await page.getByRole('option', { name: /Brake pad set/ }).click();
    // The part's price by default.
    expect(await dialog.getByLabel('Unit price, line 2').inputValue()).toBe('45.00');
    await dialog.getByLabel('Quantity, line 2').fill('2');
    expect(await dialog.getByTestId('line-amount').allInnerTexts()).toEqual(['$120.00', '$90.00']);
    expect(await dialog.getByTestId('billing-laborCost').inputValue()).toBe('$120.00');
    expect(await dialog.getByTestId('billing-laborCost').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByTestId('billing-partsCost').inputValue()).toBe('$90.00');
    expect(await dialog.getByTestId('billing-tax').inputValue()).toBe('$21.00');
    expect(await dialog.getByTestId('billing-total').inputValue()).toBe('$231.00');
    await screenshot(page, 'billing-estimate-dialog-desktop-en');
    await dialog.getByTestId('submit-estimate').click();
    await toastRegion(page).getByText('Estimate Created').waitFor();

    // The list: number, customer, vehicle, description, status, total; the server agrees to the cent.
    await estimateRow(page).waitFor();
    const estimateNumber = (await estimateRow(page).getAttribute('data-number'))!;
    expect(estimateNumber).toMatch(/^EST-\d{6}$/);
    const estimateText = await estimateRow(page).textContent();
    for (const part of ['ليلى حداد', 'Toyota Camry', 'DXB-4521', 'Front brakes', 'Draft', '$231.00']) expect(estimateText).toContain(part);
    expect(await estimateRow(page).getByTestId('convert-estimate').count()).toBe(0);
    const saved = (await (await context.request.get(`/api/tenants/${tenantId}/estimates`)).json()) as Array<{
      id: number;
      totalAmount: string;
      taxAmount: string;
      itemCount: number;
    }>;
    expect(saved.map((e) => [e.taxAmount, e.totalAmount, e.itemCount])).toEqual([['21.00', '231.00', 2]]);

    // Approve it: Convert to Invoice appears only now.
    await estimateRow(page).getByTestId('edit-estimate').click();
    const edit = page.getByRole('dialog', { name: 'Edit Estimate' });
    await edit.getByTestId('estimate-form').waitFor();
    expect(await edit.getByTestId('billing-number').inputValue()).toBe(estimateNumber);
    expect(await edit.getByTestId('line-item').count()).toBe(2);
    await choose(page, edit.getByTestId('billing-status'), 'Approved');
    await edit.getByTestId('submit-estimate').click();
    await toastRegion(page).getByText('Estimate Updated').waitFor();
    await page.locator('[data-testid="estimate-row"][data-status="approved"]').waitFor();
    await screenshot(page, 'billing-estimates-desktop-en');

    // Convert: confirm, toast, then the invoice opens over the invoices list, highlighted.
    await estimateRow(page).getByTestId('convert-estimate').click();
    await page.getByTestId('confirm-convert').click();
    await toastRegion(page).getByText('Converted to Invoice').waitFor();
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    const invoiceId = Number(new URL(page.url()).pathname.split('/')[2]);
    const view = page.getByTestId('invoice-view');
    await view.waitFor();
    const invoiceNumber = (await view.getAttribute('data-number'))!;
    expect(invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(await view.getByTestId('document-line').count()).toBe(2);
    expect(await view.getByTestId('totals-total').textContent()).toBe('$231.00');
    expect(await view.getByTestId('totals-balance').textContent()).toBe('$231.00');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/invoices');
    expect(await invoiceRow(page).getAttribute('data-highlighted')).toBe('true');

    // A second conversion is refused by the server, naming the invoice; the list shows the link instead.
    const again = await context.request.post(`/api/tenants/${tenantId}/estimates/${saved[0].id}/convert-to-invoice`, { data: {} });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain(invoiceNumber);

    // Payment: prefilled with the balance; no method is the spec's "Invalid Payment".
    await invoiceRow(page).getByTestId('record-payment').click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await pay.getByTestId('payment-amount').inputValue()).toBe('231.00');
    await pay.getByTestId('submit-payment').click();
    await toastRegion(page).getByText('Invalid Payment').waitFor();
    expect(await toastRegion(page).getByText('Please enter a valid amount and payment method').isVisible()).toBe(true);
    await pay.getByTestId('payment-amount').fill('100');
    await choose(page, pay.getByTestId('payment-method'), 'Cash');
    await pay.getByTestId('payment-reference').fill('R-1001');
    await pay.getByTestId('submit-payment').click();
    await toastRegion(page).getByText('Payment Recorded').waitFor();
    await page.locator('[data-testid="invoice-row"][data-status="partially_paid"]').waitFor();
    const balance = invoiceRow(page).getByTestId('invoice-balance');
    expect(await balance.textContent()).toBe('$131.00');
    expect(await balance.getAttribute('data-owing')).toBe('true');
    expect(await balance.getAttribute('class')).toContain('text-destructive');
    expect(await invoiceRow(page).getByTestId('invoice-paid').textContent()).toBe('$100.00');

    // The final payment from the invoice's view: the balance turns green and the button goes.
    await invoiceRow(page).getByTestId('open-invoice').click();
    await view.waitFor();
    await view.getByTestId('view-record-payment').click();
    const final = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await final.getByTestId('payment-amount').inputValue()).toBe('131.00');
    await choose(page, final.getByTestId('payment-method'), 'Credit card');
    await final.getByTestId('submit-payment').click();
    await toastRegion(page).getByText('Payment Recorded').waitFor();
    await view.locator('[data-testid="view-status"][data-status="paid"]').waitFor();
    expect(await view.getByTestId('payment-row').count()).toBe(2);
    expect(await view.getByTestId('totals-balance').textContent()).toBe('$0.00');
    expect(await view.getByTestId('view-record-payment').count()).toBe(0);
    await screenshot(page, 'billing-invoice-view-desktop-en');
    await page.getByTestId('invoice-view-dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    await page.locator('[data-testid="invoice-row"][data-status="paid"]').waitFor();
    expect(await balance.textContent()).toBe('$0.00');
    expect(await balance.getAttribute('data-owing')).toBe('false');
    expect(await balance.getAttribute('class')).toContain('text-success');
    expect(await invoiceRow(page).getByTestId('record-payment').count()).toBe(0);
    await screenshot(page, 'billing-invoices-desktop-en');
    // Search (number, customer name) and the status filter, paid and partially paid included.
    await page.getByTestId('invoice-search').fill('ليلى');
    await page.locator(`[data-testid="invoice-row"][data-number="${invoiceNumber}"]`).waitFor();
    await page.getByTestId('invoice-search').fill('nobody-here');
    await page.getByTestId('invoices-empty').getByText('No invoices found').waitFor();
    await page.getByTestId('invoice-search').fill('');
    await choose(page, page.getByTestId('invoice-status-filter'), 'Partially paid');
    await page.getByTestId('invoices-empty').waitFor();
    await choose(page, page.getByTestId('invoice-status-filter'), /^Paid$/);
    await page.locator(`[data-testid="invoice-row"][data-number="${invoiceNumber}"]`).waitFor();

    // The printable invoice in English: the workshop, the customer and vehicle, lines, tax, paid, balance.
    await page.goto(`/invoices/${invoiceId}/print`);
    const doc = page.getByTestId('print-document');
    await doc.waitFor();
    await doc.getByText('Noor Auto Care').waitFor();
    await doc.getByText('+971501234567').waitFor();
    expect(await doc.getByTestId('print-title').textContent()).toBe('Invoice');
    expect(await doc.getByTestId('print-number').textContent()).toBe(invoiceNumber);
    expect(await doc.getByTestId('print-customer').textContent()).toContain('ليلى حداد');
    expect(await doc.getByTestId('print-vehicle').textContent()).toContain('DXB-4521');
    expect(await doc.getByTestId('document-line').allTextContents()).toEqual([
      expect.stringContaining('Replace front brake pads'),
      expect.stringContaining('Brake pad set'),
    ]);
    expect(await doc.getByTestId('totals-tax').textContent()).toBe('$21.00');
    expect(await doc.getByTestId('totals-total').textContent()).toBe('$231.00');
    expect(await doc.getByTestId('totals-paid').textContent()).toBe('$231.00');
    expect(await doc.getByTestId('totals-balance').textContent()).toBe('$0.00');
    expect(await doc.getByText('Tax (10%)').isVisible()).toBe(true);
    await screenshot(page, 'billing-invoice-print-en');
    // Printing leaves the app shell out.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    expect(await doc.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // In Arabic: right to left, Arabic labels and amounts formatted for Arabic.
    await chooseLanguage(page, 'ar');
    await page.goto(`/invoices/${invoiceId}/print`);
    await doc.getByText('Noor Auto Care').waitFor();
    await doc.getByText('+971501234567').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await doc.getByTestId('print-title').textContent()).toBe('فاتورة');
    const arabicTotal = await page.evaluate(() => {
      const parts = new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).formatToParts(231);
      return parts.map((p) => (p.type === 'currency' && /[A-Za-z$]/.test(p.value) ? `\u2066${p.value}\u2069` : p.value)).join('');
    });
    expect(await doc.getByTestId('totals-total').textContent()).toBe(arabicTotal);
    expect(await doc.getByTestId('print-status').textContent()).toBe('مدفوعة');
    // The document's start (the workshop) is on the right.
    const workshopBox = (await doc.getByTestId('print-workshop').boundingBox())!;
    const titleBox = (await doc.getByTestId('print-title').boundingBox())!;
    expect(workshopBox.x).toBeGreaterThan(titleBox.x);
    await screenshot(page, 'billing-invoice-print-ar');

    // The estimate's printable document in Arabic too.
    await page.goto(`/estimates/${saved[0].id}/print`);
    await doc.getByText('Noor Auto Care').waitFor();
    expect(await doc.getByTestId('print-title').textContent()).toBe('عرض سعر');
    expect(await doc.getByTestId('print-status').textContent()).toBe('معتمد');
    await screenshot(page, 'billing-estimate-print-ar');
    await page.goto('/estimates');
    await estimateRow(page).waitFor();
    expect(await estimateRow(page).getByTestId('estimate-invoice-link').textContent()).toBe(invoiceNumber);
    await screenshot(page, 'billing-estimates-desktop-ar');

    // The invoices list in Arabic on a phone: folded rows, no sideways scrolling.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    const phoneErrors = trackErrors(phone);
    await phone.addCookies(await context.cookies());
    const pp = await phone.newPage();
    await pp.goto('/invoices');
    await pp.getByTestId('invoice-row').first().waitFor();
    expect(await pp.getByTestId('invoice-row').first().textContent()).toContain('ليلى حداد');
    expect(await pp.getByTestId('invoice-balance').first().isVisible()).toBe(true);
    expect(await pp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(
      await pp.evaluate(() => {
        const table = document.querySelector('[data-testid="invoices-table"]')!;
        return table.scrollWidth <= table.parentElement!.clientWidth + 1;
      }),
    ).toBe(true);
    await screenshot(pp, 'billing-invoices-phone-en');
    await chooseLanguage(pp, 'ar');
    await pp.goto('/invoices');
    await pp.getByTestId('invoice-row').first().waitFor();
    expect(await pp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(pp, 'billing-invoices-phone-ar');
    // The estimate dialog on a phone in Arabic: lines stack, nothing sideways.
    await pp.goto('/estimates');
    await pp.getByTestId('open-estimate').first().click();
    const phoneDialog = pp.getByTestId('estimate-dialog');
    await phoneDialog.getByTestId('line-item').first().waitFor();
    expect(await phoneDialog.getByTestId('billing-total').inputValue()).toContain('231.00');
    expect(await phoneDialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await phoneDialog.getByTestId('line-items').scrollIntoViewIfNeeded();
    await screenshot(pp, 'billing-estimate-dialog-phone-ar');
    await phone.close();

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await context.close();
  });

  it('creates an invoice without lines from the typed costs, refuses a payment above the balance, and edits it', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { tenantId } = await workshop(context);
    const page = await context.newPage();
    await page.goto('/invoices');
    await page.getByTestId('invoices-empty').waitFor();
    await page.getByTestId('create-invoice').click();
    const dialog = page.getByRole('dialog', { name: 'New Invoice' });
    await dialog.getByTestId('invoice-form').waitFor();
    expect(await dialog.getByTestId('billing-number').inputValue()).toBe('Allocated on save');
    // The status select offers only what a user sets.
    await dialog.getByTestId('billing-status').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Draft', 'Sent', 'Cancelled']);
    await page.getByRole('option', { name: 'Sent' }).click();
    await dialog.getByTestId('billing-customer').getByRole('combobox').fill('حداد');
    await page.getByRole('option', { name: /ليلى حداد/ }).click();
    await choose(page, dialog.getByTestId('billing-vehicle'), /DXB-4521/);
    await dialog.getByTestId('billing-description').fill('Diagnosis');
    await dialog.getByTestId('billing-laborCost').fill('-5');
    await dialog.getByTestId('submit-invoice').click();
    await dialog.getByText('Labor cost must be at least 0').waitFor();
    await dialog.getByTestId('billing-laborCost').fill('0.1');
    await dialog.getByTestId('billing-partsCost').fill('0.2');
    await dialog.getByTestId('billing-dueDate').fill('2030-01-31');
    expect(await dialog.getByTestId('billing-total').inputValue()).toBe('$0.33');
    await dialog.getByTestId('submit-invoice').click();
    await toastRegion(page).getByText('Invoice Created').waitFor();
    const row = invoiceRow(page);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('sent');
    expect(await row.getByTestId('invoice-total').textContent()).toBe('$0.33');
    const [saved] = (await (await context.request.get(`/api/tenants/${tenantId}/invoices`)).json()) as Array<{
      laborCost: string;
      partsCost: string;
      taxAmount: string;
      totalAmount: string;
      dueDate: string;
    }>;
    expect([saved.laborCost, saved.partsCost, saved.taxAmount, saved.totalAmount, saved.dueDate]).toEqual([
      '0.10',
      '0.20',
      '0.03',
      '0.33',
      '2030-01-31',
    ]);

    // More than the balance: refused before any call, with the balance under the field.
    await row.getByTestId('record-payment').click();
    const pay = page.getByRole('dialog', { name: 'Record Payment' });
    await pay.getByTestId('payment-amount').fill('5');
    await choose(page, pay.getByTestId('payment-method'), 'Bank transfer');
    await pay.getByTestId('submit-payment').click();
    await toastRegion(page).getByText('Invalid Payment').waitFor();
    await pay.getByText('The amount is more than the balance of $0.33').waitFor();
    await pay.getByRole('button', { name: 'Cancel' }).click();

    // Edit: the typed costs come back; cancelled hides Record Payment.
    await row.getByTestId('edit-invoice').click();
    const edit = page.getByRole('dialog', { name: 'Edit Invoice' });
    await edit.getByTestId('invoice-form').waitFor();
    expect(await edit.getByTestId('billing-laborCost').inputValue()).toBe('0.10');
    await choose(page, edit.getByTestId('billing-status'), 'Cancelled');
    await edit.getByTestId('submit-invoice').click();
    await toastRegion(page).getByText('Invoice Updated').waitFor();
    await page.locator('[data-testid="invoice-row"][data-status="cancelled"]').waitFor();
    expect(await invoiceRow(page).getByTestId('record-payment').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes an invoice from a completed job card, once, with its part and labour lines', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { layla, camry, pads } = await workshop(context);
    const card = await post<{ id: number; jobNumber: string }>(context.request, '/api/job-cards', {
      customerId: layla.id,
      vehicleId: camry.id,
      serviceType: 'Brake service',
      status: 'completed',
      parts: [{ sparePartId: pads.id, quantity: 1 }],
      labour: [{ description: 'Fit pads', hours: 2, rate: '60' }],
    });
    const page = await context.newPage();
    await page.goto(`/job-cards/${card.id}`);
    await page.getByTestId('job-card-detail').waitFor();
    await page.getByTestId('job-card-create-invoice').click();
    await toastRegion(page).getByText('Invoice Created').waitFor();
    await page.waitForURL((url) => /^\/invoices\/\d+$/.test(url.pathname));
    const view = page.getByTestId('invoice-view');
    await view.waitFor();
    expect(await view.getByTestId('document-line').count()).toBe(2);
    // 45.00 + 2 h × 60 = 165.00, and 10 % tax.
    expect(await view.getByTestId('totals-subtotal').textContent()).toBe('$165.00');
    expect(await view.getByTestId('totals-total').textContent()).toBe('$181.50');
    expect(await view.textContent()).toContain(card.jobNumber);
    const invoicePath = new URL(page.url()).pathname;

    // Once only: a second try opens the invoice it already has.
    await page.goto(`/job-cards/${card.id}`);
    await page.getByTestId('job-card-create-invoice').click();
    await toastRegion(page).getByText('Already invoiced', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === invoicePath);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a technician billing is not for them, with no navigation entries', async () => {
    const admin = await newContext(env.browser, env.server.url);
    await registerViaApi(admin, newAccount('billadm'), { completeOnboarding: true });
    const account = newAccount('billtech');
    const created = await admin.request.post('/api/users', {
      data: {
        username: account.username,
        firstName: 'Tina',
        lastName: 'Tech',
        email: account.email,
        role: 'technician',
        password: account.password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
      200,
    );
    const changed = await context.request.post('/api/user/password', {
      data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
    });
    expect(changed.status(), await changed.text()).toBe(204);
    await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
    const page = await context.newPage();
    for (const path of ['/invoices', '/estimates', '/invoices/1/print']) {
      await page.goto(path);
      await page.getByTestId('billing-no-access').waitFor();
      expect(await page.getByText('No access to billing').isVisible()).toBe(true);
    }
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Invoices' }).count()).toBe(0);
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Estimates' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await admin.close();
  });
});
