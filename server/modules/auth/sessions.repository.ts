import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { searchTotal, type Total } from '../../db/totals.ts';
import { inWorkshopDays } from '../../db/conditions.ts';
import { personName } from '../../db/people.ts';
import { parseUserAgent } from '../../../core/rules/user-agent.ts';
import type {
  ActiveSession,
  DeviceType,
  SessionEndReason,
  SignInEntry,
  SignInOutcome,
  SignInQuery,
} from '../../../core/contracts/sessions.ts';
import { sessionLogs } from './auth.table.ts';

/** Where a sign-in came from: the request's address and browser. */
export type Origin = { ip: string | null; userAgent: string | null };

const cut = (origin: Origin) => ({ ip: origin.ip?.slice(0, 64) ?? null, userAgent: origin.userAgent?.slice(0, 300) ?? null });

/** The entry of a new session: when, from where, on what. Answers its id (the session's public id). */
export async function insertSessionLog(db: Tx, values: { tenantId: number; userId: number } & Origin): Promise<number> {
  const { ip, userAgent } = cut(values);
  const device = parseUserAgent(userAgent);
  const [row] = await db
    .insert(sessionLogs)
    .values({
      tenantId: values.tenantId,
      userId: values.userId,
      lastSeen: sql`now()`,
      ipAddress: ip,
      userAgent,
      deviceType: device.deviceType,
      browser: device.browser,
      os: device.os,
    })
    .returning({ id: sessionLogs.id });
  return row.id;
}

/**
 * Every workshop: a refused sign-in of a username that exists, in its user's workshop (an unknown
 * username belongs to none and is not kept), found by the username as sign-in finds it.
 */
export async function insertFailedSignIn(db: Tx, username: string, reason: string, origin: Origin) {
  const { ip, userAgent } = cut(origin);
  const device = parseUserAgent(userAgent);
  await db.execute(sql`
    insert into session_logs (tenant_id, user_id, outcome, failure_reason, ip_address, user_agent, device_type, browser, os)
    select u.tenant_id, u.id, 'failed', ${reason.slice(0, 60)}, ${ip}, ${userAgent}, ${device.deviceType}, ${device.browser}, ${device.os}
      from users u where lower(u.username) = lower(${username})`);
}

/**
 * Every workshop: ends the sessions `which` keeps (a condition on sessions `s`), in one statement:
 * deletes them and closes their entries, found by the reference each deleted session holds (never
 * by an id a request sent). An expired session ended at its expiry, any other now. Answers the
 * ended sessions' ids (the HMACs), so their live channels can be closed.
 */
export async function endSessionsWhere(db: Tx, which: SQL, reason: SessionEndReason): Promise<string[]> {
  const rows = await queryRows<{ sid: string }>(
    db,
    sql`with gone as (delete from sessions s where ${which} returning s.sid, s.log_id, s.expire),
             closed as (
               update session_logs l
                  set logout_time = case when ${reason} = 'expired' then least(gone.expire, now()) else now() end,
                      end_reason = ${reason}
                 from gone
                where l.id = gone.log_id and l.logout_time is null
               returning l.id)
        select sid from gone`,
  );
  return rows.map((r) => r.sid);
}

/** Notes that a session was seen now (called at most about once a minute per session). */
export async function touchSessionLog(db: Tx, tenantId: number, logId: number) {
  await db.execute(sql`
    update session_logs set last_seen = now()
     where id = ${logId} and tenant_id = ${tenantId} and (last_seen is null or last_seen < now() - interval '30 seconds')`);
}

type ActiveRow = {
  id: number;
  current: boolean;
  loginTime: string | Date;
  lastSeen: string | Date | null;
  ipAddress: string | null;
  userAgent: string | null;
  deviceType: DeviceType;
  browser: string | null;
  os: string | null;
};

/** A stored device, or (an entry made before its device was read) the device read from its browser's text now. */
function deviceOf(row: { deviceType: DeviceType; browser: string | null; os: string | null; userAgent: string | null }) {
  if (row.deviceType !== 'unknown' || !row.userAgent) return { deviceType: row.deviceType, browser: row.browser, os: row.os };
  return parseUserAgent(row.userAgent);
}

