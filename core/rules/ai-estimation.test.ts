import { describe, expect, it } from 'vitest';
import {
  confidenceOf,
  containment,
  estimateFromHistory,
  jobSimilarity,
  jobWeight,
  keywords,
  namesWord,
  partNamedIn,
  similarity,
  weightedQuantile,
  type PastJob,
} from './ai-estimation.ts';

const job = (id: number, over: Partial<PastJob> = {}): PastJob => ({
  id,
  jobNumber: `JC-${String(id).padStart(6, '0')}`,
  serviceType: 'Brake service',
  description: 'Replace front brake pads and bleed fluid',
  make: 'Toyota',
  model: 'Corolla',
  ageDays: 30,
  hours: 2,
  labourCents: 16_000,
  partsCents: 9_000,
  ...over,
});

describe('ai estimation: text', () => {
  it('keeps the words that name a job, in any script', () => {
    expect(keywords('Replace the FRONT brake pads, please; 2 mm left')).toEqual(['front', 'brake', 'pads', 'left']);
    expect(keywords('تغيير زيت المحرك')).toEqual(['تغيير', 'زيت', 'المحرك']);
  });
  it('measures trigram similarity and containment like pg_trgm', () => {
    expect(similarity('brake', 'brake')).toBe(1);
    expect(similarity('brake', 'battery')).toBeLessThan(0.2);
    expect(containment('Brake service', 'front brake pads worn')).toBeCloseTo(6 / 14, 5);
    expect(containment('Brake service', 'brake service due')).toBe(1);
  });
  it('scores a past job by its service type named in the description, then its own text', () => {
    const brakes = jobSimilarity('front brake pads squeal', { serviceType: 'Brake service', description: 'Front pads worn' });
    const oil = jobSimilarity('front brake pads squeal', { serviceType: 'Oil change', description: 'Engine oil and filter' });
    expect(brakes).toBeGreaterThan(0.4);
    expect(oil).toBeLessThan(0.25);
    expect(jobSimilarity('Oil change', { serviceType: 'Oil change', description: null })).toBe(0.75);
  });
  it('finds a make or model named in free text', () => {
    expect(namesWord('2019 Toyota Corolla', 'toyota')).toBe(true);
    expect(namesWord('2019 Toyota Corolla', 'Land Cruiser')).toBe(false);
    expect(namesWord('Mercedes-Benz C 200', 'C 200')).toBe(true);
  });
  it('calls a part named when two of its name words (or its only one) are in the description', () => {
    const words = keywords('replace front brake pads and the battery');
    expect(partNamedIn(words, 'Brake pads, front (ceramic)')).toBe(true);
    expect(partNamedIn(words, 'Brake disc, front (pair)')).toBe(true);
    expect(partNamedIn(words, 'Battery 12 V 70 Ah AGM')).toBe(false);
    expect(partNamedIn(words, 'Battery')).toBe(true);
    expect(partNamedIn(words, 'Oil filter')).toBe(false);
  });
});

describe('ai estimation: weights and statistics', () => {
  it('weighs the same make and model double and halves the weight each year', () => {
    const base = { similarity: 1, sameMake: false, sameModel: false, ageDays: 0 };
    expect(jobWeight(base)).toBe(1);
    expect(jobWeight({ ...base, sameMake: true })).toBe(1.4);
    expect(jobWeight({ ...base, sameMake: true, sameModel: true })).toBe(2);
    expect(jobWeight({ ...base, ageDays: 365 })).toBe(0.5);
    expect(jobWeight({ ...base, ageDays: 3650 })).toBe(0.15);
  });
  it('takes weighted quantiles', () => {
    const items = [
      { value: 10, weight: 1 },
      { value: 20, weight: 1 },
      { value: 30, weight: 1 },
      { value: 40, weight: 1 },
    ];
    expect(weightedQuantile(items, 0.5)).toBe(20);
    expect(weightedQuantile(items, 0.25)).toBe(10);
    expect(weightedQuantile(items, 0.75)).toBe(30);
    expect(weightedQuantile([...items, { value: 100, weight: 10 }], 0.5)).toBe(100);
    expect(weightedQuantile([], 0.5)).toBeUndefined();
  });
  it('grows confidence with the number of jobs and lowers it with their spread', () => {
    expect(confidenceOf(0, 0)).toBe(0.1);
    expect(confidenceOf(1, 0)).toBeLessThan(confidenceOf(10, 0));
    expect(confidenceOf(10, 0)).toBe(0.95);
    expect(confidenceOf(10, 1)).toBe(0.5);
    expect(confidenceOf(30, 0.2)).toBeGreaterThan(confidenceOf(30, 0.8));
  });
});

