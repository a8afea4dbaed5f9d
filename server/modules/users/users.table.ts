import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: varchar('username', { length: 50 }).notNull(),
    /** argon2id hash; never leaves the server. */
    password: text('password').notNull(),
    email: varchar('email', { length: 255 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    phone: varchar('phone', { length: 20 }),
    bio: text('bio'),
    role: varchar('role', { length: 20 }).notNull().default('manager'),
    hasCompletedOnboarding: boolean('has_completed_onboarding').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_tenant_idx').on(t.tenantId),
  ],
);

export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  taskAssignments: boolean('task_assignments').notNull().default(true),
  taskUpdates: boolean('task_updates').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's own settings (spec/garage.md's user_settings): how the app looks and behaves for them,
 * in any browser they sign in from. One row per user, written at their first change; until then
 * the defaults (DEFAULT_USER_SETTINGS in core/contracts/auth.ts, the same as the columns').
 * Its own table, not more columns of user_preferences: those are the five notification switches
 * of the spec's preferences call, which the notification sender reads. The checks repeat the
 * contract's values, so a row the API did not write cannot hold a value the app cannot show.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    language: varchar('language', { length: 5 }).notNull().default('en'),
    dateFormat: varchar('date_format', { length: 20 }).notNull().default('MM/DD/YYYY'),
    timeFormat: varchar('time_format', { length: 5 }).notNull().default('12h'),
    theme: varchar('theme', { length: 10 }).notNull().default('light'),
    fontSize: varchar('font_size', { length: 10 }).notNull().default('medium'),
    compactMode: boolean('compact_mode').notNull().default(false),
    enableNotifications: boolean('enable_notifications').notNull().default(true),
    enableSounds: boolean('enable_sounds').notNull().default(false),
    enableKeyboardShortcuts: boolean('enable_keyboard_shortcuts').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    workshopRef('user_settings_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    check(
      'user_settings_values',
      sql`language in ('en', 'ar') and date_format in ('MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD') and time_format in ('12h', '24h')
        and theme in ('light', 'dark') and font_size in ('small', 'medium', 'large')`,
    ),
  ],
);

/**
 * A user's two-factor sign-in (TOTP, RFC 6238; issue 17): one row per user, written at set-up
 * (pending, `is_enabled` false, a new secret at each set-up) and turned on by the first code.
 * Here, beside the users, because every signed-in call reads whether it is on (the session's
 * user: `twoFactorEnabled`, `mustSetUpTwoFactor`); the auth module owns what is done with it.
 * Nothing in it signs anyone in on its own: the secret is encrypted (AES-256-GCM under a key
 * derived from the session secret, bound to the workshop and user), the backup codes are
 * HMAC-SHA256 hashes under another key from it, and a used one leaves the array.
 * `last_used_step` is the TOTP time step last accepted, so no code is accepted twice.
 */
export const twoFactorAuth = pgTable(
  'two_factor_auth',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id').notNull(),
    secret: text('secret').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    backupCodes: text('backup_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastUsedStep: integer('last_used_step'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('two_factor_auth_user_id_key').on(t.userId),
    workshopRef('two_factor_auth_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
  ],
);
