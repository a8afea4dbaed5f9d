import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Safari/537.36',
  samsungPhone:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeWindows', 'desktop', 'Chrome', 'Windows'],
    ['edgeWindows', 'desktop', 'Edge', 'Windows'],
    ['operaWindows', 'desktop', 'Opera', 'Windows'],
    ['safariMac', 'desktop', 'Safari', 'macOS'],
    ['firefoxLinux', 'desktop', 'Firefox', 'Linux'],
    ['chromebook', 'desktop', 'Chrome', 'ChromeOS'],
    ['safariIphone', 'phone', 'Safari', 'iOS'],
    ['chromeIphone', 'phone', 'Chrome', 'iOS'],
    ['safariIpad', 'tablet', 'Safari', 'iOS'],
    ['chromeAndroidPhone', 'phone', 'Chrome', 'Android'],
    ['chromeAndroidTablet', 'tablet', 'Chrome', 'Android'],
    ['samsungPhone', 'phone', 'Samsung Internet', 'Android'],
    ['firefoxAndroid', 'phone', 'Firefox', 'Android'],
  ] as const)('%s: %s, %s on %s', (name, deviceType, browser, os) => {
    expect(parseUserAgent(UA[name])).toEqual({ deviceType, browser, os });
  });

  it('reads headless Chrome as Chrome', () => {
    expect(parseUserAgent(UA.headlessChromium)).toEqual({ deviceType: 'desktop', browser: 'Chrome', os: 'Linux' });
  });

  it('says unknown for no header, and null for what it does not recognise', () => {
    expect(parseUserAgent(undefined)).toEqual({ deviceType: 'unknown', browser: null, os: null });
    expect(parseUserAgent('  ')).toEqual({ deviceType: 'unknown', browser: null, os: null });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ deviceType: 'desktop', browser: null, os: null });
    expect(parseUserAgent('x'.repeat(100_000))).toEqual({ deviceType: 'desktop', browser: null, os: null });
  });
});
