import { describe, expect, it } from 'vitest';
import { predictMaintenance, type PredictionInput } from './predict-maintenance.ts';
import { servicesIn } from './service-intervals.ts';

const base: PredictionInput = {
  vehicleId: 7,
  vehicleLabel: 'Toyota Corolla A-1',
  today: '2026-06-01',
  mileage: 81_000,
  dailyMileage: 38,
  readings: 4,
  history: [],
  schedules: [],
};
const find = (input: PredictionInput, key: string) => predictMaintenance(input).find((p) => p.serviceKey === key)!;

describe('service intervals', () => {
  it('recognise services in English and Arabic, and keep near misses out', () => {
    expect(servicesIn('Front brake pads replaced')).toContain('brake_pads');
    expect(servicesIn('تغيير الزيت والفلتر')).toContain('oil_filter');
    expect(servicesIn('Cabin air filter')).toEqual(['cabin_filter']);
    expect(servicesIn('Hybrid battery check')).not.toContain('battery');
  });
});

describe('predictMaintenance', () => {
  it('forecasts from the last recorded service and the daily usage, citing the job card', () => {
    const p = find(
      {
        ...base,
        history: [{ date: '2025-06-01', mileage: 40_000, text: 'Brake service: front brake pads', jobCardId: 12, jobNumber: 'JC-000012' }],
      },
      'brake_pads',
    );
    expect(p).toMatchObject({ urgency: 'overdue', dueMileage: 80_000, dueDate: '2026-06-01' });
    expect(p.reason).toContain('41,000 km ago');
    expect(p.reason).toContain('~38 km/day');
    expect(p.reason).toContain('JC-000012');
    expect(p.basedOn).toEqual([
      { kind: 'job_card', id: 12, label: 'JC-000012' },
      { kind: 'vehicle', id: 7, label: 'Toyota Corolla A-1' },
    ]);
    expect(p.confidence).toBeGreaterThanOrEqual(0.6);
    expect(p.facts).toEqual({
      recorded: true,
      source: 'standard',
      lastDate: '2025-06-01',
      lastMileage: 40_000,
      kmSince: 41_000,
      daysSince: 365,
      jobNumber: 'JC-000012',
      dailyKm: 38,
      intervalKm: 40_000,
      intervalMonths: null,
      mileage: 81_000,
      firstSeen: null,
    });
  });

  it('says soon within 30 days of driving and later beyond, whichever of date and mileage comes first', () => {
    const soon = find(
      { ...base, history: [{ date: '2026-01-10', mileage: 72_000, text: 'Oil change', jobCardId: null, jobNumber: null }] },
      'oil_filter',
    );
    // 9,000 km done, 1,000 left at 38 km/day: about 26 days.
    expect(soon).toMatchObject({ urgency: 'soon', dueMileage: 82_000, dueDate: '2026-06-27' });
    const later = find(
      { ...base, history: [{ date: '2026-05-01', mileage: 80_000, text: 'Oil change', jobCardId: null, jobNumber: null }] },
      'oil_filter',
    );
    // 9,000 km left at 38 km/day: 236 days, before the 12 months' limit (2027-05-01).
    expect(later).toMatchObject({ urgency: 'later', dueMileage: 90_000, dueDate: '2027-01-23' });
    const byDate = find(
      {
        ...base,
        dailyMileage: 2,
        history: [{ date: '2025-07-01', mileage: 80_500, text: 'oil change', jobCardId: null, jobNumber: null }],
      },
      'oil_filter',
    );
    expect(byDate).toMatchObject({ urgency: 'soon', dueDate: '2026-07-01' });
  });

  it('lets a workshop schedule win over the standard interval, citing it', () => {
    const p = predictMaintenance({
      ...base,
      schedules: [
        {
          id: 3,
          serviceName: 'Oil change',
          description: 'Synthetic 5W-30',
          intervalMileage: 5_000,
          intervalMonths: null,
          lastServiceDate: '2026-05-01',
          lastServiceMileage: 79_000,
        },
      ],
    }).filter((x) => x.serviceKey === 'oil_filter');
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ service: 'Oil change', description: 'Synthetic 5W-30', dueMileage: 84_000, urgency: 'later' });
    expect(p[0].basedOn[0]).toEqual({ kind: 'maintenance_schedule', id: 3, label: 'Oil change' });
    expect(p[0].reason).toContain('workshop schedule');
  });

  it('never calls a service it has no record of overdue, and says to check', () => {
    const p = find(base, 'brake_pads');
    expect(p).toMatchObject({ urgency: 'soon', dueMileage: 81_000, dueDate: '2026-06-01', confidence: 0.3 });
    expect(p.reason).toContain('No brake pads on record here');
    const timing = find(base, 'timing_belt');
    // 19,000 km to the first 100,000 at 38 km/day: 500 days, before the 72 months from today.
    expect(timing).toMatchObject({ urgency: 'later', dueMileage: 100_000, dueDate: '2027-10-14' });
  });

  it('without a daily usage, forecasts no date from mileage and says so', () => {
    const p = find(
      {
        ...base,
        dailyMileage: null,
        readings: 1,
        history: [{ date: '2026-05-01', mileage: 79_500, text: 'brake pads', jobCardId: null, jobNumber: null }],
      },
      'brake_pads',
    );
    expect(p).toMatchObject({ dueMileage: 119_500, dueDate: null, urgency: 'later' });
    expect(p.reason).toContain('no daily usage known yet');
  });

  it('lists the most urgent first', () => {
    const list = predictMaintenance({
      ...base,
      history: [{ date: '2025-01-01', mileage: 30_000, text: 'brake pads, oil change', jobCardId: 1, jobNumber: 'JC-1' }],
    });
    const ranks = list.map((p) => ({ overdue: 0, soon: 1, later: 2 })[p.urgency]);
    expect(ranks).toEqual([...ranks].sort());
    expect(list[0].urgency).toBe('overdue');
  });
});
