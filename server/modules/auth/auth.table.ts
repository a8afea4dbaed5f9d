import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';

/** Server-side sessions, shared by every app process on one database. `sid` is an HMAC of the cookie token. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sess: jsonb('sess').$type<{ userAgent?: string; ip?: string; createdAt: string }>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

/** Login attempts per lower-cased username, for brute-force throttling across processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: idColumn(),
    username: varchar('username', { length: 100 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_idx').on(t.username, t.createdAt)],
);
