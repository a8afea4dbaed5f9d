// Types only from core/contracts (a value import would pull zod into the page); the enum values
// are repeated here and checked against the contract types.
import type {
  BillingItem,
  BillingItemInput,
  Estimate,
  EstimateDetail,
  EstimateInput,
  EstimateUpdateInput,
  Invoice,
  InvoiceDetail,
  InvoiceInput,
  InvoiceUpdateInput,
  Payment,
  PaymentInput,
} from '@core/contracts/billing.ts';

export type { BillingItem, BillingItemInput, Estimate, EstimateDetail, EstimateInput, EstimateUpdateInput, Invoice, InvoiceDetail, InvoiceInput, InvoiceUpdateInput, Payment, PaymentInput };
export type EstimateStatus = Estimate['status'];
export type InvoiceStatus = Invoice['status'];
export type PaymentMethod = Payment['paymentMethod'];
export type ItemType = BillingItem['itemType'];

export const ESTIMATE_STATUSES = ['draft', 'sent', 'approved', 'rejected', 'expired'] as const satisfies readonly EstimateStatus[];
/** Every status an invoice shows (the list filter offers them all). */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'cancelled'] as const satisfies readonly InvoiceStatus[];
/** What a user sets by hand; paid, partially paid and overdue follow from the payments and the due date. */
export const INVOICE_SETTABLE_STATUSES = ['draft', 'sent', 'cancelled'] as const satisfies readonly InvoiceStatus[];
export type InvoiceSettableStatus = (typeof INVOICE_SETTABLE_STATUSES)[number];
/** Spec section 5: the five payment methods. */
export const PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check'] as const satisfies readonly PaymentMethod[];

/** Rows per "Load more". */
export const PAGE_SIZE = 25;

export type DocumentKind = 'estimate' | 'invoice';
