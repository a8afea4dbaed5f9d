import { z } from '../zod.ts';
import { AGEING_BUCKETS } from '../rules/analytics.ts';
import { pagingQuery } from './paging.ts';
import { isoDate, moneyInput, optionalText, requiredText, searchQuery } from './fields.ts';
import {
  ESTIMATE_STATUSES,
  INVOICE_STATUSES,
  INVOICE_SETTABLE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  ESTIMATE_NUMBER_PATTERN,
  INVOICE_NUMBER_PATTERN,
} from './billing.values.ts';

export {
  ESTIMATE_STATUSES,
  INVOICE_STATUSES,
  INVOICE_SETTABLE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  ESTIMATE_NUMBER_PATTERN,
  INVOICE_NUMBER_PATTERN,
};

/**
 * Estimates, invoices and payments (spec/garage.md sections 2, 5 and 7). Money is exact: integer
 * cents in code (core/rules/money.ts), numeric(10,2) in the database, two-decimal strings in JSON.
 * Subtotal, tax and total are always computed by the server (core/rules/billing.ts); amounts a
 * client sends for them are checked (at least 0) and then ignored.
 */

export const BILLING_ITEM_TYPES = ['labor', 'part'] as const;

export const estimateStatus = z.enum(ESTIMATE_STATUSES);
export const invoiceStatus = z.enum(INVOICE_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);

export const ESTIMATE_NUMBER_MESSAGE = 'Estimate number must be in format EST-XXXXXX';
export const INVOICE_NUMBER_MESSAGE = 'Invoice number must be in format INV-XXXXXX';
export const INVALID_PAYMENT_MESSAGE = 'Invalid Payment: Please enter a valid amount and payment method';

const atLeastZero = (label: string) => moneyInput({ value: 0, message: `${label} must be at least 0`, inclusive: true });
const optionalDate = z
  .union([z.literal(''), isoDate])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/**
 * A line: labour (quantity = hours, unit price = rate) or a part (quantity, unit price). A part
 * line may reference a spare part: its name and unit price are then the defaults.
 */
export const billingItemInput = z
  .object({
    itemType: z.enum(BILLING_ITEM_TYPES),
    sparePartId: z.number().int().positive().nullable().optional(),
    description: optionalText(500),
    quantity: z.coerce
      .number({ error: 'Quantity must be a number' })
      .min(0.01, 'Quantity must be greater than 0')
      .max(100_000, 'Quantity must be at most 100,000'),
    unitPrice: atLeastZero('Unit price').optional(),
    notes: optionalText(1000),
  })
  .refine((l) => Boolean(l.description) || (l.itemType === 'part' && Boolean(l.sparePartId)), {
    message: 'Description is required',
    path: ['description'],
  })
  .refine((l) => l.unitPrice !== undefined || (l.itemType === 'part' && Boolean(l.sparePartId)), {
    message: 'Unit price is required',
    path: ['unitPrice'],
  })
  .refine((l) => l.itemType === 'part' || !l.sparePartId, { message: 'Only part lines reference a spare part', path: ['sparePartId'] });
export type BillingItemInput = z.input<typeof billingItemInput>;

export const billingItem = z.object({
  id: z.number().int(),
  itemType: z.enum(BILLING_ITEM_TYPES),
  sparePartId: z.number().int().nullable(),
  /** The part's SKU when the line references one. */
  sku: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  notes: z.string().nullable(),
});
export type BillingItem = z.infer<typeof billingItem>;

/** Fields both documents share; the spec's dialog sends labour and parts costs, a document with lines derives them. */
const documentFields = {
  customerId: z.number({ error: 'Customer is required' }).int().min(1, 'Customer is required'),
  vehicleId: z.number({ error: 'Vehicle is required' }).int().min(1, 'Vehicle is required'),
  description: requiredText(5000, 'Description is required'),
  /** Used only when the document has no lines (missing = 0 on create, unchanged on edit); with lines they are the sums of the labour and part lines. */
  laborCost: atLeastZero('Labor cost').optional(),
  partsCost: atLeastZero('Parts cost').optional(),
  /** Sent by the spec's dialog; checked, then recomputed by the server at the workshop's tax rate. */
  taxAmount: atLeastZero('Tax amount').optional(),
  totalAmount: atLeastZero('Total amount').optional(),
  notes: optionalText(5000),
  /** Replace the lines when sent; an empty list removes them. */
  items: z.array(billingItemInput).max(200, 'At most 200 lines').optional(),
};

