import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { newAccount, newContext, registerViaApi, useServerAndBrowser } from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

describe('how the app is delivered', () => {
  it('sends hashed assets compressed and cached for good, index.html never cached, large API answers compressed', async () => {
    const context = await newContext(env.browser, env.server.url);
    const account = await registerViaApi(context, newAccount('assets'), { completeOnboarding: true });
    // Enough customers that the list's answer is well above the compression threshold.
    for (let i = 0; i < 12; i++) {
      const res = await context.request.post(`/api/customers`, {
        data: {
          firstName: 'Delivery',
          lastName: `Customer ${i}`,
          phone: `+9715000000${String(i).padStart(2, '0')}`,
          email: `delivery${i}@example.com`,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/customers');
    await page.getByText('Delivery Customer 11').waitFor();

    const document = responses.find((r) => r.request().resourceType() === 'document');
    expect(document, 'the page itself').toBeDefined();
    const documentHeaders = await document!.allHeaders();
    // Revalidated every time; a signed-in user's page names their own first reads, so it is theirs alone.
    expect(documentHeaders['cache-control']).toBe('private, no-cache');

    const scripts = responses.filter((r) => /\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
    expect(scripts.length).toBeGreaterThan(0);
    // Each script above the build's compression threshold (1 kB) arrives compressed.
    let compressed = 0;
    for (const script of scripts) {
      const headers = await script.allHeaders();
      expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
      if ((await script.body()).length < 1024) continue;
      expect(['br', 'gzip'], script.url()).toContain(headers['content-encoding']);
      expect(headers['vary']?.toLowerCase(), script.url()).toContain('accept-encoding');
      compressed++;
    }
    expect(compressed).toBeGreaterThan(0);

    const list = responses.find((r) => new URL(r.url()).pathname === `/api/tenants/${account.tenantId}/customers`);
    expect(list, 'the customers list request').toBeDefined();
    const listHeaders = await list!.allHeaders();
    expect(['br', 'gzip']).toContain(listHeaders['content-encoding']);
    expect(listHeaders['vary']?.toLowerCase()).toContain('accept-encoding');
    await context.close();
  });
});
