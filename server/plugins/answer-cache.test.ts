import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, createWorkshop, registerAdmin, type Client, type TestApp, type Workshop } from '../test/app.ts';
import { queryRows } from '../db/client.ts';
import { createLocalBus } from '../modules/live/live.bus.ts';
import { TOTAL_COUNT_HEADER } from '../../core/contracts/paging.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const customers = () => `/api/tenants/${w.tenantId}/customers?limit=20&offset=0`;
const names = (r: LightMyRequestResponse) => (r.json() as Array<{ firstName: string }>).map((c) => c.firstName).sort();
const addCustomer = (client: Client, firstName: string) =>
  client.post('/api/customers', { firstName, lastName: 'Haddad', phone: `+9627${String(Math.random()).slice(2, 10)}` });

/** The statements the app sent to the database while `read` ran. */
async function statementsOf(read: () => Promise<unknown>) {
  const before = t.database.statements.count;
  await read();
  return t.database.statements.count - before;
}

/**
 * `url` read by `client` until `changed` or 2 s: PGlite's trigger is heard before the statement
 * returns, PostgreSQL's NOTIFY a moment later (a kept answer is otherwise used for 30 s).
 */
async function readOnceChanged(client: Client, url: string, changed: (r: LightMyRequestResponse) => boolean) {
  const until = Date.now() + 2_000;
  for (;;) {
    const answer = await client.get(url);
    if (changed(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('answers kept between requests', () => {
  it('answers the same read by the same user again without the database, with its headers', async () => {
    expect((await addCustomer(w.admin, 'Lina')).statusCode).toBe(201);
    const first = await w.admin.get(customers());
    expect(first.statusCode).toBe(200);
    let again!: LightMyRequestResponse;
    expect(await statementsOf(async () => (again = await w.admin.get(customers())))).toBe(0);
    expect(again.body).toBe(first.body);
    expect(again.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    // Another address is another read.
    expect(await statementsOf(() => w.admin.get(`/api/tenants/${w.tenantId}/customers?limit=10&offset=0`))).toBeGreaterThan(0);
  });

  it('never hands one user’s answer to another, nor to another workshop asking the same address', async () => {
    await w.admin.get(customers());
    expect(await statementsOf(() => w.admin.get(customers()))).toBe(0);
    expect(await statementsOf(() => w.technician.get(customers()))).toBeGreaterThan(0);
    const stranger = await registerAdmin(t.app);
    const refused = await stranger.get(customers());
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Lina');
  });

  it('reads again after any write made through the API, before that write’s answer leaves', async () => {
    const before = names(await w.admin.get(customers()));
    expect((await addCustomer(w.manager, 'Rami')).statusCode).toBe(201);
    expect(names(await w.admin.get(customers()))).toEqual([...before, 'Rami'].sort());
  });

  it('reads again after a change made straight in the database, by no request of the app', async () => {
    expect(names(await w.admin.get(customers()))).toContain('Lina');
    await t.database.db.execute(sql`update customers set first_name = 'Leen' where tenant_id = ${w.tenantId} and first_name = 'Lina'`);
    expect(names(await readOnceChanged(w.admin, customers(), (r) => !names(r).includes('Lina')))).toContain('Leen');
  });

  it('keeps nothing while other processes cannot be heard', async () => {
    let hearing = false;
    const deaf = await createTestApp({ bus: { ...createLocalBus(), listening: () => hearing } });
    try {
      const a = await registerAdmin(deaf.app);
      const url = `/api/tenants/${a.user.tenantId}/customers`;
      await a.get(url);
      hearing = true; // the sessions are kept from here on, the answer was not
      await a.get('/api/user');
      const before = deaf.database.statements.count;
      await a.get(url);
      const firstRead = deaf.database.statements.count - before;
      expect(firstRead).toBeGreaterThan(0);
      await a.get(url);
      expect(deaf.database.statements.count - before).toBe(firstRead);
    } finally {
      await deaf.close();
    }
  });

  it('is told of a write to every table but the sessions’ (migration 0034)', async () => {
    const rows = await queryRows<{ name: string; told: boolean }>(
      t.database.db,
      sql`select c.relname as name,
                 exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'data_changed') as told
            from pg_class c
           where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
           order by c.relname`,
    );
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => !r.told).map((r) => r.name)).toEqual(['sessions']);
  });
});
