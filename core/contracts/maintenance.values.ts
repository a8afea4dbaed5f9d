/** The maintenance values the web needs without zod: statuses and other fixed lists (maintenance.ts builds its schemas from them). */
export const REMINDER_STATUSES = ['pending', 'sent', 'snoozed', 'dismissed'] as const;
