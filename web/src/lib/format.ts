/**
 * Formatting for the two interface languages, through Intl only.
 * Dates and times follow the user's date and time formats (their settings; English's default
 * "Nov 22, 2026, 2:05 PM" as the spec writes it, "MMM dd, yyyy");
 * money has two decimals in the workshop's currency, formatted for the active language.
 */
export type Language = 'en' | 'ar';

export function localeFor(language: string | undefined): string {
  return language === 'ar' ? 'ar' : 'en-US';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type DateInput = Date | string | number | null | undefined;

/** A Date, or null when the value is empty or not a date. Date-only strings mean that calendar day (UTC). */
export function toDate(value: DateInput): { date: Date; dateOnly: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : { date, dateOnly: true };
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
}

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();
/** One Intl formatter per key, made once (making one costs far more than using it). */
export function cachedFormat<T extends Formatter>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

/** How the signed-in user writes dates and times (their settings; core/contracts/auth.ts has the values). */
import type { DateFormat, TimeFormat } from '@core/contracts/user-settings.values.ts';
export type { DateFormat, TimeFormat };
export type DisplayFormats = { dateFormat: DateFormat; timeFormat: TimeFormat };
export const DEFAULT_DISPLAY_FORMATS: DisplayFormats = { dateFormat: 'MM/DD/YYYY', timeFormat: '12h' };

/**
 * The formats every date and time is written in, unless a call names its own: the user's (set by
 * lib/preferences.ts from their settings; by web/src/entry-server.tsx, from the browser's view
 * cookie, while it renders a page for that browser).
 */
let displayFormats: DisplayFormats = DEFAULT_DISPLAY_FORMATS;
export function setDisplayFormats(formats: DisplayFormats | undefined) {
  const next = formats ?? DEFAULT_DISPLAY_FORMATS;
  // The same object while nothing changed: components compare it to know whether to draw again.
  if (next.dateFormat !== displayFormats.dateFormat || next.timeFormat !== displayFormats.timeFormat) displayFormats = next;
}
export function currentDisplayFormats(): DisplayFormats {
  return displayFormats;
}

export type DateOptions = { timeZone?: string } & Partial<DisplayFormats>;

/**
 * The zone of a date or time given without one: the browser's own, unless set. The server's page
 * renderer (web/src/entry-server.tsx) sets the browser's zone it was told, so the page it renders
 * reads as the browser would render it.
 */
let defaultTimeZone: string | undefined;
export function setDefaultTimeZone(timeZone: string | undefined) {
  defaultTimeZone = timeZone;
}

/** `timeZone`, or the zone of a date given without one (see setDefaultTimeZone): undefined is the browser's own. */
export function zoneOrDefault(timeZone: string | undefined): string | undefined {
  return timeZone ?? defaultTimeZone;
}

/**
 * "Now" for what a page shows (relative times, today, the time of day): the real time, except
 * while the browser takes over a page the server rendered, when it is the moment the server
 * rendered it, so that both draw the same text (main.tsx sets it, the app's first effect clears
 * it; web/src/entry-server.tsx sets it while it renders).
 */
let renderedAt: number | undefined;
export function setRenderedAt(ms: number | undefined) {
  renderedAt = ms;
}
export function currentTime(): Date {
  return new Date(renderedAt ?? Date.now());
}

/**
 * A date in the user's date format, the month by its name so that no order can be misread:
 * MM/DD/YYYY "Nov 22, 2026" / "نوفمبر 22، 2026" (the spec's "MMM dd, yyyy"), DD/MM/YYYY
 * "22 Nov 2026" / "22 نوفمبر 2026", YYYY-MM-DD "2026-11-22" (kept left to right in Arabic text);
 * digits are the language's. Empty string for a missing or invalid date.
 */
export function formatDate(value: DateInput, language: string, options: DateOptions = {}): string {
  const parsed = toDate(value);
  if (!parsed) return '';
  const timeZone = parsed.dateOnly ? 'UTC' : (options.timeZone ?? defaultTimeZone);
  return writeDate(parsed.date, language, timeZone, options.dateFormat ?? displayFormats.dateFormat);
}

function writeDate(date: Date, language: string, timeZone: string | undefined, dateFormat: DateFormat): string {
  const locale = localeFor(language);
  if (dateFormat === 'YYYY-MM-DD') {
    const parts = partsOf(
      cachedFormat(
        `di|${locale}|${timeZone ?? ''}`,
        () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
      ),
      date,
    );
    const iso = `${parts.year}-${parts.month}-${parts.day}`;
    return language === 'ar' ? `\u2066${iso}\u2069` : iso;
  }
  const format = cachedFormat(
    `d|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: '2-digit', year: 'numeric', timeZone }),
  );
  // Intl's own order is English's month first and Arabic's day first.
  const native = language === 'ar' ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  if (dateFormat === native) return format.format(date);
  const { month, day, year } = partsOf(format, date);
  if (dateFormat === 'DD/MM/YYYY') return `${day} ${month} ${year}`;
  return language === 'ar' ? `${month} ${day}، ${year}` : `${month} ${day}, ${year}`;
}

function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * A range of calendar days given as yyyy-MM-dd: "Nov 23 – 29, 2026" / "23–29 نوفمبر 2026". With
 * plain spaces: some ICU versions (Node's) put thin spaces around the dash and others (the
 * browser's) do not, and a page the server rendered must read the same in the browser.
 */
export function formatDayRange(from: string, to: string, language: string): string {
  const locale = localeFor(language);
  const format = cachedFormat(
    `dr|${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );
  return format.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)).replace(/[\u2009\u202f]/g, ' ');
}

