import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayWindow, daysBetween, fuelColour, hoursWorked, overlaps } from './scheduling.ts';

describe('hours worked', () => {
  it('counts whole hours, rounded down', () => {
    expect(hoursWorked('2026-11-23T08:00:00Z', '2026-11-23T16:59:00Z')).toBe(8);
    expect(hoursWorked('2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z')).toBe(1);
    expect(hoursWorked('2026-11-23T08:00:00Z', '2026-11-23T08:59:59Z')).toBe(0);
    expect(hoursWorked('2026-11-23T08:00:00Z', null)).toBeNull();
  });
});

describe('fuel colour', () => {
  it('is red under 25, yellow under 50, green otherwise, grey without a value', () => {
    expect([0, 24, 25, 49, 50, 100].map(fuelColour)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
    expect(fuelColour(null)).toBe('grey');
  });
});

describe('calendar arithmetic', () => {
  it('keeps years 0 to 99 as themselves', () => {
    expect(addDays('0001-01-01', 6)).toBe('0001-01-07');
    expect(addMonths('0099-11-30', 1)).toBe('0099-12-30');
  });
  it('adds days and months', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 6)).toBe('2027-05-15');
    expect(daysBetween('2026-11-23', '2026-11-30')).toBe(7);
  });
  it('lists the 7 days from today', () => {
    expect(dayWindow('2026-11-28', 7)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });
});

describe('overlaps', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 23, h));
  it('overlap when each starts before the other ends', () => {
    expect(overlaps({ start: at(9), end: at(11) }, { start: at(10), end: at(12) })).toBe(true);
    expect(overlaps({ start: at(9), end: at(10) }, { start: at(10), end: at(11) })).toBe(false);
    expect(overlaps({ start: at(9), end: at(17) }, { start: at(12), end: at(13) })).toBe(true);
  });
});
