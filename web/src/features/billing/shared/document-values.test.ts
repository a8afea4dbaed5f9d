import { describe, expect, it } from 'vitest';
import { documentPayload, emptyLine, liveTotals, plainNumber, type DocumentValues } from './document-values';

const base: DocumentValues = {
  customerId: 3,
  vehicleId: 7,
  description: ' Brakes ',
  laborCost: '',
  partsCost: '',
  taxAmount: '',
  totalAmount: '',
  notes: '',
  items: [],
};

describe('billing form totals', () => {
  it('uses the typed labour and parts costs when there are no lines (the spec dialog)', () => {
    const totals = liveTotals({ ...base, laborCost: '100', partsCost: '23.45' }, '10.00');
    // 10 % of 123.45 = 12.345, rounded half up to 12.35
    expect(totals).toMatchObject({
      laborCost: '100.00',
      partsCost: '23.45',
      subtotal: '123.45',
      taxAmount: '12.35',
      totalAmount: '135.80',
    });
  });

  it('takes labour and parts from the lines once there are any, whatever was typed', () => {
    const items = [
      { ...emptyLine('labor'), description: 'Fit pads', quantity: '1.5', unitPrice: '80' },
      { ...emptyLine('part'), sparePartId: 4, description: 'Pads', quantity: '2', unitPrice: '45.00' },
      { ...emptyLine('part'), description: 'Clip', quantity: '3', unitPrice: '0.10' },
    ];
    const totals = liveTotals({ ...base, laborCost: '999', partsCost: '999', items }, '10.00');
    expect(totals.lines).toEqual(['120.00', '90.00', '0.30']);
    expect(totals).toMatchObject({
      laborCost: '120.00',
      partsCost: '90.30',
      subtotal: '210.30',
      taxAmount: '21.03',
      totalAmount: '231.33',
    });
  });

  it('adds many small lines in cents, never in floating point', () => {
    const items = Array.from({ length: 10 }, () => ({ ...emptyLine('part'), description: 'Washer', quantity: '1', unitPrice: '0.10' }));
    expect(liveTotals({ ...base, items }, '0').subtotal).toBe('1.00');
    expect(liveTotals({ ...base, laborCost: '0.1', partsCost: '0.2' }, '0').subtotal).toBe('0.30');
  });

  it('counts what cannot be read yet as 0, and follows the workshop rate', () => {
    const items = [
      { ...emptyLine('labor'), description: 'x', quantity: 'abc', unitPrice: '50' },
      { ...emptyLine('part'), quantity: '2', unitPrice: '-4' },
    ];
    expect(liveTotals({ ...base, items }, '10.00').totalAmount).toBe('0.00');
    expect(liveTotals({ ...base, laborCost: '200' }, '7.5').taxAmount).toBe('15.00');
  });

  it('sends the lines as the contract takes them, with the computed amounts', () => {
    const payload = documentPayload(
      {
        ...base,
        notes: '  ',
        items: [
          { ...emptyLine('labor'), description: ' Fit pads ', quantity: '1.5', unitPrice: '80' },
          { ...emptyLine('part'), sparePartId: 4, description: 'Pads', sku: 'BP-1', quantity: '2', unitPrice: '45.00' },
        ],
      },
      '10.00',
    );
    expect(payload).toEqual({
      customerId: 3,
      vehicleId: 7,
      description: 'Brakes',
      laborCost: '120.00',
      partsCost: '90.00',
      taxAmount: '21.00',
      totalAmount: '231.00',
      notes: null,
      items: [
        { itemType: 'labor', sparePartId: null, description: 'Fit pads', quantity: 1.5, unitPrice: '80' },
        { itemType: 'part', sparePartId: 4, description: 'Pads', quantity: 2, unitPrice: '45.00' },
      ],
    });
  });

  it('shows stored quantities as typed numbers', () => {
    expect(plainNumber('2.00')).toBe('2');
    expect(plainNumber('1.50')).toBe('1.5');
  });
});
