import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import type { DeviceType, SessionEndReason, SignInOutcome } from '../../../core/contracts/sessions.values.ts';

/**
 * Every sign-in of a workshop's users: a session (from sign-in to sign-out, with where it came
 * from and what ended it), or an attempt refused for a username that exists (`outcome` failed,
 * with the refusal's code). Its id is the session's public id: the API names a session by it, and
 * the session row points here (`sessions.log_id`), so neither the cookie's token nor its HMAC
 * leaves the server. `last_seen` is written at most once a minute per session (session.ts) and
 * tells no process to forget its kept answers (the migration's trigger leaves that column out).
 */
export const sessionLogs = pgTable(
  'session_logs',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id').notNull(),
    outcome: varchar('outcome', { length: 10 }).$type<SignInOutcome>().notNull().default('success'),
    failureReason: varchar('failure_reason', { length: 60 }),
    loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    logoutTime: timestamp('logout_time', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 20 }).$type<SessionEndReason>(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    deviceType: varchar('device_type', { length: 10 }).$type<DeviceType>().notNull(),
    browser: varchar('browser', { length: 40 }),
    os: varchar('os', { length: 40 }),
    isImpersonated: boolean('is_impersonated').notNull().default(false),
  },
  (t) => [
    workshopRef('session_logs_user_id_fk', t.tenantId, t.userId, users).onDelete('cascade'),
    // The workshop's history, newest first, and one person's.
    index('session_logs_tenant_login_idx').on(t.tenantId, t.loginTime, t.id),
    index('session_logs_tenant_user_login_idx').on(t.tenantId, t.userId, t.loginTime),
    check('session_logs_outcome_check', sql`${t.outcome} in ('success', 'failed')`),
    check('session_logs_device_type_check', sql`${t.deviceType} in ('desktop', 'phone', 'tablet', 'unknown')`),
    check('session_logs_end_reason_check', sql`${t.endReason} in ('sign_out', 'revoked', 'expired', 'password_change', 'replaced')`),
  ],
);

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
    /** The session's entry in session_logs (its public id); null only for a session older than that table. */
    logId: integer('log_id').references(() => sessionLogs.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId), index('sessions_log_idx').on(t.logId)],
);

/**
 * Fixed-window counters for throttling (sign-in, password checks, registrations), shared by every
 * app process on one database. A hit is taken before the work it guards (argon2), in one atomic
 * upsert, so a burst of parallel requests cannot all pass a check made before any was counted.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
