import type { DeviceType } from '../contracts/sessions.values.ts';

/** What a browser's User-Agent says about the device: the kind, the browser and the system, by name. */
export type ParsedUserAgent = { deviceType: DeviceType; browser: string | null; os: string | null };

/**
 * Browsers in the order their tokens must be tried: each later one's token is also in the
 * earlier ones' text (Edge, Opera and Samsung Internet say "Chrome"; Chrome says "Safari").
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows Phone\b/, 'Windows Phone'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function deviceOf(ua: string): DeviceType {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua)) return 'tablet';
  if (/\b(?:iPhone|iPod|Windows Phone)\b/.test(ua)) return 'phone';
  // Android phones say "Mobile"; Android tablets do not.
  if (/\bAndroid\b/.test(ua)) return /\bMobile\b/.test(ua) ? 'phone' : 'tablet';
  if (/\bMobi/.test(ua)) return 'phone';
  return 'desktop';
}

/**
 * Reads a User-Agent header: the device's kind (an iPad asking for the desktop site says
 * "Macintosh" and is read as a desktop: nothing in its text tells them apart), the browser and the
 * system by name, null when not recognised. No header at all is an unknown device.
 */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 500);
  if (ua.trim() === '') return { deviceType: 'unknown', browser: null, os: null };
  return {
    deviceType: deviceOf(ua),
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
