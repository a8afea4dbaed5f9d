import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

/**
 * An admin's grant (`allowed`) or denial of one permission (a resource and an action of
 * core/permissions.ts PERMISSION_CATALOGUE) to one user of their workshop, until `expires_at`
 * (null: until removed). One per user and permission. The session's user carries the unexpired
 * ones (users.repository.ts), so the migration gives the table `sessions_changed` as well as
 * `data_changed` and `audit_row`.
 */
export const permissionOverrides = pgTable(
  'permission_overrides',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id').notNull(),
    resource: varchar('resource', { length: 50 }).notNull(),
    action: varchar('action', { length: 50 }).notNull(),
    allowed: boolean('allowed').notNull(),
    reason: varchar('reason', { length: 500 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    workshopRef('permission_overrides_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    workshopRef('permission_overrides_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
    uniqueIndex('permission_overrides_user_permission_key').on(t.tenantId, t.userId, t.resource, t.action),
  ],
);

/**
 * A workshop's optional modules (core/permissions.ts FEATURES) an admin has set: no row means
 * on (`source` 'default' in the API). The session's user carries the ones turned off, so the
 * migration gives the table `sessions_changed` too.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    flagName: varchar('flag_name', { length: 50 }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    source: varchar('source', { length: 10 }).notNull().default('admin'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('feature_flags_tenant_flag_key').on(t.tenantId, t.flagName),
    workshopRef('feature_flags_updated_by_fk', t.tenantId, t.updatedBy, users).onDelete('set null'),
    check('feature_flags_source', sql`${t.source} in ('admin', 'default')`),
  ],
);
