import { afterEach, describe, expect, it } from 'vitest';
import {
  currencyName,
  formatDate,
  formatDateTime,
  formatFixed,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTime,
  formatUnit,
  localeFor,
  setDisplayFormats,
} from './format';

describe('formatDate', () => {
  it('writes English dates as MMM dd, yyyy', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('Nov 22, 2026');
    expect(formatDate('2026-03-05', 'en')).toBe('Mar 05, 2026');
  });

  it('keeps a date-only value on its calendar day whatever the time zone', () => {
    expect(formatDate('2026-01-01', 'en', { timeZone: 'Pacific/Honolulu' })).toBe('Jan 01, 2026');
  });

  it('formats timestamps in the given time zone', () => {
    expect(formatDate('2026-11-22T23:30:00Z', 'en', { timeZone: 'UTC' })).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T23:30:00Z', 'en', { timeZone: 'Asia/Dubai' })).toBe('Nov 23, 2026');
  });

  it('writes Arabic dates with the month by its name, month first as the default date format says', () => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('ar', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' })
        .formatToParts(new Date('2026-11-22T00:00:00Z'))
        .map((p) => [p.type, p.value]),
    );
    const text = formatDate('2026-11-22', 'ar');
    expect(text).toBe(`${parts.month} ${parts.day}، ${parts.year}`);
    expect(text).toMatch(/^نوفمبر/);
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('accepts Date objects and adds the time in formatDateTime', () => {
    expect(formatDate(new Date('2026-07-04T12:00:00Z'), 'en', { timeZone: 'UTC' })).toBe('Jul 04, 2026');
    expect(formatDateTime('2026-07-04T14:05:00Z', 'en', { timeZone: 'UTC' })).toBe('Jul 04, 2026, 2:05 PM');
    expect(formatDateTime('2026-07-04', 'en')).toBe('Jul 04, 2026');
  });
});

describe('formatMoney', () => {
  it('always shows two decimals in the workshop currency', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney('10', 'USD', 'en')).toBe('$10.00');
    expect(formatMoney('0.1', 'EUR', 'en')).toBe('€0.10');
  });

  it('keeps two decimals even for currencies without minor units', () => {
    expect(formatMoney(1234.5, 'JPY', 'en')).toBe('¥1,234.50');
  });

  it('formats for Arabic with the Intl ar locale', () => {
    const text = formatMoney('1234.50', 'SAR', 'ar');
    expect(text).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        1234.5,
      ),
    );
    expect(text).not.toContain('$');
  });

  it('isolates a Latin currency sign in Arabic so right-to-left layout keeps it whole', () => {
    const text = formatMoney('45', 'USD', 'ar');
    expect(text).toContain('\u2066US$\u2069');
    expect(text.replace(/[\u2066\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(45),
    );
  });

  it('returns an empty string for missing amounts and falls back to USD for a bad code', () => {
    expect(formatMoney(null, 'USD', 'en')).toBe('');
    expect(formatMoney('abc', 'USD', 'en')).toBe('');
    expect(formatMoney(5, 'dollars', 'en')).toBe('$5.00');
  });
});

describe('numbers and percentages', () => {
  it('groups digits and rounds', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    // Whole numbers in English are grouped without Intl: the same text as Intl's, sign and all.
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const wholes = [0, -0, 1, -1, 12, 999, 1000, -1000, 12345, 999999, 1000000, -7654321, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    for (let i = 0; i < 200; i++) wholes.push(Math.floor((Math.random() - 0.5) * 10 ** (1 + (i % 15))));
    for (const n of wholes) expect(formatNumber(n, 'en'), String(n)).toBe(intl.format(n));
    expect(formatNumber('2500', 'en')).toBe('2,500');
    expect(formatNumber(2.5, 'en')).toBe(intl.format(2.5));
    expect(formatNumber(-2.5, 'en')).toBe(intl.format(-2.5));
    expect(formatNumber('3.14159', 'en', 2)).toBe('3.14');
  });

  it('formats a 0-100 value as a percent', () => {
    expect(formatPercent(87.5, 'en')).toBe('88%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(null, 'en')).toBe('');
  });

  it('maps languages to locales and names currencies', () => {
    expect(localeFor('ar')).toBe('ar');
    expect(localeFor('en')).toBe('en-US');
    expect(localeFor(undefined)).toBe('en-US');
    expect(currencyName('USD', 'en')).toBe('US Dollar');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelative('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-22T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-21T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2026-11-22T11:59:40Z', 'en', now)).toBe('now');
    expect(formatRelative(null, 'en', now)).toBe('');
    expect(formatRelative('2026-11-22T11:55:00Z', 'ar', now)).toBe(
      new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-5, 'minute'),
    );
  });
});

describe('formatFixed', () => {
  it('keeps exactly the given decimals', () => {
    expect(formatFixed(0, 'en')).toBe('0.0');
    expect(formatFixed('4.5', 'en')).toBe('4.5');
    expect(formatFixed(1.25, 'en', 1)).toBe('1.3');
  });
});

