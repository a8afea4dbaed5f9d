/** The bookings values the web needs without zod: statuses and other fixed lists (bookings.ts builds its schemas from them). */
export const BOOKING_STATUSES = ['scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
