/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { loginInput, registerInput } from '@core/contracts/auth.ts';
