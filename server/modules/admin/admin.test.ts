import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { createTechnician } from '../../test/field-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the admin seed', () => {
  it('adds realistic data, keeps the workshop own data, and adds another batch when run again', async () => {
    const w = await createWorkshop(t.app);
    const mine = await createTechnician(w.admin, { firstName: 'Own', lastName: 'Tech' });
    const first = await w.admin.post('/api/admin/seed-database');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ customers: 0, vehicles: 0, technicians: 12, tasks: 36, jobCards: 0, spareParts: 0 });

    const techs = await w.manager.get('/api/technicians?limit=100');
    expect(techs.headers['x-total-count']).toBe('13');
    expect(techs.json().some((x: { id: number }) => x.id === mine.id)).toBe(true);
    expect(new Set(techs.json().map((x: { location: string | null }) => x.location)).size).toBeGreaterThan(3);
    expect(new Set(techs.json().map((x: { rating: string }) => x.rating)).size).toBeGreaterThan(3);
    const seeded = techs.json().filter((x: { id: number }) => x.id !== mine.id);
    expect(seeded.every((x: { profileImageUrl: string | null }) => x.profileImageUrl?.startsWith('/api/attachments/'))).toBe(true);
    const photo = await w.technician.get(seeded[0].profileImageUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const tasks = (await w.manager.get('/api/tasks?limit=100')).json();
    expect(new Set(tasks.map((x: { status: string }) => x.status))).toEqual(new Set(['pending', 'assigned', 'in_progress', 'completed', 'cancelled']));
    expect(tasks.some((x: { dependencies: unknown[] }) => x.dependencies.length > 0)).toBe(true);
    const stats = (await w.manager.get('/api/dashboard/stats')).json();
    expect(stats.totalTechnicians).toBe(13);

    const again = await w.admin.post('/api/admin/seed-database');
    expect(again.statusCode).toBe(200);
    expect((await w.manager.get('/api/technicians')).headers['x-total-count']).toBe('25');
    expect((await w.manager.get('/api/tasks')).headers['x-total-count']).toBe('72');
  });

  it('is for admins only and stays in their workshop', async () => {
    const w = await createWorkshop(t.app);
    expect((await w.manager.post('/api/admin/seed-database')).statusCode).toBe(403);
    expect((await w.technician.post('/api/admin/seed-database')).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    await other.admin.post('/api/admin/seed-database');
    expect((await w.admin.get('/api/technicians')).json()).toEqual([]);
  });
});