describe('formatUnit', () => {
  it("says a quantity with its unit and the language's plural forms", () => {
    expect(formatUnit(6, 'month', 'en')).toBe('6 months');
    expect(formatUnit(1, 'month', 'en')).toBe('1 month');
    expect(formatUnit(10000, 'kilometer', 'en')).toBe('10,000 km');
    expect(formatUnit(14, 'day', 'en')).toBe('14 days');
    // Arabic: 12 takes the singular accusative, 6 the plural.
    expect(formatUnit(12, 'month', 'ar')).toContain('شهرًا');
    expect(formatUnit(6, 'month', 'ar')).toContain('أشهر');
  });
});

describe("the user's date and time formats", () => {
  afterEach(() => setDisplayFormats(undefined));
  /** Digits as the language writes them (this runtime's Arabic may use Latin or Arabic-Indic digits). */
  const digits = (text: string, language: string) =>
    text.replace(/\d/g, (d) => new Intl.NumberFormat(localeFor(language), { useGrouping: false }).format(Number(d)));
  const at = '2026-03-05T16:07:00Z';
  const zone = { timeZone: 'UTC' };

  it('orders the day, the month and the year as chosen, in English', () => {
    expect(formatDate(at, 'en', { ...zone, dateFormat: 'MM/DD/YYYY' })).toBe('Mar 05, 2026');
    expect(formatDate(at, 'en', { ...zone, dateFormat: 'DD/MM/YYYY' })).toBe('05 Mar 2026');
    expect(formatDate(at, 'en', { ...zone, dateFormat: 'YYYY-MM-DD' })).toBe('2026-03-05');
    expect(formatDate('2026-12-31', 'en', { dateFormat: 'YYYY-MM-DD', timeZone: 'Pacific/Kiritimati' })).toBe('2026-12-31');
  });

  it('orders them as chosen in Arabic, an ISO date kept left to right inside the Arabic text', () => {
    expect(formatDate(at, 'ar', { ...zone, dateFormat: 'MM/DD/YYYY' })).toBe(`مارس ${digits('05', 'ar')}، ${digits('2026', 'ar')}`);
    expect(formatDate(at, 'ar', { ...zone, dateFormat: 'DD/MM/YYYY' })).toBe(`${digits('05', 'ar')} مارس ${digits('2026', 'ar')}`);
    expect(formatDate(at, 'ar', { ...zone, dateFormat: 'YYYY-MM-DD' })).toBe(`\u2066${digits('2026-03-05', 'ar')}\u2069`);
  });

  it('writes times on a 12-hour clock by default and on a 24-hour one (HH:MM) when chosen, in both languages', () => {
    expect(formatTime(at, 'en', zone)).toBe('4:07 PM');
    expect(formatTime(at, 'en', { ...zone, timeFormat: '24h' })).toBe('16:07');
    expect(formatTime('2026-03-05T04:07:00Z', 'en', { ...zone, timeFormat: '24h' })).toBe('04:07');
    expect(formatTime('2026-03-05T00:07:00Z', 'en', { ...zone, timeFormat: '12h' })).toBe('12:07 AM');
    expect(formatTime(at, 'ar', zone)).toBe(`${digits('4:07', 'ar')} م`);
    expect(formatTime(at, 'ar', { ...zone, timeFormat: '24h' })).toBe(digits('16:07', 'ar'));
  });

  it('puts both together in formatDateTime, the defaults as English has always read', () => {
    expect(formatDateTime(at, 'en', zone)).toBe('Mar 05, 2026, 4:07 PM');
    expect(formatDateTime(at, 'en', { ...zone, dateFormat: 'DD/MM/YYYY', timeFormat: '24h' })).toBe('05 Mar 2026, 16:07');
    expect(formatDateTime(at, 'en', { ...zone, timeFormat: '24h' })).toBe('Mar 05, 2026, 16:07');
    expect(formatDateTime(at, 'ar', { ...zone, dateFormat: 'DD/MM/YYYY', timeFormat: '24h' })).toBe(
      `${digits('05', 'ar')} مارس ${digits('2026', 'ar')}، ${digits('16:07', 'ar')}`,
    );
    expect(formatDateTime('2026-03-05', 'en', { dateFormat: 'YYYY-MM-DD', timeFormat: '24h' })).toBe('2026-03-05');
  });

  it('follows the formats set for the whole app when a call names none', () => {
    setDisplayFormats({ dateFormat: 'YYYY-MM-DD', timeFormat: '24h' });
    expect(formatDate(at, 'en', zone)).toBe('2026-03-05');
    expect(formatTime(at, 'en', zone)).toBe('16:07');
    expect(formatDateTime(at, 'en', zone)).toBe('2026-03-05, 16:07');
    setDisplayFormats(undefined);
    expect(formatDateTime(at, 'en', zone)).toBe('Mar 05, 2026, 4:07 PM');
  });
});
