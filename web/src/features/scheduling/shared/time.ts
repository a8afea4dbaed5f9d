import { zonedDateTimeToUtc } from '@core/rules/time-zone.ts';
import { currentTime, formatDayRange, localeFor, zoneOrDefault } from '@/lib/format';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeFor(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** A wall-clock "HH:MM" in the language's digits ("09:30" / "٠٩:٣٠"); other text as it came. */
export function formatClock(hhmm: string | null | undefined, language: string): string {
  if (!hhmm) return '';
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  return formatter(language, 'UTC').format(new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))));
}

/** The time of an instant as HH:MM in the workshop's time zone, in the language's digits. */
export function formatInstantClock(value: string | null | undefined, language: string, timeZone: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return formatter(language, timeZone).format(date);
  } catch {
    return formatter(language, undefined).format(date);
  }
}

/** Today (yyyy-MM-dd) in a time zone (the workshop's), or the browser's when unknown. */
export function todayIn(timeZone: string | undefined, now = currentTime()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: zoneOrDefault(timeZone),
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** The zone itself when the runtime knows it, else the browser's own (as the formatters fall back). */
function knownZone(timeZone: string | undefined): string {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!timeZone) return local;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return local;
  }
}

const PARTS_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall-clock day (yyyy-MM-dd) and time (HH:MM) in a time zone (the workshop's). */
export function instantParts(value: string | Date, timeZone: string | undefined): { date: string; time: string } {
  const key = timeZone ?? '';
  let f = partsFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { ...PARTS_FORMAT, timeZone: knownZone(timeZone) });
    partsFormatters.set(key, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The instant (ISO) of a wall-clock day and HH:MM in a time zone (the workshop's), or null when not valid. */
export function zonedInstant(day: string, hhmm: string, timeZone: string | undefined): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(hhmm)) return null;
  const instant = zonedDateTimeToUtc(day, hhmm, knownZone(timeZone));
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** A calendar day (yyyy-MM-dd) as the instant of its UTC midnight: format it with timeZone UTC. */
function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(language: string, kind: 'weekday' | 'dayMonth' | 'long'): Intl.DateTimeFormat {
  const key = `${language}|${kind}`;
  let f = dayFormatters.get(key);
  if (!f) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      weekday: { weekday: 'short' },
      dayMonth: { day: 'numeric', month: 'short' },
      long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    };
    f = new Intl.DateTimeFormat(localeFor(language), { ...options[kind], timeZone: 'UTC' });
    dayFormatters.set(key, f);
  }
  return f;
}

/** A day's short weekday name: "Mon" / "الاثنين". */
export function formatWeekday(day: string, language: string): string {
  return dayFormatter(language, 'weekday').format(dayDate(day));
}

/** A day as day and short month: "Mar 4" / "٤ مارس". */
export function formatDayMonth(day: string, language: string): string {
  return dayFormatter(language, 'dayMonth').format(dayDate(day));
}

/** One day in full ("Monday, March 4, 2030"), or a range of days ("Mar 4 – 10, 2030"). */
export function formatDays(from: string, to: string, language: string): string {
  if (from === to) return dayFormatter(language, 'long').format(dayDate(from));
  return formatDayRange(from, to, language);
}
