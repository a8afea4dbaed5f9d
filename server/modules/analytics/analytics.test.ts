import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createSparePart, insertCustomerWithVehicle } from '../../test/workshop.ts';
import { createEstimate, createInvoice, issuesOf, updateSettings } from '../../test/billing.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { queryRows } from '../../db/client.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';

/**
 * The reports over a small workshop whose answers are known: a workshop in Dubai (UTC+4), paid in
 * AED, without tax, reported for October 2026 and compared with the 31 days before it.
 */
let t: TestApp;
let ws: Workshop;
const ZONE = 'Asia/Dubai';
const OCTOBER = 'from=2026-10-01&to=2026-10-31&compare=previous';
const today = () => dayInZone(new Date(), ZONE);
const report = (client: Client, name: string, query = OCTOBER) =>
  client.get(`/api/tenants/${client.user.tenantId}/analytics/${name}?${query}`);

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
let seq = 0;
async function jobCard(
  c: { customer: { id: number }; vehicle: { id: number } },
  v: { type: string; status: string; created: string; completed?: string; technicianId?: number },
) {
  seq++;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, status, assigned_to, created_at, completed_date)
        values (${ws.tenantId}, ${c.customer.id}, ${c.vehicle.id}, ${`JC-${String(900000 + seq)}`}, ${v.type}, ${v.status},
                ${v.technicianId ?? null}, ${v.created}::timestamptz, ${v.completed ?? null}::timestamptz)
        returning id`,
  );
  return row.id;
}
async function invoice(
  c: { customer: { id: number }; vehicle: { id: number } },
  labour: number,
  dates: { invoiceDate: string; dueDate?: string },
) {
  return createInvoice(ws.manager, {
    customerId: c.customer.id,
    vehicleId: c.vehicle.id,
    laborCost: labour,
    status: 'sent',
    ...dates,
  });
}
async function pay(invoiceId: number, amount: number, paymentDate: string, w: Workshop = ws) {
  const res = await w.manager.post(`/api/tenants/${w.tenantId}/invoices/${invoiceId}/record-payment`, {
    paidAmount: amount,
    paymentMethod: 'cash',
    paymentDate,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let t1: { id: number };
let parts: { used: number; low: number; still: number };

beforeAll(async () => {
  t = await createTestApp();
  ws = await createWorkshop(t.app);
  await updateSettings(ws.admin, { timeZone: ZONE, currency: 'AED', taxRate: '0.00' });
  const a = await insertCustomerWithVehicle(t.database.db, ws.tenantId, { firstName: 'Amal' }, { plateNumber: 'A 100' });
  const b = await insertCustomerWithVehicle(t.database.db, ws.tenantId, { firstName: 'Badr' }, { plateNumber: 'B 200' });
  const c = await insertCustomerWithVehicle(t.database.db, ws.tenantId, { firstName: 'Catherine' }, { plateNumber: 'C 300' });

  // Technicians: T1 with the technician's account (for shifts), rated 4.5; T2 busy only in September.
  t1 = await createTechnician(ws.admin, { firstName: 'Tariq', lastName: 'One' });
  const t2 = await createTechnician(ws.admin, { firstName: 'Yara', lastName: 'Two' });
  await exec(sql`update technicians set user_id = ${ws.technician.user.id}, rating = 4.5 where id = ${t1.id}`);

  // Job cards. J1 is completed at 23:30 on 31 October in Dubai (19:30 UTC): October's. J2 at 00:30
  // on 1 November in Dubai, still 31 October in UTC: November's. J6 is opened at 00:10 on
  // 1 October in Dubai (30 September in UTC): October's.
  const j1 = await jobCard(a, {
    type: 'Oil change',
    status: 'completed',
    created: '2026-10-30T10:00:00+04:00',
    completed: '2026-10-31T23:30:00+04:00',
    technicianId: t1.id,
  });
  await jobCard(b, {
    type: 'Brakes',
    status: 'completed',
    created: '2026-10-20T09:00:00+04:00',
    completed: '2026-11-01T00:30:00+04:00',
    technicianId: t1.id,
  });
  const j3 = await jobCard(b, {
    type: 'Brakes',
    status: 'completed',
    created: '2026-10-02T08:00:00+04:00',
    completed: '2026-10-03T08:00:00+04:00',
    technicianId: t1.id,
  });
  await jobCard(c, { type: 'Oil change', status: 'pending', created: '2026-10-25T08:00:00+04:00' });
  await jobCard(a, {
    type: 'Oil change',
    status: 'completed',
    created: '2026-09-10T08:00:00+04:00',
    completed: '2026-09-11T08:00:00+04:00',
    technicianId: t2.id,
  });
  await jobCard(c, { type: 'Tyres', status: 'cancelled', created: '2026-10-01T00:10:00+04:00' });
  await exec(sql`insert into job_card_labour (tenant_id, job_card_id, description, hours, rate) values
    (${ws.tenantId}, ${j1}, 'Oil and filter', 2.5, 40), (${ws.tenantId}, ${j3}, 'Pads and discs', 3, 40)`);

  // A task completed in October; shifts of T1's account: 8 hours in October, 6 in September.
  await exec(sql`insert into tasks (tenant_id, title, status, technician_id, completed_at) values
    (${ws.tenantId}, 'Road test', 'completed', ${t1.id}, '2026-10-12T10:00:00+04:00'),
    (${ws.tenantId}, 'Cancelled check', 'cancelled', ${t1.id}, null)`);
  const [shift] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into shifts (tenant_id, name, start_time, end_time) values (${ws.tenantId}, 'Day', '08:00', '16:00') returning id`,
  );
  await exec(sql`insert into shift_assignments (tenant_id, shift_id, user_id, date, starts_at, ends_at, status, check_in_time, check_out_time) values
    (${ws.tenantId}, ${shift.id}, ${ws.technician.user.id}, '2026-10-12', '2026-10-12T08:00:00+04:00', '2026-10-12T16:00:00+04:00', 'completed', '2026-10-12T08:00:00+04:00', '2026-10-12T16:00:00+04:00'),
    (${ws.tenantId}, ${shift.id}, ${ws.technician.user.id}, '2026-09-12', '2026-09-12T08:00:00+04:00', '2026-09-12T16:00:00+04:00', 'completed', '2026-09-12T08:00:00+04:00', '2026-09-12T14:00:00+04:00'),
    (${ws.tenantId}, ${shift.id}, ${ws.technician.user.id}, '2026-10-13', '2026-10-13T08:00:00+04:00', '2026-10-13T16:00:00+04:00', 'scheduled', null, null)`);

  // Parts: one used on J3 and moved lately, one below its minimum, one that has not moved for 200 days.
  const part = async (name: string, stock: number, minimum: number, price: number, ageDays: number) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into spare_parts (tenant_id, name, sku, stock_quantity, minimum_stock, unit_price, created_at)
          values (${ws.tenantId}, ${name}, ${`SKU-${name}`}, ${stock}, ${minimum}, ${price}, now() - make_interval(days => ${ageDays}))
          returning id`,
    );
    return row.id;
  };
  parts = { used: await part('Filter', 10, 2, 15, 200), low: await part('Pads', 1, 5, 40, 1), still: await part('Bulb', 4, 0, 25, 200) };
  await exec(
    sql`insert into job_card_parts (tenant_id, job_card_id, spare_part_id, quantity, unit_price) values (${ws.tenantId}, ${j3}, ${parts.used}, 2, 15)`,
  );
  await exec(sql`insert into inventory_audit_trail (tenant_id, spare_part_id, action_type, quantity_before, quantity_change, quantity_after)
    values (${ws.tenantId}, ${parts.used}, 'usage', 12, -2, 10)`);

  // Invoices (no tax): I1 100 paid on 6 October, I2 200 with 50 paid on 31 October, I3 300
  // cancelled, I4 80 in September, unpaid. I2 and I4 are past due by 10 and 45 days; I5 (60, no
  // due date) is never past due. I1 is J1's, I2 is J3's.
  const i1 = await invoice(a, 100, { invoiceDate: '2026-10-05', dueDate: '2026-10-20' });
  await pay(i1.id, 100, '2026-10-06');
  const i2 = await invoice(b, 200, { invoiceDate: '2026-10-10', dueDate: addDays(today(), -10) });
  await pay(i2.id, 50, '2026-10-31');
  const i3 = await invoice(c, 300, { invoiceDate: '2026-10-15' });
  expect((await ws.manager.put(`/api/tenants/${ws.tenantId}/invoices/${i3.id}`, { status: 'cancelled' })).statusCode).toBe(200);
  await invoice(a, 80, { invoiceDate: '2026-09-15', dueDate: addDays(today(), -45) });
  await invoice(b, 60, { invoiceDate: '2025-01-15' });
  await exec(sql`update invoices set job_card_id = ${j1} where id = ${i1.id}`);
  await exec(sql`update invoices set job_card_id = ${j3} where id = ${i2.id}`);

  // Estimates made in October: E1 (500) became I1, E2 (120) did not, E3 (70) only the cancelled I3.
  const estimate = async (labour: number, created: string, invoiceId?: number) => {
    const e = await createEstimate(ws.manager, { customerId: a.customer.id, vehicleId: a.vehicle.id, laborCost: labour });
    await exec(sql`update estimates set created_at = ${created}::timestamptz where id = ${e.id}`);
    if (invoiceId) await exec(sql`update invoices set estimate_id = ${e.id} where id = ${invoiceId}`);
  };
  await estimate(500, '2026-10-05T09:00:00+04:00', i1.id);
  await estimate(120, '2026-10-07T09:00:00+04:00');
  await estimate(70, '2026-10-08T09:00:00+04:00', i3.id);

  // Appointments in October: one completed, two no-shows, one cancelled. Bookings: two completed, one cancelled.
  let apt = 0;
  for (const status of ['completed', 'no_show', 'no_show', 'cancelled']) {
    apt++;
    await exec(sql`insert into appointments (tenant_id, appointment_number, customer_name, customer_phone, vehicle_info, service_type,
        scheduled_date, scheduled_time, starts_at, status)
      values (${ws.tenantId}, ${`APT-${String(100000 + apt)}`}, 'Walk-in', '+971500000000', ${JSON.stringify({ make: 'Kia', model: 'Rio', year: 2020 })}::jsonb,
        'inspection', '2026-10-14', '10:00', '2026-10-14T10:00:00+04:00', ${status})`);
  }
  for (const status of ['completed', 'completed', 'cancelled']) {
    await exec(sql`insert into service_bookings (tenant_id, customer_id, vehicle_id, service_type, scheduled_date, status)
      values (${ws.tenantId}, ${b.customer.id}, ${b.vehicle.id}, 'Inspection', '2026-10-21T10:00:00+04:00', ${status})`);
  }

  // Fleet: A's car due in 10 days, B's overdue by 3, C's due in 60 days.
  const fleet = async (v: { vehicle: { id: number } }, n: string, status: string, fuel: number | null, next: string) =>
    exec(sql`insert into fleet_vehicles (tenant_id, vehicle_id, fleet_number, status, fuel_level, next_service_date)
      values (${ws.tenantId}, ${v.vehicle.id}, ${n}, ${status}, ${fuel}, ${next})`);
  await fleet(a, 'F-1', 'active', 20, addDays(today(), 10));
  await fleet(b, 'F-2', 'maintenance', 80, addDays(today(), -3));
  await fleet(c, 'F-3', 'out_of_service', null, addDays(today(), 60));
});
afterAll(async () => t.close());

const period = (extra: Record<string, unknown> = {}) => ({
  from: '2026-10-01',
  to: '2026-10-31',
  interval: 'day',
  previous: { from: '2026-08-31', to: '2026-09-30' },
  today: today(),
  timeZone: ZONE,
  currency: 'AED',
  ...extra,
});

describe('revenue', () => {
  it('adds invoices (not cancelled) and payments by the workshop day, and ages what is still owed', async () => {
    const res = await report(ws.manager, 'revenue');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.period).toEqual(period());
    expect(body.totals).toEqual({ invoiced: '300.00', collected: '150.00', invoices: 2, payments: 2 });
    expect(body.previous).toEqual({ invoiced: '80.00', collected: '0.00', invoices: 1, payments: 0 });
    expect(body.series).toHaveLength(31);
    const point = (day: string) => body.series.find((p: { start: string }) => p.start === day);
    expect(point('2026-10-05')).toEqual({ start: '2026-10-05', invoiced: '100.00', collected: '0.00' });
    expect(point('2026-10-06')).toEqual({ start: '2026-10-06', invoiced: '0.00', collected: '100.00' });
    expect(point('2026-10-31')).toEqual({ start: '2026-10-31', invoiced: '0.00', collected: '50.00' });
    expect(body.previousSeries).toHaveLength(31);
    expect(body.previousSeries.find((p: { start: string }) => p.start === '2026-09-15').invoiced).toBe('80.00');
    expect(body.receivables).toEqual({
      outstanding: '290.00',
      invoices: 3,
      buckets: [
        { bucket: 'current', amount: '60.00', invoices: 1 },
        { bucket: '1-30', amount: '150.00', invoices: 1 },
        { bucket: '31-60', amount: '80.00', invoices: 1 },
        { bucket: '61-90', amount: '0.00', invoices: 0 },
        { bucket: 'over_90', amount: '0.00', invoices: 0 },
      ],
    });
  });

  it('links each ageing bucket to the invoices behind it: the invoice list filtered to it adds up to the bucket', async () => {
    const { receivables } = (await report(ws.manager, 'revenue')).json();
    for (const bucket of receivables.buckets as Array<{ bucket: string; amount: string; invoices: number }>) {
      const res = await ws.manager.get(`/api/tenants/${ws.tenantId}/invoices?ageing=${bucket.bucket}`);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<{ balanceAmount: string; status: string }>;
      expect(rows.length, bucket.bucket).toBe(bucket.invoices);
      expect(res.headers['x-total-count']).toBe(String(bucket.invoices));
      expect(rows.reduce((cents, r) => cents + Math.round(Number(r.balanceAmount) * 100), 0) / 100, bucket.bucket).toBe(
        Number(bucket.amount),
      );
      expect(rows.every((r) => r.status !== 'cancelled' && r.status !== 'paid')).toBe(true);
    }
    expect((await ws.manager.get(`/api/tenants/${ws.tenantId}/invoices?ageing=1-31`)).statusCode).toBe(400);
  });

  it('steps by week from the period’s first day, and by month', async () => {
    const weeks = (await report(ws.manager, 'revenue', 'from=2026-10-01&to=2026-10-31&interval=week')).json();
    // 1 October 2026 is a Thursday: the first week holds 1-4 October, then Mondays.
    expect(weeks.series.map((p: { start: string }) => p.start)).toEqual([
      '2026-10-01',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(weeks.series[1]).toEqual({ start: '2026-10-05', invoiced: '300.00', collected: '100.00' });
    expect(weeks.previous).toBeNull();
    // Compared: the previous period's points start as many days earlier (31), point for point.
    const compared = (await report(ws.manager, 'revenue', 'from=2026-10-01&to=2026-10-31&interval=week&compare=previous')).json();
    expect(compared.previousSeries.map((p: { start: string }) => p.start)).toEqual([
      '2026-08-31',
      '2026-09-04',
      '2026-09-11',
      '2026-09-18',
      '2026-09-25',
    ]);
    expect(compared.previousSeries[2]).toEqual({ start: '2026-09-11', invoiced: '80.00', collected: '0.00' });
    const jobs = (await report(ws.manager, 'jobs', 'from=2026-10-01&to=2026-10-31&interval=month&compare=previous')).json();
    expect(jobs.series).toEqual([{ start: '2026-10-01', opened: 5, completed: 2 }]);
    expect(jobs.previousSeries).toEqual([{ start: '2026-08-31', opened: 1, completed: 1 }]);
    const months = (await report(ws.manager, 'revenue', 'from=2026-09-01&to=2026-10-31&interval=month')).json();
    expect(months.series).toEqual([
      { start: '2026-09-01', invoiced: '80.00', collected: '0.00' },
      { start: '2026-10-01', invoiced: '300.00', collected: '150.00' },
    ]);
  });
});

describe('jobs', () => {
  it('counts opened and completed job cards on the workshop’s calendar, with car count, average repair order and cycle time', async () => {
    const body = (await report(ws.manager, 'jobs')).json();
    expect(body.totals).toEqual({
      opened: 5,
      completed: 2,
      carCount: 2,
      revenue: '300.00',
      averageRepairOrder: '150.00',
      averageCycleHours: 30.8,
    });
    expect(body.previous).toEqual({
      opened: 1,
      completed: 1,
      carCount: 1,
      revenue: '0.00',
      averageRepairOrder: null,
      averageCycleHours: 24,
    });
    // From the middle of a month: A 100 (done on 31 October, last before on 11 September) and
    // B 200 (done at 00:30 on 1 November in Dubai, last before on 3 October, inside that month).
    const cars = async (query: string) => (await report(ws.manager, 'jobs', query)).json().totals.carCount;
    expect(await cars('from=2026-10-15&to=2026-10-31')).toBe(1);
    expect(await cars('from=2026-10-04&to=2026-11-01')).toBe(2);
    expect(await cars('from=2026-10-03&to=2026-11-01')).toBe(2);
    expect(await cars('from=2026-10-04&to=2026-10-31')).toBe(1);
    const point = (day: string) => body.series.find((p: { start: string }) => p.start === day);
    expect(point('2026-10-01')).toEqual({ start: '2026-10-01', opened: 1, completed: 0 });
    expect(point('2026-10-31')).toEqual({ start: '2026-10-31', opened: 0, completed: 1 });
    expect(body.byStatus).toEqual([
      { key: 'completed', count: 3 },
      { key: 'cancelled', count: 1 },
      { key: 'pending', count: 1 },
    ]);
    expect(body.byServiceType).toEqual([
      { serviceType: 'Brakes', count: 1, revenue: '200.00' },
      { serviceType: 'Oil change', count: 1, revenue: '100.00' },
    ]);
  });
});

describe('technicians', () => {
  it('sets hours billed against hours clocked per technician, with tasks, job cards, rating and revenue', async () => {
    const body = (await report(ws.manager, 'technicians')).json();
    const rows = body.technicians.map((r: { firstName: string }) => r.firstName);
    expect(rows).toEqual(['Tariq', 'Yara']);
    expect(body.technicians[0]).toMatchObject({
      id: t1.id,
      tasksCompleted: 1,
      jobCardsCompleted: 2,
      hoursBilled: 5.5,
      hoursClocked: 8,
      efficiency: 68.8,
      rating: 4.5,
      revenue: '300.00',
    });
    expect(body.technicians[1]).toMatchObject({
      tasksCompleted: 0,
      jobCardsCompleted: 0,
      hoursBilled: 0,
      hoursClocked: 0,
      efficiency: null,
    });
    expect(body.totals).toEqual({ hoursBilled: 5.5, hoursClocked: 8, efficiency: 68.8, tasksCompleted: 1, jobCardsCompleted: 2 });
    expect(body.previous).toEqual({ hoursBilled: 0, hoursClocked: 6, efficiency: 0, tasksCompleted: 0, jobCardsCompleted: 1 });
  });
});

describe('parts', () => {
  it('ranks the parts used, values the stock, and lists parts below minimum or without movement', async () => {
    const body = (await report(ws.manager, 'parts')).json();
    expect(body.topByQuantity).toEqual([{ id: parts.used, name: 'Filter', sku: 'SKU-Filter', quantity: 2, revenue: '30.00' }]);
    expect(body.topByRevenue).toEqual(body.topByQuantity);
    expect(body.used).toEqual({ quantity: 2, revenue: '30.00' });
    expect(body.previousUsed).toEqual({ quantity: 0, revenue: '0.00' });
    expect(body.stock).toEqual({ parts: 3, value: '290.00' });
    expect(body.belowMinimum).toBe(1);
    expect(body.belowMinimumParts).toEqual([
      { id: parts.low, name: 'Pads', sku: 'SKU-Pads', stockQuantity: 1, minimumStock: 5, value: '40.00', lastMovement: null },
    ]);
    expect(body.noMovement).toBe(1);
    expect(body.noMovementParts.map((p: { id: number }) => p.id)).toEqual([parts.still]);
    // The dashboard's low-stock figure is the same condition.
    expect((await ws.manager.get(`/api/tenants/${ws.tenantId}/dashboard/metrics`)).json().lowStockItems).toBe(body.belowMinimum);
  });
});

describe('customers and bookings', () => {
  it('tells new from returning customers, converts estimates to invoices, and rates no-shows', async () => {
    const body = (await report(ws.manager, 'customers')).json();
    expect(body.totals).toEqual({
      newCustomers: 2,
      returningCustomers: 1,
      estimates: 3,
      estimatesValue: '690.00',
      converted: 1,
      convertedValue: '500.00',
      conversionRate: 33.3,
      noShowRate: 66.7,
    });
    expect(body.previous).toMatchObject({ newCustomers: 1, returningCustomers: 0, estimates: 0, conversionRate: null, noShowRate: null });
    // A period from the middle of a month: a customer is back from before that month (Amal, last
    // seen in September) or from earlier in it (Badr on 2 October, Catherine at 00:10 on 1 October
    // in Dubai, still 30 September in UTC).
    const fromMid = (await report(ws.manager, 'customers', 'from=2026-10-15&to=2026-10-31&compare=previous')).json();
    expect(fromMid.totals).toMatchObject({ newCustomers: 0, returningCustomers: 3 });
    expect(fromMid.previous).toMatchObject({ newCustomers: 2, returningCustomers: 0 });
    const fromSecond = (await report(ws.manager, 'customers', 'from=2026-10-02&to=2026-10-31')).json();
    expect(fromSecond.totals).toMatchObject({ newCustomers: 1, returningCustomers: 2 });
    expect(body.bookingsByStatus).toEqual([
      { key: 'completed', count: 2 },
      { key: 'cancelled', count: 1 },
    ]);
    expect(body.appointmentsByStatus).toEqual([
      { key: 'no_show', count: 2 },
      { key: 'cancelled', count: 1 },
      { key: 'completed', count: 1 },
    ]);
  });
});

describe('fleet', () => {
  it('counts the fleet by status and fuel level, and lists service due within 30 days, overdue first', async () => {
    const body = (await report(ws.manager, 'fleet')).json();
    expect(body.total).toBe(3);
    expect(body.byStatus).toEqual([
      { key: 'active', count: 1 },
      { key: 'maintenance', count: 1 },
      { key: 'out_of_service', count: 1 },
    ]);
    expect(body.fuelLevels).toEqual([
      { key: '0-25', count: 1 },
      { key: '26-50', count: 0 },
      { key: '51-75', count: 0 },
      { key: '76-100', count: 1 },
      { key: 'unknown', count: 1 },
    ]);
    expect(body.serviceDue.count).toBe(2);
    expect(body.serviceDue.overdue).toBe(1);
    expect(body.serviceDue.vehicles.map((v: { fleetNumber: string; plateNumber: string }) => [v.fleetNumber, v.plateNumber])).toEqual([
      ['F-2', 'B 200'],
      ['F-1', 'A 100'],
    ]);
  });
});

describe('who may read the reports', () => {
  it('answers admins and managers, refuses technicians, and hides another workshop', async () => {
    const other = await createWorkshop(t.app);
    for (const name of ['revenue', 'jobs', 'technicians', 'parts', 'customers', 'fleet']) {
      expect((await report(ws.admin, name)).statusCode).toBe(200);
      expect((await report(ws.technician, name)).statusCode).toBe(403);
      expect((await other.manager.get(`/api/tenants/${ws.tenantId}/analytics/${name}?${OCTOBER}`)).statusCode).toBe(404);
      // The other workshop's own reports know nothing of this one's.
      const theirs = (await report(other.manager, name)).json();
      expect(JSON.stringify(theirs)).not.toMatch(/Tariq|F-1|Filter|300\.00/);
    }
  });

  it('refuses a period that ends before it starts, runs over five years, or is not a date', async () => {
    const bad = async (query: string) => {
      const res = await report(ws.manager, 'revenue', query);
      expect(res.statusCode, query).toBe(400);
      return issuesOf(res);
    };
    expect(await bad('from=2026-10-10&to=2026-10-01')).toEqual({ to: 'The end date must be on or after the start date' });
    expect(await bad('from=2020-01-01&to=2025-01-01')).toEqual({ to: 'A report covers at most 5 years' });
    expect((await report(ws.manager, 'revenue', 'from=2020-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect(await bad('from=2026-02-30&to=2026-03-01')).toEqual({ from: 'Invalid date' });
    expect(await bad('to=2026-03-01')).toEqual({ from: 'Start date is required' });
    expect(await bad('from=2024-01-01&to=2025-06-01&interval=day')).toEqual({ interval: 'Day by day covers at most 366 days' });
    expect(await bad('from=2026-01-01&to=2026-01-02&compare=yes')).toHaveProperty('compare');
    expect((await report(ws.manager, 'revenue', 'from=1900-01-01&to=1900-12-31&compare=previous')).statusCode).toBe(200);
    expect(await bad('from=10000-01-01&to=10000-01-02')).toEqual({ from: 'Invalid date', to: 'Invalid date' });
    expect(await bad('from=2026-01-01%00&to=2026-01-02')).toEqual({ from: 'Invalid date' });
  });

  it('answers twenty parallel reads alike, and no workshop id outside its own', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(ws.manager, 'jobs')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    for (const id of ['2147483648', '0', '-1']) {
      expect((await ws.manager.get(`/api/tenants/${id}/analytics/revenue?${OCTOBER}`)).statusCode, id).toBeLessThan(500);
    }
    expect((await ws.manager.get(`/api/tenants/2147483648/analytics/revenue?${OCTOBER}`)).statusCode).toBe(404);
  });
});

describe('the jobs summary (job_card_days)', () => {
  /** The summary's rows that count for something, in key order. */
  const summary = async (tenantId: number) =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, service_type, status, opened, completed, cycle_seconds::text as cycle,
            invoiced, revenue::text as revenue
          from job_card_days where tenant_id = ${tenantId}
            and (opened <> 0 or completed <> 0 or cycle_seconds <> 0 or invoiced <> 0 or revenue <> 0)
          order by day, service_type, status`,
    );
  /** What the summary holds must be what counting the job cards and invoices again gives. */
  const expectRecounted = async (tenantId: number, step: string) => {
    const kept = await summary(tenantId);
    await exec(sql`select job_card_days_rebuild(${tenantId})`);
    expect(kept, step).toEqual(await summary(tenantId));
    return kept;
  };

  it('stays what a recount gives through every kind of change, a time zone change included', async () => {
    const w = await createWorkshop(t.app);
    await updateSettings(w.admin, { taxRate: '0.00' });
    const x = await insertCustomerWithVehicle(t.database.db, w.tenantId);
    const card = async (serviceType: string) => {
      const res = await w.manager.post('/api/job-cards', { customerId: x.customer.id, vehicleId: x.vehicle.id, serviceType });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const status = async (id: number, to: string) =>
      expect((await w.manager.patch(`/api/job-cards/${id}/status`, { status: to })).statusCode).toBe(200);
    const a = await card('Brakes');
    const b = await card('Oil change');
    const c = await card('Tyres');
    await status(a, 'completed');
    await status(b, 'in_progress');
    await expectRecounted(w.tenantId, 'opened and completed');

    const invoiced = await w.manager.post(`/api/tenants/${w.tenantId}/job-cards/${a}/invoice`, {});
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const invoiceId = invoiced.json().id as number;
    const put = (body: Record<string, unknown>) => w.manager.put(`/api/tenants/${w.tenantId}/invoices/${invoiceId}`, body);
    expect((await put({ laborCost: 180, items: [] })).statusCode).toBe(200);
    const kept = await expectRecounted(w.tenantId, 'invoiced and repriced');
    expect(kept.find((r) => r.status === 'completed' && r.completed === 1)).toMatchObject({ invoiced: 1, revenue: '180.00' });

    expect((await put({ status: 'cancelled' })).statusCode).toBe(200);
    await expectRecounted(w.tenantId, 'invoice cancelled');
    expect((await w.manager.put(`/api/job-cards/${b}`, { serviceType: 'Engine' })).statusCode).toBe(200);
    await status(b, 'completed');
    await status(a, 'in_progress');
    await status(a, 'completed');
    await expectRecounted(w.tenantId, 'renamed, reopened and completed again');

    // Many rows in one statement, and a job card moved in time: noon UTC on 18 and 20 October.
    await exec(sql`update job_cards set created_at = '2026-10-18T12:00:00Z', notes = 'moved' where tenant_id = ${w.tenantId}`);
    await exec(sql`update job_cards set completed_date = '2026-10-20T12:00:00Z' where tenant_id = ${w.tenantId} and status = 'completed'`);
    await expectRecounted(w.tenantId, 'bulk update');
    await exec(sql`delete from job_cards where id = ${c}`);
    await expectRecounted(w.tenantId, 'deleted');

    // A workshop in Auckland (UTC+13 in October) counts the same job cards on its own days.
    const days = (rows: Record<string, unknown>[]) => [...new Set(rows.map((r) => r.day))];
    expect(days(await summary(w.tenantId))).toEqual(['2026-10-18', '2026-10-20']);
    await updateSettings(w.admin, { timeZone: 'Pacific/Auckland' });
    expect(days(await expectRecounted(w.tenantId, 'time zone'))).toEqual(['2026-10-19', '2026-10-21']);
    // A burst of status changes in both directions at once (each locks the same days' rows): all
    // go through, and the summary is still a recount.
    const burst = await Promise.all(Array.from({ length: 12 }, () => card('Brakes')));
    await Promise.all(burst.filter((_, i) => i % 2).map((id) => status(id, 'in_progress')));
    await Promise.all(burst.map((id, i) => status(id, i % 2 ? 'pending' : 'in_progress')));
    await expectRecounted(w.tenantId, 'parallel status changes');
    // Another workshop's summary is its own.
    expect((await summary(ws.tenantId)).length).toBeGreaterThan(0);
  });
});

