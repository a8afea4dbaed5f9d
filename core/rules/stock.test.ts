import { describe, expect, it } from 'vitest';
import { needsAttention, stockBadge } from './stock.ts';

describe('stock badge', () => {
  it('is Out of Stock at zero whatever the minimum', () => {
    expect(stockBadge(0, 0)).toBe('out_of_stock');
    expect(stockBadge(0, 5)).toBe('out_of_stock');
  });
  it('is Low Stock between zero and the minimum', () => {
    expect(stockBadge(1, 5)).toBe('low_stock');
    expect(stockBadge(4, 5)).toBe('low_stock');
  });
  it('is In Stock at or above the minimum', () => {
    expect(stockBadge(5, 5)).toBe('in_stock');
    expect(stockBadge(3, 0)).toBe('in_stock');
  });
});

describe('needs attention', () => {
  it('is below the minimum or zero', () => {
    expect(needsAttention(0, 0)).toBe(true);
    expect(needsAttention(2, 5)).toBe(true);
    expect(needsAttention(5, 5)).toBe(false);
    expect(needsAttention(1, 0)).toBe(false);
  });
});
