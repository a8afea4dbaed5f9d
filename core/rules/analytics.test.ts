import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  ageingDays,
  AGEING_BUCKETS,
  bucketStarts,
  defaultInterval,
  percentOf,
  periodDays,
  presetPeriod,
  previousPeriod,
  withinMaxSpan,
} from './analytics.ts';

describe('report periods', () => {
  it('turns each preset into days, given today (Thursday 26 November 2026)', () => {
    const today = '2026-11-26';
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('this_week', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetPeriod('this_month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetPeriod('last_month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('this_quarter', today)).toEqual({ from: '2026-10-01', to: today });
    expect(presetPeriod('this_year', today)).toEqual({ from: '2026-01-01', to: today });
    expect(presetPeriod('last_12_months', today)).toEqual({ from: '2025-11-27', to: today });
    expect(presetPeriod('custom', today)).toBeUndefined();
  });

  it('crosses years and month ends', () => {
    expect(presetPeriod('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last_month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('this_quarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetPeriod('this_week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' }); // a Monday
    expect(presetPeriod('this_week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' }); // a Sunday
    expect(presetPeriod('last_12_months', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodDays({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });

  it('allows at most five years', () => {
    expect(withinMaxSpan({ from: '2020-01-01', to: '2024-12-31' })).toBe(true);
    expect(withinMaxSpan({ from: '2020-01-01', to: '2025-01-01' })).toBe(false);
    expect(withinMaxSpan({ from: '2024-02-29', to: '2029-02-27' })).toBe(true);
    expect(withinMaxSpan({ from: '2024-02-29', to: '2029-02-28' })).toBe(false);
    expect(withinMaxSpan({ from: '9999-12-20', to: '9999-12-24' })).toBe(true);
  });

  it('steps by day up to a month, by week up to half a year, by month beyond', () => {
    expect(defaultInterval({ from: '2026-10-01', to: '2026-10-31' })).toBe('day');
    expect(defaultInterval({ from: '2026-10-01', to: '2026-11-01' })).toBe('week');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-07-02' })).toBe('week');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-07-03' })).toBe('month');
  });

  it('starts each point at its interval, the first at the period’s first day', () => {
    expect(bucketStarts({ from: '2026-10-30', to: '2026-11-02' }, 'day')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(bucketStarts({ from: '2026-10-01', to: '2026-10-19' }, 'week')).toEqual([
      '2026-10-01',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
    ]);
    expect(bucketStarts({ from: '2025-11-27', to: '2026-02-03' }, 'month')).toEqual([
      '2025-11-27',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });
});

describe('receivables and ratios', () => {
  it('ages an amount by its days past due, each bucket the inverse of its days', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      'over_90',
      'over_90',
    ]);
    for (const bucket of AGEING_BUCKETS) {
      const [min, max] = ageingDays(bucket);
      if (min !== null) expect(ageingBucket(min)).toBe(bucket);
      if (max !== null) expect(ageingBucket(max)).toBe(bucket);
    }
  });

  it('rates billed over clocked hours and shares, null without a whole', () => {
    expect(percentOf(5.5, 8)).toBe(68.8);
    expect(percentOf(3, 0)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBeNull();
  });
});
