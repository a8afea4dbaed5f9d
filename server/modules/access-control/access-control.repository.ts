import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { featureFlags, permissionOverrides } from './access-control.table.ts';
import { FEATURES, isFeature, isPermission, splitPermission, type Feature, type Permission } from '../../../core/permissions.ts';
import type { FeatureFlag, PermissionOverrideRow } from '../../../core/contracts/access-control.ts';

const overrideColumns = {
  id: permissionOverrides.id,
  userId: permissionOverrides.userId,
  resource: permissionOverrides.resource,
  action: permissionOverrides.action,
  allowed: permissionOverrides.allowed,
  reason: permissionOverrides.reason,
  expiresAt: permissionOverrides.expiresAt,
  active: sql<boolean>`(${permissionOverrides.expiresAt} is null or ${permissionOverrides.expiresAt} > now())`,
  createdBy: permissionOverrides.createdBy,
  createdAt: permissionOverrides.createdAt,
};

type OverrideRecord = {
  id: number;
  userId: number;
  resource: string;
  action: string;
  allowed: boolean;
  reason: string | null;
  expiresAt: Date | string | null;
  active: boolean;
  createdBy: number | null;
  createdAt: Date | string;
};

function toOverride(row: OverrideRecord): PermissionOverrideRow | undefined {
  const permission = `${row.resource}.${row.action}`;
  if (!isPermission(permission)) return undefined; // a permission the catalogue no longer has
  return {
    id: row.id,
    userId: row.userId,
    permission,
    resource: row.resource,
    action: row.action,
    allowed: row.allowed,
    reason: row.reason,
    expiresAt: row.expiresAt === null ? null : isoTimestamp(row.expiresAt),
    active: Boolean(row.active),
    createdBy: row.createdBy,
    createdAt: isoTimestamp(row.createdAt),
  };
}

export async function listOverrides(db: Tx, tenantId: number, userId: number): Promise<PermissionOverrideRow[]> {
  const rows = await db
    .select(overrideColumns)
    .from(permissionOverrides)
    .where(and(eq(permissionOverrides.tenantId, tenantId), eq(permissionOverrides.userId, userId)))
    .orderBy(asc(permissionOverrides.resource), asc(permissionOverrides.action));
  return rows.map(toOverride).filter((row) => row !== undefined);
}

export async function findOverride(db: Tx, tenantId: number, userId: number, permission: Permission) {
  const { resource, action } = splitPermission(permission);
  const [row] = await db
    .select(overrideColumns)
    .from(permissionOverrides)
    .where(
      and(
        eq(permissionOverrides.tenantId, tenantId),
        eq(permissionOverrides.userId, userId),
        eq(permissionOverrides.resource, resource),
        eq(permissionOverrides.action, action),
      ),
    );
  return row && toOverride(row);
}

/** Grants or denies (one upsert: the newer setting replaces the older for the same user and permission). */
export async function saveOverride(
  db: Tx,
  tenantId: number,
  values: { userId: number; permission: Permission; allowed: boolean; reason: string | null; expiresAt: Date | null; createdBy: number },
) {
  const { resource, action } = splitPermission(values.permission);
  const set = { allowed: values.allowed, reason: values.reason, expiresAt: values.expiresAt, createdBy: values.createdBy };
  await db
    .insert(permissionOverrides)
    .values({ tenantId, userId: values.userId, resource, action, ...set })
    .onConflictDoUpdate({
      target: [permissionOverrides.tenantId, permissionOverrides.userId, permissionOverrides.resource, permissionOverrides.action],
      set: { ...set, updatedAt: sql`now()` },
    });
}

export async function deleteOverride(db: Tx, tenantId: number, userId: number, permission: Permission): Promise<boolean> {
  const { resource, action } = splitPermission(permission);
  const rows = await db
    .delete(permissionOverrides)
    .where(
      and(
        eq(permissionOverrides.tenantId, tenantId),
        eq(permissionOverrides.userId, userId),
        eq(permissionOverrides.resource, resource),
        eq(permissionOverrides.action, action),
      ),
    )
    .returning({ id: permissionOverrides.id });
  return rows.length > 0;
}

/** Every optional module of the workshop: those never set are on ('default'). */
export async function listFlags(db: Tx, tenantId: number): Promise<FeatureFlag[]> {
  const rows = await db
    .select({
      flagName: featureFlags.flagName,
      isEnabled: featureFlags.isEnabled,
      source: featureFlags.source,
      updatedAt: featureFlags.updatedAt,
    })
    .from(featureFlags)
    .where(eq(featureFlags.tenantId, tenantId));
  const set = new Map(rows.filter((row) => isFeature(row.flagName)).map((row) => [row.flagName as Feature, row]));
  return FEATURES.map((flag) => {
    const row = set.get(flag);
    return row
      ? { flag, isEnabled: row.isEnabled, source: row.source === 'default' ? 'default' : 'admin', updatedAt: isoTimestamp(row.updatedAt) }
      : { flag, isEnabled: true, source: 'default', updatedAt: null };
  });
}

export async function saveFlag(db: Tx, tenantId: number, flag: Feature, isEnabled: boolean, updatedBy: number) {
  await db
    .insert(featureFlags)
    .values({ tenantId, flagName: flag, isEnabled, source: 'admin', updatedBy })
    .onConflictDoUpdate({
      target: [featureFlags.tenantId, featureFlags.flagName],
      set: { isEnabled, source: 'admin', updatedBy, updatedAt: sql`now()` },
    });
}
