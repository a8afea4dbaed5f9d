/** Loaded on first validation (lazyZodResolver) so zod is not part of the pages' first load. */
import { z } from '@core/zod.ts';
import { billingItemInput, estimateInput, INVOICE_SETTABLE_STATUSES, invoiceInput } from '@core/contracts/billing.ts';

/** A blank unit price is "not given" (a part line then takes its part's price), not 0. */
const formLine = z.preprocess((line) => {
  if (line && typeof line === 'object' && 'unitPrice' in line && String((line as { unitPrice: unknown }).unitPrice).trim() === '') {
    return { ...line, unitPrice: undefined };
  }
  return line;
}, billingItemInput);

/** What the form holds beside the contract's fields (stripped before validation). */
const formOnly = { items: z.array(formLine).max(200, 'At most 200 lines') };

/** The estimate dialog: the contract's fields; the number is allocated by the server. */
export const estimateForm = estimateInput.omit({ estimateNumber: true }).extend(formOnly);

/** The invoice dialog: a status left empty (paid, partially paid, overdue) stays as the payments make it. */
export const invoiceForm = invoiceInput
  .omit({ invoiceNumber: true, paidAmount: true })
  .extend({ ...formOnly, status: z.union([z.literal(''), z.enum(INVOICE_SETTABLE_STATUSES)]) });
