import {
  ANALYTICS_INTERVALS,
  ANALYTICS_PRESETS,
  defaultInterval,
  periodDays,
  presetPeriod,
  withinMaxSpan,
  type AnalyticsInterval,
  type AnalyticsPreset,
  type Period,
} from '@core/rules/analytics.ts';

/** The preset a bare /analytics shows. */
export const DEFAULT_PRESET: AnalyticsPreset = 'this_month';
/** Day by day covers at most this many days (the server refuses more: validation.analyticsDaysMax). */
export const MAX_DAILY_DAYS = 366;
/** The years a date input accepts (the API's dates: 1900 to 9999, with room at the end). */
export const DATE_INPUT_MIN = '1900-01-01';
export const DATE_INPUT_MAX = '9999-12-24';

/** Why a custom range cannot be shown: the dictionary's message keys (common:validation.<key>). */
export type RangeProblem = 'analyticsFromRequired' | 'analyticsToRequired' | 'analyticsRangeOrder' | 'analyticsRangeMax';

/** What the address says the page shows (`?preset=this_month`, or `?from=&to=`, with `&compare=1&interval=week`). */
export type PeriodChoice = {
  preset: AnalyticsPreset;
  /** The days shown; for a custom range whose dates are wrong, the dates as typed. */
  from: string;
  to: string;
  compare: boolean;
  interval: AnalyticsInterval;
  /** The interval was chosen (kept in the address), not the period's default. */
  intervalChosen: boolean;
  /** A custom range that cannot be shown, and why (the reports wait for a good one). */
  problem?: RangeProblem;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (yyyy-MM-dd) within the years the API takes. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value && value >= DATE_INPUT_MIN && value <= DATE_INPUT_MAX;
}

/** What is wrong with a custom range, or undefined when the reports can show it. */
export function rangeProblem(from: string, to: string): RangeProblem | undefined {
  if (!isDay(from)) return 'analyticsFromRequired';
  if (!isDay(to)) return 'analyticsToRequired';
  if (to < from) return 'analyticsRangeOrder';
  if (!withinMaxSpan({ from, to })) return 'analyticsRangeMax';
  return undefined;
}

/** Whether day by day is offered for a period. */
export function allowsDaily(period: Period): boolean {
  return periodDays(period) <= MAX_DAILY_DAYS;
}

function isPreset(value: string | null): value is AnalyticsPreset {
  return (ANALYTICS_PRESETS as readonly string[]).includes(value ?? '');
}
function isInterval(value: string | null): value is AnalyticsInterval {
  return (ANALYTICS_INTERVALS as readonly string[]).includes(value ?? '');
}

/** The page's period from its address, given today (yyyy-MM-dd) in the workshop's time zone. */
export function parsePeriod(search: string, today: string): PeriodChoice {
  const params = new URLSearchParams(search);
  const compare = params.get('compare') === '1';
  const asked = params.get('interval');
  const from = params.get('from');
  const to = params.get('to');
  const presetParam = params.get('preset');
  let choice: Omit<PeriodChoice, 'interval' | 'intervalChosen'>;
  if ((from !== null || to !== null) && (presetParam === null || presetParam === 'custom')) {
    const problem = rangeProblem(from ?? '', to ?? '');
    choice = { preset: 'custom', from: from ?? '', to: to ?? '', compare, problem };
  } else {
    const preset = isPreset(presetParam) && presetParam !== 'custom' ? presetParam : DEFAULT_PRESET;
    choice = { preset, ...presetPeriod(preset, today)!, compare };
  }
  if (choice.problem) return { ...choice, interval: 'day', intervalChosen: false };
  const usable = isInterval(asked) && (asked !== 'day' || allowsDaily(choice));
  return { ...choice, interval: usable ? asked : defaultInterval(choice), intervalChosen: usable };
}

/** The address of a period: what parsePeriod reads back (the default preset and interval left out). */
export function periodSearch(choice: Pick<PeriodChoice, 'preset' | 'from' | 'to' | 'compare' | 'interval' | 'intervalChosen'>): string {
  const params = new URLSearchParams();
  if (choice.preset === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  } else if (choice.preset !== DEFAULT_PRESET) {
    params.set('preset', choice.preset);
  }
  if (choice.compare) params.set('compare', '1');
  if (choice.intervalChosen) params.set('interval', choice.interval);
  return params.toString();
}
