import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { FeatureFlag, PermissionOverrideRow } from '../../../core/contracts/access-control.ts';
import type { Feature, Permission } from '../../../core/permissions.ts';
import { findStaff } from '../users/users.repository.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import * as repo from './access-control.repository.ts';

const userNotFound = () => notFound('users', 'User');
const overrideNotFound = () => notFound('permission_overrides', 'Permission override');

/** The workshop's user, or 404 (another workshop's user does not exist for this admin). */
async function requireUser(db: Tx, tenantId: number, userId: number) {
  const user = await findStaff(db, tenantId, userId);
  if (!user) throw userNotFound();
  return user.role;
}

export async function listOverrides(db: Db, admin: PublicUser, userId: number): Promise<PermissionOverrideRow[]> {
  await requireUser(db, admin.tenantId, userId);
  return repo.listOverrides(db, admin.tenantId, userId);
}

/**
 * Grants or denies one permission to one user, until `expiresAt` (if given, in the future).
 * Not to an admin: an admin holds every permission of the catalogue and cannot be denied one, so
 * an admin can never be locked out (and managing users and overrides is not in the catalogue).
 */
export async function saveOverride(
  db: Db,
  admin: PublicUser,
  userId: number,
  permission: Permission,
  input: { allowed: boolean; reason?: string | null; expiresAt?: string | null },
): Promise<PermissionOverrideRow> {
  return db.transaction(async (tx) => {
    const role = await requireUser(tx, admin.tenantId, userId);
    if (role === 'admin')
      throw badRequest('permission_overrides.admin', 'Admins hold every permission: overrides are for managers and technicians');
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw badRequest('permission_overrides.expired', 'The end date must be in the future');
    }
    await repo.saveOverride(tx, admin.tenantId, {
      userId,
      permission,
      allowed: input.allowed,
      reason: input.reason?.trim() || null,
      expiresAt,
      createdBy: admin.id,
    });
    return (await repo.findOverride(tx, admin.tenantId, userId, permission))!;
  });
}

export async function removeOverride(db: Db, admin: PublicUser, userId: number, permission: Permission): Promise<void> {
  await requireUser(db, admin.tenantId, userId);
  if (!(await repo.deleteOverride(db, admin.tenantId, userId, permission))) throw overrideNotFound();
}

export const listFlags = (db: Db, tenantId: number): Promise<FeatureFlag[]> => repo.listFlags(db, tenantId);

export async function saveFlag(db: Db, admin: PublicUser, flag: Feature, isEnabled: boolean): Promise<FeatureFlag> {
  await repo.saveFlag(db, admin.tenantId, flag, isEnabled, admin.id);
  return (await repo.listFlags(db, admin.tenantId)).find((f) => f.flag === flag)!;
}
