/** The job cards values the web needs without zod: statuses and other fixed lists (job-cards.ts builds its schemas from them). */
export const JOB_CARD_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export const JOB_CARD_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/** JC- and exactly six digits. */
export const JOB_NUMBER_PATTERN = /^JC-\d{6}$/;
