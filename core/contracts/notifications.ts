import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { VALIDATION_MESSAGES as M } from '../validation-messages.ts';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DETAILS,
  NOTIFICATION_ENTITIES,
  NOTIFICATION_GROUP_NAMES,
  type NotificationGroup,
} from './notifications.values.ts';

export { NOTIFICATION_CHANNELS };

export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);
export const deliveryStatus = z.enum(['pending', 'queued', 'sent', 'failed']);

/** "Confirm & Send" after an assignment: one record per chosen channel. */
export const notifyInput = z.object({
  channels: z.array(notificationChannel).min(1, 'Choose at least one channel').max(3),
});
export const delivery = z.object({ channel: z.string(), status: deliveryStatus, error: z.string().nullable() });

/** /notifications: `status` unread or all (default), `kind` one group of kinds (NOTIFICATION_GROUPS), paged. */
export const notificationListQuery = pagingQuery.extend({
  status: z.enum(['all', 'unread'], { message: M.notificationStatus }).default('all'),
  // The message names the groups as NOTIFICATION_GROUP_NAMES holds them (a test compares the two).
  kind: z.enum(NOTIFICATION_GROUP_NAMES as [NotificationGroup, ...NotificationGroup[]], { message: M.notificationKind }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** Every detail a kind records, by name: strings (numbers as their digits), so the list's answer is a plain object its serializer compiles. */
export const NOTIFICATION_DETAIL_NAMES = [...new Set(Object.values(NOTIFICATION_DETAILS).flat())];
export type NotificationDetails = Partial<Record<(typeof NOTIFICATION_DETAIL_NAMES)[number], string>>;
export const notificationDetails = z.object(
  Object.fromEntries(NOTIFICATION_DETAIL_NAMES.map((name) => [name, z.string().optional()])),
) as unknown as z.ZodType<NotificationDetails>;

export const notification = z.object({
  id: z.number().int(),
  /** The kind (core/contracts/notifications.values.ts NOTIFICATION_DETAILS), or an older server's type. */
  type: z.string(),
  /** English, as the e-mail says it; the page writes the kind's sentence in the reader's language from `details`. */
  title: z.string(),
  message: z.string(),
  details: notificationDetails,
  /** The record the notification concerns, when there is one. */
  entityType: z.enum(NOTIFICATION_ENTITIES).nullable(),
  entityId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;
