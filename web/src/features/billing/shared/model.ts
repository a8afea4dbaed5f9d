// Types only from core/contracts/billing.ts (a value import would pull zod into the page); the
// status lists from its zod-free value file.
import { ESTIMATE_STATUSES, INVOICE_STATUSES, INVOICE_SETTABLE_STATUSES, PAYMENT_METHODS } from '@core/contracts/billing.values.ts';
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

export { ESTIMATE_STATUSES, INVOICE_STATUSES, INVOICE_SETTABLE_STATUSES, PAYMENT_METHODS };

export type {
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
};
export type EstimateStatus = Estimate['status'];
export type InvoiceStatus = Invoice['status'];
export type PaymentMethod = Payment['paymentMethod'];
export type ItemType = BillingItem['itemType'];

export type InvoiceSettableStatus = (typeof INVOICE_SETTABLE_STATUSES)[number];

/** Rows per "Load more". */
export const PAGE_SIZE = 25;

export type DocumentKind = 'estimate' | 'invoice';
