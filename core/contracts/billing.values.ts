/** The billing values the web needs without zod: statuses and other fixed lists (billing.ts builds its schemas from them). */
export const ESTIMATE_STATUSES = ['draft', 'sent', 'approved', 'rejected', 'expired'] as const;
/** Every status an invoice shows. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'cancelled'] as const;
/** The statuses a user sets by hand; paid, partially paid and overdue follow from the ledger and the due date. */
export const INVOICE_SETTABLE_STATUSES = ['draft', 'sent', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export const PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check'] as const;
export const ESTIMATE_NUMBER_PATTERN = /^EST-\d{6}$/;
export const INVOICE_NUMBER_PATTERN = /^INV-\d{6}$/;
