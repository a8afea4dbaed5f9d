import { z } from '../zod.ts';

/** Every list: `limit` (default 50, at most 500) and `offset`; the full count goes in X-Total-Count. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 500;
export const pagingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Sent as "false" when X-Total-Count is an estimate: a search with more matches than are counted
 * exactly (server/db/totals.ts); absent when the count is exact.
 */
export const TOTAL_COUNT_EXACT_HEADER = 'x-total-count-exact';

export const idParams = z.object({ id: z.coerce.number().int().positive() });
