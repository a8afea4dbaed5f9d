/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { shiftAssignmentInput, shiftInput } from '@core/contracts/shifts.ts';
