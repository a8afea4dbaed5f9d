import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  animationsDone,
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

/** A signed-in admin who has finished onboarding, on the dashboard. */
async function signedIn(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(env.browser, env.server.url, { viewport });
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('shell'), { completeOnboarding: true });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('dashboard').waitFor();
  return { context, page, errors };
}

async function chooseLanguage(page: Page, name: 'English' | 'العربية') {
  await page.getByTestId('settings-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
}

describe('application shell', () => {
  it('shows the dashboard frame with sidebar groups, the signed-in user and the page title', async () => {
    const { context, page, errors } = await signedIn();
    expect(await page.getByTestId('page-title').textContent()).toBe('Dashboard');
    expect(await page.title()).toBe('Dashboard · Workbay');
    expect(await page.getByText('Welcome back, Sam').isVisible()).toBe(true);
    expect(await page.getByText('Get your workshop ready').isVisible()).toBe(true);

    const sidebar = page.getByTestId('sidebar');
    for (const group of [
      'Overview',
      'Field Service',
      'Garage Operations',
      'Fleet Management',
      'Financial',
      'AI & Automation',
      'Administration',
      'Personal',
    ]) {
      expect(await sidebar.getByText(group, { exact: true }).isVisible(), group).toBe(true);
    }
    const active = sidebar.locator('a[aria-current="page"]');
    expect(await active.textContent()).toBe('Dashboard');
    expect(await sidebar.getByTestId('sidebar-footer').textContent()).toContain('Sam Rivera');
    expect(await sidebar.getByTestId('sidebar-footer').textContent()).toContain('Admin');
    // No invented unread count on Notifications.
    expect(await sidebar.getByRole('link', { name: 'Notifications' }).textContent()).toBe('Notifications');

    // A collapsible group hides its links and shows them again.
    await sidebar.getByRole('button', { name: 'Garage Operations' }).click();
    await sidebar.getByRole('link', { name: 'Job Cards' }).waitFor({ state: 'detached' });
    await sidebar.getByRole('button', { name: 'Garage Operations' }).click();
    await sidebar.getByRole('link', { name: 'Job Cards' }).waitFor();

    await screenshot(page, 'dashboard-desktop-en');
    // The live channel is open.
    await page.locator('[data-testid="live-indicator"][data-connected="true"]').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('navigates with the keyboard shortcuts and shows their list on Shift+?', async () => {
    const { context, page } = await signedIn();
    await page.keyboard.press('Control+t');
    await waitForPath(page, '/technicians');
    await page.getByTestId('technicians-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Technicians');
    expect(await page.getByText('Manage your technician workforce').first().isVisible()).toBe(true);

    // Ctrl+K opens the command palette; pressed again there, it goes to Tasks (the spec's Ctrl+K).
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.press('Control+k');
    await waitForPath(page, '/tasks');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+d');
    await waitForPath(page, '/');

    await page.keyboard.press('Shift+?');
    const help = page.getByRole('alertdialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const text of ['Go to Dashboard', 'Go to Technicians', 'Go to Tasks (press twice)', 'Search and commands (⌘K on a Mac)']) {
      expect(await help.getByText(text).isVisible()).toBe(true);
    }
    await help.getByRole('button', { name: 'Got it' }).click();
    await help.waitFor({ state: 'detached' });

    // Typing "?" in a field types it; it does not open the list.
    await page.getByRole('searchbox', { name: 'Search' }).press('Shift+?');
    expect(await page.getByTestId('palette-input').inputValue()).toBe('?');
    await page.getByTestId('palette-input').press('Shift+?');
    expect(await page.getByTestId('palette-input').inputValue()).toBe('??');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });

    // The settings menu opens the same list.
    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitem', { name: /Keyboard shortcuts/ }).click();
    await page.getByRole('alertdialog', { name: 'Keyboard shortcuts' }).waitFor();
    await context.close();
  });

  it('searches from the top bar in the command palette', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('Toyota');
    // What is typed goes on in the palette; a new workshop has nothing of the kind.
    await page.getByTestId('palette-status').getByText('Nothing matches “Toyota”.').waitFor();
    expect(await page.getByTestId('palette-input').inputValue()).toBe('Toyota');
    await context.close();
  });

  it('switches to Arabic: right-to-left, Arabic text, kept after a reload', async () => {
    const { context, page, errors } = await signedIn();
    await chooseLanguage(page, 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.getByTestId('page-title').textContent()).toBe('لوحة التحكم');
    expect(await page.getByTestId('sidebar').getByText('عمليات الورشة').isVisible()).toBe(true);
    expect(await page.getByTestId('sidebar-footer').textContent()).toContain('مسؤول');
    // The sidebar sits on the right in Arabic.
    const box = await page.getByTestId('sidebar').boundingBox();
    expect(box!.x).toBeGreaterThan(1000);
    await screenshot(page, 'dashboard-desktop-ar');

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang, localStorage.getItem('language')]),
    ).toEqual(['rtl', 'ar', 'ar']);
    expect(await page.getByTestId('page-title').textContent()).toBe('لوحة التحكم');
    expect(await page.title()).toBe('لوحة التحكم · Workbay');

    await page.goto('/users');
    await page.getByRole('heading', { name: 'أعضاء الفريق' }).waitFor();
    await screenshot(page, 'users-desktop-ar');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'بيانات الورشة' }).waitFor();
    await screenshot(page, 'settings-desktop-ar');

    await chooseLanguage(page, 'English');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByTestId('page-title').textContent()).toBe('Settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps high contrast and the dark theme after a reload', async () => {
    const { context, page } = await signedIn();
    const classes = () => page.evaluate(() => document.documentElement.className);
    expect(await classes()).not.toContain('high-contrast');
    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'High contrast' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('high-contrast'));
    expect(await page.evaluate(() => localStorage.getItem('high-contrast-mode'))).toBe('true');
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await classes()).toContain('high-contrast');
    // Muted text is near-black in high contrast.
    const muted = await page.getByText('Get your workshop ready').evaluate((el) => getComputedStyle(el).color);
    expect(muted).toMatch(/oklch\(0 0 0\)|rgb\(0, 0, 0\)/);
    await screenshot(page, 'dashboard-desktop-high-contrast');

    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'Dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await classes()).toContain('dark');
    await screenshot(page, 'dashboard-desktop-dark-high-contrast');

    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'High contrast' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('high-contrast'));
    expect(await page.evaluate(() => localStorage.getItem('high-contrast-mode'))).toBe('false');
    await screenshot(page, 'dashboard-desktop-dark');
    await context.close();
  });

  it('opens and closes the navigation drawer on a phone', async () => {
    const { context, page } = await signedIn(PHONE);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(false);
    expect(await page.getByTestId('open-search').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-phone-en');

    await page.getByTestId('open-navigation').click();
    const drawer = page.getByTestId('navigation-drawer');
    await drawer.waitFor();
    await animationsDone(drawer);
    await screenshot(page, 'drawer-phone-en');
    await drawer.getByRole('link', { name: 'Vehicles' }).click();
    await waitForPath(page, '/vehicles');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.getByTestId('page-title').textContent()).toBe('Vehicles');

    // Arabic on a phone: the drawer comes in from the right.
    await chooseLanguage(page, 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto('/');
    await page.getByTestId('dashboard').waitFor();
    await screenshot(page, 'dashboard-phone-ar');
    await page.getByTestId('open-navigation').click();
    await drawer.waitFor();
    await animationsDone(drawer);
    const box = await drawer.boundingBox();
    expect(Math.round(box!.x + box!.width)).toBe(PHONE.width);
    await screenshot(page, 'drawer-phone-ar');
    await drawer.getByRole('link', { name: 'الملف الشخصي' }).click();
    await waitForPath(page, '/profile');
    await drawer.waitFor({ state: 'detached' });
    await page.getByText('البيانات الشخصية').waitFor();
    await screenshot(page, 'profile-phone-ar');
    await context.close();
  });
});
