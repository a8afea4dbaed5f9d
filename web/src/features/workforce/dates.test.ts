import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dueDayToIso, scheduledToIso, timeInZone, weekday, weekOf, zonedParts } from './dates';

describe('workshop-zone dates', () => {
  it('reads an instant as the day and time in the workshop zone', () => {
    expect(zonedParts('2026-03-01T21:30:00Z', 'Asia/Dubai')).toEqual({ day: '2026-03-02', time: '01:30' });
    expect(zonedParts('2026-03-01T21:30:00Z', 'UTC')).toEqual({ day: '2026-03-01', time: '21:30' });
    expect(zonedParts(null, 'UTC')).toEqual({ day: '', time: '' });
    expect(timeInZone(new Date('2026-07-01T00:05:00Z'), 'America/New_York')).toBe('20:05');
  });

  it('turns the form pair back into an instant in that zone', () => {
    expect(scheduledToIso('2026-03-02', '01:30', 'Asia/Dubai')).toBe('2026-03-01T21:30:00.000Z');
    expect(scheduledToIso('2026-03-02', '', 'UTC')).toBe('2026-03-02T09:00:00.000Z');
    expect(scheduledToIso('', '10:00', 'UTC')).toBeNull();
    expect(dueDayToIso('2026-03-02', 'UTC')).toBe('2026-03-02T23:59:00.000Z');
    expect(dayOf('2026-03-01T21:30:00Z', 'Asia/Dubai')).toBe('2026-03-02');
  });

  it('builds weeks from Monday', () => {
    expect(weekday('2026-11-22')).toBe(0);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(weekOf('2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weekOf('2026-11-16')[0]).toBe('2026-11-16');
    expect(weekOf('2026-11-22', 6)[0]).toBe('2026-11-21');
  });
});
