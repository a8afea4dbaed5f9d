import { z } from '../zod.ts';
import { LANGUAGES } from './user-settings.values.ts';
import { CUSTOMER_MESSAGE_CHANNELS, CUSTOMER_MESSAGE_KINDS, CUSTOMER_MESSAGE_STATUSES } from './customer-messages.values.ts';

/**
 * A message written to a customer, as the customer page lists it: the words as sent, in their
 * language, and what became of it. `reason`: a skip reason (customer-messages.values.ts) or the
 * sending server's answer to a failure.
 */
export const customerMessage = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  vehicleId: z.number().int().nullable(),
  kind: z.enum(CUSTOMER_MESSAGE_KINDS),
  channel: z.enum(CUSTOMER_MESSAGE_CHANNELS),
  recipient: z.string().nullable(),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  body: z.string(),
  status: z.enum(CUSTOMER_MESSAGE_STATUSES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerMessage = z.infer<typeof customerMessage>;
