import { z } from '../zod.ts';
import { NOTIFICATION_CHANNELS } from './notifications.values.ts';

export { NOTIFICATION_CHANNELS };

export const notificationChannel = z.enum(NOTIFICATION_CHANNELS);
export const deliveryStatus = z.enum(['pending', 'queued', 'sent', 'failed']);

/** "Confirm & Send" after an assignment: one record per chosen channel. */
export const notifyInput = z.object({
  channels: z.array(notificationChannel).min(1, 'Choose at least one channel').max(3),
});
export const delivery = z.object({ channel: z.string(), status: deliveryStatus, error: z.string().nullable() });

export const notification = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  taskId: z.number().int().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;
