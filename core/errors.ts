/** The one error envelope every failed API call answers with. */
/**
 * One field's problem: the English `message`, and `code` with `params` to show it in another
 * language (`validation.<key>` of core/validation-messages.ts, else zod's own code such as
 * `too_big` with `{ maximum }`).
 */
export type ErrorIssue = { path: string; message: string; code?: string; params?: Record<string, string | number> };

export type ErrorEnvelope = {
  /** Human text, safe to show to a user. */
  message: string;
  /** Stable dotted code, e.g. `auth.invalid_credentials`. */
  code: string;
  params?: Record<string, unknown>;
  /** Per-field validation messages (400 only). */
  issues?: ErrorIssue[];
  /** Request id, on 500s, to find the log line. */
  requestId?: string;
};

/** Generic messages the spec uses when nothing more specific applies. */
export const REQUIRED_MESSAGE = 'Required';
export const INVALID_MESSAGE = 'Invalid input';