describe('the reports summary (report_days)', () => {
  /** The summary's rows that count for something, in key order. */
  const summary = async (tenantId: number) =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select measure, to_char(day, 'YYYY-MM-DD') as day, subject, n, quantity::text as quantity, amount::text as amount
          from report_days where tenant_id = ${tenantId} and (n <> 0 or quantity <> 0 or amount <> 0)
          order by measure, day, subject`,
    );
  /** What the summary holds must be what counting the workshop's rows again gives. */
  const expectRecounted = async (tenantId: number, step: string) => {
    const kept = await summary(tenantId);
    await exec(sql`select report_days_rebuild(${tenantId})`);
    expect(kept, step).toEqual(await summary(tenantId));
    return kept;
  };
  const of = (rows: Record<string, unknown>[], measure: string) => rows.filter((r) => r.measure === measure);

  it('stays what a recount gives through every kind of change, deletions, cascades and a time zone change included', async () => {
    const w = await createWorkshop(t.app);
    await updateSettings(w.admin, { taxRate: '0.00', labourRate: '50.00' });
    const x = await insertCustomerWithVehicle(t.database.db, w.tenantId, { firstName: 'Xavier' });
    const y = await insertCustomerWithVehicle(t.database.db, w.tenantId, { firstName: 'Yusuf' });
    const tech = await createTechnician(w.admin, { firstName: 'Rami' });
    const other = await createTechnician(w.admin, { firstName: 'Sami' });
    const part = await createSparePart(w.manager, { unitPrice: '10.00', stockQuantity: 100 });
    const card = async (c: typeof x, body: Record<string, unknown> = {}) => {
      const res = await w.manager.post('/api/job-cards', {
        customerId: c.customer.id,
        vehicleId: c.vehicle.id,
        serviceType: 'Brakes',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const edit = async (id: number, body: Record<string, unknown>) =>
      expect((await w.manager.put(`/api/job-cards/${id}`, body)).statusCode).toBe(200);
    const status = async (id: number, to: string) =>
      expect((await w.manager.patch(`/api/job-cards/${id}/status`, { status: to })).statusCode).toBe(200);

    // A job card with a technician, two labour lines and a part, completed and invoiced, paid in part.
    const a = await card(x, {
      assignedTo: tech.id,
      labour: [
        { description: 'Pads', hours: 1.5 },
        { description: 'Discs', hours: 2 },
      ],
      parts: [{ sparePartId: part.id, quantity: 3 }],
    });
    const b = await card(y, { assignedTo: other.id });
    await status(a, 'completed');
    let kept = await expectRecounted(w.tenantId, 'completed with lines');
    expect(of(kept, 'job_done')).toMatchObject([{ subject: tech.id, n: 1, quantity: '3.50', amount: '0.00' }]);
    expect(of(kept, 'part_used')).toMatchObject([{ subject: part.id, n: 0, quantity: '3.00', amount: '30.00' }]);
    expect(of(kept, 'visit').map((r) => [r.subject, r.n])).toEqual([[0, 2]]);

    const invoiced = await w.manager.post(`/api/tenants/${w.tenantId}/job-cards/${a}/invoice`, {});
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const invoice = invoiced.json() as { id: number; totalAmount: string };
    await pay(invoice.id, 40, dayInZone(new Date(), 'UTC'), w);
    await pay(invoice.id, 25, dayInZone(new Date(), 'UTC'), w);
    kept = await expectRecounted(w.tenantId, 'invoiced and paid twice');
    expect(of(kept, 'invoiced')).toMatchObject([{ n: 1, amount: invoice.totalAmount }]);
    expect(of(kept, 'collected')).toMatchObject([{ n: 2, amount: '65.00' }]);
    expect(of(kept, 'job_done')).toMatchObject([{ n: 1, amount: invoice.totalAmount }]);

    // Lines changed on a completed job card (each edit replaces them), the technician changed, a
    // payment taken back and the invoice cancelled.
    await edit(a, { labour: [{ description: 'Pads', hours: 4 }], parts: [{ sparePartId: part.id, quantity: 1, unitPrice: '12.00' }] });
    await edit(a, { assignedTo: other.id });
    await exec(sql`delete from payments where tenant_id = ${w.tenantId} and amount = 25`);
    kept = await expectRecounted(w.tenantId, 'lines, technician and payment changed');
    expect(of(kept, 'job_done')).toMatchObject([{ subject: other.id, n: 1, quantity: '4.00' }]);
    expect(of(kept, 'collected')).toMatchObject([{ n: 1, amount: '40.00' }]);

    // Estimates: one converted to an invoice, whose cancellation takes the conversion back.
    const e1 = await createEstimate(w.manager, { customerId: x.customer.id, vehicleId: x.vehicle.id, laborCost: 100, status: 'approved' });
    await createEstimate(w.manager, { customerId: y.customer.id, vehicleId: y.vehicle.id, laborCost: 30 });
    const converted = await w.manager.post(`/api/tenants/${w.tenantId}/estimates/${e1.id}/convert-to-invoice`, {});
    expect(converted.statusCode, converted.body).toBe(201);
    kept = await expectRecounted(w.tenantId, 'estimates, one converted');
    expect(of(kept, 'estimate')).toMatchObject([{ n: 2, amount: '130.00' }]);
    expect(of(kept, 'converted')).toMatchObject([{ n: 1, amount: '100.00' }]);
    const cancel = await w.manager.put(`/api/tenants/${w.tenantId}/invoices/${converted.json().id}`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    kept = await expectRecounted(w.tenantId, 'conversion cancelled');
    expect(of(kept, 'converted')).toEqual([]);

    // Tasks completed, reassigned and reopened, in one statement each.
    const task = await createTask(w.manager, { technicianId: tech.id });
    await exec(sql`update tasks set status = 'completed', completed_at = now() where id = ${task.id}`);
    await expectRecounted(w.tenantId, 'task completed');
    await exec(sql`update tasks set technician_id = ${other.id} where id = ${task.id}`);
    kept = await expectRecounted(w.tenantId, 'task reassigned');
    expect(of(kept, 'task_done')).toMatchObject([{ subject: other.id, n: 1 }]);

    // Customers: a job card moved to another customer and back in time, and one deleted with its
    // lines (ON DELETE CASCADE).
    const c = await card(x, {
      assignedTo: tech.id,
      labour: [{ description: 'Check', hours: 1 }],
      parts: [{ sparePartId: part.id, quantity: 2 }],
    });
    await status(c, 'completed');
    await exec(
      sql`update job_cards set customer_id = ${y.customer.id}, vehicle_id = ${y.vehicle.id}, created_at = '2026-01-05T12:00:00Z' where id = ${c}`,
    );
    kept = await expectRecounted(w.tenantId, 'moved to another customer, earlier');
    expect(of(kept, 'visit').map((r) => [r.day, r.subject, r.n])).toContainEqual(['2026-01-05', 0, 1]);
    await exec(sql`delete from job_cards where id = ${c}`);
    await expectRecounted(w.tenantId, 'deleted with its lines');
    await exec(
      sql`update job_cards set created_at = '2026-10-18T12:00:00Z', completed_date = '2026-10-20T12:00:00Z' where tenant_id = ${w.tenantId} and status = 'completed'`,
    );
    await expectRecounted(w.tenantId, 'bulk update');

    // A workshop in Auckland (UTC+13 in October) counts the same rows on its own days.
    expect([...new Set(of(await summary(w.tenantId), 'job_done').map((r) => r.day))]).toEqual(['2026-10-20']);
    await updateSettings(w.admin, { timeZone: 'Pacific/Auckland' });
    kept = await expectRecounted(w.tenantId, 'time zone');
    expect([...new Set(of(kept, 'job_done').map((r) => r.day))]).toEqual(['2026-10-21']);

    // Bursts in parallel: job cards completed and reopened, lines replaced, payments recorded.
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => card(i % 2 ? x : y, { assignedTo: tech.id, labour: [{ description: 'Work', hours: 1 }] })),
    );
    await Promise.all(burst.map((id) => status(id, 'completed')));
    await Promise.all([
      ...burst.filter((_, i) => i % 2).map((id) => status(id, 'in_progress')),
      ...burst.filter((_, i) => !(i % 2)).map((id) => edit(id, { labour: [{ description: 'More', hours: 2 }] })),
      status(b, 'completed'),
    ]);
    await expectRecounted(w.tenantId, 'parallel changes');
    // Another workshop's summary is its own.
    expect((await summary(ws.tenantId)).length).toBeGreaterThan(0);
  });
});
