import { percentOf, type AnalyticsInterval } from '@core/rules/analytics.ts';
import { addDays } from '@core/rules/scheduling.ts';
import { cachedFormat, formatDate, formatDayRange, localeFor } from '@/lib/format';

/**
 * Dates and amounts as the charts write them, in the interface language (Intl, through
 * lib/format.ts where it has the form): a series point's short label and its full title, and
 * compact money for an axis.
 */

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A point's axis label: "Nov 3" for a day or a week, "Nov 2026" for a month. */
export function pointLabel(start: string, interval: AnalyticsInterval, language: string): string {
  const locale = localeFor(language);
  if (interval === 'month') {
    return cachedFormat(
      `label-month|${locale}`,
      () => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    ).format(utc(start));
  }
  return cachedFormat(
    `label-day|${locale}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ).format(utc(start));
}

/**
 * The days a point holds: from its start to the day before the next point's start (or the
 * period's last day): "Nov 03, 2026", "Nov 3 – 9, 2026", "November 2026".
 */
export function pointDays(starts: string[], index: number, lastDay: string): { from: string; to: string } {
  const from = starts[index];
  const next = starts[index + 1];
  return { from, to: next ? addDays(next, -1) : lastDay };
}

/** A point's full title for a tooltip or a table row. */
export function pointTitle(days: { from: string; to: string }, interval: AnalyticsInterval, language: string): string {
  if (days.from === days.to) return formatDate(days.from, language);
  const locale = localeFor(language);
  const wholeMonth = interval === 'month' && days.from.endsWith('-01') && addDays(days.to, 1).endsWith('-01');
  if (wholeMonth) {
    return cachedFormat(
      `title-month|${locale}`,
      () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    ).format(utc(days.from));
  }
  return formatDayRange(days.from, days.to, language);
}

/**
 * Money short enough for an axis: "$1.2K". In Arabic the figure is isolated left to right
 * (LRI…PDI) as formatMoney isolates a Latin currency sign: a canvas lays its text out right to
 * left and would otherwise show "US$" as "$US".
 */
export function compactMoney(value: number, currency: string, language: string): string {
  const locale = localeFor(language);
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  const text = cachedFormat(
    `cm|${locale}|${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value);
  return language === 'ar' && /[A-Za-z$€£¥]/.test(text) ? `\u2066${text}\u2069` : text;
}

/** A count short enough for an axis: "1.2K". */
export function compactNumber(value: number, language: string): string {
  const locale = localeFor(language);
  return cachedFormat(`cn|${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(value);
}

/** Hours as whole days and hours once they reach a day: 5.5 -> { hours: 5.5 }, 53.5 -> { days: 2, hours: 5.5 }. */
export function daysAndHours(hours: number): { days: number; hours: number } {
  if (hours < 23.95) return { days: 0, hours: Math.round(hours * 10) / 10 };
  const whole = Math.round(hours);
  const days = Math.floor(whole / 24);
  return { days, hours: whole - days * 24 };
}

/** The change from `previous` to `now` in percent (one decimal), or null when there was nothing before. */
export function changePercent(now: number, previous: number): number | null {
  return percentOf(now - previous, previous);
}
