import { describe, expect, it } from 'vitest';
import { dayInZone, utcMs, zonedDateTimeToUtc, zoneOffsetMinutes } from './time-zone.ts';

describe('workshop time zone', () => {
  it('reads a date and time in the zone', () => {
    expect(zonedDateTimeToUtc('2026-11-24', '09:00', 'UTC').toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(zonedDateTimeToUtc('2026-11-24', '09:00', 'Asia/Dubai').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(zonedDateTimeToUtc('2026-11-24', '23:30', 'America/New_York').toISOString()).toBe('2026-11-25T04:30:00.000Z');
    // Summer time in New York (UTC-4).
    expect(zonedDateTimeToUtc('2026-07-01', '08:15', 'America/New_York').toISOString()).toBe('2026-07-01T12:15:00.000Z');
  });
  it('knows the offset and the local day', () => {
    expect(zoneOffsetMinutes(new Date('2026-11-22T00:00:00Z'), 'Asia/Dubai')).toBe(240);
    expect(dayInZone(new Date('2026-11-22T21:30:00Z'), 'Asia/Dubai')).toBe('2026-11-23');
    expect(dayInZone(new Date('2026-11-22T21:30:00Z'), 'UTC')).toBe('2026-11-22');
  });
  it('keeps years 0 to 99 as themselves (Date.UTC reads them as 1900 to 1999)', () => {
    expect(new Date(utcMs(1, 0, 1)).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(new Date(utcMs(99, 11, 31, 23, 59, 59)).toISOString()).toBe('0099-12-31T23:59:59.000Z');
    expect(zonedDateTimeToUtc('0001-01-01', '09:00', 'UTC').toISOString()).toBe('0001-01-01T09:00:00.000Z');
  });
});
