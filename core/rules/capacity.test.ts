import { describe, expect, it } from 'vitest';
import { teamCapacity, utilizationLevel, utilizationPercent } from './capacity.ts';

describe('team capacity', () => {
  it('is active technicians × 5', () => {
    expect(teamCapacity(0)).toBe(0);
    expect(teamCapacity(4)).toBe(20);
  });
  it('utilisation is current / capacity, 0 without capacity', () => {
    expect(utilizationPercent(14, 20)).toBe(70);
    expect(utilizationPercent(3, 0)).toBe(0);
  });
  it('levels: 90 Critical, 70 High, 50 Moderate, else Low', () => {
    expect([100, 90, 89.9, 70, 69.9, 50, 49.9, 0].map(utilizationLevel)).toEqual([
      'critical',
      'critical',
      'high',
      'high',
      'moderate',
      'moderate',
      'low',
      'low',
    ]);
  });
});
