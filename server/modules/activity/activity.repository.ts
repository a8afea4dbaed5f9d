import { and, eq, sql } from 'drizzle-orm';
import { windowTotal } from '../../db/totals.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { activityLog } from './activity.table.ts';

/** The actions the feed knows; any other is shown generically. */
export type ActivityAction = 'created_technician' | 'updated_technician' | 'created_task' | 'assigned_task' | 'completed_task';

export async function recordActivity(
  db: Tx,
  entry: {
    tenantId: number;
    userId: number | null;
    action: ActivityAction | string;
    entityType: string;
    entityId: number;
    details: { technicianName?: string; taskTitle?: string } & Record<string, unknown>;
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

export async function listActivity(db: Tx, tenantId: number, limit: number, offset: number) {
  const rows = await queryRows<Omit<ActivityEntry, 'createdAt'> & { createdAt: string | Date; total: number }>(
    db,
    sql`select a.id, a.action, a.entity_type as "entityType", a.entity_id as "entityId", a.created_at as "createdAt",
          case when u.id is null then null else json_build_object('firstName', u.first_name, 'lastName', u.last_name) end as "user",
          a.details, count(*) over ()::int as total
        from activity_log a left join users u on u.id = a.user_id
        where a.tenant_id = ${tenantId}
        order by a.created_at desc, a.id desc
        limit ${limit} offset ${offset}`,
  );
  return {
    rows: rows.map(({ total: _t, createdAt, ...r }) => ({ ...r, createdAt: new Date(createdAt).toISOString() })),
    total: await windowTotal(db, rows, offset, sql`select 1 from activity_log where tenant_id = ${tenantId}`),
  };
}

export async function countActivity(db: Tx, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId)));
  return row.n;
}
