/** The customers values the web needs without zod: statuses and other fixed lists (customers.ts builds its schemas from them). */
export const CUSTOMER_NOTE_CATEGORIES = ['general', 'billing', 'service', 'complaint', 'preference'] as const;