/**
 * Date and time in the user's formats ("Nov 22, 2026, 2:05 PM", "22 Nov 2026, 14:05"); date-only
 * values print the date alone.
 */
export function formatDateTime(value: DateInput, language: string, options: DateOptions = {}): string {
  const parsed = toDate(value);
  if (!parsed) return '';
  if (parsed.dateOnly) return formatDate(value, language, options);
  const timeZone = options.timeZone ?? defaultTimeZone;
  const dateFormat = options.dateFormat ?? displayFormats.dateFormat;
  const timeFormat = options.timeFormat ?? displayFormats.timeFormat;
  const locale = localeFor(language);
  if (language !== 'ar' && dateFormat === 'MM/DD/YYYY' && timeFormat === '12h') {
    return cachedFormat(
      `dt|${locale}|${timeZone ?? ''}`,
      () =>
        new Intl.DateTimeFormat(locale, {
          month: 'short',
          day: '2-digit',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone,
        }),
    ).format(parsed.date);
  }
  const separator = language === 'ar' ? '، ' : ', ';
  return `${writeDate(parsed.date, language, timeZone, dateFormat)}${separator}${writeTime(parsed.date, language, timeZone, timeFormat)}`;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Money with exactly two decimals in the given ISO currency: "$1,234.50" / "‏1,234.50 US$". A
 * Latin currency sign inside Arabic text is isolated (LRI…PDI), so right-to-left layout keeps
 * "US$" whole instead of showing "$US".
 */
export function formatMoney(amount: number | string | null | undefined, currency: string, language: string): string {
  const n = toNumber(amount);
  if (n === null) return '';
  const locale = localeFor(language);
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  const format = cachedFormat(
    `m|${locale}|${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  if (language !== 'ar') return format.format(n);
  return format
    .formatToParts(n)
    .map((p) => (p.type === 'currency' && /[A-Za-z$€£¥]/.test(p.value) ? `\u2066${p.value}\u2069` : p.value))
    .join('');
}

/** A plain number with grouping, at most `maximumFractionDigits` decimals (default 0). */
export function formatNumber(value: number | string | null | undefined, language: string, maximumFractionDigits = 0): string {
  const n = toNumber(value);
  if (n === null) return '';
  const locale = localeFor(language);
  // A whole number in English (counts, totals: most of what a page's first paint shows) is
  // grouped here: the browser's first Intl.NumberFormat loads its locale data, some 20 ms of a
  // page's first load. The same text as Intl's (format.test.ts compares them).
  if (locale === 'en-US' && Number.isSafeInteger(n) && !Object.is(n, -0)) return groupThousands(n);
  return cachedFormat(`n|${locale}|${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits })).format(n);
}

/** "1234567" as "1,234,567", "-1234" as "-1,234": en-US grouping of a whole number. */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A quantity with its unit, in the language's own words and plural forms: "6 months", "١٢ شهرًا", "10,000 km". */
export function formatUnit(value: number, unit: 'month' | 'day' | 'kilometer', language: string): string {
  const locale = localeFor(language);
  const unitDisplay = unit === 'kilometer' ? 'short' : 'long';
  return cachedFormat(
    `u|${locale}|${unit}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 0 }),
  ).format(value);
}

/** A percentage given on a 0-100 scale: 87.5 -> "88%" (no decimals by default). */
export function formatPercent(value: number | string | null | undefined, language: string, maximumFractionDigits = 0): string {
  const n = toNumber(value);
  if (n === null) return '';
  const locale = localeFor(language);
  return cachedFormat(
    `p|${locale}|${maximumFractionDigits}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits }),
  ).format(n / 100);
}

/** The display name of a currency code in the active language ("US Dollar"), or the code itself. */
export function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeFor(language)], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A number with exactly `digits` decimals: ratings "4.5", "0.0"; sizes in MB "1.2". */
export function formatFixed(value: number | string | null | undefined, language: string, digits = 1): string {
  const n = toNumber(value) ?? 0;
  const locale = localeFor(language);
  return cachedFormat(
    `f|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(n);
}

/** Time of day only, in the user's time format: 12h "2:05 PM" / "2:05 م", 24h "14:05" (HH:MM). */
export function formatTime(value: DateInput, language: string, options: DateOptions = {}): string {
  const parsed = toDate(value);
  if (!parsed) return '';
  return writeTime(parsed.date, language, options.timeZone ?? defaultTimeZone, options.timeFormat ?? displayFormats.timeFormat);
}

function writeTime(date: Date, language: string, timeZone: string | undefined, timeFormat: TimeFormat): string {
  const locale = localeFor(language);
  const h24 = timeFormat === '24h';
  return cachedFormat(
    `t|${locale}|${timeZone ?? ''}|${timeFormat}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: h24 ? '2-digit' : 'numeric',
        minute: '2-digit',
        hourCycle: h24 ? 'h23' : 'h12',
        timeZone,
      }),
  ).format(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago" / "منذ 5 دقائق"; "now" under a minute. */
export function formatRelative(value: DateInput, language: string, now: Date = currentTime()): string {
  const parsed = toDate(value);
  if (!parsed) return '';
  const seconds = Math.round((parsed.date.getTime() - now.getTime()) / 1000);
  const locale = localeFor(language);
  const format = cachedFormat(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
