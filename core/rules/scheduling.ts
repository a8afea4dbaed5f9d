/** Scheduling rules: hours worked, fuel colour, day windows and overlaps. */
import { utcMs } from './time-zone.ts';

/** Whole hours between check-in and check-out, rounded down (spec: "whole hours"). */
export function hoursWorked(checkIn: Date | string | null, checkOut: Date | string | null): number | null {
  if (!checkIn || !checkOut) return null;
  const ms = new Date(checkOut).getTime() - new Date(checkIn).getTime();
  return ms < 0 ? 0 : Math.floor(ms / 3_600_000);
}

export type FuelColour = 'red' | 'yellow' | 'green' | 'grey';
/** Under 25 red, under 50 yellow, otherwise green; no value is grey. */
export function fuelColour(level: number | null | undefined): FuelColour {
  if (level === null || level === undefined) return 'grey';
  if (level < 25) return 'red';
  if (level < 50) return 'yellow';
  return 'green';
}

/**
 * The dates the app stores and computes with (the contracts refuse others): arithmetic that
 * would leave this range answers "none" rather than a date no column or format can hold.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '9999-12-31';

/** yyyy-MM-dd plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(utcMs(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** yyyy-MM-dd plus n calendar months, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(utcMs(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(utcMs(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (yyyy-MM-dd), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The days a window of n days starting `today` covers: [today, today + n) as yyyy-MM-dd. */
export function dayWindow(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i));
}

export type Interval = { start: Date; end: Date };
/** Two intervals overlap when each starts before the other ends (touching ends do not overlap). */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}
