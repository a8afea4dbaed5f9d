import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { countRows, searchTotal, totalFromPage } from '../../db/totals.ts';
import type { Shift, ShiftAssignment, ShiftAssignmentListQuery } from '../../../core/contracts/shifts.ts';
import { hoursWorked } from '../../../core/rules/scheduling.ts';
import { containsPattern } from '../../db/search.ts';
import { shiftAssignments, shifts } from './shifts.table.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

const iso = (v: string | Date | null) => (v === null ? null : isoTimestamp(v));

export async function listShifts(db: Tx, tenantId: number): Promise<Shift[]> {
  const rows = await queryRows<Shift & { createdAt: string; updatedAt: string }>(
    db,
    sql`select s.id, s.tenant_id as "tenantId", s.name, s.start_time as "startTime", s.end_time as "endTime", s.is_active as "isActive",
          (select count(*)::int from shift_assignments a where a.shift_id = s.id) as "assignmentCount",
          s.created_at as "createdAt", s.updated_at as "updatedAt"
        from shifts s where s.tenant_id = ${tenantId}
        order by s.start_time, lower(s.name), s.id`,
  );
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)! }));
}

export async function findShift(db: Tx, tenantId: number, id: number): Promise<Shift | undefined> {
  return (await listShifts(db, tenantId)).find((s) => s.id === id);
}

export async function insertShift(db: Tx, values: typeof shifts.$inferInsert): Promise<number> {
  const [row] = await db.insert(shifts).values(values).returning({ id: shifts.id });
  return row.id;
}

export async function updateShift(db: Tx, tenantId: number, id: number, values: Partial<typeof shifts.$inferInsert>) {
  const rows = await db
    .update(shifts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

export async function deleteShift(db: Tx, tenantId: number, id: number) {
  await db.delete(shifts).where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)));
}

export async function countAssignments(db: Tx, tenantId: number, shiftId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from shift_assignments where tenant_id = ${tenantId} and shift_id = ${shiftId}`,
  );
  return row.n;
}

type AssignmentFilter = Partial<ShiftAssignmentListQuery> & { ids?: number[] };

function assignmentConditions(tenantId: number, query: AssignmentFilter): SQL {
  const where: SQL[] = [sql`a.tenant_id = ${tenantId}`];
  if (query.ids) where.push(idIn(query.ids, 'a.id'));
  if (query.status) where.push(sql`a.status = ${query.status}`);
  if (query.userId) where.push(sql`a.user_id = ${query.userId}`);
  if (query.from) where.push(sql`a.date >= ${query.from}`);
  if (query.to) where.push(sql`a.date <= ${query.to}`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(sql`(a.user_id in (select u.id from users u where u.tenant_id = ${tenantId}
        and (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.username) ilike ${like})
      or a.shift_id in (select s.id from shifts s where s.tenant_id = ${tenantId} and s.name ilike ${like}))`);
  }
  return sql.join(where, sql` and `);
}

/** Newest day first (the (tenant, date, id) index), with the shift and the employee of the page's rows only. */
export async function listAssignments(
  db: Tx,
  tenantId: number,
  query: AssignmentFilter,
): Promise<{ rows: ShiftAssignment[]; total: number; exact: boolean }> {
  const limit = query.limit ?? 500;
  const offset = query.offset ?? 0;
  const where = assignmentConditions(tenantId, query);
  const rows = await queryRows<Omit<ShiftAssignment, 'hoursWorked'>>(
    db,
    sql`with page as (
          select a.id from shift_assignments a where ${where}
          order by a.date desc, a.id desc limit ${limit} offset ${offset}
        )
        select a.id, a.tenant_id as "tenantId", a.shift_id as "shiftId", a.user_id as "userId",
          json_build_object('id', s.id, 'name', s.name, 'startTime', s.start_time, 'endTime', s.end_time) as shift,
          json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'username', u.username) as employee,
          a.date::text as date, a.status, a.check_in_time as "checkInTime", a.check_out_time as "checkOutTime", a.notes,
          a.created_at as "createdAt", a.updated_at as "updatedAt"
        from page join shift_assignments a on a.id = page.id
        join shifts s on s.id = a.shift_id
        join users u on u.id = a.user_id
        order by a.date desc, a.id desc`,
  );
  const { total, exact } = query.ids
    ? { total: rows.length, exact: true }
    : (totalFromPage(offset, limit, rows.length) ??
      (query.q
        ? // A broad name search matches many weeks of shifts: counted exactly up to a limit, then estimated.
          await searchTotal(
            db,
            { offset, limit, rows: rows.length },
            (n) => sql`select a.id from shift_assignments a where ${where} limit ${n}`,
            [sql`select a.id from shift_assignments a where ${where}`],
          )
        : { total: await countRows(db, sql`select 1 from shift_assignments a where ${where}`), exact: true }));
  return {
    exact,
    rows: rows.map((r) => ({
      ...r,
      checkInTime: iso(r.checkInTime),
      checkOutTime: iso(r.checkOutTime),
      hoursWorked: hoursWorked(r.checkInTime, r.checkOutTime),
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
    })),
    total,
  };
}

export async function findAssignment(db: Tx, tenantId: number, id: number): Promise<ShiftAssignment | undefined> {
  return (await listAssignments(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

export async function insertAssignment(db: Tx, values: typeof shiftAssignments.$inferInsert): Promise<number> {
  const [row] = await db.insert(shiftAssignments).values(values).returning({ id: shiftAssignments.id });
  return row.id;
}

export async function updateAssignment(db: Tx, tenantId: number, id: number, values: Partial<typeof shiftAssignments.$inferInsert>) {
  await db
    .update(shiftAssignments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shiftAssignments.tenantId, tenantId), eq(shiftAssignments.id, id)));
}

/** Moves an assignment from one status to the next only if it is still in the expected one (race-safe). */
export async function transitionAssignment(
  db: Tx,
  tenantId: number,
  id: number,
  from: string,
  values: Partial<typeof shiftAssignments.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(shiftAssignments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shiftAssignments.tenantId, tenantId), eq(shiftAssignments.id, id), eq(shiftAssignments.status, from)))
    .returning({ id: shiftAssignments.id });
  return rows.length > 0;
}

/** Other assignments of the same person overlapping [start, end). */
export async function overlappingAssignments(db: Tx, tenantId: number, userId: number, start: Date, end: Date, exceptId: number | null) {
  return queryRows<{ id: number; name: string; startsAt: string; endsAt: string }>(
    db,
    sql`select a.id, s.name, a.starts_at as "startsAt", a.ends_at as "endsAt"
        from shift_assignments a join shifts s on s.id = a.shift_id
        where a.tenant_id = ${tenantId} and a.user_id = ${userId} and a.status <> 'absent'
          and a.starts_at < ${end.toISOString()} and a.ends_at > ${start.toISOString()}
          and (${exceptId}::int is null or a.id <> ${exceptId}::int)
        order by a.starts_at limit 20`,
  );
}
