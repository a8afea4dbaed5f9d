import { fromCents, lineTotalCents, sumCents, toCents } from './money.ts';

/**
 * Totals and states of estimates and invoices (spec/garage.md section 5, PRODUCT.md). Amounts are
 * integer cents; the tax rate is the workshop's percent with two decimals ("10.00").
 */

export type TotalsLine = { itemType: 'labor' | 'part'; quantity: string | number; unitPrice: string | number };
export type Totals = { laborCost: string; partsCost: string; subtotal: string; taxAmount: string; totalAmount: string };

/** Tax on an amount at a percent rate, rounded half up to the cent ("10.00" of 123.45 → 12.35). */
export function taxCents(subtotalCents: number, taxRate: string | number): number {
  const rateHundredths = toCents(taxRate); // 10.00 % → 1000
  return Math.round((subtotalCents * rateHundredths) / 10_000);
}

/** One line's total: quantity (hours for labour) × unit price, to the cent. */
export function lineTotal(line: Pick<TotalsLine, 'quantity' | 'unitPrice'>): string {
  return fromCents(lineTotalCents(line.quantity, line.unitPrice));
}

/**
 * A document's amounts. With lines, labour and parts costs are the sums of the labour and part
 * lines; without lines (the spec's dialog) the entered costs stand. Tax is the workshop's rate of
 * labour plus parts, rounded to 2 decimals; total is labour plus parts plus tax (Calculate Total).
 */
export function documentTotals(input: {
  lines?: TotalsLine[] | null;
  laborCost?: string | number | null;
  partsCost?: string | number | null;
  taxRate: string | number;
}): Totals {
  const lines = input.lines ?? [];
  const sumOf = (type: TotalsLine['itemType']) =>
    sumCents(lines.filter((l) => l.itemType === type).map((l) => lineTotalCents(l.quantity, l.unitPrice)));
  const labor = lines.length > 0 ? sumOf('labor') : toCents(input.laborCost);
  const parts = lines.length > 0 ? sumOf('part') : toCents(input.partsCost);
  const subtotal = labor + parts;
  const tax = taxCents(subtotal, input.taxRate);
  return {
    laborCost: fromCents(labor),
    partsCost: fromCents(parts),
    subtotal: fromCents(subtotal),
    taxAmount: fromCents(tax),
    totalAmount: fromCents(subtotal + tax),
  };
}

export type StoredInvoiceStatus = 'draft' | 'sent' | 'cancelled' | 'paid';
export type InvoiceState = {
  status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'overdue' | 'cancelled';
  paymentStatus: 'unpaid' | 'partial' | 'paid';
  paidAmount: string;
  balanceAmount: string;
};

/**
 * What an invoice shows, from its stored status, total, the payments ledger and the due date
 * (yyyy-MM-dd, compared with today in the workshop's time zone). Cancelled stays cancelled; a
 * balance of 0 on a total above 0 is paid; an unpaid balance past the due date is overdue
 * (a draft included: it is still owed); some paid is partially paid.
 */
export function invoiceState(input: {
  stored: StoredInvoiceStatus;
  totalAmount: string;
  paidAmount: string;
  dueDate: string | null;
  today: string;
}): InvoiceState {
  const total = toCents(input.totalAmount);
  const paid = toCents(input.paidAmount);
  const balance = Math.max(total - paid, 0);
  const paymentStatus = paid <= 0 ? 'unpaid' : balance === 0 ? 'paid' : 'partial';
  const money = { paidAmount: fromCents(paid), balanceAmount: fromCents(balance) };
  if (input.stored === 'cancelled') return { status: 'cancelled', paymentStatus, ...money };
  if (total > 0 && balance === 0) return { status: 'paid', paymentStatus: 'paid', ...money };
  if (input.dueDate !== null && input.dueDate < input.today && balance > 0) return { status: 'overdue', paymentStatus, ...money };
  if (paid > 0) return { status: 'partially_paid', paymentStatus, ...money };
  return { status: input.stored === 'paid' ? 'sent' : input.stored, paymentStatus, ...money };
}

/** Why a payment is refused, or null when it may be recorded. */
export function paymentRefusal(input: {
  amount: string;
  balanceAmount: string;
  stored: StoredInvoiceStatus;
}): 'cancelled' | 'invalid_amount' | 'over_balance' | null {
  if (input.stored === 'cancelled') return 'cancelled';
  const amount = toCents(input.amount);
  if (amount <= 0) return 'invalid_amount';
  if (amount > toCents(input.balanceAmount)) return 'over_balance';
  return null;
}
