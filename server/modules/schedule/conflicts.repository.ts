import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Conflict } from '../../../core/contracts/bookings.ts';

export type Except = { kind: Conflict['kind']; id: number } | null;

/**
 * The technician's other work overlapping [start, end): bookings and appointments (their
 * duration) and scheduled tasks (their estimated hours, one hour when none). Cancelled and
 * finished work does not count. Overlaps are allowed; callers show them as a warning.
 */
export async function technicianConflicts(
  tx: Tx,
  tenantId: number,
  technicianId: number,
  start: Date,
  end: Date,
  except: Except,
): Promise<Conflict[]> {
  const s = start.toISOString();
  const e = end.toISOString();
  const skip = (kind: Conflict['kind']) => (except && except.kind === kind ? except.id : 0);
  const rows = await queryRows<Conflict & { start: string; end: string }>(
    tx,
    sql`select * from (
          select 'booking' as kind, b.id, b.service_type as label, b.scheduled_date as start,
            b.scheduled_date + make_interval(mins => b.duration) as "end"
          from service_bookings b
          where b.tenant_id = ${tenantId} and b.technician_id = ${technicianId} and b.id <> ${skip('booking')}
            and b.status not in ('cancelled', 'completed')
            and b.scheduled_date < ${e} and b.scheduled_date + make_interval(mins => b.duration) > ${s}
          union all
          select 'appointment', a.id, a.appointment_number || ' ' || a.customer_name, a.starts_at,
            a.starts_at + make_interval(mins => a.duration)
          from appointments a
          where a.tenant_id = ${tenantId} and a.assigned_to = ${technicianId} and a.id <> ${skip('appointment')}
            and a.status not in ('cancelled', 'completed', 'no_show')
            and a.starts_at < ${e} and a.starts_at + make_interval(mins => a.duration) > ${s}
          union all
          select 'task', t.id, t.title, t.scheduled_date,
            t.scheduled_date + make_interval(mins => (coalesce(t.estimated_hours, 1) * 60)::int)
          from tasks t
          where t.tenant_id = ${tenantId} and t.technician_id = ${technicianId} and t.id <> ${skip('task')}
            and t.status not in ('cancelled', 'completed') and t.scheduled_date is not null
            and t.scheduled_date < ${e} and t.scheduled_date + make_interval(mins => (coalesce(t.estimated_hours, 1) * 60)::int) > ${s}
        ) x order by start limit 20`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() }));
}
