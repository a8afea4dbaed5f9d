import { localeFor } from '@/lib/format';

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
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}
