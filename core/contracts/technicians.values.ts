/** The technicians values the web needs without zod: statuses and other fixed lists (technicians.ts builds its schemas from them). */
export const TECHNICIAN_STATUSES = ['active', 'inactive', 'on_leave'] as const;
export const TECHNICIAN_SORTS = ['default', 'name', 'rating', 'created'] as const;
