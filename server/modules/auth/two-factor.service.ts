import { recordAudit } from '../audit/audit.service.ts';
import type { AuditAction } from '../../../core/contracts/audit.ts';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client.ts';
import { TOTP_DIGITS, type TwoFactorDisableInput, type TwoFactorSetup } from '../../../core/contracts/auth.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import * as users from '../users/users.repository.ts';
import * as repo from './two-factor.repository.ts';
import * as throttle from './throttle.ts';

/** Who the codes are for: the user and their workshop (every query names both). */
export type TwoFactorUser = { id: number; tenantId: number; username: string };

export const BACKUP_CODE_COUNT = 10;
/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const BACKUP_CODE_LENGTH = 10;
const ISSUER = 'Workbay';
/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
/** Codes of the step before and after the current one are accepted too (clocks drift). */
const WINDOW = 1;

const invalidCode = (status: 400 | 401) => new AppError(status, 'auth.two_factor_invalid', 'Invalid authentication code');

export type TwoFactor = {
  /** A new pending secret (409 when two-factor is on). */
  setup(user: TwoFactorUser): Promise<TwoFactorSetup>;
  /** Checks a first code against the pending secret, turns it on, answers the backup codes (shown once). */
  enable(user: TwoFactorUser, code: string): Promise<string[]>;
  /** Needs the password and a code (from the app or a backup code). */
  disable(user: TwoFactorUser, input: TwoFactorDisableInput): Promise<void>;
  /**
   * An admin turns a user of their workshop's two-factor off (404 for anyone else). Not their own:
   * that takes the password and a code (`disable`), so a stolen session cannot drop it.
   */
  reset(admin: TwoFactorUser, userId: number): Promise<void>;
  /**
   * At sign-in, after the right password: nothing when two-factor is off; otherwise the code
   * must be given (401 `auth.two_factor_required`) and right (401 `auth.two_factor_invalid`).
   */
  checkSignIn(user: TwoFactorUser, code: string | undefined): Promise<void>;
};

/**
 * Two-factor sign-in with TOTP (RFC 6238) and single-use backup codes. The keys come from the
 * session secret (HKDF, one per purpose): the TOTP secret is stored encrypted with AES-256-GCM,
 * bound to its workshop and user (a secret copied to another row does not open), and backup
 * codes as HMAC-SHA256, so a copy of the table gives no working code.
 */
