import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const addCustomer = (client: Workshop['admin'], firstName: string) =>
  client.post('/api/customers', { firstName, lastName: 'Activity', phone: '+971 4 555 0100' });

describe('activity of one user', () => {
  it("lists only that user's actions in the workshop, newest first, with the count of them", async () => {
    for (const name of ['Amal', 'Basim', 'Carim']) expect((await addCustomer(w.admin, name)).statusCode).toBe(201);
    expect((await addCustomer(w.manager, 'Dana')).statusCode).toBe(201);

    const mine = await w.technician.get(`/api/activity?userId=${w.admin.user.id}&limit=10`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((e: { details: { customerName: string } }) => e.details.customerName)).toEqual([
      'Carim Activity',
      'Basim Activity',
      'Amal Activity',
    ]);
    expect(mine.headers['x-total-count']).toBe('3');
    const manager = await w.admin.get(`/api/activity?userId=${w.manager.user.id}`);
    expect(manager.json().map((e: { action: string }) => e.action)).toEqual(['created_customer']);
    // Paging past the end still counts only that user's entries.
    const past = await w.admin.get(`/api/activity?userId=${w.admin.user.id}&limit=2&offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
    // The whole feed is unchanged.
    expect((await w.admin.get('/api/activity')).json()).toHaveLength(4);
  });

  it("never shows another workshop's entries, and refuses a user id that is not one", async () => {
    const other = await createWorkshop(t.app);
    expect((await addCustomer(other.admin, 'Elias')).statusCode).toBe(201);
    const res = await w.admin.get(`/api/activity?userId=${other.admin.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      expect((await w.admin.get(`/api/activity?userId=${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
