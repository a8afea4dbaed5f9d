import type { Db } from '../../db/client.ts';
import {
  foldUsername,
  type ChangePasswordInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '../../../core/contracts/auth.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as throttle from './throttle.ts';
import * as users from '../users/users.repository.ts';
import { usernameTaken } from '../users/users.service.ts';
import * as tenants from '../tenants/tenants.repository.ts';

export const DEFAULT_WORKSHOP_NAME = 'My Workshop';

const invalidCredentials = () => new AppError(401, 'auth.invalid_credentials', 'Invalid username or password');

/** Where a request comes from, for throttling: its address and, for sign-ins, its device token. */
export type Caller = { ip: string; deviceId?: string };

/**
 * The first account on a fresh install administers workshop 1; every later self-registration
 * opens a workshop of its own, with its registrant as admin. Each address may open
 * `perHour` workshops an hour.
 */
export async function register(db: Db, input: RegisterInput, caller: Caller, perHour: number): Promise<number> {
  await checkNewPassword(input.password, 'password', input.username);
  const hit = await throttle.takeHit(db, { ...throttle.LIMITS.registration, max: perHour }, caller.ip);
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tenants.lockDefaultTenant(tx);
      if (await users.findUserByUsername(tx, input.username)) throw usernameTaken();
      const isFirst = (await users.countUsers(tx)) === 0;
      const tenantId = isFirst ? 1 : await tenants.insertTenant(tx, DEFAULT_WORKSHOP_NAME);
      return users.insertUser(tx, { ...input, password, tenantId, role: 'admin' });
    });
  } catch (err) {
    await throttle.refundHit(db, hit); // only workshops actually opened count
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

/**
 * Checks the password. The attempt is counted before argon2 runs (one atomic upsert per
 * allowance), so a burst of parallel guesses gets at most the allowance checked and the rest
 * 429. A browser holding the account's device token uses its own allowance; any other counts
 * against the account and against its address. With the right password, `secondFactor` checks
 * the two-factor code when the account has it on; only then does the sign-in succeed.
 */
export async function authenticate(
  db: Db,
  input: LoginInput,
  caller: Caller,
  secondFactor: (user: { id: number; tenantId: number; username: string }) => Promise<void>,
): Promise<number> {
  const username = foldUsername(input.username);
  let resetOnSuccess: string;
  let addressHit: string | undefined;
  if (caller.deviceId) {
    resetOnSuccess = await throttle.takeHit(db, throttle.LIMITS.device, caller.deviceId);
  } else {
    resetOnSuccess = await throttle.takeHit(db, throttle.LIMITS.account, username);
    // Only attempts the account lets through count against the address: a locked account's 429s do not.
    try {
      addressHit = await throttle.takeHit(db, throttle.LIMITS.address, caller.ip);
    } catch (err) {
      await throttle.refundHit(db, resetOnSuccess);
      throw err;
    }
  }
  const user = await users.findUserByUsername(db, username);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) throw invalidCredentials();
  if (!user.isActive) throw new AppError(403, 'auth.account_inactive', 'This account has been deactivated');
  try {
    await secondFactor(user);
  } catch (err) {
    // The password was right: the address is not spraying. The account's hit stays (a missing
    // or wrong code is no sign-in), so codes are guessed within the account's allowance too.
    if (addressHit && err instanceof AppError && err.code === 'auth.two_factor_required') await throttle.refundHit(db, addressHit);
    throw err;
  }
  await throttle.resetHits(db, resetOnSuccess);
  if (addressHit) await throttle.refundHit(db, addressHit);
  return user.id;
}

/** Checks the current password (five tries per 15 minutes), then sets the new one. */
export async function changePassword(db: Db, user: PublicUser, input: ChangePasswordInput): Promise<void> {
  const hit = await throttle.takeHit(db, throttle.LIMITS.password, user.id);
  const ok = await verifyPassword(await users.findPasswordHash(db, user.tenantId, user.id), input.currentPassword);
  if (!ok) throw new AppError(400, 'auth.wrong_password', 'Current password is incorrect');
  await throttle.resetHits(db, hit);
  if (input.currentPassword === input.newPassword) {
    throw new AppError(400, 'auth.same_password', 'The new password must differ from the current one');
  }
  await checkNewPassword(input.newPassword, 'newPassword', user.username);
  await users.updateUser(db, user.tenantId, user.id, { password: await hashPassword(input.newPassword), mustChangePassword: false });
}

export async function requireUser(db: Db, userId: number): Promise<PublicUser> {
  const user = await users.findPublicUser(db, userId);
  if (!user) throw unauthorized();
  return user;
}
