import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
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

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A workshop with a customer in each script, a car, a job card, and six customers sharing a name. */
async function workshop(language: 'en' | 'ar' = 'en', viewport?: { width: number; height: number }) {
  const context: BrowserContext = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  const { tenantId } = await registerViaApi(context, newAccount('search'), { completeOnboarding: true });
  const layla = await post<{ id: number }>(context.request, '/api/customers', {
    firstName: 'Layla',
    lastName: 'Haddad',
    phone: '+971501112233',
  });
  await post(context.request, '/api/customers', { firstName: 'سارة', lastName: 'الحربي', phone: '+966500000001' });
  for (let i = 1; i <= 6; i++)
    await post(context.request, '/api/customers', { firstName: 'Zainab', lastName: `Qasim ${i}`, phone: `+97150777000${i}` });
  const car = await post<{ id: number }>(context.request, '/api/vehicles', {
    customerId: layla.id,
    make: 'Toyota',
    model: 'Camry',
    year: 2020,
    plateNumber: 'DXB-4521',
  });
  const card = await post<{ id: number; jobNumber: string }>(context.request, '/api/job-cards', {
    customerId: layla.id,
    vehicleId: car.id,
    serviceType: 'Brake service',
  });
  const invoice = await post<{ id: number; invoiceNumber: string }>(context.request, `/api/tenants/${tenantId}/invoices`, {
    customerId: layla.id,
    vehicleId: car.id,
    description: 'Brake service',
    laborCost: 120,
    status: 'sent',
  });
  const page = await context.newPage();
  if (language === 'ar') await chooseLanguage(page, 'ar');
  await page.goto('/');
  await page.getByTestId('dashboard').waitFor();
  return { context, page, errors, car, card, invoice };
}

const palette = (page: Page) => page.getByTestId('command-palette');
const items = (page: Page) => palette(page).getByRole('option');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').waitFor();
}

describe('global search and command palette', () => {
  it('finds a whole plate first, opens it with Enter, remembers it, and moves with the arrows', async () => {
    const { context, page, errors, car, card, invoice } = await workshop();
    await openPalette(page);
    // Empty: quick actions and pages for an admin.
    await palette(page).getByRole('option', { name: 'New job card' }).waitFor();
    await page.getByTestId('palette-input').fill('dxb-4521');
    const first = items(page).first();
    await first.getByText('DXB-4521').waitFor();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await first.textContent()).toContain('Exact match');
    expect(await palette(page).getByRole('group', { name: 'Vehicles' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/vehicles/${car.id}`);
    await palette(page).waitFor({ state: 'detached' });

    // The record opened is the first of the recent ones next time.
    await openPalette(page);
    const recent = palette(page).getByRole('group', { name: 'Recent' });
    await recent.getByRole('option').first().getByText('DXB-4521').waitFor();

    // A job number without its dash; the arrows move the choice, Enter opens it.
    await page.getByTestId('palette-input').fill(card.jobNumber.replace('-', '').toLowerCase());
    await items(page).first().getByText(card.jobNumber).waitFor();
    await page.getByTestId('palette-input').fill('zainab');
    const group = palette(page).getByRole('group', { name: 'Customers' });
    await group.getByText('See all Customers').waitFor();
    expect(await group.getByRole('option').count()).toBe(6); // five hits and "see all"
    await page.keyboard.press('ArrowDown');
    expect(await items(page).nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('palette-input').getAttribute('aria-activedescendant')).toBe(await items(page).nth(1).getAttribute('id'));
    await screenshot(page, 'search-palette-en');
    await page.keyboard.press('Control+End'); // the last (End alone moves the caret)
    await page.keyboard.press('ArrowDown'); // wraps to the first
    expect(await items(page).first().getAttribute('aria-selected')).toBe('true');
    await group.getByText('See all Customers').click();
    await waitForPath(page, '/customers');
    expect(new URL(page.url()).searchParams.get('q')).toBe('zainab');

    // A quick action opens its page's new record dialog.
    await openPalette(page);
    await page.getByTestId('palette-input').fill('new job');
    await palette(page).getByRole('option', { name: 'New job card' }).waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/job-cards');
    await page.getByRole('dialog', { name: 'Create Job Card' }).waitFor();
    expect(new URL(page.url()).searchParams.get('new')).toBeNull();

    // A whole number typed and Enter pressed at once: the record it names, once the search answers.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await openPalette(page);
    await page.getByTestId('palette-input').fill(card.jobNumber);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/job-cards/${card.id}`);

    // Record payment: the palette asks for the invoice, whose payment dialog then opens.
    await openPalette(page);
    await page.getByTestId('palette-input').fill('payment');
    await palette(page).getByRole('option', { name: 'Record payment' }).click();
    await page.getByTestId('palette-mode').waitFor();
    await page.getByTestId('palette-input').fill('layla');
    await palette(page).getByRole('option').first().getByText(invoice.invoiceNumber).waitFor();
    expect(await palette(page).getByRole('group').count()).toBe(1); // invoices only
    await page.keyboard.press('Enter');
    await waitForPath(page, `/invoices/${invoice.id}`);
    await page.getByRole('dialog', { name: 'Record Payment' }).waitFor();
    expect(new URL(page.url()).searchParams.get('pay')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic and finds Arabic names and digits', async () => {
    const { context, page, errors, card } = await workshop('ar');
    await page.getByRole('searchbox', { name: 'بحث' }).fill('سارة');
    const group = palette(page).getByRole('group', { name: 'العملاء' });
    await group.getByText('سارة الحربي').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'search-palette-ar');
    // Arabic-Indic digits of the job number.
    const digits = card.jobNumber.slice(3).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await page.getByTestId('palette-input').fill(`JC-${digits}`);
    await palette(page).getByRole('group', { name: 'أوامر العمل' }).getByText(card.jobNumber).waitFor();
    await page.getByTestId('palette-input').fill('xqzv');
    await page.getByTestId('palette-status').getByText('لا شيء يطابق «xqzv».').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens full screen from the search button on a phone', async () => {
    const { context, page } = await workshop('en', PHONE);
    await page.getByTestId('open-search').click();
    await page.getByTestId('palette-input').fill('Layla');
    await palette(page).getByRole('group', { name: 'Customers' }).getByText('Layla Haddad').waitFor();
    const box = await palette(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await screenshot(page, 'search-palette-phone');
    await palette(page).getByRole('button', { name: 'Close' }).click();
    await palette(page).waitFor({ state: 'detached' });
    await context.close();
  });
});
