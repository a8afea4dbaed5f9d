/** The spare parts values the web needs without zod: statuses and other fixed lists (spare-parts.ts builds its schemas from them). */
export const SPARE_PART_STATUSES = ['active', 'discontinued'] as const;
