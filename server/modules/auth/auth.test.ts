import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addStaff,
  clientFor,
  createTestApp,
  login,
  registerAdmin,
  sessionCookieOf,
  TEST_PASSWORD,
  uniqueName,
  type TestApp,
} from '../../test/app.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { queryRows } from '../../db/client.ts';
import { sweepExpired } from './auth.repository.ts';
import { DEFAULT_PREFERENCES } from '../../../core/contracts/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const registerBody = (over: Record<string, unknown> = {}) => {
  const username = uniqueName('user');
  return { username, password: TEST_PASSWORD, email: `${username}@example.com`, firstName: 'Nadia', lastName: 'Saleh', ...over };
};

describe('registration', () => {
  it('makes the first account admin of workshop 1 and each later one admin of a new workshop', async () => {
    const first = await registerAdmin(t.app);
    expect(first.user).toMatchObject({ tenantId: 1, role: 'admin', tenantName: 'My Workshop', hasCompletedOnboarding: false });
    const second = await registerAdmin(t.app);
    expect(second.user.role).toBe('admin');
    expect(second.user.tenantId).not.toBe(1);
    const third = await registerAdmin(t.app);
    expect(new Set([1, second.user.tenantId, third.user.tenantId]).size).toBe(3);
  });

  it('refuses a username that differs only in case with 409', async () => {
    const body = registerBody({ username: uniqueName('Case') });
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: body })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registerBody(), username: body.username.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'auth.username_taken', message: 'Username is already taken' });
  });

  it('checks the e-mail format, the password length and the required fields', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registerBody({ email: 'not-an-email', password: 'short' }),
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.code).toBe('validation_failed');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Invalid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );
    const missing = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: uniqueName('m') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Required' },
        { path: 'password', message: 'Required' },
      ]),
    );
    expect(missing.json().message).toContain('firstName: Required');
  });
});

