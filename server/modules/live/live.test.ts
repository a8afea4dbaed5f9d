import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { connect } from '../../test/live-client.ts';

let t: TestApp;
let base: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  base = `ws://127.0.0.1:${port}/ws`;
});
afterAll(async () => t.close());

describe('the live channel', () => {
  it('refuses anonymous connections', async () => {
    await expect(connect(base).opened).rejects.toThrow('refused with 401');
    await expect(connect(base, 'workbay_sid=forged').opened).rejects.toThrow('refused with 401');
  });

  it('refuses an upgrade from another origin or host name, like the HTTP guard; accepts its own origin and none', async () => {
    const w = await createWorkshop(t.app);
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'null']) {
      await expect(connect(base, w.technician.cookie, { origin }).opened, origin).rejects.toThrow('refused with 403');
    }
    // A host name not allowed (DNS rebinding) is refused like on HTTP.
    await expect(connect(base, w.technician.cookie, { host: `evil.example.com:${port}` }).opened).rejects.toThrow('refused with 403');
    for (const headers of [{ origin: `http://127.0.0.1:${port}` }, {}] as Array<Record<string, string>>) {
      const c = connect(base, w.technician.cookie, headers);
      await c.opened;
      await c.waitFor((m) => m.type === 'hello');
      c.socket.close();
    }
  });

  it('closes the connection of a refused upgrade (no socket left open on the server)', async () => {
    for (const [extra, status] of [
      [['Origin: https://evil.example'], 403],
      [[], 401],
    ] as const) {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const key = randomBytes(16).toString('base64');
      const head = [
        `GET /ws HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Key: ${key}`,
        ...extra,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      await closed;
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    }
  });

  it('delivers a workshop message to that workshop only', async () => {
    const a = await createWorkshop(t.app);
    const b = await createWorkshop(t.app);
    const aClient = connect(base, a.technician.cookie);
    const bClient = connect(base, b.admin.cookie);
    await Promise.all([aClient.opened, bClient.opened]);
    await aClient.waitFor((m) => m.type === 'hello');
    await bClient.waitFor((m) => m.type === 'hello');

    await t.app.live.publish(a.tenantId, { type: 'task_assigned', taskId: 42 });
    expect(await aClient.waitFor((m) => m.type === 'task_assigned')).toEqual({ type: 'task_assigned', taskId: 42 });
    // A change made through the API is published too.
    await a.admin.put('/api/tenant/settings', {
      name: 'Live Garage',
      address: '',
      phone: '',
      email: '',
      timeZone: 'UTC',
      currency: 'USD',
      taxRate: '10',
    });
    await aClient.waitFor((m) => m.type === 'update' && m.entity === 'settings');
    // A sentinel for B, published after A's messages: once it arrives, anything of A's that was
    // going to reach B would have arrived before it.
    await t.app.live.publish(b.tenantId, { type: 'update', entity: 'sentinel' });
    await bClient.waitFor((m) => m.entity === 'sentinel');
    expect(bClient.messages).toEqual([{ type: 'hello' }, { type: 'update', entity: 'sentinel' }]);
    aClient.socket.close();
    bClient.socket.close();
  });

  it('closes the connections of a deactivated account', async () => {
    const w = await createWorkshop(t.app);
    const c = connect(base, w.technician.cookie);
    await c.opened;
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
    await w.admin.put(`/api/users/${w.technician.user.id}/active`, { isActive: false });
    expect(await closed).toBe(4001);
  });
});
