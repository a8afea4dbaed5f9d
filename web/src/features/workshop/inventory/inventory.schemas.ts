/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
import { z } from '@core/zod.ts';
import { sparePartInput, sparePartUpdateInput, stockMoveInput } from '@core/contracts/spare-parts.ts';

export { sparePartInput, sparePartUpdateInput };
/** A count sets the stock: 0 or more (the contract). */
export const countForm = stockMoveInput;
/** Receiving adds at least one unit. */
export const receiveForm = stockMoveInput.extend({
  quantity: z.coerce
    .number({ error: 'Quantity must be at least 1' })
    .int('Must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000_000),
});
