import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

export type RawEvent = {
  kind: 'booking' | 'appointment' | 'task' | 'shift';
  id: number;
  technicianId: number;
  title: string;
  start: string;
  end: string;
  status: string;
};

/**
 * Everything on the technicians' diaries in [from, to): bookings and appointments with their
 * technician, scheduled tasks (estimated hours, one hour when none) and the shifts of the
 * employees linked to technicians. Cancelled work is left out. One query, index-served per kind.
 */
function diaryQuery(tenantId: number, technicianIds: number[], from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  const ids = sql`(${sql.join(
    technicianIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
  return sql`select 'booking' as kind, b.id, b.technician_id as "technicianId", b.service_type as title,
          b.scheduled_date as start, b.scheduled_date + make_interval(mins => b.duration) as "end", b.status
        from service_bookings b
        where b.tenant_id = ${tenantId} and b.technician_id in ${ids} and b.status <> 'cancelled'
          and b.scheduled_date >= ${f}::timestamptz - interval '1 day' and b.scheduled_date < ${t}
          and b.scheduled_date + make_interval(mins => b.duration) > ${f}
        union all
        select 'appointment', a.id, a.assigned_to, a.appointment_number || ' · ' || a.customer_name,
          a.starts_at, a.starts_at + make_interval(mins => a.duration), a.status
        from appointments a
        where a.tenant_id = ${tenantId} and a.assigned_to in ${ids} and a.status not in ('cancelled', 'no_show')
          and a.starts_at >= ${f}::timestamptz - interval '1 day' and a.starts_at < ${t}
          and a.starts_at + make_interval(mins => a.duration) > ${f}
        union all
        select 'task', k.id, k.technician_id, k.title, k.scheduled_date,
          k.scheduled_date + make_interval(mins => (coalesce(k.estimated_hours, 1) * 60)::int), k.status
        from tasks k
        where k.tenant_id = ${tenantId} and k.technician_id in ${ids} and k.status <> 'cancelled'
          and k.scheduled_date >= ${f}::timestamptz - interval '2 days' and k.scheduled_date < ${t}
          and k.scheduled_date + make_interval(mins => (coalesce(k.estimated_hours, 1) * 60)::int) > ${f}
        union all
        select 'shift', sa.id, tc.id, s.name, sa.starts_at, sa.ends_at, sa.status
        from shift_assignments sa
        join shifts s on s.id = sa.shift_id and s.tenant_id = sa.tenant_id
        join technicians tc on tc.user_id = sa.user_id and tc.tenant_id = sa.tenant_id
        where sa.tenant_id = ${tenantId} and tc.id in ${ids} and sa.status <> 'absent'
          -- A shift lasts at most a day: the lower bound lets the (user, starts_at) index skip the past.
          and sa.starts_at >= ${f}::timestamptz - interval '1 day' and sa.starts_at < ${t} and sa.ends_at > ${f}`;
}

export async function eventsBetween(db: Tx, tenantId: number, technicianIds: number[], from: Date, to: Date): Promise<RawEvent[]> {
  if (technicianIds.length === 0) return [];
  const rows = await queryRows<RawEvent>(db, sql`${diaryQuery(tenantId, technicianIds, from, to)} order by start`);
  return rows.map((r) => ({ ...r, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() }));
}

export type EventSpan = Pick<RawEvent, 'kind' | 'technicianId' | 'status'> & { start: number; end: number };

/**
 * The same events as eventsBetween, as instants in milliseconds (what the planner computes with):
 * no date text to build and parse back for the thousands of a month's diaries. Floored to the
 * millisecond as a Date reads the microseconds of a timestamp.
 */
export async function eventSpansBetween(db: Tx, tenantId: number, technicianIds: number[], from: Date, to: Date): Promise<EventSpan[]> {
  if (technicianIds.length === 0) return [];
  return queryRows<EventSpan>(
    db,
    sql`select e.kind, e."technicianId", e.status,
          floor(extract(epoch from e.start) * 1000)::float8 as start, floor(extract(epoch from e."end") * 1000)::float8 as "end"
        from (${diaryQuery(tenantId, technicianIds, from, to)}) e
        order by e.start`,
  );
}

/** A page of the active technicians by name, and how many there are in all. */
export async function activeTechnicians(db: Tx, tenantId: number, page: { limit: number; offset: number }) {
  const rows = await queryRows<{ id: number; firstName: string; lastName: string; userId: number | null; total: number }>(
    db,
    sql`select id, first_name as "firstName", last_name as "lastName", user_id as "userId", count(*) over ()::int as total
        from technicians
        where tenant_id = ${tenantId} and status = 'active' order by first_name, last_name, id
        limit ${page.limit} offset ${page.offset}`,
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? await countActive(db, tenantId) : 0);
  return { technicians: rows.map(({ total: _t, ...r }) => r), total };
}

async function countActive(db: Tx, tenantId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from technicians where tenant_id = ${tenantId} and status = 'active'`,
  );
  return row?.n ?? 0;
}
