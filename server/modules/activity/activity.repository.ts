import { and, eq, sql } from 'drizzle-orm';
import { windowTotal } from '../../db/totals.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import type { ACTIVITY_DETAILS, ActivityAction } from '../../../core/contracts/activity.values.ts';
import { activityLog } from './activity.table.ts';

/** What an action must record: the details its sentence names, and anything else worth keeping. */
type DetailsOf<A extends ActivityAction> = A extends ActivityAction
  ? { [K in (typeof ACTIVITY_DETAILS)[A][number]]: string | number } & Record<string, unknown>
  : never;

export async function recordActivity<A extends ActivityAction>(
  db: Tx,
  entry: {
    tenantId: number;
    userId: number | null;
    /** One of the actions the feed has a sentence for (core/contracts/activity.values.ts). */
    action: A;
    entityType: string;
    entityId: number;
    details: DetailsOf<A>;
  },
) {
  await db.insert(activityLog).values(entry);
}

export type ActivityEntry = {
  id: number;
  action: string;
  entityType: string | null;
  entityId: number | null;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null } | null;
  details: Record<string, unknown>;
};

/** The workshop's feed, newest first; only `userId`'s actions when given (a user of another workshop has none here). */
export async function listActivity(db: Tx, tenantId: number, limit: number, offset: number, userId?: number) {
  const byUser = userId === undefined ? sql`` : sql` and a.user_id = ${userId}`;
  const rows = await queryRows<Omit<ActivityEntry, 'createdAt'> & { createdAt: string | Date; total: number }>(
    db,
    sql`select a.id, a.action, a.entity_type as "entityType", a.entity_id as "entityId", a.created_at as "createdAt",
          case when u.id is null then null else json_build_object('firstName', u.first_name, 'lastName', u.last_name) end as "user",
          a.details, count(*) over ()::int as total
        from activity_log a left join users u on u.id = a.user_id
        where a.tenant_id = ${tenantId}${byUser}
        order by a.created_at desc, a.id desc
        limit ${limit} offset ${offset}`,
  );
  return {
    rows: rows.map(({ total: _t, createdAt, ...r }) => ({ ...r, createdAt: new Date(createdAt).toISOString() })),
    total: await windowTotal(db, rows, offset, sql`select 1 from activity_log a where a.tenant_id = ${tenantId}${byUser}`),
  };
}

export async function countActivity(db: Tx, tenantId: number, userId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), userId === undefined ? undefined : eq(activityLog.userId, userId)));
  return row.n;
}
