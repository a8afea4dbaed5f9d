/** Customer data rights and consents: the fixed lists and constants the web needs without zod. */

/** What a customer may agree to be sent: marketing (and service reminders) by e-mail and by SMS. */
export const CONSENT_TYPES = ['marketing_email', 'marketing_sms'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];
/** How the workshop learnt the customer's choice. */
export const CONSENT_SOURCES = ['form', 'phone', 'in_person', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/**
 * The version of the consent text a choice was made under: raise it when the wording shown to
 * customers changes, so every recorded choice says which text it answered.
 */
export const CONSENT_VERSION = '2026-11';

export const DATA_REQUEST_TYPES = ['export', 'erase'] as const;
export type DataRequestType = (typeof DATA_REQUEST_TYPES)[number];
export const DATA_REQUEST_STATUSES = ['pending', 'completed', 'failed'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
/** How long an export's file is said to be available for download after it was made. */
export const EXPORT_EXPIRES_AFTER_DAYS = 7;
