import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  startServer,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

type Row = { id: number };

async function post<T = Row>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function signedIn(viewport?: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page; errors: string[]; tenantId: number }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  const me = await registerViaApi(context, newAccount('ai'), { completeOnboarding: true });
  return { context, page: await context.newPage(), errors, tenantId: me.tenantId };
}

/** The sample workshop (customers, vehicles, parts, technicians and two years of completed job cards). */
async function seed(request: APIRequestContext) {
  const res = await request.post('/api/admin/seed-database');
  expect(res.status(), await res.text()).toBe(200);
}

async function get<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

type SeedVehicle = { id: number; customerId: number; make: string; model: string; plateNumber: string; mileage: number | null };

/** A seeded vehicle with some history (the first of a make the seed services often). */
async function seededVehicle(request: APIRequestContext, tenantId: number, q = 'Toyota'): Promise<SeedVehicle> {
  const [vehicle] = await get<SeedVehicle[]>(request, `/api/tenants/${tenantId}/vehicles?q=${encodeURIComponent(q)}&limit=1`);
  expect(vehicle).toBeTruthy();
  return vehicle;
}

/** Opens a server-searching picker by its test id, types, and chooses the option showing `text`. */
async function pick(page: Page, testId: string, search: string, text: string | RegExp = search) {
  await page.getByTestId(testId).click();
  const box = page.locator('[role="combobox"][aria-expanded="true"]');
  await box.fill(search);
  await page.getByRole('option').filter({ hasText: text }).first().click();
  await box.waitFor({ state: 'detached' });
}

/** A technician of the admin's workshop, signed in (new password set, onboarding done) in a context of their own. */
async function technician(admin: APIRequestContext, viewport?: { width: number; height: number }) {
  const account = newAccount('tech');
  await post(admin, '/api/users', {
    username: account.username,
    firstName: 'Nadia',
    lastName: 'Karim',
    email: account.email,
    role: 'technician',
    password: account.password,
  });
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  const login = await context.request.post('/api/login', { data: { username: account.username, password: account.password } });
  expect(login.status()).toBe(200);
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: 'tech-pass-12345' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, page: await context.newPage(), errors };
}

const TABS = ['estimate', 'maintenance', 'parts', 'schedule', 'chat'] as const;

/** The one toast shown now: its title and text. */
async function toastText(page: Page, title: string) {
  const toast = toastRegion(page).getByText(title, { exact: true });
  await toast.waitFor();
  return (await toastRegion(page).textContent()) ?? '';
}

