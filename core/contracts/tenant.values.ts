/** Workshop settings' constants, without zod (the web's pages import them). */

/** How long the audit log keeps entries, in days: two years unless the workshop says otherwise. */
export const AUDIT_RETENTION_DAYS = { default: 730, min: 30, max: 3650 } as const;
