/** What Workbay writes to customers: the fixed lists the web needs without zod. */

/** The kinds of message: a service reminder come due. */
export const CUSTOMER_MESSAGE_KINDS = ['service_reminder'] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];
export const CUSTOMER_MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type CustomerMessageChannel = (typeof CUSTOMER_MESSAGE_CHANNELS)[number];
/** pending until the sender answers; skipped: not sent, for one of the reasons below. */
export const CUSTOMER_MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type CustomerMessageStatus = (typeof CUSTOMER_MESSAGE_STATUSES)[number];
/** Why a message was not sent: no consent for the channel, no address for it, or the workshop has no such channel configured. */
export const CUSTOMER_MESSAGE_SKIP_REASONS = ['no_consent', 'no_address', 'no_channel'] as const;
export type CustomerMessageSkipReason = (typeof CUSTOMER_MESSAGE_SKIP_REASONS)[number];
