/** The notifications values the web needs without zod: statuses and other fixed lists (notifications.ts builds its schemas from them). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;

/**
 * Every kind of notification the server writes, with the details it records: the page writes one
 * title and one sentence per kind in each language from them (notifications.json `kinds`;
 * web/src/features/notifications/notification-texts.test.ts fails on a kind without them, or a
 * sentence naming a detail its kind does not record). The server keeps an English title and
 * message too, for the e-mail.
 */
export const NOTIFICATION_DETAILS = {
  task_assigned: ['taskTitle'],
  task_updated: ['taskTitle', 'status'],
  job_card_assigned: ['jobNumber', 'serviceType'],
  job_card_status: ['jobNumber', 'status'],
  booking_assigned: ['serviceType', 'date'],
  booking_updated: ['serviceType', 'date', 'status'],
  appointment_assigned: ['appointmentNumber', 'date', 'time'],
  appointment_updated: ['appointmentNumber', 'date', 'time', 'status'],
  low_stock: ['partName', 'sku', 'stockQuantity', 'minimumStock'],
  service_reminder_due: ['reminderTitle', 'vehicleName', 'plateNumber'],
  invoice_overdue: ['invoiceNumber', 'dueDate', 'balance'],
  payment_recorded: ['invoiceNumber', 'amount'],
} as const satisfies Record<string, readonly string[]>;

export type NotificationKind = keyof typeof NOTIFICATION_DETAILS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_DETAILS) as NotificationKind[];

/** Details that are statuses (written with the status's name in the reader's language), dates, numbers and money. */
export const NOTIFICATION_STATUS_DETAILS: readonly string[] = ['status'];
export const NOTIFICATION_DATE_DETAILS: readonly string[] = ['date', 'dueDate'];
export const NOTIFICATION_NUMBER_DETAILS: readonly string[] = ['stockQuantity', 'minimumStock'];
export const NOTIFICATION_MONEY_DETAILS: readonly string[] = ['balance', 'amount'];

/** The page's kind filter: groups of kinds a reader tells apart. */
export const NOTIFICATION_GROUPS = {
  tasks: ['task_assigned', 'task_updated'],
  job_cards: ['job_card_assigned', 'job_card_status'],
  schedule: ['booking_assigned', 'booking_updated', 'appointment_assigned', 'appointment_updated'],
  stock: ['low_stock'],
  maintenance: ['service_reminder_due'],
  billing: ['invoice_overdue', 'payment_recorded'],
} as const satisfies Record<string, readonly NotificationKind[]>;

export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export const NOTIFICATION_GROUP_NAMES = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];

/** The records a notification links to. */
export const NOTIFICATION_ENTITIES = ['task', 'job_card', 'booking', 'appointment', 'spare_part', 'vehicle', 'invoice'] as const;
export type NotificationEntity = (typeof NOTIFICATION_ENTITIES)[number];

/** The daily digest: one e-mail per user and workshop day, from this hour (workshop time) until noon. */
export const DIGEST_HOUR = 7;
export const DIGEST_LAST_HOUR = 12;
