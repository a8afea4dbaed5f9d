import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../test/databases.ts';
import { call, startServerProcess, type ServerProcess } from '../../test/process.ts';
import { connect } from '../../test/live-client.ts';

// Two app processes on one PostgreSQL database, as a chain of workshops runs Workbay.
let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  const env = { DATABASE_URL: target.url!, SESSION_SECRET: 'shared-secret-of-the-app-servers-0123456789' };
  a = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'workbay-a-')) });
  b = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'workbay-b-')) });
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

const owner = { username: 'chainowner', password: 'correct-horse-1', email: 'owner@chain.example', firstName: 'Hani', lastName: 'Saad' };

describe('several app processes on one PostgreSQL', () => {
  it('share sessions and pass live messages from one process to the clients of another', async () => {
    const reg = await call(a.url, 'POST', '/api/register', owner);
    expect(reg.status).toBe(201);
    // The session made by A is valid on B.
    expect((await call(b.url, 'GET', '/api/user', undefined, reg.cookie)).json.username).toBe('chainowner');

    const client = connect(b.url.replace('http', 'ws') + '/ws', reg.cookie);
    await client.opened;
    await client.waitFor((m) => m.type === 'hello');
    const saved = await call(
      a.url,
      'PUT',
      '/api/tenant/settings',
      {
        name: 'Chain Garage',
        address: '',
        phone: '',
        email: '',
        timeZone: 'UTC',
        currency: 'USD',
        taxRate: '10',
      },
      reg.cookie,
    );
    expect(saved.status).toBe(200);
    expect(await client.waitFor((m) => m.type === 'update')).toEqual({ type: 'update', entity: 'settings' });
    client.socket.close();
  });

  it('deliver an assignment made on one process to a board open on the other', async () => {
    const login = await call(a.url, 'POST', '/api/login', { username: owner.username, password: owner.password });
    const skill = await call(a.url, 'POST', '/api/skills', { name: 'Brakes' }, login.cookie);
    const tech = await call(
      a.url,
      'POST',
      '/api/technicians',
      {
        firstName: 'Rami',
        lastName: 'Odeh',
        email: 'rami@chain.example',
        phone: '+1 555 0100',
        title: 'Technician',
        skills: [skill.json.id],
      },
      login.cookie,
    );
    const task = await call(a.url, 'POST', '/api/tasks', { title: 'Replace wiper blades' }, login.cookie);
    const board = connect(b.url.replace('http', 'ws') + '/ws', login.cookie);
    await board.opened;
    await board.waitFor((m) => m.type === 'hello');
    const assigned = await call(a.url, 'POST', `/api/tasks/${task.json.id}/assign`, { technicianId: tech.json.id }, login.cookie);
    expect(assigned.status).toBe(200);
    expect(await board.waitFor((m) => m.type === 'task_assigned')).toEqual({ type: 'task_assigned', taskId: task.json.id });
    expect(await board.waitFor((m) => m.type === 'update' && m.entity === 'tasks')).toBeDefined();
    board.socket.close();
  });

  // Each process keeps the sessions it has read (auth/session-cache.ts); the database's triggers
  // tell every process when a session, user or workshop changed.
  it('hold a sign-out, a role change and a deactivation made on one process on the other within a notification', async () => {
    const admin = await call(a.url, 'POST', '/api/login', { username: owner.username, password: owner.password });
    const leaving = await call(a.url, 'POST', '/api/login', { username: owner.username, password: owner.password });
    const staff = { username: 'chainclerk', firstName: 'Lina', lastName: 'Aziz', email: 'lina@chain.example', password: 'correct-horse-2' };
    const created = await call(a.url, 'POST', '/api/users', { ...staff, role: 'manager' }, admin.cookie);
    expect(created.status).toBe(201);
    const clerk = await call(a.url, 'POST', '/api/login', { username: staff.username, password: staff.password });
    // B has read (and kept) both sessions.
    expect((await call(b.url, 'GET', '/api/user', undefined, leaving.cookie)).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/user', undefined, clerk.cookie)).json.role).toBe('manager');

    /** What B answers, asked every 50 ms until `done` or 3 s: a notification takes milliseconds. */
    const onB = async (cookie: string | undefined, done: (r: Awaited<ReturnType<typeof call>>) => boolean) => {
      const until = Date.now() + 3_000;
      for (;;) {
        const answer = await call(b.url, 'GET', '/api/user', undefined, cookie);
        if (done(answer) || Date.now() > until) return answer;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    expect((await call(a.url, 'POST', '/api/logout', undefined, leaving.cookie)).status).toBeLessThan(300);
    expect((await onB(leaving.cookie, (r) => r.status === 401)).status).toBe(401);

    expect((await call(a.url, 'PUT', `/api/users/${created.json.id}/role`, { role: 'technician' }, admin.cookie)).status).toBe(200);
    expect((await onB(clerk.cookie, (r) => r.json?.role === 'technician')).json.role).toBe('technician');

    expect((await call(a.url, 'PUT', `/api/users/${created.json.id}/active`, { isActive: false }, admin.cookie)).status).toBe(200);
    expect((await onB(clerk.cookie, (r) => r.status === 401)).status).toBe(401);
    // The owner's other session is untouched throughout.
    expect((await call(b.url, 'GET', '/api/user', undefined, admin.cookie)).json.username).toBe(owner.username);
  });

  it('count failed logins across processes', async () => {
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await call(server.url, 'POST', '/api/login', { username: owner.username, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await call(b.url, 'POST', '/api/login', { username: owner.username, password: owner.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
