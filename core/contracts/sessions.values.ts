/** The kinds of device a browser's User-Agent tells apart (core/rules/user-agent.ts); unknown when it sent none. */
export const DEVICE_TYPES = ['desktop', 'phone', 'tablet', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** How a session ended: its user signed out, another session of theirs (or an admin) ended it, it ran out, the password changed, a new sign-in in the same browser took its place. */
export const SESSION_END_REASONS = ['sign_out', 'revoked', 'expired', 'password_change', 'replaced'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** A sign-in attempt's outcome in the workshop's sign-in history. */
export const SIGN_IN_OUTCOMES = ['success', 'failed'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
