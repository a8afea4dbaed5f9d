import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { chooseLanguage, newAccount, newContext, registerViaApi, screenshot, trackErrors, useServerAndBrowser } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('workshop backups', () => {
  it('an admin starts a backup in Settings, sees it finish and downloads the archive; in English and Arabic', async () => {
    const admin = await newContext(env.browser, env.server.url);
    const errors = trackErrors(admin);
    await registerViaApi(admin, newAccount('owner'), { completeOnboarding: true });
    const customer = await admin.request.post('/api/customers', {
      data: { firstName: 'Rania', lastName: 'Khoury', phone: '+971 50 555 0142' },
    });
    expect(customer.status()).toBe(201);

    const page = await admin.newPage();
    await page.goto('/settings');
    const section = page.getByTestId('settings-backups');
    await section.scrollIntoViewIfNeeded();
    await page.getByTestId('backups-start').click();
    const download = page.getByTestId('backups-download');
    await download.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('backups-job').count()).toBe(1);
    await screenshot(page, 'backups-en');

    // The link is the archive: a manifest and the customer's row.
    const res = await admin.request.get((await download.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const files = unzipSync(new Uint8Array(await res.body()));
    expect(Object.keys(files)).toContain('manifest.json');
    expect(new TextDecoder().decode(files['tables/customers.jsonl'])).toContain('Khoury');

    await chooseLanguage(page, 'ar');
    await page.goto('/settings');
    await page.getByTestId('settings-backups').scrollIntoViewIfNeeded();
    await page.getByTestId('backups-download').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'backups-ar');
    expect(errors).toEqual([]);
    await admin.close();
  });
});
