import { z } from '../zod.ts';
import { isoDate } from './fields.ts';
import { pagingQuery } from './paging.ts';
import { DEVICE_TYPES, SESSION_END_REASONS, SIGN_IN_OUTCOMES } from './sessions.values.ts';

export * from './sessions.values.ts';

/** One of my sessions still signed in: where and on what, since when, last seen; `current` is the one asking. */
export const activeSession = z.object({
  id: z.number().int(),
  current: z.boolean(),
  deviceType: z.enum(DEVICE_TYPES),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});
export type ActiveSession = z.infer<typeof activeSession>;

/** How many sessions "sign out all other sessions" ended. */
export const signedOutOthers = z.object({ ended: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthers>;

/** A sign-in of the workshop's history: a session (with when and how it ended) or a refused attempt. */
export const signInEntry = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  /** Why an attempt was refused (an error code: auth.invalid_credentials, auth.account_inactive ...). */
  failureReason: z.string().nullable(),
  at: z.string(),
  lastSeenAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.enum(SESSION_END_REASONS).nullable(),
  ipAddress: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  isImpersonated: z.boolean(),
});
export type SignInEntry = z.infer<typeof signInEntry>;

export const signInQuery = pagingQuery
  .extend({
    userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    outcome: z.enum(SIGN_IN_OUTCOMES).optional(),
    /** Days in the workshop's time zone, both included. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The end date must be on or after the start date', path: ['to'] });
export type SignInQuery = z.infer<typeof signInQuery>;
