import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { startSmtp } from '../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  w = await createWorkshop(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('assignment notifications', () => {
  it('send the e-mail over SMTP and record one notification per channel with its status', async () => {
    const tech = await createTechnician(w.admin, { email: 'karim@garage.test', userId: w.technician.user.id });
    const task = await createTask(w.admin, { title: 'Brake fluid flush', technicianId: tech.id });
    const res = await w.manager.post(`/api/tasks/${task.id}/notify`, { channels: ['email', 'sms'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { channel: 'email', status: 'sent', error: null },
      { channel: 'sms', status: 'queued', error: null },
    ]);
    // The assignment itself told the linked login (in-app, and by e-mail at their own address);
    // Confirm & Send reached the technician's address.
    await t.app.notifier.settled();
    const toTechnician = smtp.received.filter((m) => m.to.includes('karim@garage.test'));
    expect(toTechnician).toHaveLength(1);
    expect(toTechnician[0].body).toContain('Brake fluid flush');
    expect(smtp.received.filter((m) => m.to.includes(w.technician.user.email!))).toHaveLength(1);
    const records = (await w.manager.get(`/api/tasks/${task.id}/notifications`)).json();
    expect(records.map((r: { channel: string; status: string }) => `${r.channel}:${r.status}`).sort()).toEqual([
      'email:sent',
      'email:sent',
      'in_app:sent',
      'sms:queued',
    ]);
  });

  it('give the linked technician an unread notification they can read', async () => {
    const before = (await w.technician.get('/api/notifications/unread-count')).json().count;
    expect(before).toBeGreaterThan(0);
    const list = await w.technician.get('/api/notifications');
    expect(list.headers['x-total-count']).toBe(String(before));
    expect(list.json()[0]).toMatchObject({ type: 'task_assigned', title: 'New task assigned', readAt: null });
    expect((await w.technician.post(`/api/notifications/${list.json()[0].id}/read`)).statusCode).toBe(204);
    expect((await w.technician.get('/api/notifications/unread-count')).json().count).toBe(before - 1);
    // Someone else's notification is not theirs to read.
    expect((await w.manager.post(`/api/notifications/${list.json()[0].id}/read`)).statusCode).toBe(404);
    await w.technician.post('/api/notifications/read-all');
    expect((await w.technician.get('/api/notifications/unread-count')).json().count).toBe(0);
  });

  it('stay queued without SMTP, refuse an unassigned task and a technician caller', async () => {
    const plain = await createTestApp();
    try {
      const ws = await createWorkshop(plain.app);
      const tech = await createTechnician(ws.admin);
      const task = await createTask(ws.admin, { technicianId: tech.id });
      expect((await ws.admin.post(`/api/tasks/${task.id}/notify`, { channels: ['email', 'push'] })).json()).toEqual([
        { channel: 'email', status: 'queued', error: null },
        { channel: 'push', status: 'queued', error: null },
      ]);
      const unassigned = await createTask(ws.admin);
      expect((await ws.admin.post(`/api/tasks/${unassigned.id}/notify`, { channels: ['email'] })).statusCode).toBe(409);
      expect((await ws.admin.post(`/api/tasks/${task.id}/notify`, { channels: [] })).json().issues[0].message).toBe(
        'Choose at least one channel',
      );
      expect((await ws.technician.post(`/api/tasks/${task.id}/notify`, { channels: ['email'] })).statusCode).toBe(403);
      // Another workshop's task is not found, whether one notifies about it or reads its deliveries.
      const other = await createWorkshop(plain.app);
      expect((await other.admin.post(`/api/tasks/${task.id}/notify`, { channels: ['email'] })).statusCode).toBe(404);
      const theirs = await other.admin.get(`/api/tasks/${task.id}/notifications`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe('tasks.not_found');
      expect((await ws.admin.get(`/api/tasks/${task.id}/notifications`)).json()).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });

  it('record a failed e-mail with its reason when the SMTP server is unreachable', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1?from=desk@workbay.test' });
    try {
      const ws = await createWorkshop(broken.app);
      const tech = await createTechnician(ws.admin);
      const task = await createTask(ws.admin, { technicianId: tech.id });
      const [email] = (await ws.admin.post(`/api/tasks/${task.id}/notify`, { channels: ['email'] })).json();
      expect(email.status).toBe('failed');
      expect(email.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await broken.close();
    }
  });
});
