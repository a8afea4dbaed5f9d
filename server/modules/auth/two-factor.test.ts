import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import {
  addStaff,
  createTestApp,
  createWorkshop,
  login,
  registerAdmin,
  sessionCookieOf,
  TEST_PASSWORD,
  type Client,
  type TestApp,
} from '../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { DEFAULT_TENANT_SETTINGS } from '../../../core/contracts/tenant.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The app's code for the time step `steps` away from now (1: the next one, which the server still accepts). */
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

const signIn = (username: string, password: string, code?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, ...(code === undefined ? {} : { code }) } });

/** Sets two-factor up for the client and answers the secret and the backup codes. */
async function turnOn(client: Client): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await client.post('/api/user/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enabled = await client.post('/api/user/2fa/enable', { code: codeOf(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret, backupCodes: enabled.json().backupCodes };
}

describe('setting two-factor up', () => {
  it('answers a new secret each call until a first code turns it on, then the backup codes once', async () => {
    const user = await registerAdmin(t.app);
    expect((await user.get('/api/user')).json()).toMatchObject({ twoFactorEnabled: false, mustSetUpTwoFactor: false });

    const first = (await user.post('/api/user/2fa/setup')).json();
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/Workbay:.+\?/);
    expect(first.uri).toContain(`secret=${first.secret}`);
    expect(first.uri).toContain('issuer=Workbay');
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    const second = (await user.post('/api/user/2fa/setup')).json();
    expect(second.secret).not.toBe(first.secret);

    // A code of the replaced secret does not confirm the new one; a wrong code does not either.
    const stale = await user.post('/api/user/2fa/enable', { code: codeOf(first.secret) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('auth.two_factor_invalid');
    expect((await user.get('/api/user')).json().twoFactorEnabled).toBe(false);

    const enabled = await user.post('/api/user/2fa/enable', { code: codeOf(second.secret) });
    expect(enabled.statusCode).toBe(200);
    const { backupCodes } = enabled.json();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await user.get('/api/user')).json().twoFactorEnabled).toBe(true);

    // On: no new secret, no second set of backup codes.
    const again = await user.post('/api/user/2fa/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('auth.two_factor_already_enabled');
    expect((await user.post('/api/user/2fa/enable', { code: codeOf(second.secret, 1) })).statusCode).toBe(409);
  });

  it('refuses to turn on without a set-up', async () => {
    const user = await registerAdmin(t.app);
    const res = await user.post('/api/user/2fa/enable', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('auth.two_factor_not_started');
  });

  it('keeps the secret encrypted and the backup codes hashed', async () => {
    const user = await registerAdmin(t.app);
    const { secret, backupCodes } = await turnOn(user);
    const [row] = await queryRows<{ secret: string; backup_codes: string[] }>(
      t.database.db,
      sql`select secret, backup_codes from two_factor_auth where user_id = ${user.user.id}`,
    );
    expect(row.secret).not.toContain(secret);
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.backup_codes).toHaveLength(10);
    for (const code of backupCodes) {
      expect(row.backup_codes.join(' ')).not.toContain(code.replace('-', ''));
      expect(row.backup_codes.join(' ')).not.toContain(code);
    }
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code without a session, then signs in with a code of the app, once', async () => {
    const user = await registerAdmin(t.app);
    const { secret } = await turnOn(user);
    const username = user.user.username;

    const withoutCode = await signIn(username, TEST_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().code).toBe('auth.two_factor_required');
    expect(sessionCookieOf(withoutCode)).toBeUndefined();

    // A wrong password is still only that: nothing says whether two-factor is on.
    const wrongPassword = await signIn(username, 'not-the-password', codeOf(secret, 1));
    expect(wrongPassword.json().code).toBe('auth.invalid_credentials');

    const wrongCode = await signIn(username, TEST_PASSWORD, '000000' === codeOf(secret, 1) ? '111111' : '000000');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().code).toBe('auth.two_factor_invalid');
    expect(sessionCookieOf(wrongCode)).toBeUndefined();

    // The step the set-up's code used is taken: the next one signs in, once.
    const code = codeOf(secret, 1);
    const ok = await signIn(username, TEST_PASSWORD, code);
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
    expect(ok.json()).toMatchObject({ username, twoFactorEnabled: true });

    const replayed = await signIn(username, TEST_PASSWORD, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('auth.two_factor_invalid');
    // An older code than the last one taken neither.
    expect((await signIn(username, TEST_PASSWORD, codeOf(secret, 0))).json().code).toBe('auth.two_factor_invalid');
  });

  it('signs in with a backup code, which never works again', async () => {
    const user = await registerAdmin(t.app);
    const { backupCodes } = await turnOn(user);
    const username = user.user.username;

    const ok = await signIn(username, TEST_PASSWORD, backupCodes[3]);
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
    // Typed without the dash, in capitals, with spaces: the same code, already used.
    const again = await signIn(username, TEST_PASSWORD, ` ${backupCodes[3].replace('-', ' ').toUpperCase()} `);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.two_factor_invalid');
    // Another one still works, written as the user might.
    expect((await signIn(username, TEST_PASSWORD, backupCodes[4].replace('-', '').toUpperCase())).statusCode).toBe(200);
    // Another user's backup code is no code of this one.
    const other = await registerAdmin(t.app);
    const theirs = await turnOn(other);
    expect((await signIn(username, TEST_PASSWORD, theirs.backupCodes[0])).statusCode).toBe(401);
  });

  it('counts wrong codes as failed sign-ins: after the limit even the right code gets 429', async () => {
    const user = await registerAdmin(t.app);
    const { secret } = await turnOn(user);
    const wrong = codeOf(secret, 1) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await signIn(user.user.username, TEST_PASSWORD, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.two_factor_invalid');
    }
    const locked = await signIn(user.user.username, TEST_PASSWORD, codeOf(secret, 1));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieOf(locked)).toBeUndefined();
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code (of the app or a backup code)', async () => {
    const user = await registerAdmin(t.app);
    const { secret, backupCodes } = await turnOn(user);

    const noCode = await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().issues[0].path).toBe('code');
    const wrongPassword = await user.post('/api/user/2fa/disable', { password: 'not-the-password', code: codeOf(secret, 1) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('auth.wrong_password');
    const wrongCode = await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code: 'zzzzz-zzzzz' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('auth.two_factor_invalid');
    expect((await user.get('/api/user')).json().twoFactorEnabled).toBe(true);

    expect((await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code: backupCodes[0] })).statusCode).toBe(204);
    expect((await user.get('/api/user')).json().twoFactorEnabled).toBe(false);
    expect((await signIn(user.user.username, TEST_PASSWORD)).statusCode).toBe(200);
    const off = await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code: codeOf(secret, 1) });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('auth.two_factor_not_enabled');
  });

  it('allows five wrong codes per window, then 429 with Retry-After', async () => {
    const user = await registerAdmin(t.app);
    const { secret } = await turnOn(user);
    for (let i = 0; i < 5; i++) {
      expect((await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code: 'zzzzz-zzzzz' })).statusCode).toBe(400);
    }
    const locked = await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code: codeOf(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('auth.too_many_code_attempts');
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await user.get('/api/user')).json().twoFactorEnabled).toBe(true);
  });
});

