import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  clientFor,
  createTestApp,
  createWorkshop,
  sessionCookieOf,
  TEST_PASSWORD,
  type Client,
  type TestApp,
  type Workshop,
} from '../../test/app.ts';
import { connect } from '../../test/live-client.ts';
import { queryRows } from '../../db/client.ts';
import { TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import type { ActiveSession, SignInEntry } from '../../../core/contracts/sessions.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let t: TestApp;
let base: string;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws`;
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

/** Signs in as a browser would, with its User-Agent and address. */
async function signIn(username: string, userAgent: string, password = TEST_PASSWORD, ip = '203.0.113.7'): Promise<Client> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return clientFor(t.app, sessionCookieOf(res)!, res.json());
}

const sessionsOf = async (client: Client) => {
  const res = await client.get('/api/user/sessions');
  expect(res.statusCode).toBe(200);
  return res.json() as ActiveSession[];
};

type LogRow = {
  device_type: string;
  browser: string | null;
  os: string | null;
  ip_address: string | null;
  logout_time: unknown;
  end_reason: string | null;
};
const logOf = async (id: number) => (await queryRows<LogRow>(t.database.db, sql`select * from session_logs where id = ${id}`))[0];

describe('my sessions', () => {
  it('records a sign-in with its device read from the browser, and its sign-out', async () => {
    const phone = await signIn(w.admin.user.username, PHONE);
    const [current] = (await sessionsOf(phone)).filter((s) => s.current);
    expect(current).toMatchObject({ deviceType: 'phone', browser: 'Safari', os: 'iOS', ipAddress: '203.0.113.7' });
    expect(Date.parse(current.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(current.signedInAt));
    expect(await logOf(current.id)).toMatchObject({ device_type: 'phone', browser: 'Safari', os: 'iOS', logout_time: null });

    expect((await phone.post('/api/logout')).statusCode).toBe(204);
    const ended = await logOf(current.id);
    expect(ended.logout_time).not.toBeNull();
    expect(ended.end_reason).toBe('sign_out');
    expect((await sessionsOf(w.admin)).map((s) => s.id)).not.toContain(current.id);
  });

  it('lists only my active sessions, this one marked and first', async () => {
    const phone = await signIn(w.admin.user.username, PHONE);
    const list = await sessionsOf(phone);
    expect(list[0].current).toBe(true);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const technicians = await sessionsOf(w.technician);
    // None of the admin's sessions are in another user's list.
    expect(technicians.map((s) => s.id).filter((id) => list.some((s) => s.id === id))).toEqual([]);
    expect(JSON.stringify(list)).not.toMatch(/sid|token/i);
  });

  it('signing out another session ends it at once: its cookie is refused and its live channel closed', async () => {
    const mine = await signIn(w.admin.user.username, DESKTOP);
    const other = await signIn(w.admin.user.username, PHONE);
    // The other browser is signed in and read once (its session kept by the app), with its live channel open.
    expect((await other.get('/api/user')).statusCode).toBe(200);
    const live = connect(base, other.cookie);
    await live.opened;
    await live.waitFor((m) => m.type === 'hello');
    const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
    // My own channel stays open.
    const myLive = connect(base, mine.cookie);
    await myLive.opened;
    await myLive.waitFor((m) => m.type === 'hello');

    const target = (await sessionsOf(other)).find((s) => s.current)!;
    expect((await mine.delete(`/api/user/sessions/${target.id}`)).statusCode).toBe(204);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect(await closed).toBe(4001);
    expect(myLive.socket.readyState).toBe(myLive.socket.OPEN);
    expect((await mine.get('/api/user')).statusCode).toBe(200);
    expect(await logOf(target.id)).toMatchObject({ end_reason: 'revoked' });
    // Ended: not listed, and a second sign-out of it is not found.
    expect((await sessionsOf(mine)).map((s) => s.id)).not.toContain(target.id);
    expect((await mine.delete(`/api/user/sessions/${target.id}`)).statusCode).toBe(404);
    // The audit log has it.
    const audit = await w.admin.get(`/api/tenants/${w.tenantId}/audit-log?action=session_revoked`);
    expect(audit.json()[0]).toMatchObject({ action: 'session_revoked', details: { session: target.id } });
    myLive.socket.close();
  });

  it('signs out all other sessions and keeps mine', async () => {
    const mine = await signIn(w.admin.user.username, DESKTOP);
    const others = [await signIn(w.admin.user.username, PHONE), await signIn(w.admin.user.username, PHONE)];
    const live = connect(base, others[0].cookie);
    await live.opened;
    const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
    const res = await mine.post('/api/user/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(3); // the two above and the workshop's own admin client
    expect(await closed).toBe(4001);
    for (const other of [...others, w.admin]) expect((await other.get('/api/user')).statusCode).toBe(401);
    const left = await sessionsOf(mine);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    // Nothing else to sign out: nothing ended.
    expect((await mine.post('/api/user/sessions/sign-out-others')).json()).toEqual({ ended: 0 });
    w.admin = mine;
  });

  it('takes 20 sign-outs of all others at once: each session ends once, mine stays', async () => {
    const mine = await signIn(w.manager.user.username, DESKTOP);
    for (let i = 0; i < 3; i++) await signIn(w.manager.user.username, PHONE);
    const othersBefore = (await sessionsOf(mine)).length - 1;
    expect(othersBefore).toBeGreaterThanOrEqual(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => mine.post('/api/user/sessions/sign-out-others')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Each other session (the three phones, the workshop's own manager client...) counted by one answer only.
    expect(answers.reduce((sum, r) => sum + (r.json() as { ended: number }).ended, 0)).toBe(othersBefore);
    expect((await sessionsOf(mine)).map((s) => s.current)).toEqual([true]);
    w.manager = mine;
  });

  it("answers 404 for another user's session, and never ends it", async () => {
    const tech = (await sessionsOf(w.technician)).find((s) => s.current)!;
    expect((await w.admin.delete(`/api/user/sessions/${tech.id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/user/sessions/${tech.id}`)).statusCode).toBe(404);
    expect((await w.technician.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 400 or 404 for ids that are no session, never 5xx', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', 'x'.repeat(500), '%00']) {
      const res = await w.admin.delete(`/api/user/sessions/${id}`);
      expect([400, 404, 414], `${id.slice(0, 20)}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect((await w.admin.delete('/api/user/sessions/2147483647')).statusCode).toBe(404);
  });

  it('a password change ends the other sessions with their live channels', async () => {
    const w2 = await createWorkshop(t.app);
    const other = await signIn(w2.admin.user.username, PHONE);
    const live = connect(base, other.cookie);
    await live.opened;
    const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
    const changed = await w2.admin.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'another-strong-pass-7' });
    expect(changed.statusCode).toBe(204);
    expect(await closed).toBe(4001);
    expect((await other.get('/api/user')).statusCode).toBe(401);
  });
});