describe('AI assistant', () => {
  it('has the five tabs in the address, keyboard reachable, each asking for what it misses (English and Arabic, desktop and phone)', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/ai-assistant');
    await page.getByTestId('estimate-form').waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Job Estimation',
      'Predictive Maintenance',
      'Parts Recommendation',
      'Smart Scheduling',
      'AI Chat',
    ]);
    expect(await page.getByTestId('estimate-empty').isVisible()).toBe(true);
    await screenshot(page, 'ai-estimate-empty-desktop-en');

    // Missing Information, with the spec's wording per tab.
    await page.getByTestId('ask-estimate').click();
    expect(await toastText(page, 'Missing Information')).toContain('job description and vehicle details');

    // Keyboard: arrows move between tabs, the address follows.
    await page.getByTestId('ai-tab-estimate').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('maintenance-form').waitFor();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'maintenance');
    await page.getByTestId('ask-maintenance').click();
    expect(await toastText(page, 'Missing Information')).toContain('vehicle and its mileage');

    await page.getByTestId('ai-tab-parts').click();
    await page.getByTestId('parts-form').waitFor();
    await page.getByTestId('parts-service').fill('Brake service');
    await page.getByTestId('ask-parts').click();
    expect(await toastText(page, 'Missing Information')).toContain('service type, vehicle make and vehicle model');

    await page.getByTestId('ai-tab-schedule').click();
    await page.getByTestId('schedule-form').waitFor();
    for (const kind of ['tasks', 'bookings', 'appointments']) await page.getByTestId(`schedule-include-${kind}`).click();
    await page.getByTestId('ask-schedule').click();
    expect(await toastText(page, 'Missing Information')).toContain('scheduling data');

    await page.getByTestId('ai-tab-chat').click();
    await page.getByTestId('chat-welcome').waitFor();
    // An empty message is ignored (spec section 5): nothing is sent.
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/ai/chat')) sent = true;
    });
    await page.getByTestId('chat-input').fill('   ');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-send').click();
    expect(sent).toBe(false);
    expect(await page.getByTestId('chat-question').count()).toBe(0);

    // A reload keeps the tab.
    await page.reload();
    await page.getByTestId('chat-welcome').waitFor();
    expect(await page.getByTestId('ai-tab-chat').getAttribute('aria-selected')).toBe('true');

    // Arabic, right to left.
    await chooseLanguage(page, 'ar');
    await page.goto('/ai-assistant?tab=estimate');
    await page.getByTestId('estimate-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'تقدير العمل',
      'الصيانة التنبؤية',
      'اقتراح القطع',
      'الجدولة الذكية',
      'المحادثة الذكية',
    ]);
    // The first tab is the rightmost.
    const first = (await page.getByTestId('ai-tab-estimate').boundingBox())!;
    const last = (await page.getByTestId('ai-tab-chat').boundingBox())!;
    expect(first.x).toBeGreaterThan(last.x);
    await page.getByTestId('ask-estimate').click();
    expect(await toastText(page, 'معلومات ناقصة')).toContain('وصف العمل وتفاصيل المركبة');
    await screenshot(page, 'ai-estimate-empty-desktop-ar');
    for (const tab of TABS) {
      await page.getByTestId(`ai-tab-${tab}`).click();
      await page.getByTestId(tab === 'chat' ? 'chat' : `${tab}-form`).waitFor();
    }

    // A phone: the tabs scroll sideways inside their strip, the page does not.
    await page.setViewportSize(PHONE);
    await page.getByTestId('ai-tab-estimate').click();
    await page.getByTestId('estimate-form').waitFor();
    await screenshot(page, 'ai-estimate-phone-ar');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('estimates a job from similar past job cards, then applies it to a job card after a confirmation', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const r = context.request;
    await seed(r);
    const car = await seededVehicle(r, tenantId);
    const card = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: car.customerId,
      vehicleId: car.id,
      serviceType: 'Brake service',
    });

    await page.goto('/ai-assistant');
    await page.getByLabel('Job description').fill('Front brake pads worn, squeal when braking: replace pads and bleed the fluid');
    await pick(page, 'estimate-vehicle', car.plateNumber);
    const answered = page.waitForResponse((res) => res.url().endsWith('/ai/estimate-job'));
    await page.getByTestId('ask-estimate').click();
    const estimate = (await (await answered).json()) as { id: number; totalCost: string; basedOn: Array<{ id: number }> };
    expect(await toastText(page, 'Estimation Complete')).toContain('similar job cards');
    const result = page.getByTestId('estimate-result');
    await result.waitFor();
    await page.waitForURL((url) => url.searchParams.get('estimate') === String(estimate.id));
    expect(estimate.basedOn.length).toBeGreaterThan(0);
    // Why: the job cards it stands on, each opening its screen.
    const first = result.getByTestId('based-on').getByTestId('citation').first();
    expect(await first.getAttribute('href')).toBe(`/job-cards/${estimate.basedOn[0].id}`);
    expect(await result.getByTestId('confidence').isVisible()).toBe(true);
    expect(await result.getByTestId('estimate-total').textContent()).toContain('$');
    await screenshot(page, 'ai-estimate-result-desktop-en');

    await result.getByTestId('apply-estimate').click();
    const dialog = page.getByTestId('apply-estimate-dialog');
    await dialog.waitFor();
    // Confirm without a job card: told to pick one.
    await dialog.getByTestId('confirm-apply').click();
    await dialog.getByRole('alert').waitFor();
    await pick(page, 'job-card-picker', card.jobNumber);
    expect(await dialog.getByTestId('apply-preview').textContent()).toContain('$');
    await screenshot(page, 'ai-estimate-apply-desktop-en');
    await dialog.getByTestId('confirm-apply').click();
    expect(await toastText(page, 'Applied')).toContain(card.jobNumber);
    await result.locator('[data-testid="record-status"][data-status="applied"]').waitFor();
    expect(await result.getByTestId('decided-by').textContent()).toContain('by you');
    expect(await result.getByTestId('apply-estimate').count()).toBe(0);
    const saved = await get<{ estimatedCost: string }>(r, `/api/job-cards/${card.id}`);
    expect(Number(saved.estimatedCost)).toBe(Number(estimate.totalCost));

    // Again, to a new job card: the estimation's vehicle and service type prefilled, a preview, confirm.
    const again = page.waitForResponse((res) => res.url().endsWith('/ai/estimate-job'));
    await page.getByTestId('ask-estimate').click();
    const second = (await (await again).json()) as { id: number; totalCost: string; serviceType: string };
    await page.waitForURL((url) => url.searchParams.get('estimate') === String(second.id));
    await result.getByTestId('apply-estimate').click();
    await dialog.waitFor();
    await dialog.getByTestId('estimate-target-new').click();
    expect(await dialog.getByTestId('new-job-card-service-type').inputValue()).toBe(second.serviceType);
    const preview = (await dialog.getByTestId('new-job-card-preview').textContent()) ?? '';
    expect(preview).toContain(car.plateNumber);
    expect(preview).toContain('$');
    await dialog.locator('[data-testid="estimate-target-new"][aria-checked="true"]').waitFor();
    // The dialog's fade and the switch's colour change finish before the picture.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await screenshot(page, 'ai-estimate-apply-new-desktop-en');
    const appliedNewRes = page.waitForResponse((res) => res.url().endsWith(`/job-estimations/${second.id}/apply`));
    await dialog.getByTestId('confirm-apply').click();
    const appliedNew = (await (await appliedNewRes).json()) as { status: string; appliedToJobCard: number };
    expect(appliedNew.status).toBe('applied');
    await toastRegion(page).getByText('A new job card was created with the estimate.').waitFor();
    await result.locator('[data-testid="record-status"][data-status="applied"]').waitFor();
    expect(await result.getByTestId('applied-job-card').getAttribute('href')).toBe(`/job-cards/${appliedNew.appliedToJobCard}`);
    const made = await get<{ customerId: number; vehicleId: number; serviceType: string; estimatedCost: string; status: string }>(
      r,
      `/api/job-cards/${appliedNew.appliedToJobCard}`,
    );
    expect(made).toMatchObject({ customerId: car.customerId, vehicleId: car.id, serviceType: second.serviceType, status: 'pending' });
    expect(Number(made.estimatedCost)).toBe(Number(second.totalCost));

    // The vehicle's page lists the estimate as applied, linking back to it.
    await page.goto(`/vehicles/${car.id}`);
    const history = page.getByTestId('ai-history');
    await history.locator('[data-testid="ai-history-item"][data-status="applied"]').first().waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'ai-vehicle-history-desktop-en');
    await history.getByTestId('ai-history-item').first().getByRole('link').click();
    await page.getByTestId('estimate-result').waitFor();
    expect(await page.getByTestId('record-status').getAttribute('data-status')).toBe('applied');

    // Arabic: the same answer, right to left, with the workshop's figures.
    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('estimate-result').getByText('التكلفة الإجمالية').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The notes are worded on the screen in Arabic from the answer's figures; names stay as typed.
    const notes = (await page.getByTestId('estimate-notes').textContent()) ?? '';
    expect(notes).toContain('بناءً على');
    expect(notes).toContain('الوقت المعتاد');
    expect(notes).not.toContain('Based on');
    await screenshot(page, 'ai-estimate-result-desktop-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('predicts maintenance from the vehicle and its mileage, acknowledges one prediction and books another', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const r = context.request;
    await seed(r);
    const car = await seededVehicle(r, tenantId);

    await page.goto('/ai-assistant?tab=maintenance');
    await pick(page, 'maintenance-vehicle', car.plateNumber);
    // The mileage comes from the vehicle's last reading.
    await expect.poll(() => page.getByTestId('maintenance-mileage').inputValue()).toBe(String(car.mileage ?? ''));
    if (!car.mileage) await page.getByTestId('maintenance-mileage').fill('50000');

    // Below the last reading: the server's 400 in the failure toast.
    if (car.mileage && car.mileage > 10) {
      await page.getByTestId('maintenance-mileage').fill('1');
      await page.getByTestId('ask-maintenance').click();
      expect(await toastText(page, 'Prediction Failed')).toContain('last reading');
      await page.getByTestId('maintenance-mileage').fill(String(car.mileage + 500));
    }
    await page.getByTestId('ask-maintenance').click();
    await toastText(page, 'Prediction Complete');
    const result = page.getByTestId('maintenance-result');
    await result.waitFor();
    const predictions = result.getByTestId('prediction');
    await predictions.first().waitFor();
    expect(await predictions.count()).toBeGreaterThan(1);
    expect(((await predictions.first().getByTestId('prediction-reason').textContent()) ?? '').length).toBeGreaterThan(5);
    expect(await predictions.first().getByTestId('due-at').textContent()).not.toBe('');
    await screenshot(page, 'ai-maintenance-result-desktop-en');

    const firstId = await predictions.first().getAttribute('data-record-id');
    await predictions.first().getByTestId('acknowledge-prediction').click();
    await page.getByTestId('confirm-acknowledge').click();
    await toastText(page, 'Prediction acknowledged');
    const acknowledged = result.locator(`[data-testid="prediction"][data-record-id="${firstId}"]`);
    await acknowledged.locator('[data-testid="record-status"][data-status="applied"]').waitFor();

    const second = result.locator('[data-testid="prediction"]').nth(1);
    await second.getByTestId('book-prediction').click();
    const book = page.getByTestId('book-dialog');
    await book.waitFor();
    // Two days ahead: an overdue prediction proposes today, and 10:30 today is past after 10:30 UTC.
    await book.getByTestId('book-date').fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await book.getByTestId('book-time').fill('10:30');
    await book.getByTestId('confirm-book').click();
    await toastText(page, 'Service booking created');
    await second.getByTestId('prediction-booking').waitFor();
    const bookings = await get<Array<{ vehicleId: number }>>(r, `/api/tenants/${tenantId}/service-bookings`);
    expect(bookings.some((b) => b.vehicleId === car.id)).toBe(true);

    // Arabic: urgency and the due line in Arabic, right to left.
    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('maintenance-result').getByText('الصيانة المتوقعة').waitFor();
    // Every prediction's reason in Arabic ("آخر خدمة …" or "لا يوجد سجل لخدمة …"), with the standard service's Arabic name.
    const reasons = await page.getByTestId('prediction-reason').allTextContents();
    expect(reasons.length).toBeGreaterThan(1);
    for (const reason of reasons) {
      expect(reason).toMatch(/آخر خدمة|لا يوجد سجل لخدمة/);
      expect(reason).not.toMatch(/\b(Last|No|due every)\b/);
    }
    expect(await page.getByTestId('prediction-description').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/[\u0600-\u06FF]/)]),
    );
    await screenshot(page, 'ai-maintenance-result-desktop-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('recommends catalogue parts for a service, make and model from a picked vehicle, and adds the chosen ones to a job card', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const r = context.request;
    await seed(r);
    const car = await seededVehicle(r, tenantId);
    const card = await post<{ id: number; jobNumber: string }>(r, '/api/job-cards', {
      customerId: car.customerId,
      vehicleId: car.id,
      serviceType: 'Brake service',
    });

    await page.goto('/ai-assistant?tab=parts');
    await pick(page, 'parts-vehicle', car.plateNumber);
    expect(await page.getByTestId('parts-make').inputValue()).toBe(car.make);
    expect(await page.getByTestId('parts-model').inputValue()).toBe(car.model);
    await page.getByTestId('parts-service').fill('Brake service');
    await page.getByTestId('ask-parts').click();
    await toastText(page, 'Recommendation Complete');
    const result = page.getByTestId('parts-result');
    const parts = result.getByTestId('recommended-part');
    await parts.first().waitFor();
    const skus = await parts.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-sku')));
    expect(skus.length).toBeGreaterThan(0);
    // Each part opens the inventory searched for it; its price in the workshop's currency.
    expect(await parts.first().getByTestId('part-link').getAttribute('href')).toBe(`/inventory?q=${encodeURIComponent(skus[0]!)}`);
    expect(await parts.first().getByTestId('part-price').textContent()).toContain('$');
    await screenshot(page, 'ai-parts-result-desktop-en');

    // Only the first part.
    for (let i = 1; i < skus.length; i++) await parts.nth(i).getByTestId('choose-part').click();
    await result.getByTestId('apply-parts').click();
    const dialog = page.getByTestId('apply-parts-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('apply-preview').textContent()).toContain('Chosen parts: 1');
    await pick(page, 'job-card-picker', card.jobNumber);
    await dialog.getByTestId('confirm-apply').click();
    expect(await toastText(page, 'Applied')).toContain('Parts added: 1');
    await result.locator('[data-testid="record-status"][data-status="applied"]').waitFor();
    await result.getByTestId('applied-job-card').waitFor();
    const saved = await get<{ parts: Array<{ sku: string }> }>(r, `/api/job-cards/${card.id}`);
    expect(saved.parts.map((p) => p.sku)).toEqual([skus[0]]);

    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('parts-result').getByText('القطع المقترحة').waitFor();
    // The reasoning and each part's reason in Arabic, part names kept.
    expect(await page.getByTestId('parts-reasoning').textContent()).toContain('بناءً على');
    for (const reason of await page.getByTestId('part-reason').allTextContents()) {
      expect(reason).toMatch(/^استُخدمت في/);
      expect(reason).not.toContain('Used on');
    }
    await screenshot(page, 'ai-parts-result-desktop-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('plans unassigned work and assigns it after a confirmation, listing what was assigned', async () => {
    const { context, page, errors, tenantId } = await signedIn();
    const r = context.request;
    await seed(r);
    const car = await seededVehicle(r, tenantId);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const booking = await post(r, '/api/service-bookings', {
      customerId: car.customerId,
      vehicleId: car.id,
      serviceType: 'Oil change',
      scheduledDate: `${day}T10:00:00.000Z`,
      duration: 60,
    });

    await page.goto('/ai-assistant?tab=schedule');
    await page.getByTestId('schedule-from').fill(day);
    await page.getByTestId('schedule-to').fill(day);
    await page.getByTestId('schedule-include-tasks').click();
    await page.getByTestId('schedule-include-appointments').click();
    await page.getByTestId('ask-schedule').click();
    await toastText(page, 'Scheduling Optimized');
    const result = page.getByTestId('schedule-result');
    await result.waitFor();
    const suggestion = result.locator(`[data-testid="schedule-suggestion"][data-kind="bookings"]`);
    await suggestion.first().waitFor();
    expect(await suggestion.count()).toBeGreaterThan(0);
    await screenshot(page, 'ai-schedule-result-desktop-en');

    await result.getByTestId('apply-schedule').click();
    await page.getByTestId('apply-schedule-dialog').waitFor();
    await page.getByTestId('confirm-apply').click();
    const applied = page.getByTestId('schedule-applied-dialog');
    await applied.waitFor();
    expect(await applied.getByTestId('applied-count').textContent()).toMatch(/^Assigned: [1-9]/);
    await screenshot(page, 'ai-schedule-applied-desktop-en');
    await applied.getByTestId('close-applied').click();
    await result.locator('[data-testid="record-status"][data-status="applied"]').waitFor();
    const saved = await get<{ technicianId: number | null }>(r, `/api/service-bookings/${booking.id}`);
    expect(saved.technicianId).not.toBeNull();

    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('schedule-result').getByText('الجدول المقترح').waitFor();
    await screenshot(page, 'ai-schedule-result-desktop-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers chat questions with linked records, says when it cannot answer, keeps the conversation (English, Arabic, phone)', async () => {
    const { context, page, errors } = await signedIn();
    await seed(context.request);
    await page.goto('/ai-assistant?tab=chat');
    await page.getByTestId('chat-welcome').waitFor();
    await page.getByTestId('chat-input').fill('What parts are running low?');
    await page.getByTestId('chat-input').press('Enter');
    const answer = page.getByTestId('chat-answer').first();
    await answer.waitFor();
    expect(await answer.getAttribute('data-tool')).not.toBeNull();
    const cited = answer.getByTestId('chat-citations').getByTestId('citation').first();
    expect(await cited.getAttribute('href')).toMatch(/^\/inventory\?q=/);

    await page.getByTestId('chat-input').fill('what is the weather in Dubai?');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-answer').nth(1).getByTestId('cant-answer').waitFor();
    await screenshot(page, 'ai-chat-desktop-en');

    // The conversation is stored: a reload reopens it.
    await page.reload();
    await page.getByTestId('chat-answer').nth(1).waitFor();
    expect(await page.getByTestId('chat-question').count()).toBe(2);

    // Arabic on a phone: the answer in Arabic, the input in view, the messages scrolling.
    await chooseLanguage(page, 'ar');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-welcome').waitFor();
    await page.getByTestId('chat-input').fill('ما جدول اليوم؟');
    await page.getByTestId('chat-input').press('Enter');
    const arabic = page.getByTestId('chat-answer').first();
    await arabic.waitFor();
    expect(await arabic.getByTestId('chat-text').textContent()).toMatch(/[\u0600-\u06FF]/);
    await page.getByTestId('chat-input').fill('ما القطع التي توشك على النفاد؟');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-answer').nth(1).waitFor();
    const input = (await page.getByTestId('chat-input').boundingBox())!;
    expect(input.y + input.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'ai-chat-phone-ar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a technician hours without costs, and no apply steps that are not theirs', async () => {
    const { context: admin, tenantId } = await signedIn();
    await seed(admin.request);
    const car = await seededVehicle(admin.request, tenantId);
    const { context, page, errors } = await technician(admin.request, PHONE);
    await page.goto('/ai-assistant');
    await page.getByLabel('Job description').fill('Oil and filter service with top-ups');
    await pick(page, 'estimate-vehicle', car.plateNumber);
    await page.getByTestId('ask-estimate').click();
    const result = page.getByTestId('estimate-result');
    await result.waitFor();
    await result.getByTestId('costs-hidden').waitFor();
    expect(await result.getByTestId('estimate-total').count()).toBe(0);
    expect(await result.getByTestId('estimate-hours').isVisible()).toBe(true);
    expect(await result.getByTestId('apply-estimate').count()).toBe(0);
    expect(await result.textContent()).not.toContain('$');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'ai-estimate-technician-phone-en');
    // In Arabic too: the notes worded in Arabic, still without money.
    await chooseLanguage(page, 'ar');
    await page.reload();
    await page.getByTestId('estimate-result').getByTestId('costs-hidden').waitFor();
    const notes = (await page.getByTestId('estimate-notes').textContent()) ?? '';
    expect(notes).toMatch(/بناءً على|لا توجد أوامر عمل/);
    expect(await page.getByTestId('estimate-result').textContent()).not.toMatch(/\$|الإجمالي المعتاد/);
    await chooseLanguage(page, 'en');
    await page.reload();
    await page.getByTestId('estimate-result').waitFor();

    await page.getByTestId('ai-tab-schedule').click();
    await page.getByTestId('ask-schedule').click();
    await page.getByTestId('schedule-result').waitFor();
    expect(await page.getByTestId('apply-schedule').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
    await admin.close();
  });

  it('says a failing model server in the Chat Failed toast (English and Arabic) and keeps the question', async () => {
    // A model server that answers, but not in the OpenAI-compatible shape.
    const model = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"nonsense":true}');
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const port = (model.address() as AddressInfo).port;
    const server = await startServer({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000' });
    try {
      const context = await newContext(env.browser, server.url);
      const errors = trackErrors(context);
      await registerViaApi(context, newAccount('model'), { completeOnboarding: true });
      const page = await context.newPage();
      await page.goto('/ai-assistant?tab=chat');
      await page.getByTestId('chat-welcome').waitFor();
      await page.getByTestId('chat-input').fill('How many job cards are open?');
      await page.getByTestId('chat-send').click();
      expect(await toastText(page, 'Chat Failed')).toContain('The AI model server gave an answer that could not be used');
      expect(await page.getByTestId('chat-input').inputValue()).toBe('How many job cards are open?');
      expect(await page.getByTestId('chat-question').count()).toBe(0);
      await screenshot(page, 'ai-chat-model-failed-desktop-en');

      await chooseLanguage(page, 'ar');
      await page.reload();
      await page.getByTestId('chat-welcome').waitFor();
      await page.getByTestId('chat-input').fill('كم بطاقة عمل مفتوحة؟');
      await page.getByTestId('chat-input').press('Enter');
      expect(await toastText(page, 'فشلت المحادثة')).toContain('خادم نموذج الذكاء الاصطناعي');

      // The other tools answer from the records without the model server.
      await page.getByTestId('ai-tab-estimate').click();
      await page.getByLabel('وصف العمل').fill('Oil and filter service');
      await page.getByLabel('تفاصيل المركبة').fill('2019 Toyota Corolla');
      await page.getByTestId('ask-estimate').click();
      await page.getByTestId('estimate-result').getByTestId('estimate-fallback').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
      model.close();
    }
  });
});
