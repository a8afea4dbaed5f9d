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
  type Client,
  type TestApp,
} from '../../test/app.ts';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from './session.ts';
import { createLocalBus } from '../live/live.bus.ts';
import { queryRows } from '../../db/client.ts';
import { sweepExpired } from './auth.repository.ts';
import { DEVICE_COOKIE } from './device-tokens.ts';
import { DEFAULT_REGISTRATIONS_PER_HOUR } from './throttle.ts';
import { PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON } from '../../../core/rules/password-policy.ts';
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

/**
 * `GET /api/user` until `changed` or 2 s: PGlite's trigger is heard before the statement returns,
 * PostgreSQL's NOTIFY a moment later (a kept session is otherwise used for a minute).
 */
async function userOnceChanged(client: Client, changed: (r: LightMyRequestResponse) => boolean) {
  const until = Date.now() + 2_000;
  for (;;) {
    const answer = await client.get('/api/user');
    if (changed(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
}

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
        { path: 'email', message: 'Invalid email address', code: 'validation.email' },
        { path: 'password', message: 'Password must be at least 8 characters', code: 'validation.passwordMin', params: { min: '8' } },
      ]),
    );
    const missing = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: uniqueName('m') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Required', code: 'validation.required' },
        { path: 'password', message: 'Required', code: 'validation.required' },
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
    responses.push(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: body.username, password: body.password } }),
    );
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

  it('answers a kept session from memory, and a change to its user made in the database at once', async () => {
    const a = await registerAdmin(t.app);
    expect((await a.get('/api/user')).json().firstName).toBe('Amal');
    const before = t.database.statements.count;
    expect((await a.get('/api/user')).statusCode).toBe(200);
    expect((await a.get('/api/user')).statusCode).toBe(200);
    expect(t.database.statements.count - before).toBe(0);
    await t.database.db.execute(sql`update users set first_name = 'Noor', role = 'technician' where id = ${a.user.id}`);
    expect((await userOnceChanged(a, (r) => r.json().firstName !== 'Amal')).json()).toMatchObject({
      firstName: 'Noor',
      role: 'technician',
    });
    await t.database.db.execute(sql`update users set is_active = false where id = ${a.user.id}`);
    expect((await userOnceChanged(a, (r) => r.statusCode !== 200)).statusCode).toBe(401);
  });

  it('reads every session again while other processes cannot be heard', async () => {
    let hearing = false;
    const deaf = await createTestApp({ bus: { ...createLocalBus(), listening: () => hearing } });
    try {
      const a = await registerAdmin(deaf.app);
      const before = deaf.database.statements.count;
      expect((await a.get('/api/user')).statusCode).toBe(200);
      expect((await a.get('/api/user')).statusCode).toBe(200);
      expect(deaf.database.statements.count - before).toBe(2);
      hearing = true;
      expect((await a.get('/api/user')).statusCode).toBe(200);
      expect((await a.get('/api/user')).statusCode).toBe(200);
      expect(deaf.database.statements.count - before).toBe(3);
    } finally {
      await deaf.close();
    }
  });

  it('lets a session expire and sweeps expired sessions away', async () => {
    const a = await registerAdmin(t.app);
    // Read once, so the app keeps the session (session-cache.ts); a change made straight in the
    // database, by no request of the app, still holds at once: its trigger tells the app.
    expect((await a.get('/api/user')).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set expire = now() - interval '1 minute' where user_id = ${a.user.id}`);
    expect((await userOnceChanged(a, (r) => r.statusCode !== 200)).statusCode).toBe(401);
    await sweepExpired(t.database.db, new Date(Date.now() - 24 * 3600 * 1000));
    const [{ n }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${a.user.id}`,
    );
    expect(n).toBe(0);
  });

  it('refuses wrong credentials with 401 and the same message for unknown users', async () => {
    const a = await registerAdmin(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.user.username, password: 'nope-nope' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: uniqueName('ghost'), password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('answers 429 with Retry-After after 5 failed logins for one username, even with the right password', async () => {
    const a = await registerAdmin(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: a.user.username.toUpperCase(), password: `wrong-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.user.username, password: TEST_PASSWORD },
    });
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

describe('throttling', () => {
  const loginAs = (username: string, password: string, extra: { remoteAddress?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(extra.cookie ? { headers: { cookie: extra.cookie } } : {}),
    });
  const deviceCookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
    return c ? `${DEVICE_COOKIE}=${c.value}` : undefined;
  };

  it('checks at most 5 of 200 parallel guesses at one account; the rest, the right password last, get 429', async () => {
    const a = await registerAdmin(t.app);
    const guesses = Array.from({ length: 199 }, (_, i) => loginAs(a.user.username, `wrong-guess-${i}`));
    guesses.push(loginAs(a.user.username, TEST_PASSWORD));
    const answers = await Promise.all(guesses);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    if (statuses[199] !== 200) expect(statuses[199]).toBe(429);
    expect(Number(answers.find((r) => r.statusCode === 429)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every spelling of a username on one counter and refuses look-alike characters', async () => {
    const a = await registerAdmin(t.app, { username: uniqueName('kilo') });
    const name = a.user.username;
    const spellings = [name.toUpperCase(), name, name[0].toUpperCase() + name.slice(1), ` ${name} `, name.toUpperCase()];
    for (const spelling of spellings) expect((await loginAs(spelling, 'wrong-password')).statusCode).toBe(401);
    expect((await loginAs(name, TEST_PASSWORD)).statusCode).toBe(429);
    // "k\u0130lo": a dotted capital I lower-cases to "i" in SQL but to "i" plus a combining dot in JavaScript.
    const lookAlike = await loginAs(name.replace('i', '\u0130'), TEST_PASSWORD);
    expect(lookAlike.statusCode).toBe(400);
    expect(lookAlike.json().issues).toEqual([
      { path: 'username', message: 'Username may contain letters, digits, dot, dash and underscore', code: 'validation.usernameChars' },
    ]);
    for (const other of ['k\u0131lo', 'ｋｉｌｏ', 'kilo\u200b']) expect((await loginAs(other, TEST_PASSWORD)).statusCode, other).toBe(400);
  });

  it("keeps the owner's own browser signed in-able while a stranger's failures lock the account elsewhere", async () => {
    const a = await registerAdmin(t.app);
    const owner = await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: '10.0.0.7' });
    const ownerDevice = deviceCookieOf(owner)!;
    expect(ownerDevice).toBeDefined();
    for (let i = 0; i < 5; i++)
      expect((await loginAs(a.user.username, `stranger-${i}`, { remoteAddress: '203.0.113.9' })).statusCode).toBe(401);
    // Any browser without the owner's device token is locked out now, the owner's address too...
    expect((await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: '10.0.0.7' })).statusCode).toBe(429);
    // ...but the owner's browser signs in, and keeps an allowance of its own.
    const again = await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: '10.0.0.7', cookie: ownerDevice });
    expect(again.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(a.user.username, `typo-${i}`, { remoteAddress: '10.0.0.7', cookie: ownerDevice })).statusCode).toBe(401);
    }
    expect((await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: '10.0.0.7', cookie: ownerDevice })).statusCode).toBe(429);
    // A device token is bound to its account: it gives another account no allowance.
    const b = await registerAdmin(t.app);
    for (let i = 0; i < 5; i++) await loginAs(b.user.username, `stranger-${i}`, { remoteAddress: '203.0.113.10' });
    expect((await loginAs(b.user.username, TEST_PASSWORD, { cookie: ownerDevice })).statusCode).toBe(429);
  });

  it('limits failed sign-ins from one address across accounts', async () => {
    const address = '198.51.100.23';
    for (let i = 0; i < 50; i++) {
      expect((await loginAs(uniqueName('spray'), 'Summer-2026!', { remoteAddress: address })).statusCode).toBe(401);
    }
    const a = await registerAdmin(t.app);
    const blocked = await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect((await loginAs(a.user.username, TEST_PASSWORD, { remoteAddress: '198.51.100.24' })).statusCode).toBe(200);
  });

  it('allows 5 wrong current passwords in 15 minutes, then 429 even for the right one', async () => {
    const a = await registerAdmin(t.app);
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.post('/api/user/password', { currentPassword: `guess-${i}-x`, newPassword: 'brand-new-pass-456' }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(tries.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    const right = await a.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-456' });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.too_many_password_attempts');
  });

  it('opens at most REGISTRATIONS_PER_HOUR workshops an hour from one address (5 by default)', async () => {
    const limited = await createTestApp({ registrationsPerHour: DEFAULT_REGISTRATIONS_PER_HOUR });
    try {
      const register = (remoteAddress: string, username = uniqueName('shop')) =>
        limited.app.inject({ method: 'POST', url: '/api/register', remoteAddress, payload: registerBody({ username }) });
      const taken = uniqueName('taken');
      expect((await register('192.0.2.1', taken)).statusCode).toBe(201);
      // A refused registration (a taken username) does not count.
      expect((await register('192.0.2.1', taken)).statusCode).toBe(409);
      const answers = await Promise.all(Array.from({ length: 10 }, () => register('192.0.2.1')));
      expect(answers.filter((r) => r.statusCode === 201).length).toBe(DEFAULT_REGISTRATIONS_PER_HOUR - 1);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: 'auth.too_many_registrations' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await register('192.0.2.2')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('password policy', () => {
  it('refuses common, repetitive and username-like passwords at registration, naming the field', async () => {
    for (const password of ['password', '12345678', 'aaaaaaaa', 'Password1', 'qwertyuiop']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registerBody({ password }) });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().issues, password).toEqual([{ path: 'password', message: PASSWORD_TOO_COMMON, code: 'validation.passwordCommon' }]);
    }
    const username = uniqueName('nadia');
    const same = await t.app.inject({ method: 'POST', url: '/api/register', payload: registerBody({ username, password: username }) });
    expect(same.json().issues).toEqual([{ path: 'password', message: PASSWORD_IS_USERNAME, code: 'validation.passwordIsUsername' }]);
  });

  it('refuses them for staff accounts and password changes too', async () => {
    const admin = await registerAdmin(t.app);
    const username = uniqueName('staff');
    const staff = await admin.post('/api/users', {
      username,
      firstName: 'Omar',
      lastName: 'Aziz',
      email: `${username}@example.com`,
      role: 'technician',
      password: 'iloveyou',
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().issues).toEqual([{ path: 'password', message: PASSWORD_TOO_COMMON, code: 'validation.passwordCommon' }]);
    const change = await admin.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: '11111111' });
    expect(change.statusCode).toBe(400);
    expect(change.json().issues).toEqual([{ path: 'newPassword', message: PASSWORD_TOO_COMMON, code: 'validation.passwordCommon' }]);
    const asName = await admin.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: admin.user.username });
    expect(asName.json().issues).toEqual([{ path: 'newPassword', message: PASSWORD_IS_USERNAME, code: 'validation.passwordIsUsername' }]);
    expect((await login(t.app, admin.user.username, TEST_PASSWORD)).user.id).toBe(admin.user.id);
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
    expect(full.json()).toMatchObject({
      firstName: 'Layla',
      lastName: 'Mansour',
      phone: '+971 50 123 4567',
      bio: 'Service advisor',
      hasCompletedOnboarding: true,
    });
    expect((await b.get('/api/auth/user')).json().firstName).toBe('Layla');
  });

  it('refuses an empty first name and an over-long phone', async () => {
    const a = await registerAdmin(t.app);
    const res = await a.put('/api/user/profile', { firstName: '  ', phone: '1'.repeat(21) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required', code: 'validation.firstNameRequired' },
        { path: 'phone', message: 'Must be at most 20 characters', code: 'validation.maxLength', params: { max: '20' } },
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
    const sameOrigin = await a.request(
      'PUT',
      '/api/user/profile',
      { bio: 'same' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
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
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
  });
});

describe('a staff account made by an admin', () => {
  it('must change its password before anything else', async () => {
    const admin = await registerAdmin(t.app);
    const username = uniqueName('newbie');
    await admin.post('/api/users', {
      username,
      firstName: 'Omar',
      lastName: 'Aziz',
      email: `${username}@example.com`,
      role: 'technician',
      password: 'initial-pass-1',
    });
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
