import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { connect } from '../../test/live-client.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${address.port}/ws`;
});
afterAll(async () => t.close());

describe('the live channel', () => {
  it('refuses anonymous connections', async () => {
    await expect(connect(base).opened).rejects.toThrow('refused with 401');
    await expect(connect(base, 'workbay_sid=forged').opened).rejects.toThrow('refused with 401');
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
    await a.admin.put('/api/tenant/settings', { name: 'Live Garage', address: '', phone: '', email: '', timeZone: 'UTC', currency: 'USD', taxRate: '10' });
    await aClient.waitFor((m) => m.type === 'update' && m.entity === 'settings');
    await new Promise((r) => setTimeout(r, 200));
    expect(bClient.messages.map((m) => m.type)).toEqual(['hello']);
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
