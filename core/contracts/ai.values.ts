/** The AI assistant's value lists (no zod: the web imports them too). */

/** A stored AI result: pending until someone applies or dismisses it. */
export const AI_RECORD_STATUSES = ['pending', 'applied', 'dismissed'] as const;
export type AiRecordStatus = (typeof AI_RECORD_STATUSES)[number];

/** How soon a predicted service is due. */
export const AI_URGENCIES = ['overdue', 'soon', 'later'] as const;
export type AiUrgency = (typeof AI_URGENCIES)[number];

/** The unassigned work smart scheduling plans. */
export const SCHEDULE_WORK_KINDS = ['tasks', 'bookings', 'appointments'] as const;
export type ScheduleWorkKind = (typeof SCHEDULE_WORK_KINDS)[number];

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** AI calls one user may make per minute (each answer reads a good part of the workshop's history). */
export const AI_CALLS_PER_MINUTE = 30;
