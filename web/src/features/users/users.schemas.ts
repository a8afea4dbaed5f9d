/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { createStaffInput } from '@core/contracts/users.ts';
