/** The tasks values the web needs without zod: statuses and other fixed lists (tasks.ts builds its schemas from them). */
export const TASK_STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/** Tasks counted as a technician's active load. */
export const ACTIVE_TASK_STATUSES = ['assigned', 'in_progress'] as const;
