import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const shifts = (ws: Workshop) => `/api/tenants/${ws.tenantId}/shifts`;
const assignments = (ws: Workshop, query = '') => `/api/tenants/${ws.tenantId}/shift-assignments${query}`;

async function createShift(ws: Workshop, body: Record<string, unknown> = {}) {
  const res = await ws.manager.post('/api/shifts', { name: `Morning ${Math.random()}`, startTime: '08:00', endTime: '16:00', ...body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('shift definitions', () => {
  it("validates with the spec's messages", async () => {
    const missing = await w.manager.post('/api/shifts', { startTime: '8:00', endTime: '25:00' });
    expect(missing.statusCode).toBe(400);
    const messages = missing.json().issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['name: Name is required', 'startTime: Must be in HH:MM format', 'endTime: Must be in HH:MM format']),
    );
    const backwards = await w.manager.post('/api/shifts', { name: 'Backwards', startTime: '16:00', endTime: '08:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues).toEqual([
      { path: 'endTime', message: 'End time must be after start time', code: 'validation.endAfterStart' },
    ]);
    const same = await w.manager.post('/api/shifts', { name: 'Zero', startTime: '08:00', endTime: '08:00' });
    expect(same.json().issues[0].message).toBe('End time must be after start time');
  });

  it('creates, lists, edits and deletes an unused shift; names are unique per workshop', async () => {
    const created = await createShift(w, { name: 'Evening', startTime: '14:00', endTime: '22:00', isActive: true });
    expect(created).toMatchObject({ name: 'Evening', startTime: '14:00', endTime: '22:00', isActive: true, assignmentCount: 0 });
    expect((await w.manager.post('/api/shifts', { name: 'evening', startTime: '09:00', endTime: '10:00' })).statusCode).toBe(409);
    const edited = await w.manager.put(`/api/shifts/${created.id}`, {
      name: 'Evening',
      startTime: '15:00',
      endTime: '23:00',
      isActive: false,
    });
    expect(edited.json()).toMatchObject({ startTime: '15:00', isActive: false });
    const list = await w.technician.get(shifts(w));
    expect(list.json().map((s: { id: number }) => s.id)).toContain(created.id);
    expect((await w.manager.delete(`/api/shifts/${created.id}`)).statusCode).toBe(204);
    expect((await w.manager.delete(`/api/shifts/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a shift with assignments, saying how many', async () => {
    const shift = await createShift(w);
    for (const date of ['2026-12-01', '2026-12-02']) {
      expect(
        (await w.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: String(w.technician.user.id), date })).statusCode,
      ).toBe(201);
    }
    const refused = await w.admin.delete(`/api/shifts/${shift.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'shifts.in_use',
      message: 'This shift has 2 assignments: make it inactive instead',
      params: { assignments: 2 },
    });
  });

  it('lets only admins and managers plan', async () => {
    const shift = await createShift(w);
    expect((await w.technician.post('/api/shifts', { name: 'Mine', startTime: '08:00', endTime: '09:00' })).statusCode).toBe(403);
    expect((await w.technician.put(`/api/shifts/${shift.id}`, { name: 'Mine', startTime: '08:00', endTime: '09:00' })).statusCode).toBe(
      403,
    );
    expect((await w.technician.delete(`/api/shifts/${shift.id}`)).statusCode).toBe(403);
    expect(
      (await w.technician.post('/api/shift-assignments', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-01' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('shift assignments', () => {
  it("validates with the spec's messages and refuses unknown shifts and employees", async () => {
    const missing = await w.manager.post('/api/shift-assignments', {});
    expect(missing.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Shift is required', 'Employee is required', 'Date is required']),
    );
    const shift = await createShift(w);
    expect(
      (await w.manager.post('/api/shift-assignments', { shiftId: 999999, userId: w.technician.user.id, date: '2026-12-01' })).json().code,
    ).toBe('shift_assignments.unknown_shift');
    expect((await w.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: 999999, date: '2026-12-01' })).json().code).toBe(
      'shift_assignments.unknown_employee',
    );
  });

  it('checks in only when scheduled and out only when checked in, and counts whole hours', async () => {
    const shift = await createShift(w);
    const created = (
      await w.manager.post('/api/shift-assignments', {
        shiftId: shift.id,
        userId: w.technician.user.id,
        date: '2026-12-03',
        notes: 'Bay 2',
      })
    ).json();
    expect(created).toMatchObject({ status: 'scheduled', checkInTime: null, hoursWorked: null, conflicts: [], notes: 'Bay 2' });
    expect(created.employee).toMatchObject({ id: w.technician.user.id, firstName: 'Tariq' });

    const early = await w.technician.post(`/api/shift-assignments/${created.id}/check-out`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a checked-in assignment can be checked out (this one is scheduled)');

    const before = Date.now();
    const inRes = await w.technician.post(`/api/shift-assignments/${created.id}/check-in`);
    expect(inRes.statusCode).toBe(200);
    expect(inRes.json().status).toBe('checked_in');
    expect(Date.parse(inRes.json().checkInTime)).toBeGreaterThanOrEqual(before - 1000);
    expect((await w.technician.post(`/api/shift-assignments/${created.id}/check-in`)).statusCode).toBe(409);

    const out = await w.technician.post(`/api/shift-assignments/${created.id}/check-out`);
    expect(out.json()).toMatchObject({ status: 'checked_out', hoursWorked: 0 });
  });

  it('lets a technician check only themselves in; managers anyone', async () => {
    const shift = await createShift(w);
    const forManager = (
      await w.admin.post('/api/shift-assignments', { shiftId: shift.id, userId: w.manager.user.id, date: '2026-12-04' })
    ).json();
    expect((await w.technician.post(`/api/shift-assignments/${forManager.id}/check-in`)).statusCode).toBe(403);
    const forTech = (
      await w.admin.post('/api/shift-assignments', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-04' })
    ).json();
    expect((await w.manager.post(`/api/shift-assignments/${forTech.id}/check-in`)).statusCode).toBe(200);
  });

  it('warns about an overlapping shift of the same person but saves it', async () => {
    const morning = await createShift(w, { startTime: '08:00', endTime: '16:00' });
    const late = await createShift(w, { startTime: '15:00', endTime: '23:00' });
    const first = (
      await w.manager.post('/api/shift-assignments', { shiftId: morning.id, userId: w.manager.user.id, date: '2026-12-10' })
    ).json();
    const second = await w.manager.post('/api/shift-assignments', { shiftId: late.id, userId: w.manager.user.id, date: '2026-12-10' });
    expect(second.statusCode).toBe(201);
    expect(second.json().conflicts).toEqual([expect.objectContaining({ kind: 'shift_assignment', id: first.id })]);
    const otherDay = await w.manager.post('/api/shift-assignments', { shiftId: late.id, userId: w.manager.user.id, date: '2026-12-11' });
    expect(otherDay.json().conflicts).toEqual([]);
  });

  it('reads the shift times in the workshop time zone', async () => {
    const ws = await createWorkshop(t.app);
    const settings = (await ws.admin.get('/api/tenant/settings')).json();
    expect((await ws.admin.put('/api/tenant/settings', { ...settings, timeZone: 'Asia/Dubai' })).statusCode).toBe(200);
    const shift = await createShift(ws, { startTime: '08:00', endTime: '16:00' });
    const a = await ws.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: ws.manager.user.id, date: '2026-12-10' });
    const b = await ws.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: ws.manager.user.id, date: '2026-12-10' });
    expect(a.statusCode).toBe(201);
    expect(b.json().conflicts[0]).toMatchObject({ start: '2026-12-10T04:00:00.000Z', end: '2026-12-10T12:00:00.000Z' });
  });

  it('searches by employee or shift name, filters by status, pages, and shows "mine"', async () => {
    const ws = await createWorkshop(t.app);
    const night = await createShift(ws, { name: 'Night watch', startTime: '22:00', endTime: '23:59' });
    const day = await createShift(ws, { name: 'Day', startTime: '08:00', endTime: '16:00' });
    await ws.manager.post('/api/shift-assignments', { shiftId: night.id, userId: ws.technician.user.id, date: '2026-12-01' });
    await ws.manager.post('/api/shift-assignments', { shiftId: day.id, userId: ws.manager.user.id, date: '2026-12-02' });
    await ws.manager.post('/api/shift-assignments', {
      shiftId: day.id,
      userId: ws.technician.user.id,
      date: '2026-12-03',
      status: 'absent',
    });
    const byShift = await ws.technician.get(assignments(ws, '?q=WATCH'));
    expect(byShift.json().map((a: { shift: { name: string } }) => a.shift.name)).toEqual(['Night watch']);
    const byEmployee = await ws.technician.get(assignments(ws, '?q=tari'));
    expect(byEmployee.headers['x-total-count']).toBe('2');
    expect((await ws.technician.get(assignments(ws, '?status=absent'))).json()).toHaveLength(1);
    const page = await ws.manager.get(assignments(ws, '?limit=2&offset=0'));
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()[0].date).toBe('2026-12-03');
    const mine = await ws.technician.get(assignments(ws, '?mine=true'));
    expect(mine.json().every((a: { userId: number }) => a.userId === ws.technician.user.id)).toBe(true);
    expect(mine.headers['x-total-count']).toBe('2');
  });

  it('edits the date, shift, employee and notes of an assignment and saves them', async () => {
    const ws = await createWorkshop(t.app);
    const morning = await createShift(ws, { name: 'Morning', startTime: '08:00', endTime: '16:00' });
    const late = await createShift(ws, { name: 'Late', startTime: '14:00', endTime: '22:00' });
    const created = (
      await ws.manager.post('/api/shift-assignments', {
        shiftId: morning.id,
        userId: ws.technician.user.id,
        date: '2026-12-01',
        notes: 'Bay 1',
      })
    ).json();
    const res = await ws.manager.put(`/api/shift-assignments/${created.id}`, {
      shiftId: late.id,
      userId: String(ws.manager.user.id),
      date: '2026-12-05',
      notes: 'Bay 4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: created.id,
      shiftId: late.id,
      userId: ws.manager.user.id,
      shift: { id: late.id, name: 'Late', startTime: '14:00', endTime: '22:00' },
      employee: { id: ws.manager.user.id, firstName: 'Mona' },
      date: '2026-12-05',
      status: 'scheduled',
      notes: 'Bay 4',
    };
    expect(res.json()).toMatchObject({ ...expected, conflicts: [] });
    const listed = (await ws.manager.get(assignments(ws))).json();
    expect(listed).toMatchObject([expected]);
    // The shift's counts follow the move.
    const counts = Object.fromEntries(
      (await ws.manager.get(shifts(ws))).json().map((s: { name: string; assignmentCount: number }) => [s.name, s.assignmentCount]),
    );
    expect(counts).toEqual({ Morning: 0, Late: 1 });
    // Leaving the notes out of the form clears them.
    const cleared = await ws.manager.put(`/api/shift-assignments/${created.id}`, {
      shiftId: late.id,
      userId: ws.manager.user.id,
      date: '2026-12-05',
      notes: '',
    });
    expect(cleared.json().notes).toBeNull();
  });

  it('keeps the status of an edited assignment when the edit does not send one', async () => {
    const ws = await createWorkshop(t.app);
    const shift = await createShift(ws);
    const created = (
      await ws.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: ws.technician.user.id, date: '2026-12-01' })
    ).json();
    expect((await ws.technician.post(`/api/shift-assignments/${created.id}/check-in`)).statusCode).toBe(200);
    const edited = await ws.manager.put(`/api/shift-assignments/${created.id}`, {
      shiftId: shift.id,
      userId: ws.technician.user.id,
      date: '2026-12-01',
      notes: 'Late start',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'checked_in', notes: 'Late start' });
    expect(edited.json().checkInTime).not.toBeNull();
    const marked = await ws.manager.put(`/api/shift-assignments/${created.id}`, {
      shiftId: shift.id,
      userId: ws.technician.user.id,
      date: '2026-12-01',
      status: 'absent',
    });
    expect(marked.json().status).toBe('absent');
  });

  it('lets only admins and managers edit an assignment, and only in their own workshop', async () => {
    const shift = await createShift(w);
    const created = (
      await w.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-20', notes: 'Mine' })
    ).json();
    const body = { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-21', notes: 'Moved' };
    expect((await w.technician.put(`/api/shift-assignments/${created.id}`, body)).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    const theirShift = await createShift(other);
    const fromOther = await other.manager.put(`/api/shift-assignments/${created.id}`, {
      shiftId: theirShift.id,
      userId: other.technician.user.id,
      date: '2026-12-21',
    });
    expect(fromOther.statusCode).toBe(404);
    expect(fromOther.json().code).toBe('shift_assignments.not_found');
    expect((await other.manager.put(`/api/shift-assignments/${created.id}`, body)).statusCode).toBe(404);
    const unchanged = (await w.manager.get(assignments(w, '?q=tari'))).json().find((a: { id: number }) => a.id === created.id);
    expect(unchanged).toMatchObject({ date: '2026-12-20', notes: 'Mine', userId: w.technician.user.id });
    expect((await w.admin.put(`/api/shift-assignments/${created.id}`, body)).json()).toMatchObject({ date: '2026-12-21', notes: 'Moved' });
  });

  it('warns when an edit moves the assignment onto another of the same person, but saves it; moving away clears the warning', async () => {
    const ws = await createWorkshop(t.app);
    const morning = await createShift(ws, { startTime: '08:00', endTime: '16:00' });
    const late = await createShift(ws, { startTime: '15:00', endTime: '23:00' });
    const first = (
      await ws.manager.post('/api/shift-assignments', { shiftId: morning.id, userId: ws.technician.user.id, date: '2026-12-10' })
    ).json();
    const second = (
      await ws.manager.post('/api/shift-assignments', { shiftId: late.id, userId: ws.technician.user.id, date: '2026-12-11' })
    ).json();
    expect(second.conflicts).toEqual([]);

    const onto = await ws.manager.put(`/api/shift-assignments/${second.id}`, {
      shiftId: late.id,
      userId: ws.technician.user.id,
      date: '2026-12-10',
    });
    expect(onto.statusCode).toBe(200);
    expect(onto.json().conflicts).toEqual([
      expect.objectContaining({
        kind: 'shift_assignment',
        id: first.id,
        start: '2026-12-10T08:00:00.000Z',
        end: '2026-12-10T16:00:00.000Z',
      }),
    ]);
    expect(onto.json().date).toBe('2026-12-10');
    const saved = (await ws.manager.get(assignments(ws, '?from=2026-12-10&to=2026-12-10'))).json();
    expect(saved.map((a: { id: number }) => a.id).sort()).toEqual([first.id, second.id].sort());

    // Editing the assignment in place does not count it against itself.
    const first2 = await ws.manager.put(`/api/shift-assignments/${first.id}`, {
      shiftId: morning.id,
      userId: ws.technician.user.id,
      date: '2026-12-10',
      notes: 'x',
    });
    expect(first2.json().conflicts).toEqual([expect.objectContaining({ id: second.id })]);

    // Another person on the same shift is no conflict; nor is the same person on another day.
    const otherPerson = await ws.manager.put(`/api/shift-assignments/${second.id}`, {
      shiftId: late.id,
      userId: ws.manager.user.id,
      date: '2026-12-10',
    });
    expect(otherPerson.json().conflicts).toEqual([]);
    const away = await ws.manager.put(`/api/shift-assignments/${second.id}`, {
      shiftId: late.id,
      userId: ws.technician.user.id,
      date: '2026-12-12',
    });
    expect(away.json().conflicts).toEqual([]);
  });

  it("validates an edit with the spec's messages and refuses unknown ids, shifts and employees", async () => {
    const shift = await createShift(w);
    const created = (
      await w.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-22' })
    ).json();
    const url = `/api/shift-assignments/${created.id}`;
    const missing = await w.manager.put(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`)).toEqual(
      expect.arrayContaining(['shiftId: Shift is required', 'userId: Employee is required', 'date: Date is required']),
    );
    const blank = await w.manager.put(url, { shiftId: 0, userId: '', date: '' });
    expect(blank.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Shift is required', 'Employee is required', 'Date is required']),
    );
    const badDate = await w.manager.put(url, { shiftId: shift.id, userId: w.technician.user.id, date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().issues).toEqual([{ path: 'date', message: 'Invalid date', code: 'validation.date' }]);
    const badStatus = await w.manager.put(url, { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-22', status: 'on_leave' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues[0].path).toBe('status');

    const unknownShift = await w.manager.put(url, { shiftId: 999999, userId: w.technician.user.id, date: '2026-12-22' });
    expect(unknownShift.statusCode).toBe(400);
    expect(unknownShift.json().code).toBe('shift_assignments.unknown_shift');
    const unknownEmployee = await w.manager.put(url, { shiftId: shift.id, userId: 999999, date: '2026-12-22' });
    expect(unknownEmployee.statusCode).toBe(400);
    expect(unknownEmployee.json().code).toBe('shift_assignments.unknown_employee');
    expect(
      (await w.manager.put('/api/shift-assignments/999999', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-22' }))
        .statusCode,
    ).toBe(404);
    // Nothing of the refused edits was saved.
    const kept = (await w.manager.get(assignments(w, '?from=2026-12-22&to=2026-12-22'))).json();
    expect(kept).toEqual([
      expect.objectContaining({ id: created.id, shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-22' }),
    ]);
  });

  it("keeps another workshop's shifts and assignments invisible", async () => {
    const other = await createWorkshop(t.app);
    const shift = await createShift(other);
    const a = (
      await other.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: other.technician.user.id, date: '2026-12-01' })
    ).json();
    expect((await w.manager.get(shifts(w))).json().map((s: { id: number }) => s.id)).not.toContain(shift.id);
    expect((await w.manager.get(shifts(other))).statusCode).toBe(404);
    expect((await w.manager.get(assignments(other))).statusCode).toBe(404);
    expect((await w.manager.put(`/api/shifts/${shift.id}`, { name: 'X', startTime: '08:00', endTime: '09:00' })).statusCode).toBe(404);
    expect((await w.manager.post(`/api/shift-assignments/${a.id}/check-in`)).statusCode).toBe(404);
    expect(
      (await w.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: w.technician.user.id, date: '2026-12-01' })).statusCode,
    ).toBe(400);
    expect(
      (
        await w.manager.post('/api/shift-assignments', {
          shiftId: (await createShift(w)).id,
          userId: other.technician.user.id,
          date: '2026-12-01',
        })
      ).statusCode,
    ).toBe(400);
  });
});
