/** The notifications values the web needs without zod: statuses and other fixed lists (notifications.ts builds its schemas from them). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
