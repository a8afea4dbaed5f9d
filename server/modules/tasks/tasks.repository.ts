import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { windowTotal } from '../../db/totals.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { taskDependencies, tasks } from './tasks.table.ts';
import type { Task, TaskListQuery } from '../../../core/contracts/tasks.ts';
import { containsPattern } from '../../db/search.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

type Row = Omit<Task, 'scheduledDate' | 'dueDate' | 'timeStarted' | 'timeCompleted' | 'createdAt' | 'estimatedHours' | 'actualHours'> & {
  scheduledDate: string | Date | null;
  dueDate: string | Date | null;
  timeStarted: string | Date | null;
  timeCompleted: string | Date | null;
  createdAt: string | Date;
  estimatedHours: string | null;
  actualHours: string | null;
  total: number;
};

const iso = (v: string | Date | null) => (v === null ? null : isoTimestamp(v));
const num = (v: string | null) => (v === null ? null : Number(v));

export type TaskFilter = Partial<Omit<TaskListQuery, 'mine'>> & { ids?: number[] };

/** Tasks with their technician and dependencies, filtered and paged, in one query. */
export async function listTasks(db: Tx, tenantId: number, f: TaskFilter): Promise<{ rows: Task[]; total: number }> {
  const where: SQL[] = [sql`t.tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids, 't.id'));
  if (f.technicianId) where.push(sql`t.technician_id = ${f.technicianId}`);
  if (f.assignmentStatus === 'unassigned') where.push(sql`t.technician_id is null`);
  if (f.assignmentStatus === 'assigned') where.push(sql`t.technician_id is not null`);
  if (f.status) where.push(sql`t.status = ${f.status}`);
  if (f.priority) where.push(sql`t.priority = ${f.priority}`);
  if (f.q) where.push(sql`t.title ilike ${containsPattern(f.q)}`);
  const filter = sql.join(where, sql` and `);
  // Page first (filter, order, limit, full count), then the details of its rows only.
  const rows = await queryRows<Row>(
    db,
    sql`with page as (
          select t.id, count(*) over ()::int as total
          from tasks t
          where ${filter}
          order by t.id desc
          limit ${f.limit ?? 500} offset ${f.offset ?? 0}
        )
        select t.id, t.title, t.description, t.location, t.priority, t.status, t.skill_required as "skillRequired",
          t.technician_id as "technicianId",
          case when tech.id is null then null else json_build_object('id', tech.id, 'firstName', tech.first_name, 'lastName', tech.last_name) end as technician,
          t.notes, t.scheduled_date as "scheduledDate", t.due_date as "dueDate",
          t.estimated_hours::text as "estimatedHours", t.actual_hours::text as "actualHours",
          t.started_at as "timeStarted", t.completed_at as "timeCompleted", t.created_at as "createdAt",
          coalesce((select json_agg(json_build_object('dependsOnTaskId', d.depends_on_task_id) order by d.depends_on_task_id)
                    from task_dependencies d where d.task_id = t.id), '[]'::json) as dependencies,
          page.total
        from page join tasks t on t.id = page.id
        left join technicians tech on tech.id = t.technician_id
        order by t.id desc`,
  );
  return {
    rows: rows.map(({ total: _t, ...r }) => ({
      ...r,
      scheduledDate: iso(r.scheduledDate),
      dueDate: iso(r.dueDate),
      timeStarted: iso(r.timeStarted),
      timeCompleted: iso(r.timeCompleted),
      createdAt: iso(r.createdAt)!,
      estimatedHours: num(r.estimatedHours),
      actualHours: num(r.actualHours),
    })),
    total: await windowTotal(db, rows, f.offset, sql`select 1 from tasks t where ${filter}`),
  };
}

export async function findTask(db: Tx, tenantId: number, id: number): Promise<Task | undefined> {
  return (await listTasks(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

/** The task row locked for the rest of the transaction (assignments and completions take turns). */
export async function lockTask(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .for('update');
  return row;
}

export type TaskColumns = Partial<typeof tasks.$inferInsert>;

export async function insertTask(db: Tx, values: TaskColumns & { tenantId: number; title: string }): Promise<number> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
  return row.id;
}

export async function updateTask(db: Tx, tenantId: number, id: number, values: TaskColumns) {
  await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
}

export async function existingTaskIds(db: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.id, ids)));
  return rows.map((r) => r.id);
}

export async function setDependencies(db: Tx, tenantId: number, taskId: number, dependsOn: number[]) {
  await db.delete(taskDependencies).where(eq(taskDependencies.taskId, taskId));
  if (dependsOn.length === 0) return;
  await db.insert(taskDependencies).values([...new Set(dependsOn)].map((d) => ({ tenantId, taskId, dependsOnTaskId: d })));
}

/** True when `taskId` is reachable from any of `dependsOn` through existing dependencies: adding them would close a loop. */
export async function wouldCycle(db: Tx, tenantId: number, taskId: number, dependsOn: number[]): Promise<boolean> {
  if (dependsOn.includes(taskId)) return true;
  if (dependsOn.length === 0) return false;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`with recursive chain(id) as (
          select depends_on_task_id from task_dependencies
          where tenant_id = ${tenantId} and task_id in (${sql.join(
            dependsOn.map((d) => sql`${d}`),
            sql`, `,
          )})
          union
          select d.depends_on_task_id from task_dependencies d join chain c on d.task_id = c.id where d.tenant_id = ${tenantId}
        )
        select 1 as found from chain where id = ${taskId} limit 1`,
  );
  return rows.length > 0;
}

/** Dependencies of a task that are not completed yet. */
export async function openDependencies(db: Tx, tenantId: number, taskId: number): Promise<Array<{ id: number; title: string }>> {
  return queryRows(
    db,
    sql`select t.id, t.title from task_dependencies d join tasks t on t.tenant_id = d.tenant_id and t.id = d.depends_on_task_id
        where d.tenant_id = ${tenantId} and d.task_id = ${taskId} and t.status <> 'completed' order by t.id`,
  );
}

/** Active load of technicians, row-locking them so concurrent assignments respect capacity. */
export async function lockTechnicianLoads(db: Tx, tenantId: number, technicianIds: number[]) {
  if (technicianIds.length === 0) return [];
  return queryRows<{ id: number; status: string; location: string | null; rating: string; activeTasks: number; skills: string[] }>(
    db,
    sql`select t.id, t.status, t.location, t.rating::text as rating,
          (select count(*)::int from tasks x where x.technician_id = t.id and x.status in ('assigned', 'in_progress')) as "activeTasks",
          coalesce((select array_agg(s.name) from technician_skills ts join skills s on s.id = ts.skill_id where ts.technician_id = t.id), '{}') as skills
        from technicians t
        where t.tenant_id = ${tenantId} and t.id in (${sql.join(
          technicianIds.map((d) => sql`${d}`),
          sql`, `,
        )})
        order by t.id
        for update of t`,
  );
}

/** Every active technician of a workshop with what auto-assign scores on, by id. */
export async function activeCandidates(db: Tx, tenantId: number) {
  return queryRows<{
    id: number;
    firstName: string;
    lastName: string;
    status: string;
    location: string | null;
    rating: string;
    activeTasks: number;
    skills: string[];
  }>(
    db,
    sql`select t.id, t.first_name as "firstName", t.last_name as "lastName", t.status, t.location, t.rating::text as rating,
          coalesce(c.active, 0) as "activeTasks", coalesce(sk.names, '{}') as skills
        from technicians t
        left join lateral (select count(*)::int as active from tasks x
          where x.tenant_id = t.tenant_id and x.technician_id = t.id and x.status in ('assigned', 'in_progress')) c on true
        left join lateral (select array_agg(s.name) as names from technician_skills ts join skills s on s.id = ts.skill_id and s.tenant_id = ts.tenant_id
          where ts.tenant_id = t.tenant_id and ts.technician_id = t.id) sk on true
        where t.tenant_id = ${tenantId} and t.status = 'active'
        order by t.id`,
  );
}
