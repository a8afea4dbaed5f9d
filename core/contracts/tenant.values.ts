/** Workshop settings' constants, without zod (the web's pages import them). */

/** How long the audit log keeps entries, in days: two years unless the workshop says otherwise. */
export const AUDIT_RETENTION_DAYS = { default: 730, min: 30, max: 3650 } as const;

/**
 * How long invoices and payments must be kept whole by law, in years (the books' retention): a
 * customer's erasure leaves them untouched within it, and scrubs their free text once older.
 */
export const LEGAL_RETENTION_YEARS = { default: 7, min: 1, max: 30 } as const;
