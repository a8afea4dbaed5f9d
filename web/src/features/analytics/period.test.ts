import { describe, expect, it } from 'vitest';
import { changePercent, daysAndHours, pointDays, pointLabel, pointTitle } from './labels';
import { parsePeriod, periodSearch, rangeProblem } from './period';

const today = '2026-11-26';

describe('the analytics period in the address', () => {
  it('shows this month so far by default, day by day, without comparing', () => {
    expect(parsePeriod('', today)).toEqual({
      preset: 'this_month',
      from: '2026-11-01',
      to: '2026-11-26',
      compare: false,
      interval: 'day',
      intervalChosen: false,
    });
  });

  it('reads a preset, the comparison and a chosen interval, and writes them back', () => {
    const choice = parsePeriod('preset=last_12_months&compare=1&interval=week', today);
    expect(choice).toMatchObject({ preset: 'last_12_months', from: '2025-11-27', to: '2026-11-26', compare: true, interval: 'week' });
    expect(periodSearch(choice)).toBe('preset=last_12_months&compare=1&interval=week');
    // Without a chosen interval, the period's default: months beyond half a year.
    expect(parsePeriod('preset=this_year', today)).toMatchObject({ from: '2026-01-01', interval: 'month', intervalChosen: false });
    expect(periodSearch(parsePeriod('preset=this_month', today))).toBe('');
    // An unknown preset is the default one.
    expect(parsePeriod('preset=forever', today).preset).toBe('this_month');
  });

  it('reads a custom range, and says what is wrong with a bad one', () => {
    const custom = parsePeriod('from=2026-03-01&to=2026-03-31', today);
    expect(custom).toMatchObject({ preset: 'custom', from: '2026-03-01', to: '2026-03-31', interval: 'day', problem: undefined });
    expect(periodSearch(custom)).toBe('from=2026-03-01&to=2026-03-31');
    expect(parsePeriod('from=2026-03-31&to=2026-03-01', today).problem).toBe('analyticsRangeOrder');
    expect(parsePeriod('from=2020-01-01&to=2025-01-01', today).problem).toBe('analyticsRangeMax');
    expect(parsePeriod('from=2020-01-01&to=2024-12-31', today).problem).toBeUndefined();
    expect(parsePeriod('from=2026-02-30&to=2026-03-01', today).problem).toBe('analyticsFromRequired');
    expect(parsePeriod('from=2026-02-01', today).problem).toBe('analyticsToRequired');
    expect(rangeProblem('', '2026-01-01')).toBe('analyticsFromRequired');
  });

  it('offers day by day up to 366 days only', () => {
    expect(parsePeriod('from=2024-01-01&to=2024-12-31&interval=day', today)).toMatchObject({ interval: 'day', intervalChosen: true });
    expect(parsePeriod('from=2024-01-01&to=2025-01-01&interval=day', today)).toMatchObject({ interval: 'month', intervalChosen: false });
  });
});

describe('the labels of a series', () => {
  it('names points by their days', () => {
    const starts = ['2026-11-01', '2026-11-02', '2026-11-09'];
    expect(pointDays(starts, 1, '2026-11-12')).toEqual({ from: '2026-11-02', to: '2026-11-08' });
    expect(pointDays(starts, 2, '2026-11-12')).toEqual({ from: '2026-11-09', to: '2026-11-12' });
    expect(pointLabel('2026-11-02', 'week', 'en')).toBe('Nov 2');
    expect(pointLabel('2026-11-01', 'month', 'en')).toBe('Nov 2026');
    expect(pointTitle({ from: '2026-11-01', to: '2026-11-30' }, 'month', 'en')).toBe('November 2026');
    expect(pointTitle({ from: '2026-11-05', to: '2026-11-05' }, 'day', 'en')).toBe('Nov 05, 2026');
    expect(pointTitle({ from: '2026-11-02', to: '2026-11-08' }, 'week', 'en')).toBe('Nov 2 – 8, 2026');
  });

  it('writes hours as days and hours from a day, and the change in percent', () => {
    expect(daysAndHours(5.46)).toEqual({ days: 0, hours: 5.5 });
    expect(daysAndHours(53.5)).toEqual({ days: 2, hours: 6 });
    expect(daysAndHours(47.6)).toEqual({ days: 2, hours: 0 });
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
});