describe('ai estimation: from history', () => {
  it('answers the weighted median and quartiles of the similar jobs, same model first', () => {
    const jobs = [
      job(1, { hours: 1.5, labourCents: 12_000, partsCents: 8_000 }),
      job(2, { hours: 2, labourCents: 16_000, partsCents: 9_000 }),
      job(3, { hours: 2.5, labourCents: 20_000, partsCents: 10_000 }),
      // Another model, much dearer: weighs less.
      job(4, { make: 'BMW', model: 'X5', hours: 4, labourCents: 40_000, partsCents: 30_000 }),
      // Not similar at all: left out.
      job(5, { serviceType: 'Battery replacement', description: 'Battery failed the load test', hours: 0.5 }),
    ];
    const est = estimateFromHistory({ description: 'Brake service: front pads', make: 'Toyota', model: 'Corolla' }, jobs)!;
    expect(est.basedOn.map((j) => j.id)).toEqual([3, 2, 1, 4]);
    expect(est.hours).toEqual({ low: 1.5, typical: 2, high: 2.5 });
    expect(est.total).toEqual({ low: 20_000, typical: 25_000, high: 30_000 });
    expect(est.labourCents + est.partsCents).toBe(25_000);
    expect(est.labourCents).toBe(16_000);
    expect(est.confidence).toBeGreaterThan(0.3);
    expect(est.basedOn[0]).toMatchObject({ sameMake: true, sameModel: true });
  });
  it('reads the make and model from free text', () => {
    const jobs = [job(1, { hours: 1 }), job(2, { make: 'BMW', model: 'X5', hours: 5 }), job(3, { make: 'BMW', model: 'X5', hours: 5 })];
    const toyota = estimateFromHistory({ description: 'brake service', details: '2019 Toyota Corolla' }, jobs)!;
    expect(toyota.basedOn[0].id).toBe(1);
    const bmw = estimateFromHistory({ description: 'brake service', details: 'BMW X5 2022' }, jobs)!;
    expect(bmw.hours.typical).toBe(5);
  });
  it('answers nothing when no job is similar enough', () => {
    expect(estimateFromHistory({ description: 'paint the roof', make: 'Toyota', model: 'Corolla' }, [job(1)])).toBeUndefined();
    expect(estimateFromHistory({ description: 'brake service' }, [])).toBeUndefined();
  });
});

describe('ai estimation: enough jobs on the same vehicle', () => {
  it('uses only the same model when it has five similar jobs, else the same make, else all', () => {
    const others = Array.from({ length: 20 }, (_, i) => job(100 + i, { make: 'Kia', model: 'Rio', hours: 1 }));
    const corollas = Array.from({ length: 5 }, (_, i) => job(200 + i, { hours: 3 }));
    expect(
      estimateFromHistory({ description: 'brake service', make: 'Toyota', model: 'Corolla' }, [...others, ...corollas])!.hours.typical,
    ).toBe(3);
    expect(
      estimateFromHistory({ description: 'brake service', make: 'Toyota', model: 'Corolla' }, [...others, ...corollas.slice(1)])!.hours
        .typical,
    ).toBe(1);
    const camrys = Array.from({ length: 5 }, (_, i) => job(300 + i, { model: 'Camry', hours: 2 }));
    expect(
      estimateFromHistory({ description: 'brake service', make: 'Toyota', model: 'Yaris' }, [...others, ...camrys])!.hours.typical,
    ).toBe(2);
  });
});
