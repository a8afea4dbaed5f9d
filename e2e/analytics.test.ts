import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { periodDays, presetPeriod } from '../core/rules/analytics.ts';
import { addDays } from '../core/rules/scheduling.ts';
import { formatDate, formatMoney } from '../web/src/lib/format.ts';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  RESULTS_DIR,
  screenshot,
  takenOver,
  trackErrors,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/**
 * The owner's reports (issue 15) on a small workshop made through the API: two invoices (one
 * from a completed job card, one 45 days old and overdue), a payment, a technician with billed
 * hours and a part used. The workshop and the browser are in UTC, so "today" is the same day
 * for both.
 */
const env = useServerAndBrowser();

const today = new Date().toISOString().slice(0, 10);

async function post<T = { id: number }>(request: APIRequestContext, url: string, data: Record<string, unknown>, status = 201): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}
async function put<T = { id: number }>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.put(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

type Invoice = { id: number; invoiceNumber: string; totalAmount: string; balanceAmount: string };

/** A signed-in admin's workshop with the records behind the figures the page must show. */
async function workshop(context: BrowserContext) {
  const me = await registerViaApi(context, newAccount('reports'), { completeOnboarding: true });
  const r = context.request;
  // A new workshop: UTC, US dollars, tax 10% (core/contracts/tenant.ts DEFAULT_TENANT_SETTINGS).
  const skill = await post(r, '/api/skills', { name: 'Brakes' });
  const rami = await post(r, '/api/technicians', {
    firstName: 'Rami',
    lastName: 'Odeh',
    email: 'rami@example.com',
    phone: '+15550103',
    title: 'Brake Technician',
    skills: [skill.id],
  });
  const layla = await post(r, '/api/customers', { firstName: 'Layla', lastName: 'Haddad', phone: '+971501234567' });
  const camry = await post(r, '/api/vehicles', {
    customerId: layla.id,
    make: 'Toyota',
    model: 'Camry',
    year: 2020,
    plateNumber: 'DXB-4521',
  });
  const omar = await post(r, '/api/customers', { firstName: 'Omar', lastName: 'Khalil', phone: '+971507654321' });
  const hilux = await post(r, '/api/vehicles', { customerId: omar.id, make: 'Toyota', model: 'Hilux', year: 2021, plateNumber: 'DXB-200' });
  const pads = await post(r, '/api/spare-parts', {
    name: 'Brake pad set',
    sku: 'BP-100',
    stockQuantity: 8,
    minimumStock: 2,
    unitPrice: '45.00',
  });
  await post(r, '/api/spare-parts', { name: 'Wiper blade', sku: 'WB-7', stockQuantity: 1, minimumStock: 5, unitPrice: '9.00' });

  // A brake job by Rami: 2.5 hours at 80.00 and two pad sets, completed today, invoiced, sent and partly paid.
  const job = await post(r, '/api/job-cards', {
    customerId: layla.id,
    vehicleId: camry.id,
    serviceType: 'Brake service',
    assignedTo: rami.id,
    labour: [{ description: 'Replace front pads', hours: 2.5, rate: '80.00' }],
    parts: [{ sparePartId: pads.id, quantity: 2 }],
  });
  const done = await r.patch(`/api/job-cards/${job.id}/status`, { data: { status: 'completed' } });
  expect(done.status(), await done.text()).toBe(200);
  const fromJob = await post<Invoice>(r, `/api/tenants/${me.tenantId}/job-cards/${job.id}/invoice`, {});
  await put(r, `/api/tenants/${me.tenantId}/invoices/${fromJob.id}`, { status: 'sent', dueDate: addDays(today, 14) });
  const paid = await post<Invoice>(
    r,
    `/api/tenants/${me.tenantId}/invoices/${fromJob.id}/record-payment`,
    { paidAmount: 100, paymentMethod: 'cash' },
    200,
  );

  // An older invoice, 40 days past due: the 31-60 bucket of the receivables, outside this month.
  const old = await post<Invoice>(r, `/api/tenants/${me.tenantId}/invoices`, {
    customerId: omar.id,
    vehicleId: hilux.id,
    description: 'Timing belt',
    laborCost: 300,
    status: 'sent',
    invoiceDate: addDays(today, -45),
    dueDate: addDays(today, -40),
  });
  // An estimate not (yet) converted, and two fleet vehicles: one due for service soon, low on fuel; one overdue.
  await post(r, `/api/tenants/${me.tenantId}/estimates`, {
    customerId: omar.id,
    vehicleId: hilux.id,
    description: 'Clutch',
    laborCost: 120,
    status: 'sent',
  });
  await post(r, '/api/fleet-vehicles', { vehicleId: hilux.id, fleetNumber: 'FL-01', fuelLevel: 20, nextServiceDate: addDays(today, 10) });
  await post(r, '/api/fleet-vehicles', {
    vehicleId: camry.id,
    fleetNumber: 'FL-02',
    status: 'maintenance',
    fuelLevel: 80,
    nextServiceDate: addDays(today, -3),
  });
  return { tenantId: me.tenantId, fromJob: { ...fromJob, balanceAmount: paid.balanceAmount }, old, hilux };
}

const usd = (amount: string | number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));
const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`).getByTestId('figure-value');
/** A report once it shows the answer for these days. */
const reportFor = (page: Page, name: string, from: string, to: string) =>
  page.locator(`[data-testid="report-${name}"][data-period="${from}..${to}"]:not([aria-busy])`);
const bucket = (page: Page, key: string) => page.getByTestId('ageing').locator(`[data-testid="bar-item"][data-key="${key}"]`);

/** Hovers (or taps) a chart at a point: the point's x position in the plotting area, by its index. */
async function pointAt(chart: Locator, index: number, count: number, tap = false) {
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  const rtl = (await chart.locator('[data-chart-direction]').getAttribute('data-chart-direction')) === 'rtl';
  const share = (index + 0.5) / count;
  const x = box.x + box.width * (rtl ? 1 - share : share);
  const y = box.y + box.height / 2;
  if (tap) await chart.page().touchscreen.tap(x, y);
  else await chart.page().mouse.move(x, y);
}

const thisMonth = presetPeriod('this_month', today)!;

/** The whole page, every report, for a person to look at (test-results/, beside the screen-sized ones). */
const wholePage = (page: Page, name: string) => page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });

describe('analytics', () => {
  it('shows the period’s figures, their table and CSV, switches presets in the address, and opens the invoices of a receivables bucket', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { tenantId, fromJob, old, hilux } = await workshop(context);
    const page = await context.newPage();

    await page.goto('/analytics');
    await reportFor(page, 'revenue', thisMonth.from, today).locator('[data-testid="figure-invoiced"]').waitFor();
    expect(await page.getByTestId('period-preset').inputValue()).toBe('this_month');
    expect(await figure(page, 'invoiced').textContent()).toBe(usd(fromJob.totalAmount));
    expect(await figure(page, 'collected').textContent()).toBe(usd(100));
    expect(await figure(page, 'outstanding').textContent()).toBe(usd(Number(fromJob.balanceAmount) + Number(old.totalAmount)));
    expect(await bucket(page, 'current').getByTestId('bar-value').textContent()).toBe(usd(fromJob.balanceAmount));
    expect(await bucket(page, '31-60').getByTestId('bar-value').textContent()).toBe(usd(old.totalAmount));
    expect(await bucket(page, '1-30').getByTestId('bar-value').textContent()).toBe(usd(0));

    // Jobs, the technician and the parts of the brake job.
    await reportFor(page, 'jobs', thisMonth.from, today).waitFor();
    expect(await figure(page, 'completed').textContent()).toBe('1');
    expect(await figure(page, 'car-count').textContent()).toBe('1');
    expect(await page.getByTestId('jobs-by-service-type').textContent()).toContain('Brake service');
    const rami = page.locator('[data-testid="technician-row"][data-name="Rami Odeh"]');
    await rami.waitFor();
    expect(await rami.locator('[data-column="jobCards"]').textContent()).toBe('1');
    expect(await rami.locator('[data-column="hoursBilled"]').textContent()).toBe('2.5 h');
    await reportFor(page, 'parts', thisMonth.from, today).waitFor();
    expect(await figure(page, 'parts-used').textContent()).toBe('2');
    expect(await page.getByTestId('parts-by-quantity').textContent()).toContain('Brake pad set');
    expect(await page.getByTestId('below-minimum-parts').textContent()).toContain('Wiper blade');
    expect(await page.getByTestId('below-minimum-parts').getByRole('link').first().getAttribute('href')).toBe('/inventory?q=WB-7');
    // Customers: one new (Layla's job), one estimate not converted.
    await reportFor(page, 'customers', thisMonth.from, today).waitFor();
    expect(await figure(page, 'new-customers').textContent()).toBe('1');
    expect(await page.getByTestId('figure-conversion').textContent()).toContain('0 of 1 estimates');
    // The fleet now: the overdue vehicle first, each linking to its vehicle.
    await reportFor(page, 'fleet', thisMonth.from, today).waitFor();
    expect(await figure(page, 'service-due').textContent()).toBe('2');
    const due = page.getByTestId('service-due-vehicle');
    expect(await due.first().textContent()).toContain('FL-02');
    expect(await due.first().textContent()).toContain('Overdue');
    expect(await due.nth(1).getAttribute('href')).toBe(`/vehicles/${hilux.id}`);
    expect(await page.getByTestId('fleet-fuel').locator('[data-key="0-25"]').getAttribute('data-value')).toBe('1');

    // The chart's tooltip on hover: today's point.
    const chart = page.getByTestId('revenue-chart');
    await pointAt(chart, periodDays({ from: thisMonth.from, to: today }) - 1, periodDays(thisMonth));
    const tooltip = chart.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(formatDate(today, 'en'));
    expect(await tooltip.textContent()).toContain(usd(fromJob.totalAmount));
    await screenshot(page, 'analytics-desktop-en');
    await wholePage(page, 'analytics-desktop-en-full');

    // The dark theme: the charts are drawn again in its colours.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await chart.locator('[data-drawn-for~="dark"]').waitFor();
    await screenshot(page, 'analytics-desktop-dark-en');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await chart.locator('[data-drawn-for]:not([data-drawn-for~="dark"])').waitFor();

    // The table behind the chart.
    await page.getByTestId('revenue-view-table').click();
    const table = page.getByTestId('table-revenue');
    const todayRow = table.getByTestId('data-row').filter({ hasText: formatDate(today, 'en') });
    await todayRow.waitFor();
    expect(await todayRow.textContent()).toBe(`${formatDate(today, 'en')}${usd(fromJob.totalAmount)}${usd(100)}`);
    expect(await table.getByTestId('data-row').count()).toBe(periodDays(thisMonth));
    expect(await page.getByTestId('table-revenue-ageing').getByTestId('data-row').count()).toBe(5);

    // Its CSV: one line a day, amounts as decimals.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('revenue-csv').click()]);
    expect(download.suggestedFilename()).toBe(thisMonth.from === today ? `revenue-${today}.csv` : `revenue-${thisMonth.from}-${today}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Start date,Invoiced,Collected');
    expect(lines).toContain(`${today},${fromJob.totalAmount},100.00`);
    expect(lines.length).toBe(periodDays(thisMonth) + 1);
    expect(lines.filter((line) => !line.endsWith(',0.00,0.00'))).toEqual([lines[0], `${today},${fromJob.totalAmount},100.00`]);

    // The technicians' table sorts by a column.
    await page.getByTestId('sort-name').click();
    expect(await page.getByTestId('sort-name').locator('..').getAttribute('aria-sort')).toBe('ascending');

    // Another preset: in the address, and the figures follow (the old invoice is in the last 12 months).
    const year = presetPeriod('last_12_months', today)!;
    await page.getByTestId('period-preset').selectOption('last_12_months');
    await page.waitForURL((url) => url.searchParams.get('preset') === 'last_12_months');
    await reportFor(page, 'revenue', year.from, today).waitFor();
    expect(await figure(page, 'invoiced').textContent()).toBe(usd(Number(fromJob.totalAmount) + Number(old.totalAmount)));
    expect(await page.getByTestId('interval-month').getAttribute('aria-pressed')).toBe('true');

    // Compared with the 12 months before: nothing then, so the figures are new.
    await page.getByTestId('period-compare').click();
    await page.waitForURL((url) => url.searchParams.get('compare') === '1');
    const compared = page.locator(`[data-testid="report-revenue"][data-compare="true"]:not([aria-busy])`);
    await compared.waitFor();
    expect(await compared.getByTestId('figure-invoiced').getByTestId('change').getAttribute('data-change')).toBe('new');
    expect(await page.getByTestId('period-previous').textContent()).toMatch(/^compared with /);
    await page.getByTestId('revenue-view-chart').click();
    await page.getByTestId('revenue-chart').getByTestId('revenue-chart-legend').getByText('Invoiced, previous period').waitFor();
    await screenshot(page, 'analytics-compare-en');

    // A reload shows the same period.
    await page.reload();
    expect(await takenOver(page)).toBe('hydrated');
    await reportFor(page, 'revenue', year.from, today).waitFor();
    expect(await page.getByTestId('period-preset').inputValue()).toBe('last_12_months');
    expect(await page.getByTestId('period-compare').getAttribute('aria-checked')).toBe('true');

    // A custom range: refused with the dictionary's messages, applied when it is right.
    await page.getByTestId('period-preset').selectOption('custom');
    await page.waitForURL((url) => url.searchParams.has('from'));
    await page.getByTestId('range-to').fill(addDays(year.from, -1));
    await page.getByText('The end date must be on or after the start date').waitFor();
    await page.getByTestId('range-from').fill('2015-01-01');
    await page.getByTestId('range-to').fill('2020-01-01');
    await page.getByText('A report covers at most 5 years').waitFor();
    await page.getByTestId('range-to').fill(today);
    await page.getByTestId('range-from').fill(addDays(today, -45));
    await page.waitForURL((url) => url.searchParams.get('from') === addDays(today, -45) && url.searchParams.get('to') === today);
    await reportFor(page, 'revenue', addDays(today, -45), today).waitFor();
    expect(await figure(page, 'invoiced').textContent()).toBe(usd(Number(fromJob.totalAmount) + Number(old.totalAmount)));

    // A receivables bucket opens the invoices that make it up.
    await bucket(page, '31-60').getByRole('link').click();
    await waitForPath(page, '/invoices');
    expect(new URL(page.url()).searchParams.get('ageing')).toBe('31-60');
    await page.getByTestId('ageing-filter').getByText('Owing: 31–60 days overdue').waitFor();
    await page.locator(`[data-testid="invoice-row"][data-number="${old.invoiceNumber}"]`).waitFor();
    expect(await page.getByTestId('invoice-row').count()).toBe(1);
    await screenshot(page, 'invoices-ageing-en');
    await page.getByTestId('clear-ageing').click();
    await page.waitForURL((url) => !url.searchParams.has('ageing'));
    await page.locator(`[data-testid="invoice-row"][data-number="${fromJob.invoiceNumber}"]`).waitFor();
    expect(await page.getByTestId('invoice-row').count()).toBe(2);

    // A payment taken meanwhile shows when the reports are opened again (from the navigation, no reload).
    await post(
      context.request,
      `/api/tenants/${tenantId}/invoices/${old.id}/record-payment`,
      { paidAmount: 30, paymentMethod: 'bank_transfer' },
      200,
    );
    await page.getByTestId('sidebar').getByRole('link', { name: 'Analytics' }).click();
    await waitForPath(page, '/analytics');
    await page.locator('[data-testid="figure-collected"]').getByText(usd(130)).waitFor();
    expect(await bucket(page, '31-60').getByTestId('bar-value').textContent()).toBe(usd(Number(old.totalAmount) - 30));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic: the time axis reversed, the value axis and the bars on the right', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { fromJob } = await workshop(context);
    const page = await context.newPage();
    await chooseLanguage(page, 'ar');
    await page.goto('/analytics');
    // Rendered on the server (the browser has run the app before), then taken over as drawn.
    await page.goto('/analytics');
    expect(await takenOver(page)).toBe('hydrated');
    await reportFor(page, 'revenue', thisMonth.from, today).locator('[data-testid="figure-invoiced"]').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByTestId('report-revenue').getByRole('heading', { level: 3 }).textContent()).toBe('الإيرادات');
    expect(await figure(page, 'invoiced').textContent()).toBe(formatMoney(fromJob.totalAmount, 'USD', 'ar'));

    // The chart: its time runs from the right, its values axis stands on the right.
    const chart = page.getByTestId('revenue-chart');
    expect(await chart.locator('[data-chart-direction]').getAttribute('data-chart-direction')).toBe('rtl');
    const axes = await chart.evaluate((el) => {
      const over = el.querySelector('.u-over')!.getBoundingClientRect();
      return [...el.querySelectorAll('.u-axis')].map((axis) => {
        const box = axis.getBoundingClientRect();
        return { left: box.left, right: box.right, overLeft: over.left, overRight: over.right, tall: box.height > box.width };
      });
    });
    const valueAxis = axes.find((a) => a.tall)!;
    expect(valueAxis.left).toBeGreaterThanOrEqual(valueAxis.overRight - 1);
    // Today's point (the latest) is left of the month's first day: hovering the left part shows it.
    await pointAt(chart, periodDays({ from: thisMonth.from, to: today }) - 1, periodDays(thisMonth));
    const tooltip = chart.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(formatDate(today, 'ar'));

    // A bar list grows from the right.
    const bar = bucket(page, 'current').getByTestId('bar');
    const [track, fill] = await bar.evaluate((el) => [
      el.parentElement!.getBoundingClientRect().toJSON(),
      el.getBoundingClientRect().toJSON(),
    ]);
    expect(Math.abs(fill.right - track.right)).toBeLessThanOrEqual(1);
    expect(fill.left).toBeGreaterThan(track.left + 1);
    expect(await bucket(page, 'current').getByTestId('bar-value').textContent()).toBe(formatMoney(fromJob.balanceAmount, 'USD', 'ar'));
    await screenshot(page, 'analytics-desktop-ar');
    await wholePage(page, 'analytics-desktop-ar-full');

    // The bucket's invoices, with the filter's chip in Arabic.
    await bucket(page, 'current').getByRole('link').click();
    await waitForPath(page, '/invoices');
    await page
      .getByTestId('ageing-filter')
      .getByText(/لم يحن موعد استحقاقها/)
      .waitFor();
    await page.locator(`[data-testid="invoice-row"][data-number="${fromJob.invoiceNumber}"]`).waitFor();
    await screenshot(page, 'invoices-ageing-ar');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone: a tap shows a point, nothing wider than the screen', async () => {
    const context = await newContext(env.browser, env.server.url, { viewport: PHONE });
    const errors = trackErrors(context);
    const { fromJob } = await workshop(context);
    const page = await context.newPage();
    await page.goto('/analytics');
    await reportFor(page, 'revenue', thisMonth.from, today).locator('[data-testid="figure-invoiced"]').waitFor();
    const chart = page.getByTestId('revenue-chart');
    await chart.scrollIntoViewIfNeeded();
    await pointAt(chart, periodDays({ from: thisMonth.from, to: today }) - 1, periodDays(thisMonth), true);
    const tooltip = chart.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(usd(fromJob.totalAmount));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'analytics-phone-en');
    await wholePage(page, 'analytics-phone-en-full');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints every report with its numbers as tables, without the app around it', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    const { fromJob } = await workshop(context);
    const page = await context.newPage();
    // The browser's print dialog, recorded: which view each report was in when it opened.
    await page.addInitScript(() => {
      window.print = () => {
        const views = [...document.querySelectorAll<HTMLElement>('[data-testid^="report-"][data-view]')].map((el) => el.dataset.view);
        (window as unknown as { printed: unknown[] }).printed = [...((window as unknown as { printed?: unknown[] }).printed ?? []), views];
      };
    });
    await page.goto('/analytics');
    await reportFor(page, 'revenue', thisMonth.from, today).locator('[data-testid="figure-invoiced"]').waitFor();
    await reportFor(page, 'fleet', thisMonth.from, today).waitFor();
    await page.getByTestId('analytics-print').click();
    expect(await page.evaluate(() => (window as unknown as { printed: unknown[] }).printed)).toEqual([Array(6).fill('table')]);
    // Back on screen: the charts again.
    expect(await page.getByTestId('report-revenue').getAttribute('data-view')).toBe('chart');

    // The browser's own Print (Ctrl+P) as printed: tables, no navigation, no buttons.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    await page.getByTestId('table-revenue').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByTestId('analytics-print').isVisible()).toBe(false);
    expect(await page.getByTestId('revenue-csv').isVisible()).toBe(false);
    expect(
      await page
        .getByTestId('table-revenue')
        .getByTestId('data-row')
        .filter({ hasText: usd(fromJob.totalAmount) })
        .count(),
    ).toBe(1);
    await wholePage(page, 'analytics-print-en');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.getByTestId('revenue-chart').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not for technicians: no navigation entry, the page says so and the API refuses', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const { tenantId } = await workshop(admin);
    const account = newAccount('tech');
    await post(admin.request, '/api/users', {
      username: account.username,
      firstName: 'Tina',
      lastName: 'Tech',
      email: account.email,
      role: 'technician',
      password: account.password,
    });
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
    await page.goto('/');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await page.goto('/analytics');
    await page.getByTestId('analytics-no-access').waitFor();
    expect(await page.getByTestId('report-revenue').count()).toBe(0);
    const res = await context.request.get(`/api/tenants/${tenantId}/analytics/revenue?from=${thisMonth.from}&to=${today}`);
    expect(res.status()).toBe(403);
    expect(errors).toEqual([]);
    await Promise.all([context.close(), admin.close()]);
  });
});
