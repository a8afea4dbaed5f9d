import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { insertCustomerVehicle } from '../../test/scheduling.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the schedule', () => {
  it("shows a week of each technician's bookings, appointments, tasks and shifts in the workshop time zone, conflicts marked", async () => {
    const ws = await createWorkshop(t.app);
    const settings = (await ws.admin.get('/api/tenant/settings')).json();
    await ws.admin.put('/api/tenant/settings', { ...settings, timeZone: 'Asia/Dubai' });
    const tech = await createTechnician(ws.manager, { userId: ws.technician.user.id });
    const other = await createTechnician(ws.manager, { firstName: 'Lina' });
    const refs = await insertCustomerVehicle(t, ws);

    const booking = (
      await ws.manager.post('/api/service-bookings', {
        ...refs,
        serviceType: 'Brakes',
        technicianId: tech.id,
        scheduledDate: '2030-03-04T06:00:00.000Z',
        duration: 120,
      })
    ).json();
    const appointment = (
      await ws.manager.post(`/api/tenants/${ws.tenantId}/appointments`, {
        customerName: 'Walk in',
        customerPhone: '555',
        serviceType: 'oil_change',
        scheduledDate: '2030-03-04',
        scheduledTime: '11:00', // 07:00Z in Dubai: inside the booking
        duration: 30,
        assignedTo: tech.id,
      })
    ).json();
    const task = await createTask(ws.manager, {
      title: 'Road test',
      technicianId: other.id,
      scheduledDate: '2030-03-05T08:00:00.000Z',
      estimatedHours: 1,
    });
    const outside = await createTask(ws.manager, { title: 'Next week', technicianId: other.id, scheduledDate: '2030-03-12T08:00:00.000Z' });
    const shift = (await ws.manager.post('/api/shifts', { name: 'Day', startTime: '08:00', endTime: '16:00' })).json();
    const assignment = (
      await ws.manager.post('/api/shift-assignments', { shiftId: shift.id, userId: ws.technician.user.id, date: '2030-03-04' })
    ).json();

    const res = await ws.technician.get('/api/schedule?from=2030-03-04&days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('Asia/Dubai');
    expect(body.days).toHaveLength(7);
    expect(body.technicians.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([tech.id, other.id]));
    const found = (kind: string, id: number) => body.events.find((e: { kind: string; id: number }) => e.kind === kind && e.id === id);
    expect(found('booking', booking.id)).toMatchObject({ technicianId: tech.id, conflict: true, end: '2030-03-04T08:00:00.000Z' });
    expect(found('appointment', appointment.id)).toMatchObject({
      technicianId: tech.id,
      conflict: true,
      start: '2030-03-04T07:00:00.000Z',
    });
    expect(found('task', task.id)).toMatchObject({ technicianId: other.id, conflict: false });
    expect(found('shift', assignment.id)).toMatchObject({ technicianId: tech.id, start: '2030-03-04T04:00:00.000Z', conflict: false });
    expect(found('task', outside.id)).toBeUndefined();

    const day = (await ws.technician.get('/api/schedule?from=2030-03-05&days=1')).json();
    expect(day.events.map((e: { kind: string; id: number }) => [e.kind, e.id])).toEqual([['task', task.id]]);

    // A page of technicians at a time, with only their events.
    const pages = await Promise.all(
      [0, 1].map(async (offset) => (await ws.manager.get(`/api/schedule?from=2030-03-04&days=7&limit=1&offset=${offset}`)).json()),
    );
    expect(pages.map((p) => p.totalTechnicians)).toEqual([2, 2]);
    expect(pages.flatMap((p) => p.technicians.map((x: { id: number }) => x.id)).sort()).toEqual([tech.id, other.id].sort());
    for (const p of pages) {
      expect(p.technicians).toHaveLength(1);
      expect(p.events.length).toBeGreaterThan(0);
      expect(p.events.every((e: { technicianId: number }) => e.technicianId === p.technicians[0].id)).toBe(true);
    }
    expect((await ws.manager.get('/api/schedule?from=2030-03-04&offset=5')).json()).toMatchObject({
      technicians: [],
      totalTechnicians: 2,
      events: [],
    });

    const stranger = await createWorkshop(t.app);
    expect((await stranger.manager.get('/api/schedule?from=2030-03-04')).json().events).toEqual([]);
  });

  it('takes days from 1900 to the last week of 9999 only: year 1 is refused, not read as 1901', async () => {
    const ws = await createWorkshop(t.app);
    const early = await ws.manager.get('/api/schedule?from=0001-01-01');
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([
      {
        path: 'from',
        message: 'Date must be between 1900-01-01 and 9999-11-30',
        code: 'validation.dateRange',
        params: { min: '1900-01-01', max: '9999-11-30' },
      },
    ]);
    for (const from of ['9999-12-01', '9999-12-31'])
      expect((await ws.manager.get(`/api/schedule?from=${from}`)).statusCode, from).toBe(400);
    const last = await ws.manager.get('/api/schedule?from=9999-11-30&days=31');
    expect(last.statusCode).toBe(200);
    expect(last.json().days.at(-1)).toBe('9999-12-30');
    expect((await ws.manager.get('/api/schedule?from=1900-01-01&days=1')).json().days).toEqual(['1900-01-01']);
  });
});