describe("the workshop's sign-in history", () => {
  const url = (query = '') => `/api/tenants/${w.tenantId}/sign-ins${query}`;

  it('lists sign-ins and refused attempts of this workshop only, paged, with filters', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: w.technician.user.username, password: 'wrong-password-1' },
      headers: { 'user-agent': PHONE },
    });
    expect(refused.statusCode).toBe(401);
    const stranger = await createWorkshop(t.app);
    await signIn(stranger.admin.user.username, DESKTOP);

    const all = await w.admin.get(url('?limit=500'));
    expect(all.statusCode).toBe(200);
    const rows = all.json() as SignInEntry[];
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe(rows.length);
    expect(rows.some((r) => r.user.id === stranger.admin.user.id)).toBe(false);
    const failed = rows.find((r) => r.outcome === 'failed')!;
    expect(failed).toMatchObject({
      user: { id: w.technician.user.id },
      failureReason: 'auth.invalid_credentials',
      deviceType: 'phone',
      endedAt: null,
      isImpersonated: false,
    });
    expect(rows.some((r) => r.outcome === 'success' && r.endReason === 'revoked' && r.endedAt !== null)).toBe(true);

    const onlyFailed = (await w.admin.get(url('?outcome=failed'))).json() as SignInEntry[];
    expect(onlyFailed.length).toBeGreaterThan(0);
    expect(onlyFailed.every((r) => r.outcome === 'failed')).toBe(true);
    const byUser = (await w.admin.get(url(`?userId=${w.technician.user.id}`))).json() as SignInEntry[];
    expect(byUser.every((r) => r.user.id === w.technician.user.id)).toBe(true);
    const page = await w.admin.get(url('?limit=2&offset=1'));
    expect(page.json()).toEqual(rows.slice(1, 3));
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe(String(rows.length));
    expect((await w.admin.get(url('?from=2999-01-01'))).json()).toEqual([]);
    expect((await w.admin.get(url('?to=2000-01-01'))).json()).toEqual([]);
  });

  it('is refused to managers and technicians, and 404 for another workshop', async () => {
    expect((await w.manager.get(url())).statusCode).toBe(403);
    expect((await w.technician.get(url())).statusCode).toBe(403);
    const stranger = await createWorkshop(t.app);
    expect((await stranger.admin.get(url())).statusCode).toBe(404);
  });

  it('answers 400 for bad filters, never 5xx', async () => {
    for (const query of [
      '?userId=abc',
      '?userId=2147483648',
      '?outcome=maybe',
      '?from=2024-13-01',
      '?from=10000-01-01',
      '?from=2024-05-02&to=2024-05-01',
      '?limit=0',
      '?offset=-1',
    ]) {
      expect((await w.admin.get(url(query))).statusCode, query).toBe(400);
    }
    expect((await w.admin.get(url('?userId=2147483647'))).json()).toEqual([]);
  });

  it('the database refuses an entry that names another workshop’s user', async () => {
    const stranger = await createWorkshop(t.app);
    await expect(
      t.database.db.execute(
        sql`insert into session_logs (tenant_id, user_id, device_type) values (${w.tenantId}, ${stranger.admin.user.id}, 'desktop')`,
      ),
    ).rejects.toThrow();
  });
});