describe('a workshop that requires two-factor', () => {
  it('holds its admins and managers at the set-up until they have done it, and lets technicians be', async () => {
    const w = await createWorkshop(t.app);
    const saved = await w.admin.put('/api/tenant/settings', { ...DEFAULT_TENANT_SETTINGS, requireTwoFactor: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().requireTwoFactor).toBe(true);

    for (const staff of [w.admin, w.manager]) {
      const held = await staff.get(`/api/tenants/${w.tenantId}/customers`);
      expect(held.statusCode).toBe(403);
      expect(held.json().code).toBe('auth.two_factor_setup_required');
      expect((await staff.get('/api/user')).json()).toMatchObject({ mustSetUpTwoFactor: true, twoFactorEnabled: false });
    }
    expect((await w.technician.get('/api/user')).json().mustSetUpTwoFactor).toBe(false);
    expect((await w.technician.get('/api/tasks')).statusCode).toBe(200);

    // A pending set-up is not enough; a confirmed one is.
    const { secret } = (await w.manager.post('/api/user/2fa/setup')).json();
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/customers`)).statusCode).toBe(403);
    expect((await w.manager.post('/api/user/2fa/enable', { code: codeOf(secret) })).statusCode).toBe(200);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/customers`)).statusCode).toBe(200);
    expect((await w.manager.get('/api/user')).json().mustSetUpTwoFactor).toBe(false);

    // Logging out is always allowed.
    expect((await w.admin.post('/api/logout')).statusCode).toBe(204);
  });

  it('keeps the rule when a save leaves it out', async () => {
    const w = await createWorkshop(t.app);
    await w.admin.put('/api/tenant/settings', { ...DEFAULT_TENANT_SETTINGS, requireTwoFactor: true });
    await turnOn(w.admin);
    const { requireTwoFactor: _left, ...older } = DEFAULT_TENANT_SETTINGS;
    const saved = await w.admin.put('/api/tenant/settings', { ...older, name: 'Renamed' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed', requireTwoFactor: true });
  });
});

