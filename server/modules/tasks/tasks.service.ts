import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { OWN_TASK_FIELDS, TASK_PRIORITIES, type Task, type TaskInput, type TaskUpdateInput } from '../../../core/contracts/tasks.ts';
import { distributeTasks, suggestTechnicians } from '../../../core/rules/auto-assign.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import * as techRepo from '../technicians/technicians.repository.ts';
import type { TaskListQuery } from '../../../core/contracts/tasks.ts';
import * as repo from './tasks.repository.ts';
import { refusedIds } from '../../lib/ids.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

export const taskNotFound = () => notFound('tasks', 'Task');
const STAFF_ROLES = new Set(['admin', 'manager']);

const decimal = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : v.toFixed(2));
const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

async function checkTechnician(tx: Tx, tenantId: number, technicianId: number | null | undefined) {
  if (!technicianId) return;
  const [found] = await techRepo.existingTechnicianIds(tx, tenantId, [technicianId]);
  if (!found) throw badRequest('tasks.unknown_technician', 'Unknown technician');
}

async function checkDependencies(tx: Tx, tenantId: number, taskId: number | null, dependsOn: number[] | undefined) {
  if (!dependsOn || dependsOn.length === 0) return;
  const found = await repo.existingTaskIds(tx, tenantId, dependsOn);
  const missing = dependsOn.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest('tasks.unknown_dependency', `Unknown task: #${missing.join(', #')}`);
  if (taskId !== null && (await repo.wouldCycle(tx, tenantId, taskId, dependsOn))) {
    throw badRequest(
      'tasks.dependency_cycle',
      'These dependencies would make a cycle: a task cannot depend on itself, even through other tasks',
    );
  }
}

/** A task is completed only once every task it depends on is. */
async function checkCanComplete(tx: Tx, tenantId: number, taskId: number) {
  const open = await repo.openDependencies(tx, tenantId, taskId);
  if (open.length) {
    const names = open.map((t) => `#${t.id} "${t.title}"`).join(', ');
    throw new AppError(409, 'tasks.dependency_open', `This task depends on ${names}, which must be completed first`, {
      params: { taskIds: open.map((t) => t.id) },
    });
  }
}

async function scheduledFrom(tx: Tx, tenantId: number, input: Pick<TaskUpdateInput, 'scheduledDate' | 'scheduledDay' | 'scheduledTime'>) {
  if (input.scheduledDay) {
    return (await workshopClock(tx, tenantId)).at(input.scheduledDay, input.scheduledTime ?? '00:00');
  }
  return date(input.scheduledDate);
}

/** The columns a create and an edit both take as sent (undefined leaves a column as it is). */
async function editableColumns(tx: Tx, tenantId: number, input: TaskUpdateInput) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    priority: input.priority,
    skillRequired: input.skillRequired,
    scheduledDate: await scheduledFrom(tx, tenantId, input),
    dueDate: date(input.dueDate),
    estimatedHours: decimal(input.estimatedHours),
    actualHours: decimal(input.actualHours),
    notes: input.notes,
  };
}

export async function createTask(db: Db, actor: PublicUser, input: TaskInput): Promise<Task> {
  return db.transaction(async (tx) => {
    await checkTechnician(tx, actor.tenantId, input.technicianId);
    await checkDependencies(tx, actor.tenantId, null, input.dependencies);
    const status = input.status ?? (input.technicianId ? 'assigned' : 'pending');
    const id = await repo.insertTask(tx, {
      ...(await editableColumns(tx, actor.tenantId, input)),
      tenantId: actor.tenantId,
      title: input.title,
      status,
      technicianId: input.technicianId ?? null,
      startedAt: date(input.timeStarted),
      completedAt: status === 'completed' ? new Date() : null,
      createdById: actor.id,
    });
    if (input.dependencies?.length) await repo.setDependencies(tx, actor.tenantId, id, input.dependencies);
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      userId: actor.id,
      action: 'created_task',
      entityType: 'task',
      entityId: id,
      details: { taskTitle: input.title },
    });
    return (await repo.findTask(tx, actor.tenantId, id))!;
  });
}

