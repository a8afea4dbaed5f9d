import { describe, expect, it } from 'vitest';
import { chooseLanguage, newAccount, newContext, PHONE, registerViaApi, screenshot, toastRegion, useServerAndBrowser } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('onboarding dialog', () => {
  it('walks through the three steps and saves the profile with Get Started', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('onb'));
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByTestId('onboarding-dialog');
    await dialog.waitFor();
    expect(await dialog.getByText('Step 1 of 3').isVisible()).toBe(true);
    const width = (await dialog.boundingBox())!.width;
    expect(width).toBeLessThanOrEqual(500);
    expect(await dialog.getByLabel('Phone number').getAttribute('type')).toBe('tel');
    await screenshot(page, 'onboarding-desktop-en');

    // Neither a click outside nor Escape dismisses it.
    await page.mouse.click(10, 10);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    // Next with a missing name is blocked with the spec's toast.
    await dialog.getByLabel('First name').fill('');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const toast = toastRegion(page);
    await toast.getByText('Required Fields').waitFor();
    expect(await toast.getByText('Please fill in your first and last name').isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);

    await dialog.getByLabel('First name').fill('Layla');
    await dialog.getByLabel('Last name').fill('Haddad');
    await dialog.getByLabel('Phone number').fill('+971 50 123 4567');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    expect(await dialog.getByLabel('Bio').getAttribute('rows')).toBe('4');
    expect(await dialog.getByText('Quick tips').isVisible()).toBe(true);
    await dialog.getByLabel('Bio').fill('Service advisor, ten years on the front desk.');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: "You're all set" }).waitFor();
    expect(await dialog.getByText('Great to have you, Layla!', { exact: false }).isVisible()).toBe(true);
    for (const blurb of ['Manage Technicians', 'Assign Tasks', 'Track Progress'])
      expect(await dialog.getByText(blurb).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Get Started' }).click();

    await toast.getByText('Welcome! 🎉').waitFor();
    expect(await toast.getByText('Your profile has been set up successfully').isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sidebar-footer').textContent()).toContain('Layla Haddad');

    const me = await (await context.request.get('/api/user')).json();
    expect(me).toMatchObject({
      firstName: 'Layla',
      lastName: 'Haddad',
      phone: '+971 50 123 4567',
      bio: 'Service advisor, ten years on the front desk.',
      hasCompletedOnboarding: true,
    });

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('onboarding-dialog').count()).toBe(0);
    await context.close();
  });

  it('saves only the onboarding flag with Skip for now and stays closed after a reload', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('skip'));
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByTestId('onboarding-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('First name').fill('Changed');
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await dialog.waitFor({ state: 'detached' });

    const me = await (await context.request.get('/api/user')).json();
    expect(me).toMatchObject({ firstName: 'Sam', hasCompletedOnboarding: true });

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    // The page has asked all it needed (the user comes before the dashboard): no dialog opened.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('onboarding-dialog').count()).toBe(0);
    await context.close();
  });

  it('fits a phone screen, in Arabic too', async () => {
    const context = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await registerViaApi(context, newAccount('onbph'));
    const page = await context.newPage();
    await page.goto('/');
    await chooseLanguage(page, 'ar');
    await page.reload();
    const dialog = page.getByTestId('onboarding-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'مرحبًا' }).isVisible()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'onboarding-phone-ar');
    await dialog.getByRole('button', { name: 'التالي' }).click();
    await dialog.getByRole('heading', { name: 'حدّثنا عن نفسك' }).waitFor();
    await screenshot(page, 'onboarding-step2-phone-ar');
    await context.close();
  });
});