/** A user's sessions still signed in, the asking one (`currentSid`) first, then by last seen. */
export async function listActiveSessions(db: Tx, tenantId: number, userId: number, currentSid: string | null): Promise<ActiveSession[]> {
  const rows = await queryRows<ActiveRow>(
    db,
    sql`select l.id, s.sid = ${currentSid ?? ''} as current, l.login_time as "loginTime", l.last_seen as "lastSeen",
               l.ip_address as "ipAddress", l.user_agent as "userAgent", l.device_type as "deviceType", l.browser, l.os
          from sessions s
          join session_logs l on l.id = s.log_id and l.tenant_id = ${tenantId} and l.user_id = ${userId}
         where s.user_id = ${userId} and s.expire > now()
         order by current desc, coalesce(l.last_seen, l.login_time) desc, l.id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    current: row.current,
    ...deviceOf(row),
    ipAddress: row.ipAddress,
    signedInAt: isoTimestamp(row.loginTime),
    lastSeenAt: isoTimestamp(row.lastSeen ?? row.loginTime),
  }));
}

/** Days in the workshop's time zone, both included, and the other filters of the history. */
function matching(tenantId: number, f: SignInQuery): SQL {
  const parts = [sql`l.tenant_id = ${tenantId}`];
  if (f.userId !== undefined) parts.push(sql`l.user_id = ${f.userId}`);
  if (f.outcome !== undefined) parts.push(sql`l.outcome = ${f.outcome}`);
  return sql.join([...parts, ...inWorkshopDays('l.login_time', tenantId, f)], sql` and `);
}

type HistoryRow = {
  id: number;
  userId: number;
  userName: string | null;
  outcome: SignInOutcome;
  failureReason: string | null;
  loginTime: string | Date;
  lastSeen: string | Date | null;
  logoutTime: string | Date | null;
  endReason: SessionEndReason | null;
  ipAddress: string | null;
  userAgent: string | null;
  deviceType: DeviceType;
  browser: string | null;
  os: string | null;
  isImpersonated: boolean;
  active: boolean;
};

/** A page of the workshop's sign-ins and refused attempts, newest first, and its total. */
export async function listSignIns(db: Tx, tenantId: number, query: SignInQuery): Promise<{ rows: SignInEntry[] } & Total> {
  const where = matching(tenantId, query);
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select l.id, l.user_id as "userId",
               ${personName('u')} as "userName",
               l.outcome, l.failure_reason as "failureReason", l.login_time as "loginTime", l.last_seen as "lastSeen",
               l.logout_time as "logoutTime", l.end_reason as "endReason", l.ip_address as "ipAddress",
               l.user_agent as "userAgent", l.device_type as "deviceType", l.browser, l.os, l.is_impersonated as "isImpersonated"
          from session_logs l
          join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
         where ${where}
         order by l.login_time desc, l.id desc
         limit ${query.limit} offset ${query.offset}`,
  );
  const total = await searchTotal(
    db,
    { offset: query.offset, limit: query.limit, rows: rows.length },
    (n) => sql`select 1 from session_logs l where ${where} limit ${n}`,
    [sql`select 1 from session_logs l where ${where}`],
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      user: { id: row.userId, name: row.userName ?? '' },
      outcome: row.outcome,
      failureReason: row.failureReason,
      at: isoTimestamp(row.loginTime),
      lastSeenAt: row.outcome === 'success' ? isoTimestamp(row.lastSeen ?? row.loginTime) : null,
      endedAt: row.logoutTime === null ? null : isoTimestamp(row.logoutTime),
      endReason: row.endReason,
      ipAddress: row.ipAddress,
      ...deviceOf(row),
      isImpersonated: row.isImpersonated,
    })),
    ...total,
  };
}

/**
 * Every workshop: forgets the entries older than their workshop's audit retention (the same
 * setting as the audit log), except a session still signed in.
 */
export async function purgeOldSessionLogs(db: Tx) {
  await db.execute(sql`
    delete from session_logs l using tenants t
     where t.id = l.tenant_id and l.login_time < now() - make_interval(days => audit_retention_days(t.config))
       and not exists (select 1 from sessions s where s.log_id = l.id)`);
}