/** The technician record linked to a signed-in technician, or 403. */
async function ownTechnicianId(tx: Tx, actor: PublicUser): Promise<number> {
  const id = await techRepo.findTechnicianIdForUser(tx, actor.tenantId, actor.id);
  if (!id) throw forbidden('tasks.not_linked', 'Your account is not linked to a technician');
  return id;
}

function checkOwnTask(technicianId: number | null, ownId: number) {
  if (technicianId !== ownId) throw forbidden('tasks.not_yours', 'You can only change tasks assigned to you');
}

export async function updateTask(
  db: Db,
  actor: PublicUser,
  id: number,
  input: TaskUpdateInput,
): Promise<{ task: Task; assigned: boolean }> {
  return db.transaction(async (tx) => {
    const current = await repo.lockTask(tx, actor.tenantId, id);
    if (!current) throw taskNotFound();
    if (!STAFF_ROLES.has(actor.role)) {
      checkOwnTask(current.technicianId, await ownTechnicianId(tx, actor));
      const extra = Object.keys(input).filter((k) => !(OWN_TASK_FIELDS as readonly string[]).includes(k));
      if (extra.length)
        throw forbidden('tasks.field_not_allowed', `A technician can change only status, hours, notes and times (not ${extra.join(', ')})`);
    }
    await checkTechnician(tx, actor.tenantId, input.technicianId);
    await checkDependencies(tx, actor.tenantId, id, input.dependencies);
    const completing = input.status === 'completed' && current.status !== 'completed';
    if (completing) await checkCanComplete(tx, actor.tenantId, id);
    const assigned = input.technicianId !== undefined && input.technicianId !== null && input.technicianId !== current.technicianId;
    let status = input.status;
    if (status === undefined && assigned && current.status === 'pending') status = 'assigned';
    if (status === undefined && input.technicianId === null && current.status === 'assigned') status = 'pending';

    await repo.updateTask(tx, actor.tenantId, id, {
      ...(await editableColumns(tx, actor.tenantId, input)),
      status,
      technicianId: input.technicianId,
      startedAt: date(input.timeStarted) ?? (status === 'in_progress' && !current.startedAt ? new Date() : undefined),
      completedAt: date(input.timeCompleted) ?? (completing ? new Date() : status && status !== 'completed' ? null : undefined),
    });
    if (input.dependencies) await repo.setDependencies(tx, actor.tenantId, id, input.dependencies);
    const task = (await repo.findTask(tx, actor.tenantId, id))!;
    if (assigned) await logTask(tx, actor, 'assigned_task', task);
    if (completing) await logTask(tx, actor, 'completed_task', task);
    return { task, assigned };
  });
}

const taskDetails = (task: Task) => ({
  taskTitle: task.title,
  ...(task.technician ? { technicianName: `${task.technician.firstName} ${task.technician.lastName}` } : {}),
});

/** The activity line of a task assigned or completed by the actor. */
async function logTask(tx: Tx, actor: PublicUser, action: 'assigned_task' | 'completed_task', task: Task) {
  await recordActivity(tx, {
    tenantId: actor.tenantId,
    userId: actor.id,
    action,
    entityType: 'task',
    entityId: task.id,
    details: taskDetails(task),
  });
}

export async function assignTask(
  db: Db,
  actor: PublicUser,
  id: number,
  technicianId: number,
  scheduledDate?: string | null,
): Promise<Task> {
  return db.transaction(async (tx) => {
    const current = await repo.lockTask(tx, actor.tenantId, id);
    if (!current) throw taskNotFound();
    await checkTechnician(tx, actor.tenantId, technicianId);
    if (current.status === 'completed' || current.status === 'cancelled') {
      throw conflict('tasks.closed', `This task is ${current.status} and cannot be assigned`);
    }
    await repo.updateTask(tx, actor.tenantId, id, {
      technicianId,
      status: current.status === 'in_progress' && current.technicianId === technicianId ? 'in_progress' : 'assigned',
      ...(scheduledDate !== undefined ? { scheduledDate: date(scheduledDate) } : {}),
    });
    const task = (await repo.findTask(tx, actor.tenantId, id))!;
    await logTask(tx, actor, 'assigned_task', task);
    return task;
  });
}

