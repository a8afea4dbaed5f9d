import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

describe('tasks', () => {
  it('are created by staff with defaults, validated, and listed with filters', async () => {
    const ws = await createWorkshop(t.app);
    const task = await createTask(ws.manager, {
      title: 'Replace brake pads',
      skillRequired: 'Brakes',
      estimatedHours: 1.5,
      priority: 'high',
    });
    expect(task).toMatchObject({
      status: 'pending',
      priority: 'high',
      technicianId: null,
      technician: null,
      estimatedHours: 1.5,
      dependencies: [],
    });
    const bad = await ws.manager.post('/api/tasks', { title: '', priority: 'critical', estimatedHours: -1 });
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['estimatedHours', 'priority', 'title']);
    expect(bad.json().issues.find((i: { path: string }) => i.path === 'title').message).toBe('Title is required');
    expect((await ws.technician.post('/api/tasks', { title: 'x' })).statusCode).toBe(403);

    const tech = await createTechnician(ws.admin);
    const assigned = await createTask(ws.manager, { technicianId: tech.id, priority: 'urgent' });
    expect(assigned.status).toBe('assigned');
    const get = (q: string) => ws.manager.get(`/api/tasks?${q}`).then((r) => r.json().map((x: { id: number }) => x.id));
    expect(await get('assignmentStatus=unassigned')).toEqual([task.id]);
    expect(await get(`technicianId=${tech.id}`)).toEqual([assigned.id]);
    expect(await get('priority=urgent')).toEqual([assigned.id]);
    expect(await get('status=pending')).toEqual([task.id]);
    expect((await ws.manager.get('/api/tasks?limit=1')).headers['x-total-count']).toBe('2');
    // A page past the end still tells the total.
    expect((await ws.manager.get('/api/tasks?limit=1&offset=10')).headers['x-total-count']).toBe('2');
    expect((await ws.manager.post('/api/tasks', { title: 'x', technicianId: 999999 })).statusCode).toBe(400);
    // An edit changes only what it sends: the priority stays high.
    expect((await ws.manager.put(`/api/tasks/${task.id}`, { title: 'Replace front pads' })).json()).toMatchObject({
      title: 'Replace front pads',
      priority: 'high',
    });
  });

  it('assign: status becomes assigned; completing sets completedAt, hours and status', async () => {
    const tech = await createTechnician(w.admin);
    const task = await createTask(w.admin);
    const missing = await w.manager.post(`/api/tasks/${task.id}/assign`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a technician');
    const res = await w.manager.post(`/api/tasks/${task.id}/assign`, { technicianId: tech.id, scheduledDate: '2026-12-01T09:00:00.000Z' });
    expect(res.json()).toMatchObject({
      status: 'assigned',
      technicianId: tech.id,
      scheduledDate: '2026-12-01T09:00:00.000Z',
      technician: { id: tech.id, firstName: 'Karim', lastName: 'Nasser' },
    });
    const before = Date.now();
    const done = await w.manager.post(`/api/tasks/${task.id}/complete`, { actualHours: 2.5 });
    const after = Date.now();
    expect(done.json()).toMatchObject({ status: 'completed', actualHours: 2.5 });
    // Stamped while the request ran (stored to the millisecond).
    expect(Date.parse(done.json().timeCompleted)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(done.json().timeCompleted)).toBeLessThanOrEqual(after);
    expect((await w.manager.post(`/api/tasks/${task.id}/complete`, {})).statusCode).toBe(409);
  });

  it('cannot be completed while a dependency is open, by /complete or by PUT', async () => {
    const first = await createTask(w.admin, { title: 'Drain oil' });
    const second = await createTask(w.admin, { title: 'Refill oil', dependencies: [first.id] });
    expect(second.dependencies).toEqual([{ dependsOnTaskId: first.id }]);
    const blocked = await w.admin.post(`/api/tasks/${second.id}/complete`, {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(`This task depends on #${first.id} "Drain oil", which must be completed first`);
    expect((await w.admin.put(`/api/tasks/${second.id}`, { status: 'completed' })).statusCode).toBe(409);
    await w.admin.post(`/api/tasks/${first.id}/complete`, {});
    expect((await w.admin.put(`/api/tasks/${second.id}`, { status: 'completed' })).json().status).toBe('completed');
  });

  it('refuses a dependency cycle and unknown or foreign dependencies', async () => {
    const a = await createTask(w.admin);
    const b = await createTask(w.admin, { dependencies: [a.id] });
    const c = await createTask(w.admin, { dependencies: [b.id] });
    const cycle = await w.admin.put(`/api/tasks/${a.id}`, { dependencies: [c.id] });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().code).toBe('tasks.dependency_cycle');
    expect((await w.admin.put(`/api/tasks/${a.id}`, { dependencies: [a.id] })).statusCode).toBe(400);
    const other = await createWorkshop(t.app);
    const foreign = await createTask(other.admin);
    expect((await w.admin.post('/api/tasks', { title: 'x', dependencies: [foreign.id] })).statusCode).toBe(400);
  });

  it('reads the edit form date and time in the workshop time zone', async () => {
    const ws = await createWorkshop(t.app);
    await ws.admin.put('/api/tenant/settings', {
      name: 'Dubai Garage',
      address: '',
      phone: '',
      email: '',
      timeZone: 'Asia/Dubai',
      currency: 'AED',
      taxRate: '5',
    });
    const task = await createTask(ws.admin);
    const res = await ws.admin.put(`/api/tasks/${task.id}`, { scheduledDay: '2026-12-01', scheduledTime: '09:30' });
    expect(res.json().scheduledDate).toBe('2026-12-01T05:30:00.000Z');
    expect(
      (await ws.admin.put(`/api/tasks/${task.id}`, { scheduledDay: '2026-12-01', scheduledTime: '9:30' })).json().issues[0].message,
    ).toBe('Must be in HH:MM format');
  });

  it('lets a technician change only their own tasks, and only status, hours, notes and times', async () => {
    const ws = await createWorkshop(t.app);
    const mine = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const someoneElse = await createTechnician(ws.admin);
    const own = await createTask(ws.admin, { technicianId: mine.id });
    const theirs = await createTask(ws.admin, { technicianId: someoneElse.id });
    const started = await ws.technician.put(`/api/tasks/${own.id}`, { status: 'in_progress', notes: 'Started', actualHours: 1 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', notes: 'Started', actualHours: 1 });
    expect(started.json().timeStarted).not.toBeNull();
    const title = await ws.technician.put(`/api/tasks/${own.id}`, { title: 'Renamed' });
    expect(title.statusCode).toBe(403);
    expect((await ws.technician.put(`/api/tasks/${theirs.id}`, { status: 'in_progress' })).statusCode).toBe(403);
    expect((await ws.technician.post(`/api/tasks/${theirs.id}/complete`, {})).statusCode).toBe(403);
    expect((await ws.technician.post(`/api/tasks/${own.id}/assign`, { technicianId: mine.id })).statusCode).toBe(403);
    expect((await ws.technician.post(`/api/tasks/${own.id}/complete`, { actualHours: 2 })).json().status).toBe('completed');
    const myList = await ws.technician.get('/api/tasks?mine=true');
    expect(myList.json().map((x: { id: number }) => x.id)).toEqual([own.id]);
  });

  it('are invisible to another workshop', async () => {
    const task = await createTask(w.admin);
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await other.admin.put(`/api/tasks/${task.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await other.admin.post(`/api/tasks/${task.id}/complete`, {})).statusCode).toBe(404);
    expect((await other.admin.get('/api/tasks')).json()).toEqual([]);
  });
});

describe('auto-assign', () => {
  it('suggests the top 3 active technicians with reasons, the first a Best Match', async () => {
    const ws = await createWorkshop(t.app);
    const best = await createTechnician(ws.admin, { firstName: 'Best', location: 'Dubai', rating: 5 }, ['Brakes']);
    await createTechnician(ws.admin, { firstName: 'Second', rating: 4 }, ['Brakes']);
    await createTechnician(ws.admin, { firstName: 'Third', rating: 1 }, ['Engine']);
    await createTechnician(ws.admin, { firstName: 'Away', rating: 5, location: 'Dubai', status: 'inactive' }, ['Brakes']);
    await createTechnician(ws.admin, { firstName: 'Fourth', rating: 0 }, ['Engine']);
    const task = await createTask(ws.admin, { skillRequired: 'brakes', location: 'dubai' });
    const res = await ws.manager.get(`/api/tasks/${task.id}/suggestions`);
    const list = res.json();
    expect(list.map((s: { firstName: string }) => s.firstName)).toEqual(['Best', 'Second', 'Third']);
    expect(list[0]).toMatchObject({
      technicianId: best.id,
      score: 110,
      percent: 100,
      bestMatch: true,
      reasons: ['skill_match', 'low_workload', 'same_location', 'high_rating', 'active'],
    });
    expect(list[1]).toMatchObject({ score: 88, percent: 88, bestMatch: false });
    expect((await ws.technician.get(`/api/tasks/${task.id}/suggestions`)).statusCode).toBe(403);
  });

  it('bulk-assigns by score without pushing anyone past 5 active tasks', async () => {
    const ws = await createWorkshop(t.app);
    const a = await createTechnician(ws.admin, { rating: 5 }, ['Brakes']);
    const b = await createTechnician(ws.admin, { rating: 1 }, ['Engine']);
    for (let i = 0; i < 4; i++) await createTask(ws.admin, { technicianId: a.id });
    const tasks = [];
    for (let i = 0; i < 7; i++) tasks.push(await createTask(ws.admin, { skillRequired: 'Brakes' }));
    const res = await ws.manager.post('/api/tasks/bulk-assign', { taskIds: tasks.map((x) => x.id), technicianIds: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    const { assigned, unplaced } = res.json();
    expect(assigned.filter((x: { technicianId: number }) => x.technicianId === a.id)).toHaveLength(1);
    expect(assigned.filter((x: { technicianId: number }) => x.technicianId === b.id)).toHaveLength(5);
    expect(unplaced).toHaveLength(1);
    const loads = (await ws.manager.get('/api/technicians')).json().map((x: { _count: { activeTasks: number } }) => x._count.activeTasks);
    expect(Math.max(...loads)).toBe(5);
    expect(res.json().refused).toEqual([]);
    expect((await ws.technician.post('/api/tasks/bulk-assign', { taskIds: [tasks[0].id], technicianIds: [a.id] })).statusCode).toBe(403);
    // Another workshop's task is refused by name, not counted as merely unplaced, and stays unassigned.
    const other = await createWorkshop(t.app);
    const theirs = await createTask(other.admin);
    const mine = await createTask(ws.admin);
    const mixed = (await ws.manager.post('/api/tasks/bulk-assign', { taskIds: [theirs.id, mine.id], technicianIds: [b.id] })).json();
    expect(mixed.refused).toEqual([theirs.id]);
    expect(mixed.unplaced).not.toContain(theirs.id);
    expect((await other.admin.get(`/api/tasks/${theirs.id}`)).json().technicianId).toBeNull();
  });
});

describe('activity and dashboard', () => {
  it('records the five known actions with technician and task names, newest first, paged', async () => {
    const ws = await createWorkshop(t.app);
    const tech = await createTechnician(ws.admin, { firstName: 'Huda', lastName: 'Ali' });
    await ws.admin.put(`/api/technicians/${tech.id}`, { title: 'Senior' });
    const task = await createTask(ws.admin, { title: 'Wheel alignment' });
    await ws.admin.post(`/api/tasks/${task.id}/assign`, { technicianId: tech.id });
    await ws.admin.post(`/api/tasks/${task.id}/complete`, {});
    const res = await ws.technician.get('/api/activity?limit=5');
    expect(res.headers['x-total-count']).toBe('5');
    const entries = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'completed_task',
      'assigned_task',
      'created_task',
      'updated_technician',
      'created_technician',
    ]);
    expect(entries[0]).toMatchObject({
      user: { firstName: 'Amal', lastName: 'Haddad' },
      details: { taskTitle: 'Wheel alignment', technicianName: 'Huda Ali' },
    });
    expect(entries[4].details).toEqual({ technicianName: 'Huda Ali' });
    const page2 = await ws.technician.get('/api/activity?limit=2&offset=4');
    expect(page2.json()).toHaveLength(1);
    const past = await ws.technician.get('/api/activity?limit=2&offset=40');
    expect(past.headers['x-total-count']).toBe('5');
  });

  it('computes the stats, capacity and leaderboard from the data', async () => {
    const ws = await createWorkshop(t.app);
    const a = await createTechnician(ws.admin, { firstName: 'Ali', rating: 4 });
    const b = await createTechnician(ws.admin, { firstName: 'Bassem', rating: 2 });
    await createTechnician(ws.admin, { firstName: 'Off', status: 'inactive' });
    for (let i = 0; i < 5; i++) await createTask(ws.admin, { technicianId: a.id });
    const doneTask = await createTask(ws.admin, { technicianId: b.id });
    await ws.admin.post(`/api/tasks/${doneTask.id}/complete`, {});
    await createTask(ws.admin);
    await createTask(ws.admin);
    const stats = (await ws.technician.get('/api/dashboard/stats')).json();
    expect(stats).toEqual({ totalTechnicians: 3, activeTasks: 5, unassignedTasks: 2, completionRate: 13 });
    const capacity = (await ws.manager.get('/api/dashboard/capacity')).json();
    expect(capacity).toEqual({
      activeTechnicians: 2,
      capacity: 10,
      currentTasks: 5,
      utilization: 50,
      level: 'moderate',
      available: 1,
      overloaded: 1,
    });
    const board = (await ws.manager.get('/api/dashboard/leaderboard')).json();
    expect(board.map((x: { firstName: string; score: number }) => [x.firstName, x.score])).toEqual([
      ['Ali', 80],
      ['Bassem', 50],
      ['Off', 0],
    ]);
    expect(board[1]).toMatchObject({ completedTasks: 1, badge: 'beginner', rank: 2 });
    const metrics = await ws.manager.get(`/api/tenants/${ws.tenantId}/dashboard/metrics`);
    expect(metrics.statusCode).toBe(200);
    expect((await ws.manager.get(`/api/tenants/${w.tenantId}/dashboard/metrics`)).statusCode).toBe(404);
  });
});

describe('the task counts behind the dashboard', () => {
  it('follow every insert, status change, assignment and delete', async () => {
    const { queryRows } = await import('../../db/client.ts');
    const { sql } = await import('drizzle-orm');
    const ws = await createWorkshop(t.app);
    const tech = await createTechnician(ws.admin);
    const a = await createTask(ws.admin);
    const b = await createTask(ws.admin, { technicianId: tech.id });
    await ws.admin.put(`/api/tasks/${a.id}`, { technicianId: tech.id });
    await ws.admin.put(`/api/tasks/${b.id}`, { status: 'in_progress' });
    await ws.admin.post(`/api/tasks/${a.id}/complete`, {});
    await ws.admin.put(`/api/tasks/${a.id}`, { notes: 'no count change' });
    const counted = await queryRows<{ status: string; assigned: boolean; n: number }>(
      t.database.db,
      sql`select status, assigned, n::int as n from task_counts where tenant_id = ${ws.tenantId} and n <> 0 order by status`,
    );
    const actual = await queryRows<{ status: string; assigned: boolean; n: number }>(
      t.database.db,
      sql`select status, technician_id is not null as assigned, count(*)::int as n from tasks where tenant_id = ${ws.tenantId} group by 1, 2 order by status`,
    );
    expect(counted).toEqual(actual);
    expect(actual).toEqual([
      { status: 'completed', assigned: true, n: 1 },
      { status: 'in_progress', assigned: true, n: 1 },
    ]);
    await t.database.db.execute(sql`delete from tasks where id = ${a.id}`);
    expect((await ws.admin.get('/api/dashboard/stats')).json()).toMatchObject({ activeTasks: 1, completionRate: 0 });
  });
});