export function createTwoFactor(db: Db, sessionSecret: string): TwoFactor {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'workbay', purpose, 32));
  const secretKey = derive('two-factor secret');
  const backupKey = derive('two-factor backup codes');
  const boundTo = (user: TwoFactorUser) => Buffer.from(`${user.tenantId}:${user.id}`);

  const encrypt = (user: TwoFactorUser, base32: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
    cipher.setAAD(boundTo(user));
    const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  };
  const decrypt = (user: TwoFactorUser, stored: string): string => {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('two-factor secret in an unknown form');
    const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(boundTo(user));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  };
  const hashBackupCode = (user: TwoFactorUser, code: string) =>
    createHmac('sha256', backupKey).update(`${user.tenantId}:${user.id}:${code.toLowerCase()}`).digest('base64url');
  const totpOf = (user: TwoFactorUser, base32: string) =>
    new TOTP({ issuer: ISSUER, label: user.username, secret: Secret.fromBase32(base32), period: PERIOD_S });

  /** The time step a code belongs to (within the window), or null when it is not a current code. */
  const stepOf = (user: TwoFactorUser, base32: string, code: string): number | null => {
    const totp = totpOf(user, base32);
    const delta = totp.validate({ token: code, window: WINDOW });
    return delta === null ? null : totp.counter() + delta;
  };

  /** A code of the app (not one taken before) or an unused backup code; a good one is used up. */
  const useCode = async (user: TwoFactorUser, stored: repo.TwoFactorRow, code: string): Promise<boolean> => {
    if (code.length === TOTP_DIGITS) {
      const step = stepOf(user, decrypt(user, stored.secret), code);
      return step !== null && (await repo.takeStep(db, user.tenantId, user.id, step));
    }
    return repo.takeBackupCode(db, user.tenantId, user.id, hashBackupCode(user, code));
  };

  /** Counts a code check against the user (wrong codes and right ones alike) before it is made. */
  const checkCode = async (user: TwoFactorUser, stored: repo.TwoFactorRow, code: string, status: 400 | 401) => {
    const hit = await throttle.takeHit(db, throttle.LIMITS.code, user.id);
    if (!(await useCode(user, stored, code))) {
      // A refused code at sign-in is recorded by the sign-in as a failed one; here, turning it off.
      if (status === 400) await audit(user, 'two_factor_refused', user.id);
      throw invalidCode(status);
    }
    await throttle.resetHits(db, hit);
  };

  const newBackupCodes = () =>
    Array.from({ length: BACKUP_CODE_COUNT }, () => {
      const chars = Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });

  /** Two-factor's events in the workshop's audit log (the table itself is not audited: it holds the secret). */
  const audit = (by: { id: number; tenantId: number }, action: AuditAction, userId: number) =>
    recordAudit(db, { tenantId: by.tenantId, userId: by.id, action, resourceType: 'users', resourceId: String(userId) });

  const alreadyOn = () => conflict('auth.two_factor_already_enabled', 'Two-factor sign-in is already on');

  return {
    async setup(user) {
      const secret = new Secret({ size: 20 });
      if (!(await repo.savePendingSecret(db, user.tenantId, user.id, encrypt(user, secret.base32)))) throw alreadyOn();
      return { uri: totpOf(user, secret.base32).toString(), secret: secret.base32 };
    },

    async enable(user, code) {
      const stored = await repo.findTwoFactor(db, user.tenantId, user.id);
      if (!stored) throw conflict('auth.two_factor_not_started', 'Start the two-factor set-up first');
      if (stored.isEnabled) throw alreadyOn();
      const hit = await throttle.takeHit(db, throttle.LIMITS.code, user.id);
      const step = stepOf(user, decrypt(user, stored.secret), code);
      if (step === null) throw invalidCode(400);
      const codes = newBackupCodes();
      const hashes = codes.map((c) => hashBackupCode(user, c.replace('-', '')));
      // Only the secret the code was checked against is turned on (a set-up started again meanwhile is not).
      if (!(await repo.enableTwoFactor(db, user.tenantId, user.id, stored.secret, step, hashes))) {
        throw conflict('auth.two_factor_not_started', 'Start the two-factor set-up first');
      }
      await throttle.resetHits(db, hit);
      await audit(user, 'two_factor_on', user.id);
      return codes;
    },

    async disable(user, input) {
      const stored = await repo.findTwoFactor(db, user.tenantId, user.id);
      if (!stored?.isEnabled) throw conflict('auth.two_factor_not_enabled', 'Two-factor sign-in is not on');
      const passwordHit = await throttle.takeHit(db, throttle.LIMITS.password, user.id);
      const ok = await verifyPassword(await users.findPasswordHash(db, user.tenantId, user.id), input.password);
      if (!ok) throw new AppError(400, 'auth.wrong_password', 'Current password is incorrect');
      await throttle.resetHits(db, passwordHit);
      await checkCode(user, stored, input.code, 400);
      await repo.deleteTwoFactor(db, user.tenantId, user.id);
      await audit(user, 'two_factor_off', user.id);
    },

    async reset(admin, userId) {
      if (!(await users.findStaff(db, admin.tenantId, userId))) throw notFound('users', 'User');
      if (userId === admin.id) {
        throw forbidden(
          'auth.two_factor_reset_self',
          'Turn your own two-factor sign-in off from your profile, with your password and a code',
        );
      }
      await repo.deleteTwoFactor(db, admin.tenantId, userId);
      await audit(admin, 'two_factor_reset', userId);
    },

    async checkSignIn(user, code) {
      const stored = await repo.findTwoFactor(db, user.tenantId, user.id);
      if (!stored?.isEnabled) return;
      if (code === undefined) {
        throw new AppError(401, 'auth.two_factor_required', 'Enter the code from your authenticator app');
      }
      await checkCode(user, stored, code, 401);
    },
  };
}