describe("an admin resets a user's two-factor", () => {
  it('lets the user sign in with the password alone, or holds them at the set-up when the workshop requires it', async () => {
    const w = await createWorkshop(t.app);
    await turnOn(w.manager);
    const accounts = (await w.admin.get('/api/users/accounts')).json() as { id: number; twoFactorEnabled: boolean }[];
    expect(accounts.find((a) => a.id === w.manager.user.id)?.twoFactorEnabled).toBe(true);
    expect(accounts.find((a) => a.id === w.admin.user.id)?.twoFactorEnabled).toBe(false);

    for (const staff of [w.manager, w.technician]) {
      const refused = await staff.post(`/api/users/${w.manager.user.id}/2fa/reset`);
      expect(refused.statusCode).toBe(403);
    }
    expect((await w.admin.post(`/api/users/${w.manager.user.id}/2fa/reset`)).statusCode).toBe(204);
    // Not one's own: that needs the password and a code.
    await turnOn(w.admin);
    const own = await w.admin.post(`/api/users/${w.admin.user.id}/2fa/reset`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('auth.two_factor_reset_self');
    expect((await w.admin.get('/api/user')).json().twoFactorEnabled).toBe(true);
    const manager = await login(t.app, w.manager.user.username, TEST_PASSWORD);
    expect(manager.user.twoFactorEnabled).toBe(false);
    // Each in the workshop's audit log, as its maker's (the table itself, holding the secret, is not audited).
    const log = (await w.admin.get(`/api/tenants/${w.tenantId}/audit-log?resourceType=users&limit=100`)).json() as Array<{
      action: string;
      resourceId: string;
      user: { id: number } | null;
    }>;
    const twoFactor = log.filter((e) => e.action.startsWith('two_factor')).map((e) => [e.action, e.resourceId, e.user?.id]);
    expect(twoFactor).toEqual([
      ['two_factor_on', String(w.admin.user.id), w.admin.user.id],
      ['two_factor_reset', String(w.manager.user.id), w.admin.user.id],
      ['two_factor_on', String(w.manager.user.id), w.manager.user.id],
    ]);
    expect(JSON.stringify(log)).not.toContain('secret');

    // Required: after a reset the user must set it up again.
    await w.admin.put('/api/tenant/settings', { ...DEFAULT_TENANT_SETTINGS, requireTwoFactor: true });
    expect((await manager.get('/api/user')).json().mustSetUpTwoFactor).toBe(true);
    expect((await manager.get(`/api/tenants/${w.tenantId}/customers`)).statusCode).toBe(403);
  });

  it("answers 404 for another workshop's user and for no user", async () => {
    const a = await createWorkshop(t.app);
    const b = await registerAdmin(t.app);
    await turnOn(a.manager);
    const res = await b.post(`/api/users/${a.manager.user.id}/2fa/reset`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('users.not_found');
    expect((await b.post('/api/users/2147483647/2fa/reset')).statusCode).toBe(404);
    // Still on.
    expect((await signIn(a.manager.user.username, TEST_PASSWORD)).json().code).toBe('auth.two_factor_required');
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx, to codes and passwords of any shape', async () => {
    const user = await registerAdmin(t.app);
    const { secret } = (await user.post('/api/user/2fa/setup')).json();
    const badCodes: unknown[] = [
      '',
      '12345',
      '1234567',
      'abcdef',
      '12\u00003456',
      '１２３４５６', // full-width digits
      '9'.repeat(100_000),
      123456,
      null,
      ['123456'],
      { code: '123456' },
      '\ud800\ud800\ud800\ud800\ud800\ud800',
    ];
    for (const code of badCodes) {
      const res = await user.post('/api/user/2fa/enable', { code });
      expect(res.statusCode, JSON.stringify(code).slice(0, 40)).toBe(400);
    }
    expect((await user.post('/api/user/2fa/enable', {})).statusCode).toBe(400);
    expect((await user.post('/api/user/2fa/enable', { code: codeOf(secret) })).statusCode).toBe(200);

    for (const code of [...badCodes, 'abc-def', 'a'.repeat(33)]) {
      const login = await signIn(user.user.username, TEST_PASSWORD, code as string);
      expect(login.statusCode, JSON.stringify(code).slice(0, 40)).toBe(400);
      const disable = await user.post('/api/user/2fa/disable', { password: TEST_PASSWORD, code });
      expect(disable.statusCode).toBe(400);
    }
    for (const password of ['x'.repeat(100_000), 'a\u0000b', 42, null]) {
      const res = await user.post('/api/user/2fa/disable', { password, code: codeOf(secret, 1) });
      expect(res.statusCode).toBe(400);
    }
    for (const path of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await user.post(`/api/users/${path}/2fa/reset`)).statusCode).toBe(400);
    }
    // Still on, and the account not locked by any of it (none reached a check).
    expect((await signIn(user.user.username, TEST_PASSWORD, codeOf(secret, 1))).statusCode).toBe(200);
  });
});

describe('staff at a first sign-in', () => {
  it('sets a new password before setting two-factor up', async () => {
    const w = await createWorkshop(t.app);
    await w.admin.put('/api/tenant/settings', { ...DEFAULT_TENANT_SETTINGS, requireTwoFactor: true });
    await turnOn(w.admin);
    const manager = await addStaff(t.app, w.admin, 'manager');
    expect(manager.user).toMatchObject({ mustChangePassword: false, mustSetUpTwoFactor: true });
    expect((await manager.get('/api/user/settings')).statusCode).toBe(403);
  });
});
