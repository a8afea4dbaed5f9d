import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { userPreferences, userSettings, users } from './users.table.ts';
import {
  DEFAULT_PREFERENCES,
  DEFAULT_USER_SETTINGS,
  type Preferences,
  type PublicUser,
  type SavedUserSettings,
  type UserSettings,
  type UserSettingsPatch,
} from '../../../core/contracts/auth.ts';
import type { EmployeeOption, StaffUser } from '../../../core/contracts/users.ts';
import { isFeature, isPermission, normalizeRole, type Role } from '../../../core/permissions.ts';

/**
 * Whether the user's two-factor sign-in is on (a pending set-up is not). Written out whole: in a
 * select from one table Drizzle leaves its columns unqualified, which inside this subquery would
 * name two_factor_auth's own.
 */
const twoFactorOn = sql<boolean>`exists (select 1 from two_factor_auth f
  where f.tenant_id = "users"."tenant_id" and f.user_id = "users"."id" and f.is_enabled)`;

/**
 * The user's permission overrides that have not expired (migration 0037), as JSON: the access
 * guard and the client apply them (core/permissions.ts `hasPermission`), checking the end again
 * at the moment of use, since a session's user is kept for a while.
 */
const permissionOverridesJson = sql<unknown>`coalesce((select json_agg(json_build_object('permission', o.resource || '.' || o.action,
    'allowed', o.allowed, 'expiresAt', o.expires_at) order by o.resource, o.action)
  from permission_overrides o where o.tenant_id = "users"."tenant_id" and o.user_id = "users"."id"
    and (o.expires_at is null or o.expires_at > now())), '[]'::json)`;

/** The workshop's optional modules turned off, as JSON (no row: on). */
const disabledFeaturesJson = sql<unknown>`coalesce((select json_agg(f.flag_name order by f.flag_name)
  from feature_flags f where f.tenant_id = "users"."tenant_id" and not f.is_enabled), '[]'::json)`;

/** JSON as the drivers hand it: parsed, or (some paths) still text. */
const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function toOverrides(value: unknown): PublicUser['permissionOverrides'] {
  const list = parsedJson(value);
  if (!Array.isArray(list)) return [];
  const overrides: PublicUser['permissionOverrides'] = [];
  for (const o of list as Array<{ permission: string; allowed: boolean; expiresAt: string | null }>) {
    if (!isPermission(o.permission)) continue; // a permission the catalogue no longer has
    overrides.push({ permission: o.permission, allowed: o.allowed === true, expiresAt: o.expiresAt ? isoTimestamp(o.expiresAt) : null });
  }
  return overrides;
}

function toFeatures(value: unknown): PublicUser['disabledFeatures'] {
  const list = parsedJson(value);
  return Array.isArray(list) ? (list as string[]).filter(isFeature) : [];
}

/**
 * The columns that make a PublicUser; the password hash is never among them. Read with the
 * user's workshop joined (`tenants`), for its two-factor rule.
 */
export const publicUserColumns = {
  id: users.id,
  tenantId: users.tenantId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  bio: users.bio,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  hasCompletedOnboarding: users.hasCompletedOnboarding,
  mustChangePassword: users.mustChangePassword,
  isActive: users.isActive,
  tenantName: tenants.name,
  twoFactorEnabled: twoFactorOn,
  mustSetUpTwoFactor: sql<boolean>`(${tenants.requireTwoFactor} and ${users.role} in ('admin', 'manager') and not ${twoFactorOn})`,
  permissionOverrides: permissionOverridesJson,
  disabledFeatures: disabledFeaturesJson,
};

type PublicUserRow = Omit<PublicUser, 'role' | 'permissionOverrides' | 'disabledFeatures'> & {
  role: string;
  permissionOverrides: unknown;
  disabledFeatures: unknown;
};
/**
 * The row as a PublicUser, field by field: every signed-in call makes one (the session's user),
 * and a copy by spread costs several times as much. Whatever else the row holds stays behind.
 */
export const toPublicUser = (row: PublicUserRow): PublicUser => ({
  id: row.id,
  tenantId: row.tenantId,
  username: row.username,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  bio: row.bio,
  profileImageUrl: row.profileImageUrl,
  role: normalizeRole(row.role),
  hasCompletedOnboarding: row.hasCompletedOnboarding,
  mustChangePassword: row.mustChangePassword,
  isActive: row.isActive,
  tenantName: row.tenantName,
  twoFactorEnabled: row.twoFactorEnabled,
  mustSetUpTwoFactor: row.mustSetUpTwoFactor,
  permissionOverrides: toOverrides(row.permissionOverrides),
  disabledFeatures: toFeatures(row.disabledFeatures),
});

