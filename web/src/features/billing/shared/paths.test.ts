import { describe, expect, it } from 'vitest';
import { billingPathOf } from './paths';

describe('billing paths', () => {
  it('tells the list, a record and its printable document apart', () => {
    expect(billingPathOf('/invoices', '/invoices')).toEqual({ id: null, print: false });
    expect(billingPathOf('/invoices/12', '/invoices')).toEqual({ id: 12, print: false });
    expect(billingPathOf('/invoices/12/print', '/invoices')).toEqual({ id: 12, print: true });
    expect(billingPathOf('/invoices/12/print/', '/invoices')).toEqual({ id: 12, print: true });
    expect(billingPathOf('/invoices/0', '/invoices')).toEqual({ id: null, print: false });
    expect(billingPathOf('/estimates/4/print', '/invoices')).toEqual({ id: null, print: false });
  });
});
