import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './auth.repository.ts';

/** One allowance: at most `max` hits per key in a fixed window of `windowMs`. */
export type Limit = { prefix: string; max: number; windowMs: number; code: string; message: string };

const MINUTE = 60_000;
const TOO_MANY_SIGN_INS = {
  code: 'auth.too_many_attempts',
  message: 'Too many failed sign-in attempts. Please try again later.',
};

/**
 * The allowances (OWASP's authentication guidance: per account, per address, and per known
 * device). A browser that signed in to an account before holds a device token for it and has an
 * allowance of its own, so a stranger's failures lock out only browsers the owner never used.
 */
export const LIMITS = {
  /** Sign-in attempts at one account from browsers without its device token. */
  account: { prefix: 'login:account', max: 5, windowMs: 15 * MINUTE, ...TOO_MANY_SIGN_INS },
  /** Sign-in attempts from a browser holding the account's device token. */
  device: { prefix: 'login:device', max: 5, windowMs: 15 * MINUTE, ...TOO_MANY_SIGN_INS },
  /** Failed sign-ins from one address, whatever the account (spraying many accounts). */
  address: { prefix: 'login:address', max: 50, windowMs: 15 * MINUTE, ...TOO_MANY_SIGN_INS },
  /** Current-password checks of one signed-in user (password change). */
  password: {
    prefix: 'password:user',
    max: 5,
    windowMs: 15 * MINUTE,
    code: 'auth.too_many_password_attempts',
    message: 'Too many wrong current passwords. Please try again later.',
  },
  /**
   * Two-factor codes checked for one user (at sign-in, set-up and turning it off), whichever
   * browser sends them: a stolen password gets five guesses at a code per window.
   */
  code: {
    prefix: 'code:user',
    max: 5,
    windowMs: 15 * MINUTE,
    code: 'auth.too_many_code_attempts',
    message: 'Too many wrong authentication codes. Please try again later.',
  },
  /** New workshops opened from one address; `max` comes from the configuration. */
  registration: {
    prefix: 'register:address',
    max: 5,
    windowMs: 60 * MINUTE,
    code: 'auth.too_many_registrations',
    message: 'Too many new workshops from this address. Please try again later.',
  },
} satisfies Record<string, Limit>;

export const DEFAULT_REGISTRATIONS_PER_HOUR = LIMITS.registration.max;

/**
 * Takes one hit of `limit` for `id` before the work it guards and answers the key (to reset or
 * refund it later); 429 with Retry-After once the window's allowance is spent.
 */
export async function takeHit(db: Tx, limit: Limit, id: string | number): Promise<string> {
  const key = `${limit.prefix}:${id}`;
  const { hits, windowStart } = await repo.takeHit(db, key, limit.windowMs);
  if (hits > limit.max) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - Date.now()) / 1000));
    throw new AppError(429, limit.code, limit.message, {
      params: { retryAfter },
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  return key;
}

export { refundHit, resetHits } from './auth.repository.ts';
