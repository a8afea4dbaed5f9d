import { describe, expect, it } from 'vitest';
import { fromCents, lineTotalCents, sumCents, toCents } from './money.ts';

describe('money in cents', () => {
  it('reads decimal strings and numbers', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('7')).toBe(700);
    expect(toCents(null)).toBe(0);
    expect(toCents('-3.25')).toBe(-325);
  });
  it('writes two decimals', () => {
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-325)).toBe('-3.25');
  });
  it('multiplies lines without float drift', () => {
    expect(lineTotalCents(3, '19.99')).toBe(5997);
    expect(lineTotalCents('1.5', '85.00')).toBe(12750);
    expect(lineTotalCents('0.33', '10.00')).toBe(330);
    expect(fromCents(sumCents([lineTotalCents(3, '0.10'), lineTotalCents(1, '0.20')]))).toBe('0.50');
  });
});
