import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { createTechnician } from '../../test/field-service.ts';
import { createSparePart } from '../../test/workshop.ts';
import { queryRows } from '../../db/client.ts';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the admin seed', () => {
  it('adds realistic data, keeps the workshop own data, and adds another batch when run again', async () => {
    const w = await createWorkshop(t.app);
    const mine = await createTechnician(w.admin, { firstName: 'Own', lastName: 'Tech' });
    const ownPart = await createSparePart(w.admin, { sku: 'FLT-OIL-T01', name: 'Our own oil filter', stockQuantity: 3 });
    const first = await w.admin.post('/api/admin/seed-database');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      customers: 25,
      vehicles: 35,
      technicians: 12,
      tasks: 36,
      jobCards: 30,
      pastJobCards: 120,
      spareParts: 40,
      estimates: 12,
      invoices: 13,
      payments: 7,
    });

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
    expect(new Set(tasks.map((x: { status: string }) => x.status))).toEqual(
      new Set(['pending', 'assigned', 'in_progress', 'completed', 'cancelled']),
    );
    expect(tasks.some((x: { dependencies: unknown[] }) => x.dependencies.length > 0)).toBe(true);
    const stats = (await w.manager.get('/api/dashboard/stats')).json();
    expect(stats.totalTechnicians).toBe(13);

    const again = await w.admin.post('/api/admin/seed-database');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await w.manager.get('/api/technicians')).headers['x-total-count']).toBe('25');
    expect((await w.manager.get('/api/tasks')).headers['x-total-count']).toBe('72');
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/spare-parts`)).headers['x-total-count']).toBe('81');
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/job-cards`)).headers['x-total-count']).toBe('300');
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/estimates`)).headers['x-total-count']).toBe('24');
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/invoices`)).headers['x-total-count']).toBe('26');

    // Scheduling: a fleet with due services, bookings in the coming days, appointments, a week of shifts.
    const fleet = await w.manager.get(`/api/tenants/${w.tenantId}/fleet`);
    expect(fleet.headers['x-total-count']).toBe('16');
    expect(new Set(fleet.json().map((f: { fleetNumber: string }) => f.fleetNumber)).size).toBe(16);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/fleet/stats`)).json().dueSoon).toBeGreaterThan(0);
    expect(Number((await w.manager.get(`/api/tenants/${w.tenantId}/service-bookings`)).headers['x-total-count'])).toBe(32);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/service-bookings/upcoming`)).json().length).toBeGreaterThan(0);
    const appointments = await w.manager.get(`/api/tenants/${w.tenantId}/appointments?limit=500`);
    expect(appointments.headers['x-total-count']).toBe('28');
    expect(new Set(appointments.json().map((a: { appointmentNumber: string }) => a.appointmentNumber)).size).toBe(28);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/shifts`)).json().map((x: { name: string }) => x.name)).toEqual([
      'Morning',
      'Evening',
    ]);
    expect(Number((await w.manager.get(`/api/tenants/${w.tenantId}/shift-assignments`)).headers['x-total-count'])).toBeGreaterThanOrEqual(
      14,
    );
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/service-reminders?status=pending`)).json().length).toBeGreaterThan(0);
    // The workshop's own part is untouched; the batches got SKUs of their own.
    expect((await w.manager.get(`/api/spare-parts/${ownPart.id}`)).json()).toMatchObject({
      sku: 'FLT-OIL-T01',
      name: 'Our own oil filter',
      stockQuantity: 3,
    });
    const oilFilters = (await w.manager.get(`/api/tenants/${w.tenantId}/spare-parts?q=FLT-OIL-T01`)).json();
    expect(oilFilters.map((p: { sku: string }) => p.sku).sort()).toEqual(['FLT-OIL-T01', 'FLT-OIL-T01-2', 'FLT-OIL-T01-3']);
    // Two batches of 30 job cards and 120 past ones, each with its own number.
    const [jobNumbers] = await queryRows<{ n: number; distinct: number; highest: string }>(
      t.database.db,
      sql`select count(*)::int as n, count(distinct job_number)::int as distinct, max(job_number) as highest
          from job_cards where tenant_id = ${w.tenantId}`,
    );
    expect(jobNumbers).toEqual({ n: 300, distinct: 300, highest: 'JC-000300' });
    const metrics = (await w.manager.get(`/api/tenants/${w.tenantId}/dashboard/metrics`)).json();
    expect(metrics).toMatchObject({ totalCustomers: 50, totalVehicles: 70, activeJobCards: 36, completedJobCards: 258 });
    // Phones, plates and VINs of the second batch are not copies of the first.
    const [distinct] = await queryRows<{ phones: number; plates: number; vins: number; withVin: number }>(
      t.database.db,
      sql`select (select count(distinct phone)::int from customers where tenant_id = ${w.tenantId}) as phones,
            (select count(distinct plate_number)::int from vehicles where tenant_id = ${w.tenantId}) as plates,
            (select count(distinct vin)::int from vehicles where tenant_id = ${w.tenantId}) as vins,
            (select count(vin)::int from vehicles where tenant_id = ${w.tenantId}) as "withVin"`,
    );
    expect(distinct.phones).toBe(50);
    expect(distinct.plates).toBe(70);
    expect(distinct.vins).toBe(distinct.withVin);
  });

  it('adds customers, vehicles, parts and job cards; completed jobs took their parts from stock and wrote service history', async () => {
    const w = await createWorkshop(t.app);
    await w.admin.post('/api/admin/seed-database');
    const db = t.database.db;
    const customers = await queryRows<{ firstName: string; city: string; phone: string; email: string | null }>(
      db,
      sql`select first_name as "firstName", city, phone, email from customers where tenant_id = ${w.tenantId}`,
    );
    expect(customers).toHaveLength(25);
    expect(customers.filter((c) => /[\u0600-\u06FF]/.test(c.firstName)).length).toBeGreaterThanOrEqual(3);
    expect(new Set(customers.map((c) => c.city)).size).toBeGreaterThan(15);
    expect(customers.every((c) => c.phone.length <= 20 && /^\+\d/.test(c.phone))).toBe(true);
    expect(customers.some((c) => c.email === null)).toBe(true);
    const vehicles = await queryRows<{ make: string; year: number; vin: string | null; customerId: number }>(
      db,
      sql`select make, year, vin, customer_id as "customerId" from vehicles where tenant_id = ${w.tenantId}`,
    );
    expect(vehicles).toHaveLength(35);
    expect(new Set(vehicles.map((v) => v.make)).size).toBeGreaterThan(15);
    expect(new Set(vehicles.map((v) => v.customerId)).size).toBe(25);
    const vins = vehicles.flatMap((v) => (v.vin ? [v.vin] : []));
    expect(vins.length).toBeGreaterThan(10);
    expect(vins.every((v) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v))).toBe(true);

    const parts = (await w.manager.get(`/api/tenants/${w.tenantId}/spare-parts?limit=100`)).json();
    expect(parts).toHaveLength(40);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/spare-parts/categories`)).json()).toEqual([
      'Body',
      'Brakes',
      'Electrical',
      'Engine',
      'Filters',
      'Fluids',
      'Suspension',
      'Tyres',
    ]);
    const low = (await w.manager.get(`/api/tenants/${w.tenantId}/spare-parts/low-stock?limit=100`)).json();
    expect(low.some((p: { stockQuantity: number }) => p.stockQuantity === 0)).toBe(true);
    expect(low.some((p: { stockQuantity: number; minimumStock: number }) => p.stockQuantity > 0 && p.stockQuantity < p.minimumStock)).toBe(
      true,
    );

    // Today's 30 job cards come first (newest), then 120 completed ones of the past two years.
    const cards = (await w.manager.get(`/api/tenants/${w.tenantId}/job-cards?limit=30`)).json();
    expect(cards).toHaveLength(30);
    expect(new Set(cards.map((c: { status: string }) => c.status))).toEqual(new Set(['pending', 'in_progress', 'completed', 'cancelled']));
    expect(new Set(cards.map((c: { priority: string }) => c.priority))).toEqual(new Set(['low', 'medium', 'high', 'urgent']));
    const completed = cards.filter((c: { status: string }) => c.status === 'completed');
    expect(completed).toHaveLength(9);
    const detail = (await w.manager.get(`/api/job-cards/${completed[0].id}`)).json();
    expect(detail.partsConsumed).toBe(true);
    expect(detail.parts.length).toBeGreaterThan(0);
    expect(detail.labour.length).toBeGreaterThan(0);
    expect(detail.completedDate).not.toBeNull();

    const [{ entries, consumed }] = await queryRows<{ entries: number; consumed: number }>(
      db,
      sql`select (select count(*)::int from vehicle_service_history where tenant_id = ${w.tenantId}) as entries,
            (select count(distinct reference_id)::int from inventory_audit_trail where tenant_id = ${w.tenantId} and action_type = 'consumed') as consumed`,
    );
    expect(entries).toBe(9 + 120);
    expect(consumed).toBe(9);
    // The one oil change completed took 5 litres of the 180 in stock.
    const oil = parts.find((p: { sku: string }) => p.sku === 'FLD-OIL-5W30');
    expect(oil.stockQuantity).toBe(175);
    const trail = (await w.manager.get(`/api/spare-parts/${oil.id}/audit-trail`)).json();
    expect(trail.map((a: { actionType: string }) => a.actionType)).toEqual(['consumed', 'created']);
    expect(trail[0].reference).toMatch(/^JC-\d{6}$/);
  });

  it('is for admins only and stays in their workshop', async () => {
    const w = await createWorkshop(t.app);
    expect((await w.manager.post('/api/admin/seed-database')).statusCode).toBe(403);
    expect((await w.technician.post('/api/admin/seed-database')).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    await other.admin.post('/api/admin/seed-database');
    expect((await w.admin.get('/api/technicians')).json()).toEqual([]);
  });

  it('adds estimates in every status and invoices paid, partially paid, overdue, draft, sent and cancelled, with their payments', async () => {
    const w = await createWorkshop(t.app);
    expect((await w.admin.post('/api/admin/seed-database')).statusCode).toBe(200);
    type Doc = {
      id: number;
      status: string;
      totalAmount: string;
      paidAmount: string;
      balanceAmount: string;
      itemCount: number;
      estimate: unknown;
      jobCard: unknown;
      invoice: unknown;
    };
    const estimates = (await w.manager.get(`/api/tenants/${w.tenantId}/estimates`)).json() as Doc[];
    expect(new Set(estimates.map((e) => e.status))).toEqual(new Set(['draft', 'sent', 'approved', 'rejected', 'expired']));
    expect(estimates.filter((e) => e.invoice !== null)).toHaveLength(2);
    expect(estimates.some((e) => e.status === 'approved' && e.invoice === null)).toBe(true);
    expect(estimates.some((e) => e.itemCount === 0) && estimates.some((e) => e.itemCount > 1)).toBe(true);
    const invoices = (await w.manager.get(`/api/tenants/${w.tenantId}/invoices`)).json() as Doc[];
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'cancelled']));
    expect(invoices.filter((i) => i.jobCard !== null)).toHaveLength(3);
    expect(invoices.filter((i) => i.estimate !== null)).toHaveLength(2);
    expect(invoices.some((i) => i.status === 'overdue' && i.paidAmount !== '0.00')).toBe(true);
    for (const i of invoices) {
      expect(Number(i.totalAmount)).toBeGreaterThan(0);
      const detail = (await w.manager.get(`/api/tenants/${w.tenantId}/invoices/${i.id}`)).json() as { payments: Array<{ amount: string }> };
      const ledger = detail.payments.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
      expect(ledger, `invoice ${i.id}`).toBe(Math.round(Number(i.paidAmount) * 100));
    }
  });
});