export async function completeTask(db: Db, actor: PublicUser, id: number, actualHours?: number | null): Promise<Task> {
  return db.transaction(async (tx) => {
    const current = await repo.lockTask(tx, actor.tenantId, id);
    if (!current) throw taskNotFound();
    if (!STAFF_ROLES.has(actor.role)) checkOwnTask(current.technicianId, await ownTechnicianId(tx, actor));
    if (current.status === 'completed') throw conflict('tasks.already_completed', 'This task is already completed');
    await checkCanComplete(tx, actor.tenantId, id);
    await repo.updateTask(tx, actor.tenantId, id, {
      status: 'completed',
      completedAt: new Date(),
      ...(actualHours !== undefined ? { actualHours: decimal(actualHours) } : {}),
    });
    const task = (await repo.findTask(tx, actor.tenantId, id))!;
    await logTask(tx, actor, 'completed_task', task);
    return task;
  });
}

export async function suggestionsFor(db: Db, tenantId: number, id: number) {
  const task = await repo.findTask(db, tenantId, id);
  if (!task) throw taskNotFound();
  const candidates = await repo.activeCandidates(db, tenantId);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return suggestTechnicians(
    task,
    candidates.map((c) => ({ ...c, rating: Number(c.rating) })),
  ).map((s) => ({
    ...s,
    firstName: byId.get(s.technicianId)!.firstName,
    lastName: byId.get(s.technicianId)!.lastName,
  }));
}

const PRIORITY_RANK = Object.fromEntries([...TASK_PRIORITIES].reverse().map((p, i) => [p, i]));

/** Spreads chosen unassigned tasks over chosen technicians, never past 5 active tasks each. */
export async function bulkAssign(db: Db, actor: PublicUser, taskIds: number[], technicianIds: number[]) {
  return db.transaction(async (tx) => {
    const loads = await repo.lockTechnicianLoads(tx, actor.tenantId, technicianIds);
    if (loads.length !== new Set(technicianIds).size) throw badRequest('tasks.unknown_technician', 'Unknown technician');
    const { rows } = await repo.listTasks(tx, actor.tenantId, { ids: taskIds, assignmentStatus: 'unassigned' });
    const open = rows
      .filter((t) => t.status !== 'completed' && t.status !== 'cancelled')
      .sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.id - b.id);
    const plan = distributeTasks(
      open,
      loads.map((l) => ({ ...l, rating: Number(l.rating) })),
    );
    for (const a of plan.assignments) {
      await repo.updateTask(tx, actor.tenantId, a.taskId, { technicianId: a.technicianId, status: 'assigned' });
    }
    const refused = refusedIds(taskIds, await repo.existingTaskIds(tx, actor.tenantId, taskIds));
    const skipped = taskIds.filter((id) => !open.some((t) => t.id === id) && !refused.includes(id));
    if (plan.assignments.length) {
      const { rows: assigned } = await repo.listTasks(tx, actor.tenantId, { ids: plan.assignments.map((a) => a.taskId) });
      for (const task of assigned) await logTask(tx, actor, 'assigned_task', task);
    }
    return {
      assigned: plan.assignments.map(({ taskId, technicianId }) => ({ taskId, technicianId })),
      unplaced: [...plan.unplaced, ...skipped],
      refused,
    };
  });
}

/** Plain reads the routes serve as the repository answers them. */
export { findTask } from './tasks.repository.ts';

/** A page of the workshop's tasks; `mine` lists the caller's own, none without a technician record. */
export async function listFor(db: Tx, actor: PublicUser, query: TaskListQuery) {
  const { mine, ...filter } = query;
  if (mine !== 'true') return repo.listTasks(db, actor.tenantId, filter);
  const own = await techRepo.findTechnicianIdForUser(db, actor.tenantId, actor.id);
  if (!own) return { rows: [], total: 0 };
  return repo.listTasks(db, actor.tenantId, { ...filter, technicianId: own });
}
