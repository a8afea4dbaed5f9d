import { dayInZone, zonedDateTimeToUtc } from '@core/rules/time-zone.ts';

/** The browser's zone when the workshop's is not known yet. */
export function zoneOr(timeZone: string | undefined): string {
  return timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Wall-clock HH:MM of an instant in a time zone. */
export function timeInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** An ISO instant as the form's day (yyyy-MM-dd) and time (HH:MM) in the workshop's zone; blanks when missing. */
export function zonedParts(iso: string | null | undefined, timeZone: string): { day: string; time: string } {
  if (!iso) return { day: '', time: '' };
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { day: '', time: '' };
  return { day: dayInZone(instant, timeZone), time: timeInZone(instant, timeZone) };
}

/** A due day (yyyy-MM-dd) as an ISO instant: the end of that day in the workshop's zone. */
export function dueDayToIso(day: string, timeZone: string): string | null {
  return day ? zonedDateTimeToUtc(day, '23:59', timeZone).toISOString() : null;
}

/** A scheduled day and time as an ISO instant in the workshop's zone (09:00 when no time is given). */
export function scheduledToIso(day: string, time: string, timeZone: string): string | null {
  return day ? zonedDateTimeToUtc(day, time || '09:00', timeZone).toISOString() : null;
}

/** yyyy-MM-dd plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Day of the week of a yyyy-MM-dd: 0 Sunday … 6 Saturday. */
export function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The seven days (yyyy-MM-dd) of the week holding `day`, starting on `firstDay` (1 Monday). */
export function weekOf(day: string, firstDay = 1): string[] {
  const start = addDays(day, -((weekday(day) - firstDay + 7) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The workshop-zone day of an ISO instant, or null. */
export function dayOf(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : dayInZone(instant, timeZone);
}