export const estimateInput = z.object({
  /** Omitted: the server allocates the next free number. */
  estimateNumber: z.string().trim().regex(ESTIMATE_NUMBER_PATTERN, ESTIMATE_NUMBER_MESSAGE).optional(),
  status: estimateStatus.default('draft'),
  validUntil: optionalDate,
  ...documentFields,
});
export type EstimateInput = z.input<typeof estimateInput>;
/** An edit: only what is sent changes; the number cannot change. */
export const estimateUpdateInput = estimateInput.omit({ estimateNumber: true }).partial().extend({ status: estimateStatus.optional() });
export type EstimateUpdateInput = z.input<typeof estimateUpdateInput>;

export const invoiceInput = z.object({
  invoiceNumber: z.string().trim().regex(INVOICE_NUMBER_PATTERN, INVOICE_NUMBER_MESSAGE).optional(),
  status: z
    .enum(INVOICE_SETTABLE_STATUSES, { error: 'Paid, partially paid and overdue follow from the payments and the due date' })
    .default('draft'),
  /** Defaults to today in the workshop's time zone. */
  invoiceDate: optionalDate,
  dueDate: optionalDate,
  /** The spec's dialog sends it; what was paid comes from the payments ledger, so it must be 0 on create and is otherwise ignored. */
  paidAmount: atLeastZero('Paid amount').optional(),
  ...documentFields,
});
export type InvoiceInput = z.input<typeof invoiceInput>;
export const invoiceUpdateInput = invoiceInput
  .omit({ invoiceNumber: true })
  .partial()
  .extend({
    status: z
      .enum(INVOICE_SETTABLE_STATUSES, { error: 'Paid, partially paid and overdue follow from the payments and the due date' })
      .optional(),
  });
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateInput>;

/** record-payment: the spec sends paidAmount and paymentMethod. */
export const paymentInput = z.object({
  paidAmount: z.coerce
    .number({ error: INVALID_PAYMENT_MESSAGE })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 99_999_999.99, INVALID_PAYMENT_MESSAGE)
    .transform((v) => (Math.round(v * 100) / 100).toFixed(2)),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: INVALID_PAYMENT_MESSAGE }),
  /** Defaults to today in the workshop's time zone. */
  paymentDate: optionalDate,
  referenceNumber: optionalText(100),
  notes: optionalText(1000),
});
export type PaymentInput = z.input<typeof paymentInput>;

const party = {
  customerId: z.number().int(),
  vehicleId: z.number().int(),
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  vehicle: z.object({ id: z.number().int(), make: z.string(), model: z.string(), plateNumber: z.string() }),
};
const amounts = {
  laborCost: z.string(),
  partsCost: z.string(),
  subtotal: z.string(),
  /** The workshop's rate when the amounts were computed, e.g. "10.00" (percent). */
  taxRate: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  /** Lines on the document (lists show it without the lines themselves). */
  itemCount: z.number().int(),
};

export const estimate = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  estimateNumber: z.string(),
  ...party,
  description: z.string(),
  status: estimateStatus,
  ...amounts,
  validUntil: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** The invoice it was converted to, once. */
  invoice: z.object({ id: z.number().int(), invoiceNumber: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Estimate = z.infer<typeof estimate>;
export const estimateDetail = estimate.extend({ items: z.array(billingItem) });
export type EstimateDetail = z.infer<typeof estimateDetail>;

export const payment = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  amount: z.string(),
  paymentMethod: paymentMethod,
  paymentDate: z.string(),
  referenceNumber: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdBy: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

export const invoice = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  invoiceNumber: z.string(),
  ...party,
  description: z.string(),
  /** What the invoice shows: the stored draft/sent/cancelled, or paid / partially_paid / overdue from the ledger and the due date. */
  status: invoiceStatus,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  ...amounts,
  paidAmount: z.string(),
  balanceAmount: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  /** The method of the latest payment. */
  paymentMethod: paymentMethod.nullable(),
  notes: z.string().nullable(),
  estimate: z.object({ id: z.number().int(), estimateNumber: z.string() }).nullable(),
  jobCard: z.object({ id: z.number().int(), jobNumber: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceDetail = invoice.extend({ items: z.array(billingItem), payments: z.array(payment) });
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** `q` matches the document number and the customer's first, last or full name. */
export const estimateListQuery = pagingQuery.extend({
  q: searchQuery,
  status: estimateStatus.optional(),
  customerId: z.coerce.number().int().positive().optional(),
  vehicleId: z.coerce.number().int().positive().optional(),
});
export type EstimateListQuery = z.infer<typeof estimateListQuery>;
export const invoiceListQuery = pagingQuery.extend({
  q: searchQuery,
  status: invoiceStatus.optional(),
  customerId: z.coerce.number().int().positive().optional(),
  vehicleId: z.coerce.number().int().positive().optional(),
  /** Open invoices that still owe money, by days past their due date (the revenue report's receivables). */
  ageing: z.enum(AGEING_BUCKETS).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
