/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { customerInput, customerNoteInput } from '@core/contracts/customers.ts';
