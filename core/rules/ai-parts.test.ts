import { describe, expect, it } from 'vitest';
import { partsConfidence, rankParts, type PartsJob } from './ai-parts.ts';

const job = (id: number, parts: Array<[number, number]>, sameVehicle = false): PartsJob => ({
  id,
  jobNumber: `JC-${id}`,
  sameVehicle,
  parts: new Map(parts),
});

describe('ai parts recommendation', () => {
  it('ranks parts by how often they were used, same make and model counting double, with their companion', () => {
    const ranked = rankParts([
      job(1, [
        [10, 1],
        [20, 1],
      ]),
      job(2, [
        [10, 1],
        [20, 2],
      ]),
      job(3, [[10, 2]]),
      job(4, [[30, 1]], true),
      job(5, [[40, 1]]),
    ]);
    expect(ranked.map((p) => p.sparePartId)).toEqual([10, 20, 30, 40]);
    expect(ranked[0]).toMatchObject({ usedOn: 3, usedOnSameVehicle: 0, quantity: 1, companion: { sparePartId: 20, jobs: 2 } });
    expect(ranked[0].support).toBe(0.5);
    expect(ranked[1]).toMatchObject({ usedOn: 2, quantity: 1, companion: { sparePartId: 10, jobs: 2 } });
    expect(ranked[2]).toMatchObject({ usedOn: 1, usedOnSameVehicle: 1, support: 0.333, companion: null });
    expect(ranked[0].jobs.map((j) => j.id)).toEqual([3, 2, 1]);
  });
  it('leaves out rarely used parts and answers nothing without jobs', () => {
    const jobs = Array.from({ length: 20 }, (_, i) => job(i + 1, i === 0 ? [[99, 1]] : [[1, 1]]));
    expect(rankParts(jobs).map((p) => p.sparePartId)).toEqual([1]);
    expect(rankParts([])).toEqual([]);
  });
  it('is surer with more jobs and a clearer top part', () => {
    expect(partsConfidence(0, 1)).toBe(0);
    expect(partsConfidence(10, 1)).toBe(0.95);
    expect(partsConfidence(3, 0.5)).toBeLessThan(partsConfidence(10, 0.5));
  });
});
