import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { ScheduleWorkKind } from '../../../core/contracts/ai.values.ts';
import { aiScheduleOptimizations } from './ai.table.ts';

/** At most this many items of each kind are planned in one call. */
export const PLAN_LIMIT = 300;

export type WorkRow = {
  kind: ScheduleWorkKind;
  id: number;
  title: string;
  start: string | null;
  minutes: number;
  skill: string | null;
  location: string | null;
  priority: string | null;
  dueDate: string | null;
};

/**
 * The unassigned, open work of a range [from, to): bookings and appointments starting in it,
 * tasks scheduled in it, and tasks with no time yet that are not due before it. Each kind
 * through its own index (date, or the unassigned tasks' partial index), PLAN_LIMIT at most.
 */
export async function unassignedWork(
  db: Tx,
  tenantId: number,
  range: { from: Date; to: Date; fromDay: string; toDay: string },
  include: readonly ScheduleWorkKind[],
): Promise<WorkRow[]> {
  const f = range.from.toISOString();
  const t = range.to.toISOString();
  const out: WorkRow[] = [];
  if (include.includes('tasks')) {
    out.push(
      ...(await queryRows<WorkRow>(
        db,
        sql`select 'tasks' as kind, id, title, scheduled_date as start, (coalesce(estimated_hours, 1) * 60)::int as minutes,
              skill_required as skill, location, priority, due_date as "dueDate"
            from tasks
            where tenant_id = ${tenantId} and technician_id is null and status not in ('completed', 'cancelled')
              and ((scheduled_date >= ${f} and scheduled_date < ${t})
                or (scheduled_date is null and (due_date is null or due_date >= ${f})))
            order by scheduled_date nulls last, id
            limit ${PLAN_LIMIT}`,
      )),
    );
  }
  if (include.includes('bookings')) {
    out.push(
      ...(await queryRows<WorkRow>(
        db,
        sql`select 'bookings' as kind, id, service_type as title, scheduled_date as start, duration as minutes,
              service_type as skill, null as location, null as priority, null as "dueDate"
            from service_bookings
            where tenant_id = ${tenantId} and technician_id is null and status not in ('cancelled', 'completed')
              and scheduled_date >= ${f} and scheduled_date < ${t}
            order by scheduled_date, id
            limit ${PLAN_LIMIT}`,
      )),
    );
  }
  if (include.includes('appointments')) {
    out.push(
      ...(await queryRows<WorkRow>(
        db,
        sql`select 'appointments' as kind, id, appointment_number || ' ' || customer_name || ' · ' || service_type as title,
              starts_at as start, duration as minutes, service_type as skill, null as location, null as priority, null as "dueDate"
            from appointments
            where tenant_id = ${tenantId} and assigned_to is null and status not in ('cancelled', 'completed', 'no_show')
              and scheduled_date >= ${range.fromDay}::date - 1 and scheduled_date <= ${range.toDay}::date + 1
              and starts_at >= ${f} and starts_at < ${t}
            order by starts_at, id
            limit ${PLAN_LIMIT}`,
      )),
    );
  }
  return out.map((r) => ({ ...r, start: r.start === null ? null : new Date(r.start).toISOString() }));
}

export async function insertOptimization(db: Tx, values: typeof aiScheduleOptimizations.$inferInsert): Promise<number> {
  const [row] = await db.insert(aiScheduleOptimizations).values(values).returning({ id: aiScheduleOptimizations.id });
  return row.id;
}

export type StoredSuggestion = {
  kind: ScheduleWorkKind;
  id: number;
  title: string;
  technicianId: number;
  technicianName: string;
  start: string;
  end: string;
  score: number;
  reasons: string[];
  /** The item had a time of its own (else the plan chose it). */
  fixed: boolean;
};
export type OptimizationRow = {
  id: number;
  request: unknown;
  suggestions: StoredSuggestion[];
  unplaced: Array<{ kind: ScheduleWorkKind; id: number; title: string; reason: string }>;
  scheduleText: string;
  reasoning: string;
  potentialTimeSaved: number;
  conflictsAvoided: number;
  appliedAt: string | null;
  status: string;
  decidedBy: number | null;
  decidedAt: string | null;
  createdAt: string;
};

const COLUMNS = sql`id, request, suggestions, unplaced, schedule_text as "scheduleText", reasoning,
  potential_time_saved as "potentialTimeSaved", conflicts_avoided as "conflictsAvoided", applied_at as "appliedAt",
  status, decided_by as "decidedBy", decided_at as "decidedAt", created_at as "createdAt"`;

export async function findOptimization(db: Tx, tenantId: number, id: number): Promise<OptimizationRow | undefined> {
  const [row] = await queryRows<OptimizationRow>(
    db,
    sql`select ${COLUMNS} from ai_schedule_optimizations where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

/** The optimisation, locked until the transaction ends: a second apply waits, then finds it decided. */
export async function lockOptimization(db: Tx, tenantId: number, id: number): Promise<OptimizationRow | undefined> {
  const [row] = await queryRows<OptimizationRow>(
    db,
    sql`select ${COLUMNS} from ai_schedule_optimizations where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  return row;
}

export async function decideOptimization(db: Tx, tenantId: number, id: number, status: 'applied' | 'dismissed', decidedBy: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ai_schedule_optimizations set status = ${status}, decided_by = ${decidedBy}, decided_at = now(), updated_at = now(),
          applied_at = case when ${status} = 'applied' then now() else applied_at end
        where tenant_id = ${tenantId} and id = ${id} and status = 'pending' returning id`,
  );
  return rows.length > 0;
}

/** An item as it stands now, locked: who has it, whether it is open, when it is. */
export async function lockItem(db: Tx, tenantId: number, kind: ScheduleWorkKind, id: number) {
  const query =
    kind === 'tasks'
      ? sql`select technician_id as "technicianId", status, scheduled_date as start from tasks where tenant_id = ${tenantId} and id = ${id} for update`
      : kind === 'bookings'
        ? sql`select technician_id as "technicianId", status, scheduled_date as start from service_bookings where tenant_id = ${tenantId} and id = ${id} for update`
        : sql`select assigned_to as "technicianId", status, starts_at as start from appointments where tenant_id = ${tenantId} and id = ${id} for update`;
  const [row] = await queryRows<{ technicianId: number | null; status: string; start: string | null }>(db, query);
  return row && { ...row, start: row.start === null ? null : new Date(row.start).toISOString() };
}

/** The technician, locked (their load is counted against the capacity while assigning). */
export async function lockTechnician(db: Tx, tenantId: number, id: number) {
  const [row] = await queryRows<{ status: string; activeTasks: number }>(
    db,
    sql`select t.status, (select count(*)::int from tasks x where x.tenant_id = t.tenant_id and x.technician_id = t.id
          and x.status in ('assigned', 'in_progress')) as "activeTasks"
        from technicians t where t.tenant_id = ${tenantId} and t.id = ${id} for update of t`,
  );
  return row;
}
