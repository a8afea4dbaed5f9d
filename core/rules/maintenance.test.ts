import { describe, expect, it } from 'vitest';
import { averageDailyMileage, isReminderDue, nextDue } from './maintenance.ts';

const today = '2026-11-23';

describe('maintenance due: whichever comes first', () => {
  it('is due by date when the mileage forecast is later', () => {
    const due = nextDue(
      { intervalMileage: 10_000, intervalMonths: 6, lastServiceDate: '2026-06-01', lastServiceMileage: 50_000 },
      { mileage: 52_000, dailyMileage: 20 },
      today,
    );
    expect(due.nextDueDate).toBe('2026-12-01');
    expect(due.nextDueMileage).toBe(60_000);
    expect(due.forecastDueDate).toBe('2027-12-28'); // 8,000 left at 20 a day = 400 days
    expect(due).toMatchObject({ dueDate: '2026-12-01', dueBy: 'date' });
  });
  it('is due by mileage when the forecast comes first', () => {
    const due = nextDue(
      { intervalMileage: 10_000, intervalMonths: 12, lastServiceDate: '2026-06-01', lastServiceMileage: 50_000 },
      { mileage: 59_000, dailyMileage: 100 },
      today,
    );
    expect(due).toMatchObject({ forecastDueDate: '2026-12-03', dueDate: '2026-12-03', dueBy: 'mileage' });
  });
  it('is due today once the mileage is passed', () => {
    const due = nextDue(
      { intervalMileage: 5_000, intervalMonths: null, lastServiceDate: null, lastServiceMileage: 10_000 },
      { mileage: 15_500, dailyMileage: null },
      today,
    );
    expect(due).toMatchObject({ dueDate: today, dueBy: 'mileage' });
  });
  it('uses months alone when there is no mileage interval', () => {
    expect(
      nextDue(
        { intervalMileage: null, intervalMonths: 3, lastServiceDate: '2026-10-31', lastServiceMileage: null },
        { mileage: null, dailyMileage: null },
        today,
      ),
    ).toMatchObject({
      nextDueDate: '2027-01-31',
      dueBy: 'date',
    });
  });
  it('has no due date from mileage alone without usage history', () => {
    expect(
      nextDue(
        { intervalMileage: 5_000, intervalMonths: null, lastServiceDate: null, lastServiceMileage: 10_000 },
        { mileage: 12_000, dailyMileage: null },
        today,
      ),
    ).toMatchObject({
      nextDueMileage: 15_000,
      dueDate: null,
      dueBy: 'mileage',
    });
  });
  it('has no forecast when the mileage would be reached after 9999-12-31 (a vehicle that hardly moves)', () => {
    const due = nextDue(
      { intervalMileage: 1_000_000, intervalMonths: null, lastServiceDate: null, lastServiceMileage: 0 },
      { mileage: 10, dailyMileage: 0.01 },
      today,
    );
    expect(due).toMatchObject({ nextDueMileage: 1_000_000, forecastDueDate: null, dueDate: null, dueBy: 'mileage' });
  });
});

describe('average daily mileage', () => {
  it('divides the distance by the days between the first and last reading', () => {
    expect(
      averageDailyMileage([
        { date: '2026-01-01', mileage: 10_000 },
        { date: '2026-01-11', mileage: 10_500 },
      ]),
    ).toBe(50);
    expect(averageDailyMileage([{ date: '2026-01-01', mileage: 10_000 }])).toBeNull();
  });
});

describe('reminders', () => {
  it('are due within the window', () => {
    const due = { nextDueDate: '2026-12-01', nextDueMileage: null, forecastDueDate: null, dueDate: '2026-12-01', dueBy: 'date' as const };
    expect(isReminderDue(due, today, 14)).toBe(true);
    expect(isReminderDue(due, today, 7)).toBe(false);
  });
});
