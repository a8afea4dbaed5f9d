import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless; browsers are never downloaded. Shared by the browser tests
 * (e2e/harness.ts) and the pages benchmark (bench/pages.ts), so both load pages alike; no
 * test-runner import here, so a benchmark can use it.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
