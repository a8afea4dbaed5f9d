/** The customers values the web needs without zod: statuses and other fixed lists (customers.ts builds its schemas from them). */
export const CUSTOMER_NOTE_CATEGORIES = ['general', 'billing', 'service', 'complaint', 'preference'] as const;
/** The customers CSV's columns, in this order: what the export writes and the import reads. */
export const CUSTOMER_CSV_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'notes',
  'preferredLanguage',
] as const;
