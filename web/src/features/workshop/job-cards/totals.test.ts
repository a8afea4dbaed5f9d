import { describe, expect, it } from 'vitest';
import { addMoney, lineTotals } from './totals';

describe('job card line totals', () => {
  it('adds part and labour lines in cents', () => {
    const totals = lineTotals(
      [
        { quantity: '3', unitPrice: '19.99' },
        { quantity: '1', unitPrice: '0.10' },
      ],
      [
        { hours: '1.5', rate: '80' },
        { hours: '0.25', rate: '33.33' },
      ],
    );
    expect(totals.parts).toEqual(['59.97', '0.10']);
    // 0.25 h × 33.33 = 8.3325, rounded half up to 8.33
    expect(totals.labour).toEqual(['120.00', '8.33']);
    expect(totals.partsTotal).toBe('60.07');
    expect(totals.labourTotal).toBe('128.33');
    expect(totals.total).toBe('188.40');
  });

  it('never shows floating-point noise', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    const totals = lineTotals(
      [
        { quantity: '1', unitPrice: '0.1' },
        { quantity: '1', unitPrice: '0.2' },
      ],
      [],
    );
    expect(totals.partsTotal).toBe('0.30');
  });

  it('counts what is not a usable number yet as 0', () => {
    const totals = lineTotals(
      [
        { quantity: '', unitPrice: '12' },
        { quantity: '2', unitPrice: 'abc' },
        { quantity: '-1', unitPrice: '5' },
      ],
      [{ hours: '2', rate: '' }],
    );
    expect(totals.parts).toEqual(['0.00', '0.00', '0.00']);
    expect(totals.total).toBe('0.00');
  });

  it('is zero without lines', () => {
    expect(lineTotals([], [])).toEqual({ parts: [], labour: [], partsTotal: '0.00', labourTotal: '0.00', total: '0.00' });
  });

  it('adds money strings', () => {
    expect(addMoney('12.50', '3.05')).toBe('15.55');
  });
});
