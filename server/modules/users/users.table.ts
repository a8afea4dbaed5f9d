import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
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
