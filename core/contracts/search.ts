import { z } from '../zod.ts';

/**
 * Global search: GET /api/search?q= over the caller's workshop, one group per kind of record, a
 * few hits each, the exact matches first. A full document number, plate, VIN, SKU, phone or
 * e-mail is an exact hit, and `direct` names the one record it leads to. Technicians get no
 * estimates or invoices (they cannot open those lists either).
 */
export const SEARCH_KINDS = [
  'customers',
  'vehicles',
  'jobCards',
  'estimates',
  'invoices',
  'parts',
  'technicians',
  'bookings',
  'appointments',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Hits shown per group; one more is read to know there are more. */
export const SEARCH_PER_GROUP = 5;
/** Below this many characters only exact hits are looked for (a substring of one or two letters matches everything). */
export const SEARCH_MIN_CONTAINS = 3;
export const SEARCH_MAX_LENGTH = 100;

export const searchQuery = z.object({ q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) });

export const searchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The query is this record's number, plate, VIN, SKU, phone or e-mail. */
  exact: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  hits: z.array(searchHit),
  /** More records match than the group shows ("see all" opens the list with the query). */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchResult = z.object({
  /** The query as searched (trimmed, spaces collapsed, Arabic-Indic digits as 0-9). */
  q: z.string(),
  groups: z.array(searchGroup),
  /** The one record an exact hit leads to, when exactly one record matched exactly. */
  direct: z.object({ kind: z.enum(SEARCH_KINDS), id: z.number().int() }).nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;
