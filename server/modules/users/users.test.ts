import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, login, TEST_PASSWORD, uniqueName, type TestApp, type Workshop } from '../../test/app.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const staffBody = (role = 'technician') => {
  const username = uniqueName('staff');
  return { username, firstName: 'Yusuf', lastName: 'Karim', email: `${username}@example.com`, role, password: 'initial-pass-1' };
};

describe('staff accounts', () => {
  it('lets an admin create an account in their own workshop', async () => {
    const body = staffBody('manager');
    const res = await w.admin.post('/api/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: body.username,
      firstName: 'Yusuf',
      lastName: 'Karim',
      email: body.email,
      role: 'manager',
      isActive: true,
      twoFactorEnabled: false,
    });
    const me = await login(t.app, body.username, body.password);
    expect(me.user).toMatchObject({ tenantId: w.tenantId, role: 'manager', mustChangePassword: true });
  });

  it('refuses staff creation to a manager and a technician with 403', async () => {
    for (const c of [w.manager, w.technician]) {
      const res = await c.post('/api/users', staffBody());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden_role', message: 'Only an admin can do this' });
    }
  });

  it('validates the new account and refuses a taken username', async () => {
    const bad = await w.admin.post('/api/users', { ...staffBody(), role: 'owner', email: 'x', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'password', 'role']);
    const taken = await w.admin.post('/api/users', { ...staffBody(), username: w.manager.user.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
  });

  it('offers admins and managers the active accounts as id, names and role only, and the whole accounts on the Users screen', async () => {
    const other = await createWorkshop(t.app);
    for (const c of [w.admin, w.manager]) {
      const res = await c.get('/api/users');
      expect(res.statusCode).toBe(200);
      const ids = res.json().map((u: { id: number }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([w.admin.user.id, w.manager.user.id, w.technician.user.id]));
      expect(ids).not.toContain(other.admin.user.id);
      for (const u of res.json()) expect(Object.keys(u).sort()).toEqual(['firstName', 'id', 'lastName', 'role']);
      expect(res.json().find((u: { id: number }) => u.id === w.technician.user.id)).toMatchObject({ role: 'technician' });
    }
    expect((await w.technician.get('/api/users')).statusCode).toBe(403);
    // The Users screen: whole accounts, which admins manage and managers read.
    for (const c of [w.admin, w.manager]) {
      const accounts = await c.get('/api/users/accounts');
      expect(accounts.statusCode).toBe(200);
      expect(Object.keys(accounts.json()[0]).sort()).toEqual([
        'email',
        'firstName',
        'id',
        'isActive',
        'lastName',
        'role',
        'twoFactorEnabled',
        'username',
      ]);
      expect(accounts.json().map((u: { id: number }) => u.id)).not.toContain(other.admin.user.id);
    }
    expect((await w.technician.get('/api/users/accounts')).statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('lets an admin change a role, and no one else', async () => {
    const target = await w.admin.post('/api/users', staffBody('technician'));
    const id = target.json().id;
    for (const c of [w.manager, w.technician]) {
      expect((await c.put(`/api/users/${id}/role`, { role: 'manager' })).statusCode).toBe(403);
    }
    const res = await w.admin.put(`/api/users/${id}/role`, { role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('manager');
    expect((await w.admin.put(`/api/users/${id}/role`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('never leaves a workshop without an admin', async () => {
    const ws = await createWorkshop(t.app);
    const demote = await ws.admin.put(`/api/users/${ws.admin.user.id}/role`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('users.last_admin');
    const deactivate = await ws.admin.put(`/api/users/${ws.admin.user.id}/active`, { isActive: false });
    expect(deactivate.statusCode).toBe(409);
    // With a second admin, the first may step down.
    expect((await ws.admin.put(`/api/users/${ws.manager.user.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await ws.admin.put(`/api/users/${ws.admin.user.id}/role`, { role: 'manager' })).statusCode).toBe(200);
  });

  it('does not let two admins demote each other at once', async () => {
    const ws = await createWorkshop(t.app);
    await ws.admin.put(`/api/users/${ws.manager.user.id}/role`, { role: 'admin' });
    const secondAdmin = await login(t.app, ws.manager.user.username, TEST_PASSWORD);
    const results = await Promise.all([
      ws.admin.put(`/api/users/${ws.manager.user.id}/role`, { role: 'manager' }),
      secondAdmin.put(`/api/users/${ws.admin.user.id}/role`, { role: 'manager' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    // At most one demotion succeeds; the workshop keeps an admin.
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    const list = (await (await login(t.app, ws.admin.user.username, TEST_PASSWORD).catch(() => secondAdmin)).get('/api/users')).json();
    expect(list.filter((u: { role: string }) => u.role === 'admin').length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for another workshop user id', async () => {
    const other = await createWorkshop(t.app);
    const res = await w.admin.put(`/api/users/${other.technician.user.id}/role`, { role: 'manager' });
    expect(res.statusCode).toBe(404);
    expect((await w.admin.put(`/api/users/${other.technician.user.id}/active`, { isActive: false })).statusCode).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the account sessions at once and refuses its sign-in', async () => {
    const ws = await createWorkshop(t.app);
    expect((await ws.technician.get('/api/user')).statusCode).toBe(200);
    const res = await ws.admin.put(`/api/users/${ws.technician.user.id}/active`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect((await ws.technician.get('/api/user')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: ws.technician.user.username, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This account has been deactivated');
    // The employee select no longer offers it; the Users screen still lists it, inactive.
    const options = (await ws.manager.get('/api/users')).json() as { id: number }[];
    expect(options.map((u) => u.id)).not.toContain(ws.technician.user.id);
    const accounts = (await ws.admin.get('/api/users/accounts')).json() as { id: number; isActive: boolean }[];
    expect(accounts.find((u) => u.id === ws.technician.user.id)?.isActive).toBe(false);
    // Reactivated, it signs in again.
    await ws.admin.put(`/api/users/${ws.technician.user.id}/active`, { isActive: true });
    await expect(login(t.app, ws.technician.user.username, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('is for admins only', async () => {
    expect((await w.manager.put(`/api/users/${w.technician.user.id}/active`, { isActive: false })).statusCode).toBe(403);
    expect((await w.technician.put(`/api/users/${w.technician.user.id}/active`, { isActive: false })).statusCode).toBe(403);
  });
});
