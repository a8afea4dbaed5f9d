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
    const saved = await call(a.url, 'PUT', '/api/tenant/settings', {
      name: 'Chain Garage', address: '', phone: '', email: '', timeZone: 'UTC', currency: 'USD', taxRate: '10',
    }, reg.cookie);
    expect(saved.status).toBe(200);
    expect(await client.waitFor((m) => m.type === 'update')).toEqual({ type: 'update', entity: 'settings' });
    client.socket.close();
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