export async function findPublicUser(db: Tx, userId: number): Promise<PublicUser | undefined> {
  const [row] = await db
    .select(publicUserColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  return row && toPublicUser(row);
}

// Every workshop: a username is unique across the install and signs in without a workshop.
export async function findUserByUsername(db: Tx, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function findPasswordHash(db: Tx, tenantId: number, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ password: users.password })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.password;
}

// Every workshop: the first account of the install administers workshop 1.
export async function countUsers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

export type NewUser = {
  tenantId: number;
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  mustChangePassword?: boolean;
};

export async function insertUser(db: Tx, values: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(
  db: Tx,
  tenantId: number,
  userId: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'phone'
      | 'bio'
      | 'hasCompletedOnboarding'
      | 'password'
      | 'mustChangePassword'
      | 'role'
      | 'isActive'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

const staffColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  twoFactorEnabled: twoFactorOn,
};
const toStaffUser = (row: Omit<StaffUser, 'role'> & { role: string }): StaffUser => ({
  ...row,
  role: normalizeRole(row.role),
});

export async function listStaff(db: Tx, tenantId: number): Promise<StaffUser[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(toStaffUser);
}

/** The active accounts for an employee select: id, names and role only. */
export async function listEmployeeOptions(db: Tx, tenantId: number): Promise<EmployeeOption[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({ ...row, role: normalizeRole(row.role) }));
}

export async function findStaff(db: Tx, tenantId: number, userId: number): Promise<StaffUser | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row && toStaffUser(row);
}

/** Active admins of a workshop, row-locked so two demotions cannot both pass the last-admin check. */
export async function lockActiveAdmins(db: Tx, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function getPreferences(db: Tx, userId: number): Promise<Preferences> {
  return (await preferencesOf(db, [userId])).get(userId)!;
}

/** Several users' preferences in one query (a notification's recipients), defaults for those who never saved any. */
export async function preferencesOf(db: Tx, userIds: number[]): Promise<Map<number, Preferences>> {
  const rows = userIds.length ? await db.select().from(userPreferences).where(inArray(userPreferences.userId, userIds)) : [];
  const saved = new Map(rows.map(({ userId, updatedAt: _t, ...prefs }) => [userId, prefs]));
  return new Map(userIds.map((id) => [id, saved.get(id) ?? { ...DEFAULT_PREFERENCES }]));
}

export async function savePreferences(db: Tx, userId: number, prefs: Preferences): Promise<Preferences> {
  await db
    .insert(userPreferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...prefs, updatedAt: new Date() } });
  return prefs;
}

const settingsColumns = {
  language: userSettings.language,
  dateFormat: userSettings.dateFormat,
  timeFormat: userSettings.timeFormat,
  theme: userSettings.theme,
  fontSize: userSettings.fontSize,
  compactMode: userSettings.compactMode,
  enableNotifications: userSettings.enableNotifications,
  enableSounds: userSettings.enableSounds,
  enableKeyboardShortcuts: userSettings.enableKeyboardShortcuts,
  updatedAt: userSettings.updatedAt,
};

/** The row as the API answers it; the columns' checks hold the contract's values. */
const toSaved = ({ updatedAt, ...settings }: { updatedAt: Date | string } & Record<string, unknown>): SavedUserSettings => ({
  ...(settings as UserSettings),
  updatedAt: isoTimestamp(updatedAt),
});

/** A user's settings in their workshop; the defaults until they first change one. */
export async function getUserSettings(db: Tx, tenantId: number, userId: number): Promise<SavedUserSettings> {
  const [row] = await db
    .select(settingsColumns)
    .from(userSettings)
    .where(and(eq(userSettings.tenantId, tenantId), eq(userSettings.userId, userId)));
  return row ? toSaved(row) : { ...DEFAULT_USER_SETTINGS, updatedAt: null };
}

/**
 * Changes the settings named in `patch` and keeps the others: one statement, so two browsers
 * changing two different settings at once both keep their change.
 */
export async function saveUserSettings(db: Tx, tenantId: number, userId: number, patch: UserSettingsPatch): Promise<SavedUserSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ ...DEFAULT_USER_SETTINGS, ...patch, tenantId, userId })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ...patch, updatedAt: new Date() },
      where: eq(userSettings.tenantId, tenantId),
    })
    .returning(settingsColumns);
  return toSaved(row);
}
