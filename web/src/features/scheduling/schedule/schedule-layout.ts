/**
 * The /schedule page's layout math, pure: which days a view shows, where an event sits in a
 * day's hours, lanes for overlapping work, and events grouped by technician and day.
 * Days are the workshop's wall-clock days (yyyy-MM-dd); times are read in its time zone.
 */
import { addDays } from '@core/rules/scheduling.ts';
import { instantParts } from '../shared/time';

export type ScheduleView = 'day' | 'week';
export const SCHEDULE_VIEWS: readonly ScheduleView[] = ['day', 'week'];
export const DAY_MINUTES = 24 * 60;

/** Whole hours of the day view, [start, end). */
export type HourRange = { start: number; end: number };
/** The day view's hours when nothing is earlier or later: a workshop's usual day. */
export const DEFAULT_HOURS: HourRange = { start: 7, end: 19 };

/** Minutes since the start of a day, [start, end). */
export type Span = { start: number; end: number };

/** Only what the layout reads of an event. */
type Timed = { start: string; end: string };
type Owned = Timed & { technicianId: number };

/** `?view=`: the day view when asked for, the week otherwise. */
export function parseView(value: string | null | undefined): ScheduleView {
  return value === 'day' ? 'day' : 'week';
}

/** `?date=`: a real calendar day (yyyy-MM-dd), or null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** Day of the week of a yyyy-MM-dd: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The seven days (yyyy-MM-dd) of the week holding `day`, Monday first (as the technicians' calendar). */
export function weekOf(day: string): string[] {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The days a view shows around `anchor`: that day, or its week. */
export function visibleDays(view: ScheduleView, anchor: string): string[] {
  return view === 'day' ? [anchor] : weekOf(anchor);
}

/** Previous (-1) or next (+1) day or week. */
export function stepAnchor(view: ScheduleView, anchor: string, direction: 1 | -1): string {
  return addDays(anchor, direction * (view === 'day' ? 1 : 7));
}

/** Wall-clock minutes of an instant into `day` in a time zone, held to the day: 0 before it, 1440 after. */
export function minuteOfDay(iso: string, day: string, timeZone: string | undefined): number {
  const { date, time } = instantParts(iso, timeZone);
  if (date < day) return 0;
  if (date > day) return DAY_MINUTES;
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The part of an event inside `day` (a night shift has a part on each of its days), or null. */
export function spanInDay(event: Timed, day: string, timeZone: string | undefined): Span | null {
  const start = minuteOfDay(event.start, day, timeZone);
  const end = minuteOfDay(event.end, day, timeZone);
  return end > start ? { start, end } : null;
}

/** The day view's hours: the usual day, widened to the whole hours that hold every span. */
export function hourRange(spans: Span[], usual: HourRange = DEFAULT_HOURS): HourRange {
  let start = usual.start;
  let end = usual.end;
  for (const span of spans) {
    start = Math.min(start, Math.floor(span.start / 60));
    end = Math.max(end, Math.ceil(span.end / 60));
  }
  return { start: Math.max(0, start), end: Math.min(24, end) };
}

/** The hours an axis labels: every hour, or every second one when the day is long. */
export function hourLabels(range: HourRange): number[] {
  const step = range.end - range.start > 14 ? 2 : 1;
  const hours: number[] = [];
  for (let h = range.start; h < range.end; h += step) hours.push(h);
  return hours;
}

/**
 * Where a span sits on the range, in percent of the axis from its start edge (left in English,
 * right in Arabic: the page places it with inset-inline-start): offset and size.
 */
export function placeSpan(span: Span, range: HourRange): { offset: number; size: number } {
  const total = (range.end - range.start) * 60;
  const clamp = (m: number) => Math.min(total, Math.max(0, m - range.start * 60));
  const from = clamp(span.start);
  const to = clamp(span.end);
  return { offset: (from / total) * 100, size: ((to - from) / total) * 100 };
}

/**
 * Lanes for one row's spans: each takes the lowest lane free when it starts (earliest first, the
 * longer first on a tie), so overlapping work sits one above the other. `lanes` is how many the row needs.
 */
export function assignLanes<T extends { span: Span }>(items: T[]): { lanes: number; placed: Array<T & { lane: number }> } {
  const sorted = [...items].sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const laneEnds: number[] = [];
  const placed = sorted.map((item) => {
    let lane = laneEnds.findIndex((end) => end <= item.span.start);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = item.span.end;
    return { ...item, lane };
  });
  return { lanes: laneEnds.length, placed };
}

export const cellKey = (technicianId: number, day: string) => `${technicianId}|${day}`;

/** Events by technician and day (`cellKey`), each list in start order; an event on several days is in each. */
export function groupByTechnicianDay<T extends Owned>(events: T[], days: string[], timeZone: string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const event of events) {
    for (const day of days) {
      if (!spanInDay(event, day, timeZone)) continue;
      const key = cellKey(event.technicianId, day);
      const list = out.get(key) ?? [];
      list.push(event);
      out.set(key, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  return out;
}

/** How many pieces of work overlap another of the same technician (shifts never conflict). */
export function conflictCount(events: Array<{ kind: string; conflict: boolean }>): number {
  return events.filter((e) => e.conflict && e.kind !== 'shift').length;
}
