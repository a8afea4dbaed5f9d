import type { Db } from '../../db/client.ts';
import type { ChangePasswordInput, LoginInput, PublicUser, RegisterInput } from '../../../core/contracts/auth.ts';
import { AppError, conflict, unauthorized } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as users from '../users/users.repository.ts';
import * as tenants from '../tenants/tenants.repository.ts';
import * as repo from './auth.repository.ts';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const DEFAULT_WORKSHOP_NAME = 'My Workshop';

export const usernameTaken = () => conflict('auth.username_taken', 'Username is already taken');
const invalidCredentials = () => new AppError(401, 'auth.invalid_credentials', 'Invalid username or password');

/**
 * The first account on a fresh install administers workshop 1; every later self-registration
 * opens a workshop of its own, with its registrant as admin.
 */
export async function register(db: Db, input: RegisterInput): Promise<number> {
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
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

/** Checks the password, with at most five failures per username in fifteen minutes. */
export async function authenticate(db: Db, input: LoginInput, ip?: string): Promise<number> {
  const key = input.username.toLowerCase();
  const since = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS);
  const failures = await repo.recentFailures(db, key, since);
  if (failures.count >= MAX_FAILED_LOGINS) {
    const unlockAt = (failures.oldest?.getTime() ?? Date.now()) + FAILED_LOGIN_WINDOW_MS;
    const retryAfter = Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
    throw new AppError(429, 'auth.too_many_attempts', 'Too many failed sign-in attempts. Please try again later.', {
      params: { retryAfter },
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  const user = await users.findUserByUsername(db, input.username);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) {
    await repo.recordAttempt(db, key, false, ip);
    throw invalidCredentials();
  }
  if (!user.isActive) throw new AppError(403, 'auth.account_inactive', 'This account has been deactivated');
  await repo.clearFailures(db, key);
  return user.id;
}

export async function changePassword(db: Db, user: PublicUser, input: ChangePasswordInput): Promise<void> {
  const ok = await verifyPassword(await users.findPasswordHash(db, user.id), input.currentPassword);
  if (!ok) throw new AppError(400, 'auth.wrong_password', 'Current password is incorrect');
  if (input.currentPassword === input.newPassword) {
    throw new AppError(400, 'auth.same_password', 'The new password must differ from the current one');
  }
  await users.updateUser(db, user.id, { password: await hashPassword(input.newPassword), mustChangePassword: false });
}

export async function requireUser(db: Db, userId: number): Promise<PublicUser> {
  const user = await users.findPublicUser(db, userId);
  if (!user) throw unauthorized();
  return user;
}
