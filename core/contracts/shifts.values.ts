/** The shifts values the web needs without zod: statuses and other fixed lists (shifts.ts builds its schemas from them). */
export const SHIFT_ASSIGNMENT_STATUSES = ['scheduled', 'checked_in', 'checked_out', 'absent'] as const;