describe('sign-in and sessions', () => {
  it('sets an httpOnly, SameSite=Lax session cookie, not Secure over plain HTTP', async () => {
    const body = registerBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.expires).toBeInstanceOf(Date);
  });

  it('never returns a password, by any call', async () => {
    const body = registerBody();
    const responses = [await t.app.inject({ method: 'POST', url: '/api/register', payload: body })];
    const c = clientFor(t.app, sessionCookieOf(responses[0])!, responses[0].json());
    responses.push(await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: body.username, password: body.password } }));
    responses.push(await c.get('/api/user'), await c.get('/api/auth/user'), await c.put('/api/user/profile', { bio: 'hi' }));
    responses.push(await c.get('/api/users'));
    for (const r of responses) {
      expect(r.statusCode).toBeLessThan(300);
      expect(r.body).not.toContain(body.password);
      expect(r.body).not.toMatch(/"password"|argon2/);
    }
  });

  it('answers 401 when signed out', async () => {
    for (const url of ['/api/user', '/api/auth/user', '/api/user/preferences', '/api/users', '/api/tenant/settings']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
    }
  });

  it('changes the session id at login and deletes the session at logout', async () => {
    const body = registerBody();
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: body });
    const firstCookie = sessionCookieOf(reg)!;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: body.username, password: body.password },
      headers: { cookie: firstCookie },
    });
    const secondCookie = sessionCookieOf(again)!;
    expect(secondCookie).not.toBe(firstCookie);
    // The session the login replaced is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: firstCookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: secondCookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: secondCookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    // Replaying the old cookie after logout does not work: the session is deleted server-side.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: secondCookie } })).statusCode).toBe(401);
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = ${body.username}`,
    );
    expect(n).toBe(0);
  });

  it('lets a session expire and sweeps expired sessions away', async () => {
    const a = await registerAdmin(t.app);
    await t.database.db.execute(
      sql`update sessions set expire = now() - interval '1 minute' where user_id = ${a.user.id}`,
    );
    expect((await a.get('/api/user')).statusCode).toBe(401);
    await sweepExpired(t.database.db, new Date(Date.now() - 24 * 3600 * 1000));
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions where user_id = ${a.user.id}`);
    expect(n).toBe(0);
  });

  it('refuses wrong credentials with 401 and the same message for unknown users', async () => {
    const a = await registerAdmin(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.user.username, password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: uniqueName('ghost'), password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('answers 429 with Retry-After after 5 failed logins for one username, even with the right password', async () => {
    const a = await registerAdmin(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.user.username.toUpperCase(), password: `wrong-${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.user.username, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.json().code).toBe('auth.too_many_attempts');
    // Another username is not affected.
    const other = await registerAdmin(t.app);
    await expect(login(t.app, other.user.username, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('sets Secure on the cookie behind a TLS-terminating proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registerBody(),
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('profile, onboarding and preferences', () => {
  it('saves the onboarding form, or only the flag when skipped', async () => {
    const a = await registerAdmin(t.app);
    const skipped = await a.put('/api/user/profile', { hasCompletedOnboarding: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ hasCompletedOnboarding: true, firstName: 'Amal', phone: null, bio: null });

    const b = await registerAdmin(t.app);
    const full = await b.put('/api/user/profile', {
      firstName: 'Layla',
      lastName: 'Mansour',
      phone: '+971 50 123 4567',
      bio: 'Service advisor',
      hasCompletedOnboarding: true,
    });
    expect(full.json()).toMatchObject({ firstName: 'Layla', lastName: 'Mansour', phone: '+971 50 123 4567', bio: 'Service advisor', hasCompletedOnboarding: true });
    expect((await b.get('/api/auth/user')).json().firstName).toBe('Layla');
  });

  it('refuses an empty first name and an over-long phone', async () => {
    const a = await registerAdmin(t.app);
    const res = await a.put('/api/user/profile', { firstName: '  ', phone: '1'.repeat(21) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Required' },
        { path: 'phone', message: 'Must be at most 20 characters' },
      ]),
    );
  });

  it('reads the five preferences with their defaults and saves them', async () => {
    const a = await registerAdmin(t.app);
    expect((await a.get('/api/user/preferences')).json()).toEqual(DEFAULT_PREFERENCES);
    const next = { ...DEFAULT_PREFERENCES, dailyDigest: true, emailNotifications: false };
    expect((await a.put('/api/user/preferences', next)).json()).toEqual(next);
    expect((await a.get('/api/user/preferences')).json()).toEqual(next);
    expect((await a.put('/api/user/preferences', { dailyDigest: true })).statusCode).toBe(400);
  });

  it('changes a password only with the current one', async () => {
    const a = await registerAdmin(t.app);
    const wrong = await a.post('/api/user/password', { currentPassword: 'not-it-at-all', newPassword: 'another-pass-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const ok = await a.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'another-pass-2' });
    expect(ok.statusCode).toBe(204);
    await expect(login(t.app, a.user.username, 'another-pass-2')).resolves.toBeDefined();
    // The old session ended with the change.
    expect((await a.get('/api/user')).statusCode).toBe(401);
  });
});

describe('request guard', () => {
  it('refuses a state-changing call from a foreign Origin with 403', async () => {
    const a = await registerAdmin(t.app);
    const res = await a.request('PUT', '/api/user/profile', { bio: 'x' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('request.foreign_origin');
    const crossSite = await a.request('PUT', '/api/user/profile', { bio: 'x' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await a.request('PUT', '/api/user/profile', { bio: 'same' }, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('accepts only JSON bodies', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const text = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{}', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toContain('send JSON');
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
  });
});

describe('a staff account made by an admin', () => {
  it('must change its password before anything else', async () => {
    const admin = await registerAdmin(t.app);
    const username = uniqueName('newbie');
    await admin.post('/api/users', { username, firstName: 'Omar', lastName: 'Aziz', email: `${username}@example.com`, role: 'technician', password: 'initial-pass-1' });
    const first = await login(t.app, username, 'initial-pass-1');
    expect(first.user.mustChangePassword).toBe(true);
    expect((await first.get('/api/user')).statusCode).toBe(200);
    const blocked = await first.get('/api/tenant/settings');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('auth.password_change_required');
    const staff = await addStaff(t.app, admin, 'manager');
    expect(staff.user.mustChangePassword).toBe(false);
    expect((await staff.get('/api/tenant/settings')).statusCode).toBe(200);
  });
});
