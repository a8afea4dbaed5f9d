/**
 * Milliseconds of a UTC calendar date and time. Unlike Date.UTC, years 0 to 99 stay themselves
 * (Date.UTC reads them as 1900 to 1999); months and days may overflow as in Date.UTC.
 */
export function utcMs(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getTime();
}

/**
 * A formatter by time zone, built at its zone's first use: building one costs far more than
 * formatting with it (Intl loads the zone's rules), and "today" in the workshop's zone is read on
 * many calls. A formatter holds its zone and fields, no date. Zones are IANA names, a bounded set
 * (a name Intl refuses throws and is not kept; the bound is for spellings in other letter cases).
 */
function byZone(build: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = build(timeZone);
      if (formats.size >= 1000) formats.clear();
      formats.set(timeZone, format);
    }
    return format;
  };
}

const wallClockFormat = byZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);
// en-CA writes a date as yyyy-MM-dd.
const dayFormat = byZone((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Offset of a time zone from UTC at an instant, in minutes (e.g. +240 for Asia/Dubai). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = utcMs(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/**
 * The instant of a wall-clock date and time (yyyy-MM-dd, HH:MM) in a time zone: what a
 * dispatcher means by "the 24th at 09:00" in their workshop, whatever the server's zone.
 */
export function zonedDateTimeToUtc(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = utcMs(y, m - 1, d, hh, mm);
  // Two passes settle the offset around daylight-saving changes.
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60000;
  guess = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess);
}

/** The calendar date (yyyy-MM-dd) of an instant in a time zone: "today" for a workshop. */
export function dayInZone(instant: Date, timeZone: string): string {
  return dayFormat(timeZone).format(instant);
}
