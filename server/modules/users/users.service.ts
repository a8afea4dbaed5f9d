import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { CreateStaffInput, StaffUser } from '../../../core/contracts/users.ts';
import type { Role } from '../../../core/permissions.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { checkNewPassword, hashPassword } from '../../lib/passwords.ts';
import * as repo from './users.repository.ts';

/** Usernames are unique across the install, whatever their case (the code keeps its auth. prefix: clients know it). */
export const usernameTaken = () => conflict('auth.username_taken', 'Username is already taken');
const userNotFound = () => notFound('users', 'User');
const lastAdmin = () => conflict('users.last_admin', 'A workshop needs at least one active admin: make another user admin first');

/** An admin adds a staff account to their own workshop; its owner sets a new password at first sign-in. */
export async function createStaff(db: Db, admin: PublicUser, input: CreateStaffInput): Promise<StaffUser> {
  await checkNewPassword(input.password, 'password', input.username);
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await repo.findUserByUsername(tx, input.username)) throw usernameTaken();
      const id = await repo.insertUser(tx, { ...input, password, tenantId: admin.tenantId, mustChangePassword: true });
      return (await repo.findStaff(tx, admin.tenantId, id))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

/** Changes a role; the last active admin of a workshop cannot lose it. */
export async function changeRole(db: Db, admin: PublicUser, userId: number, role: Role): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, admin.tenantId);
    const target = await repo.findStaff(tx, admin.tenantId, userId);
    if (!target) throw userNotFound();
    if (role !== 'admin' && admins.length === 1 && admins[0] === userId) throw lastAdmin();
    await repo.updateUser(tx, admin.tenantId, userId, { role });
    return { ...target, role };
  });
}

/** Deactivates or reactivates an account; deactivation ends its sessions at once. */
export async function setActive(
  db: Db,
  admin: PublicUser,
  userId: number,
  isActive: boolean,
  endSessions: (userId: number) => Promise<void>,
): Promise<StaffUser> {
  const updated = await db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, admin.tenantId);
    const target = await repo.findStaff(tx, admin.tenantId, userId);
    if (!target) throw userNotFound();
    if (!isActive && admins.length === 1 && admins[0] === userId) throw lastAdmin();
    await repo.updateUser(tx, admin.tenantId, userId, { isActive });
    return { ...target, isActive };
  });
  // An inactive account already has no valid session (the session lookup requires is_active);
  // deleting its rows and closing its live connections finishes the job.
  if (!isActive) await endSessions(userId);
  return updated;
}

/** Plain reads the routes serve as the repository answers them. */
export {
  getPreferences,
  getUserSettings,
  listEmployeeOptions,
  listStaff,
  savePreferences,
  saveUserSettings,
  updateUser,
} from './users.repository.ts';
