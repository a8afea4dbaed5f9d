import { describe, expect, it } from 'vitest';
import { efficiency } from './efficiency.ts';

describe('efficiency', () => {
  it('is estimated / actual as a percent, on target when actual ≤ estimated', () => {
    expect(efficiency(4, 4)).toEqual({ percent: 100, onTarget: true });
    expect(efficiency(4, 5)).toEqual({ percent: 80, onTarget: false });
    expect(efficiency(3, 2)).toEqual({ percent: 150, onTarget: true });
    expect(efficiency(2.5, 3)).toEqual({ percent: 83, onTarget: false });
  });
  it('has no value without both hours', () => {
    expect(efficiency(null, 2)).toBeNull();
    expect(efficiency(2, null)).toBeNull();
    expect(efficiency(2, 0)).toBeNull();
  });
});
