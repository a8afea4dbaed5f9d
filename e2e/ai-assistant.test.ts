import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { newAccount, newContext, PHONE, registerViaApi, screenshot, toastRegion, trackErrors, useServerAndBrowser } from './harness';

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
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
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
});
