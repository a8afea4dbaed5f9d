import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { publicUserColumns, toPublicUser } from '../users/users.repository.ts';
import { loginAttempts, sessions } from './auth.table.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';

/** The signed-in user behind a session, in one query; inactive accounts have no session. */
export async function findSessionUser(
  db: Tx,
  sid: string,
): Promise<{ user: PublicUser; expire: Date } | undefined> {
  const [row] = await db
    .select({ ...publicUserColumns, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`), eq(users.isActive, true)));
  if (!row) return undefined;
  const { expire, ...user } = row;
  return { user: toPublicUser(user), expire };
}

export async function insertSession(
  db: Tx,
  values: { sid: string; userId: number; expire: Date; userAgent?: string; ip?: string },
) {
  await db.insert(sessions).values({
    sid: values.sid,
    userId: values.userId,
    expire: values.expire,
    sess: { userAgent: values.userAgent, ip: values.ip, createdAt: new Date().toISOString() },
  });
}

export async function extendSession(db: Tx, sid: string, expire: Date) {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Tx, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteUserSessions(db: Tx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function sweepExpired(db: Tx, attemptsOlderThan: Date) {
  await db.delete(sessions).where(lt(sessions.expire, sql`now()`));
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, attemptsOlderThan));
}

/** Failed attempts for a username since a moment: their count and the oldest one's time. */
export async function recentFailures(db: Tx, username: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.username, username), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
    );
  return { count: row.n, oldest: row.oldest ? new Date(row.oldest) : null };
}

export async function recordAttempt(db: Tx, username: string, success: boolean, ip?: string) {
  await db.insert(loginAttempts).values({ username, success, ip });
}

export async function clearFailures(db: Tx, username: string) {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, false)));
}
