import { addDays, addMonths, daysBetween } from './scheduling.ts';

/**
 * The reports' periods (pages/analytics and server/modules/analytics): days as yyyy-MM-dd in the
 * workshop's time zone, both ends included. Pure date arithmetic on UTC midnights, so a day is a
 * calendar day whatever the zone.
 */

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export const ANALYTICS_PRESETS = [
  'today',
  'this_week',
  'this_month',
  'last_month',
  'this_quarter',
  'this_year',
  'last_12_months',
  'custom',
] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

/** How long one report may cover: five years (to at most the day before from's fifth anniversary). */
export const ANALYTICS_MAX_YEARS = 5;

/** Receivables by days past due (an invoice without a due date is never past due, as in the invoice list). */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Days after which a part that has not moved (no stock change of any kind) is reported. */
export const NO_MOVEMENT_DAYS = 90;
/** How far ahead the fleet report looks for service due. */
export const FLEET_SERVICE_DUE_DAYS = 30;
export const FUEL_BANDS = ['0-25', '26-50', '51-75', '76-100', 'unknown'] as const;
export type FuelBand = (typeof FUEL_BANDS)[number];

export type Period = { from: string; to: string };

/** Days from `from` to `to`, both included (1 for a single day). */
export function periodDays({ from, to }: Period): number {
  return daysBetween(from, to) + 1;
}

/** Whether a period is at most ANALYTICS_MAX_YEARS long: it ends before from's anniversary. */
export function withinMaxSpan({ from, to }: Period): boolean {
  return daysBetween(to, addMonths(from, 12 * ANALYTICS_MAX_YEARS)) > 0;
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(period: Period): Period {
  const length = periodDays(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** Days for up to a month, weeks up to about half a year, months beyond. */
export function defaultInterval(period: Period): AnalyticsInterval {
  const length = periodDays(period);
  if (length <= 31) return 'day';
  if (length <= 183) return 'week';
  return 'month';
}

/** The start of the day's interval: itself, its week's Monday, or its month's first day. */
export function intervalStart(date: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(date, -weekday);
}

/**
 * The first day of each interval the period touches, in order; the first is the period's own
 * first day when its interval began earlier (a series point is labelled by the days it holds).
 */
export function bucketStarts(period: Period, interval: AnalyticsInterval): string[] {
  const starts: string[] = [];
  let start = intervalStart(period.from, interval);
  while (start <= period.to) {
    starts.push(start < period.from ? period.from : start);
    start = interval === 'day' ? addDays(start, 1) : interval === 'week' ? addDays(start, 7) : addMonths(start, 1);
  }
  return starts;
}

/**
 * A preset's days, given today in the workshop's zone: "this" periods run to today (a month so
 * far compares with the same number of days before it); last month and the last 12 months are
 * whole. Custom has no days of its own: undefined.
 */
export function presetPeriod(preset: AnalyticsPreset, today: string): Period | undefined {
  const month = intervalStart(today, 'month');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: intervalStart(today, 'week'), to: today };
    case 'this_month':
      return { from: month, to: today };
    case 'last_month':
      return { from: addMonths(month, -1), to: addDays(month, -1) };
    case 'this_quarter':
      return { from: addMonths(month, -((Number(today.slice(5, 7)) - 1) % 3)), to: today };
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last_12_months':
      return { from: addDays(addMonths(today, -12), 1), to: today };
    case 'custom':
      return undefined;
  }
}

/** The ageing bucket of an amount `daysPastDue` days after its due date (0 or less: current). */
export function ageingBucket(daysPastDue: number): AgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return 'over_90';
}

/** Days past due, from the days since the due date: the inverse of ageingBucket, as [min, max] (max null: open). */
export function ageingDays(bucket: AgeingBucket): [number | null, number | null] {
  switch (bucket) {
    case 'current':
      return [null, 0];
    case '1-30':
      return [1, 30];
    case '31-60':
      return [31, 60];
    case '61-90':
      return [61, 90];
    case 'over_90':
      return [91, null];
  }
}

/** A share as a percent with one decimal (billed over clocked hours, no-shows...); null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.round((part / whole) * 1000) / 10;
}
