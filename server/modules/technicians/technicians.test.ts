import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician, skillIds } from '../../test/field-service.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

describe('skills', () => {
  it('are created by staff, unique per workshop case-insensitively, and listed by name', async () => {
    const res = await w.manager.post('/api/skills', { name: 'Diagnostics' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Diagnostics' });
    expect((await w.admin.post('/api/skills', { name: 'diagnostics' })).statusCode).toBe(409);
    expect((await w.admin.post('/api/skills', { name: '   ' })).json().issues[0].message).toBe('Skill name is required');
    expect((await w.technician.post('/api/skills', { name: 'Welding' })).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    expect((await other.admin.post('/api/skills', { name: 'Diagnostics' })).statusCode).toBe(201);
    const names = (await w.technician.get('/api/skills')).json().map((s: { name: string }) => s.name);
    expect(names).toContain('Diagnostics');
  });
});

describe('technicians', () => {
  it('are created with skills and come back with skills, counts and rating 0.0', async () => {
    const tech = await createTechnician(w.manager, { employeeId: 'EMP-7', location: 'Dubai' }, ['Brakes', 'Engine']);
    expect(tech).toMatchObject({
      firstName: 'Karim',
      status: 'active',
      rating: '0.0',
      employeeId: 'EMP-7',
      _count: { completedTasks: 0, activeTasks: 0 },
    });
    expect(tech.skills.map((s: { skill: { name: string } }) => s.skill.name)).toEqual(['Brakes', 'Engine']);
  });

  it('validate the spec fields, lengths and skills', async () => {
    const missing = await w.admin.post('/api/technicians', { skills: [] });
    expect(missing.statusCode).toBe(400);
    const messages = missing.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Phone is required',
        'Title is required',
        'Please select at least one skill',
      ]),
    );
    const long = await w.admin.post('/api/technicians', {
      firstName: 'x'.repeat(101),
      lastName: 'y',
      email: `${'e'.repeat(251)}@x.io`,
      phone: '1'.repeat(21),
      title: 't'.repeat(201),
      skills: [1],
    });
    expect(
      long
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'firstName', 'phone', 'title']);
    const unknownSkill = await w.admin.post('/api/technicians', {
      firstName: 'a',
      lastName: 'b',
      email: 'ab@example.com',
      phone: '1',
      title: 't',
      skills: [999999],
    });
    expect(unknownSkill.statusCode).toBe(400);
    expect(unknownSkill.json().message).toBe('Unknown skill: 999999');
  });

  it('keep e-mails unique per workshop', async () => {
    const tech = await createTechnician(w.admin);
    const again = await w.admin.post('/api/technicians', {
      firstName: 'a',
      lastName: 'b',
      email: tech.email.toUpperCase(),
      phone: '1',
      title: 't',
      skills: await skillIds(w.admin, ['Brakes']),
    });
    expect(again.statusCode).toBe(409);
    const other = await createWorkshop(t.app);
    await expect(createTechnician(other.admin, { email: tech.email })).resolves.toBeDefined();
  });

  it('are managed by staff only; a technician reads', async () => {
    const tech = await createTechnician(w.admin);
    expect((await w.technician.post('/api/technicians', {})).statusCode).toBe(403);
    expect((await w.technician.put(`/api/technicians/${tech.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await w.technician.get('/api/technicians')).statusCode).toBe(200);
    const updated = await w.manager.put(`/api/technicians/${tech.id}`, {
      title: 'Lead Technician',
      rating: 4.5,
      skills: await skillIds(w.admin, ['Engine']),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Lead Technician', rating: '4.5' });
    expect(updated.json().skills.map((s: { skill: { name: string } }) => s.skill.name)).toEqual(['Engine']);
  });

  it('list with filters, sorts, paging and the total count', async () => {
    const ws = await createWorkshop(t.app);
    const a = await createTechnician(ws.admin, { firstName: 'Zaid', rating: 3 }, ['Electrical']);
    const b = await createTechnician(ws.admin, { firstName: 'Adel', rating: 5, status: 'inactive' }, ['Brakes']);
    const c = await createTechnician(ws.admin, { firstName: 'Maha', rating: 4 }, ['Brakes', 'Electrical']);
    await createTask(ws.admin, { technicianId: c.id });
    const done = await createTask(ws.admin, { technicianId: c.id });
    await ws.admin.post(`/api/tasks/${done.id}/complete`, { actualHours: 1 });

    const all = await ws.manager.get('/api/technicians?sort=name');
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((x: { firstName: string }) => x.firstName)).toEqual(['Adel', 'Maha', 'Zaid']);
    expect((await ws.manager.get('/api/technicians?sort=rating')).json().map((x: { id: number }) => x.id)).toEqual([b.id, c.id, a.id]);
    expect((await ws.manager.get('/api/technicians?skill=electrical')).json().map((x: { id: number }) => x.id)).toEqual([a.id, c.id]);
    expect((await ws.manager.get('/api/technicians?status=inactive')).json().map((x: { id: number }) => x.id)).toEqual([b.id]);
    const page = await ws.manager.get('/api/technicians?sort=name&limit=2&offset=2');
    expect(page.json().map((x: { firstName: string }) => x.firstName)).toEqual(['Zaid']);
    expect(page.headers['x-total-count']).toBe('3');
    const beyond = await ws.manager.get('/api/technicians?sort=name&limit=2&offset=4');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
    const maha = all.json().find((x: { id: number }) => x.id === c.id);
    expect(maha._count).toEqual({ completedTasks: 1, activeTasks: 1 });
    expect((await ws.manager.get('/api/technicians?limit=501')).statusCode).toBe(400);
  });

  it('are invisible to another workshop by list and by id', async () => {
    const tech = await createTechnician(w.admin);
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/technicians/${tech.id}`)).statusCode).toBe(404);
    expect((await other.admin.put(`/api/technicians/${tech.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await other.admin.get('/api/technicians')).json()).toEqual([]);
  });

  it('change status in bulk', async () => {
    const ws = await createWorkshop(t.app);
    const a = await createTechnician(ws.admin);
    const b = await createTechnician(ws.admin);
    const res = await ws.manager.post('/api/technicians/bulk-status', { technicianIds: [a.id, b.id], status: 'on_leave' });
    expect(res.json().updated.sort()).toEqual([a.id, b.id].sort());
    expect(res.json().refused).toEqual([]);
    expect((await ws.manager.get('/api/technicians?status=on_leave')).headers['x-total-count']).toBe('2');
    // Another workshop's technician and a made-up id are refused by name, and left as they were.
    const other = await createWorkshop(t.app);
    const theirs = await createTechnician(other.admin);
    const mixed = await ws.manager.post('/api/technicians/bulk-status', {
      technicianIds: [a.id, theirs.id, 999_999, theirs.id],
      status: 'active',
    });
    expect(mixed.json()).toEqual({ updated: [a.id], refused: [theirs.id, 999_999] });
    expect((await other.admin.get(`/api/technicians/${theirs.id}`)).json().status).toBe(theirs.status);
    expect((await ws.technician.post('/api/technicians/bulk-status', { technicianIds: [a.id], status: 'active' })).statusCode).toBe(403);
  });

  it('link to a technician account only', async () => {
    const ws = await createWorkshop(t.app);
    const linked = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    expect(linked.userId).toBe(ws.technician.user.id);
    expect(
      (
        await ws.admin.post('/api/technicians', {
          firstName: 'a',
          lastName: 'b',
          email: 'q@example.com',
          phone: '1',
          title: 't',
          skills: await skillIds(ws.admin, ['Brakes']),
          userId: ws.manager.user.id,
        })
      ).statusCode,
    ).toBe(400);
    const other = await createWorkshop(t.app);
    expect(
      (
        await ws.admin.post('/api/technicians', {
          firstName: 'a',
          lastName: 'b',
          email: 'r@example.com',
          phone: '1',
          title: 't',
          skills: await skillIds(ws.admin, ['Brakes']),
          userId: other.technician.user.id,
        })
      ).statusCode,
    ).toBe(400);
  });
});
