import { describe, expect, it } from 'vitest';
import { formatClock, formatInstantClock, todayIn } from './time';

describe('scheduling time formatting', () => {
  it('prints HH:MM in the language digits', () => {
    expect(formatClock('09:05', 'en')).toBe('09:05');
    expect(formatClock('17:30', 'ar')).toMatch(/^(17|١٧):(30|٣٠)$/);
    expect(formatClock('', 'en')).toBe('');
  });
  it('prints an instant in the workshop time zone', () => {
    expect(formatInstantClock('2026-01-01T22:30:00Z', 'en', 'Asia/Dubai')).toBe('02:30');
    expect(formatInstantClock(null, 'en', 'UTC')).toBe('');
  });
  it('knows today in a time zone', () => {
    expect(todayIn('Asia/Dubai', new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-02');
    expect(todayIn('UTC', new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  });
});

describe('workshop wall clock and instants', () => {
  it('turns a day and time in a zone into an instant and back', async () => {
    const { zonedInstant, instantParts } = await import('./time');
    expect(zonedInstant('2026-01-02', '02:30', 'Asia/Dubai')).toBe('2026-01-01T22:30:00.000Z');
    expect(zonedInstant('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-07-01', '9:00', 'UTC')).toBeNull();
    expect(instantParts('2026-01-01T22:30:00Z', 'Asia/Dubai')).toEqual({ date: '2026-01-02', time: '02:30' });
  });
});

describe('calendar day labels', () => {
  it('names a day, a day and month, one day in full and a range, in the language', async () => {
    const { formatWeekday, formatDayMonth, formatDays } = await import('./time');
    expect(formatWeekday('2030-03-04', 'en')).toBe('Mon');
    expect(formatDayMonth('2030-03-04', 'en')).toBe('Mar 4');
    expect(formatDays('2030-03-04', '2030-03-04', 'en')).toBe('Monday, March 4, 2030');
    // Plain spaces whatever the ICU (Node's writes thin ones): the server's page reads as the browser's.
    expect(formatDays('2030-03-04', '2030-03-10', 'en')).toBe('Mar 4 – 10, 2030');
    expect(formatDays('2030-03-28', '2030-04-03', 'en')).toBe('Mar 28 – Apr 3, 2030');
    expect(formatWeekday('2030-03-04', 'ar')).toBe('الاثنين');
    expect(formatDayMonth('2030-03-04', 'ar')).toMatch(/مارس/);
  });
});
