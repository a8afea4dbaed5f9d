import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { publicUserColumns, toPublicUser } from '../users/users.repository.ts';
import { rateLimits, sessions } from './auth.table.ts';
import { queryRows } from '../../db/client.ts';
import { endSessionsWhere, purgeOldSessionLogs } from './sessions.repository.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';

type SessionUserRow = Parameters<typeof toPublicUser>[0] & { expire: string | Date; logId: number | null };

/**
 * The signed-in user behind a session, in one query; inactive accounts have no session. Every
 * signed-in request asks it, so it is a statement prepared once (db/prepared.ts): parsed and
 * planned once per connection. Only the statement is kept: every call reads the session and the
 * user afresh.
 */
const sessionUser = preparedRows<SessionUserRow, { sid: string }>(
  'workbay_session_user',
  sql`select ${sql.join(
    Object.entries(publicUserColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  )}, ${sessions.expire} as "expire", ${sessions.logId} as "logId"
      from ${sessions}
      join ${users} on ${users.id} = ${sessions.userId}
      join ${tenants} on ${tenants.id} = ${users.tenantId}
      where ${sessions.sid} = ${sql.placeholder('sid')} and ${sessions.expire} > now() and ${users.isActive}`,
);

export async function findSessionUser(db: Tx, sid: string): Promise<{ user: PublicUser; expire: Date; logId: number | null } | undefined> {
  const [row] = await sessionUser(db, { sid });
  if (!row) return undefined;
  return { user: toPublicUser(row), expire: new Date(row.expire), logId: row.logId === null ? null : Number(row.logId) };
}

export async function insertSession(
  db: Tx,
  values: { sid: string; userId: number; expire: Date; logId: number; userAgent?: string; ip?: string },
) {
  await db.insert(sessions).values({
    sid: values.sid,
    userId: values.userId,
    expire: values.expire,
    logId: values.logId,
    sess: { userAgent: values.userAgent, ip: values.ip, createdAt: new Date().toISOString() },
  });
}

export async function extendSession(db: Tx, sid: string, expire: Date) {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

/**
 * Ends expired sessions (their entries closed at their expiry), removes throttle windows that
 * ended long ago and sign-in entries past their workshop's retention. Answers the ended sessions.
 */
export async function sweepExpired(db: Tx, windowsOlderThan: Date): Promise<string[]> {
  const ended = await endSessionsWhere(db, sql`s.expire < now()`, 'expired');
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, windowsOlderThan));
  await purgeOldSessionLogs(db);
  return ended;
}

/**
 * Counts one hit against a key in a fixed window, atomically (one upsert: parallel callers are
 * serialised on the row), and answers the hits so far in the current window and when it began.
 * A window older than `windowMs` starts over.
 */
export async function takeHit(db: Tx, key: string, windowMs: number): Promise<{ hits: number; windowStart: Date }> {
  const expired = sql`r.window_start <= now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await queryRows<{ hits: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits as r (key, hits, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when ${expired} then 1 else r.hits + 1 end,
          window_start = case when ${expired} then now() else r.window_start end
        returning r.hits, r.window_start`,
  );
  return { hits: Number(row.hits), windowStart: new Date(row.window_start) };
}

/** Gives back one hit (a check that passed must not count against an address). */
export async function refundHit(db: Tx, key: string) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a key's hits (the account's owner signed in). */
export async function resetHits(db: Tx, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
