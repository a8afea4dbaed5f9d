import { describe, expect, it } from 'vitest';
import { documentTotals, invoiceState, lineTotal, paymentRefusal, taxCents } from './billing.ts';

describe('document totals', () => {
  it('follows Calculate Total: 10% of labour plus parts, total = labour + parts + tax', () => {
    expect(documentTotals({ laborCost: '150.00', partsCost: '85.50', taxRate: '10.00' })).toEqual({
      laborCost: '150.00',
      partsCost: '85.50',
      subtotal: '235.50',
      taxAmount: '23.55',
      totalAmount: '259.05',
    });
  });
  it('rounds tax half up to the cent', () => {
    expect(taxCents(12345, '10.00')).toBe(1235); // 12.345 → 12.35
    expect(taxCents(5, '10.00')).toBe(1); // 0.005 → 0.01
    expect(taxCents(4, '10.00')).toBe(0);
    expect(taxCents(10000, '7.25')).toBe(725);
    expect(documentTotals({ laborCost: 0.1, partsCost: 0.2, taxRate: '10' }).totalAmount).toBe('0.33');
  });
  it('derives labour and parts from the lines when there are lines, ignoring entered costs', () => {
    const t = documentTotals({
      lines: [
        { itemType: 'labor', quantity: '1.5', unitPrice: '80.00' },
        { itemType: 'part', quantity: 2, unitPrice: '19.99' },
        { itemType: 'part', quantity: 1, unitPrice: '0.10' },
      ],
      laborCost: '999',
      partsCost: '999',
      taxRate: '10.00',
    });
    expect(t).toEqual({ laborCost: '120.00', partsCost: '40.08', subtotal: '160.08', taxAmount: '16.01', totalAmount: '176.09' });
  });
  it('adds many small lines without drift', () => {
    const lines = Array.from({ length: 1000 }, () => ({ itemType: 'part' as const, quantity: 1, unitPrice: '0.10' }));
    expect(documentTotals({ lines, taxRate: '10.00' })).toMatchObject({ partsCost: '100.00', taxAmount: '10.00', totalAmount: '110.00' });
    const thirds = Array.from({ length: 3 }, () => ({ itemType: 'labor' as const, quantity: '0.33', unitPrice: '10.00' }));
    expect(documentTotals({ lines: thirds, taxRate: '0' }).totalAmount).toBe('9.90');
  });
  it('computes a line total', () => {
    expect(lineTotal({ quantity: 3, unitPrice: '0.10' })).toBe('0.30');
    expect(lineTotal({ quantity: '2.5', unitPrice: '33.33' })).toBe('83.33'); // 83.325 → 83.33
  });
});

describe('invoice state', () => {
  const base = { stored: 'sent' as const, totalAmount: '110.00', dueDate: '2026-12-01', today: '2026-11-23' };
  it('is unpaid, partial, then paid from the ledger', () => {
    expect(invoiceState({ ...base, paidAmount: '0.00' })).toEqual({
      status: 'sent',
      paymentStatus: 'unpaid',
      paidAmount: '0.00',
      balanceAmount: '110.00',
    });
    expect(invoiceState({ ...base, paidAmount: '50.00' })).toEqual({
      status: 'partially_paid',
      paymentStatus: 'partial',
      paidAmount: '50.00',
      balanceAmount: '60.00',
    });
    expect(invoiceState({ ...base, paidAmount: '110.00' })).toEqual({
      status: 'paid',
      paymentStatus: 'paid',
      paidAmount: '110.00',
      balanceAmount: '0.00',
    });
  });
  it('is overdue when a balance remains after the due date, not on it', () => {
    expect(invoiceState({ ...base, paidAmount: '10.00', today: '2026-12-02' }).status).toBe('overdue');
    expect(invoiceState({ ...base, paidAmount: '0.00', today: '2026-12-01' }).status).toBe('sent');
    expect(invoiceState({ ...base, paidAmount: '110.00', today: '2027-01-01' }).status).toBe('paid');
    expect(invoiceState({ ...base, dueDate: null, paidAmount: '0.00', today: '2027-01-01' }).status).toBe('sent');
  });
  it('keeps cancelled and draft as set', () => {
    expect(invoiceState({ ...base, stored: 'cancelled', paidAmount: '0.00', today: '2027-01-01' }).status).toBe('cancelled');
    expect(invoiceState({ ...base, stored: 'draft', paidAmount: '0.00' }).status).toBe('draft');
  });
});

describe('payment refusal', () => {
  it('refuses 0, above the balance and on a cancelled invoice', () => {
    expect(paymentRefusal({ amount: '0.00', balanceAmount: '10.00', stored: 'sent' })).toBe('invalid_amount');
    expect(paymentRefusal({ amount: '10.01', balanceAmount: '10.00', stored: 'sent' })).toBe('over_balance');
    expect(paymentRefusal({ amount: '10.00', balanceAmount: '10.00', stored: 'sent' })).toBeNull();
    expect(paymentRefusal({ amount: '1.00', balanceAmount: '10.00', stored: 'cancelled' })).toBe('cancelled');
  });
});
