import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createSparePart, insertCustomer, insertVehicle } from '../../test/workshop.ts';
import { createEstimate, createInvoice } from '../../test/billing.ts';
import { createTechnician } from '../../test/field-service.ts';
import { queryRows } from '../../db/client.ts';
import type { SearchResult } from '../../../core/contracts/search.ts';

/**
 * GET /api/search over a small workshop whose records are known, beside another workshop holding
 * the same names, plate and numbers: every group, exact hits first and straight to their record,
 * Arabic text and digits, typos, roles, and input of any shape.
 */
let t: TestApp;
let ws: Workshop;
let other: Workshop;

const search = async (client: Client, q: string) => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
};
const group = (result: SearchResult, kind: string) => result.groups.find((g) => g.kind === kind);
const titles = (result: SearchResult, kind: string) => group(result, kind)?.hits.map((h) => h.title) ?? [];

async function jobCard(w: Workshop, customerId: number, vehicleId: number, jobNumber: string, serviceType: string) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type)
        values (${w.tenantId}, ${customerId}, ${vehicleId}, ${jobNumber}, ${serviceType}) returning id`,
  );
  return row.id;
}

/** The same records in a workshop: the names, plate, VIN, numbers and SKU collide across the two. */
async function seed(w: Workshop) {
  const db = t.database.db;
  const layla = await insertCustomer(db, w.tenantId, {
    firstName: 'Layla',
    lastName: 'Haddad',
    phone: '+971501112233',
    email: 'layla.haddad@example.com',
  });
  const sara = await insertCustomer(db, w.tenantId, { firstName: 'سارة', lastName: 'الحربي', phone: '+966500000001' });
  const car = await insertVehicle(db, w.tenantId, layla.id, {
    plateNumber: 'DXB-7788',
    vin: 'JT2BF22K1Y0123456',
    make: 'Toyota',
    model: 'Camry',
  });
  await insertVehicle(db, w.tenantId, sara.id, { plateNumber: 'DXB-77889', make: 'Nissan', model: 'Patrol' });
  const job = await jobCard(w, layla.id, car.id, 'JC-004512', 'Brake pads replacement');
  const estimate = await createEstimate(w.manager, { customerId: layla.id, vehicleId: car.id, laborCost: 100 });
  const invoice = await createInvoice(w.manager, { customerId: layla.id, vehicleId: car.id, laborCost: 100 });
  const part = await createSparePart(w.manager, { name: 'Brake pad set', sku: 'AB', unitPrice: 40 });
  const technician = await createTechnician(w.admin, { firstName: 'Karim', lastName: 'Mansour' });
  const booking = await w.manager.post('/api/service-bookings', {
    customerId: layla.id,
    vehicleId: car.id,
    serviceType: 'Wheel alignment',
    scheduledDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  expect(booking.statusCode, booking.body).toBe(201);
  const appointment = await w.manager.post(`/api/tenants/${w.tenantId}/appointments`, {
    customerName: 'Omar Khalil',
    customerPhone: '+971509998877',
    vehicleInfo: { make: 'Kia', model: 'Sportage', plateNumber: 'SHJ-1' },
    serviceType: 'oil_change',
    scheduledDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    scheduledTime: '10:00',
  });
  expect(appointment.statusCode, appointment.body).toBe(201);
  return {
    layla: layla.id,
    sara: sara.id,
    car: car.id,
    job,
    estimate: estimate.id,
    estimateNumber: estimate.estimateNumber,
    invoice: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    part: part.id,
    technician: technician.id,
    booking: booking.json().id,
    appointment: appointment.json().id,
    appointmentNumber: appointment.json().appointmentNumber,
  };
}

let mine: Awaited<ReturnType<typeof seed>>;
let theirs: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  t = await createTestApp();
  ws = await createWorkshop(t.app);
  other = await createWorkshop(t.app);
  mine = await seed(ws);
  theirs = await seed(other);
});
afterAll(() => t?.close());

describe('GET /api/search', () => {
  it('finds each kind of record by what its list searches, in the caller workshop only', async () => {
    const byName = await search(ws.manager, 'Layla');
    expect(titles(byName, 'customers')).toEqual(['Layla Haddad']);
    expect(group(byName, 'customers')!.hits[0].id).toBe(mine.layla);
    // Estimates, invoices and bookings are found by their customer's name.
    expect(group(byName, 'estimates')!.hits.map((h) => h.id)).toEqual([mine.estimate]);
    expect(group(byName, 'invoices')!.hits.map((h) => h.id)).toEqual([mine.invoice]);
    expect(group(byName, 'bookings')!.hits.map((h) => h.id)).toEqual([mine.booking]);
    expect(group(byName, 'bookings')!.hits[0]).toMatchObject({ title: 'Layla Haddad', subtitle: 'Wheel alignment' });

    const byService = await search(ws.manager, 'brake pad');
    expect(group(byService, 'jobCards')!.hits).toEqual([
      { id: mine.job, title: 'JC-004512', subtitle: 'Brake pads replacement', exact: false },
    ]);
    expect(group(byService, 'parts')!.hits).toEqual([{ id: mine.part, title: 'Brake pad set', subtitle: 'AB', exact: false }]);
    expect(titles(await search(ws.manager, 'mansour'), 'technicians')).toEqual(['Karim Mansour']);
    expect(titles(await search(ws.manager, 'Omar'), 'appointments')).toEqual([mine.appointmentNumber]);
    expect(titles(await search(ws.manager, 'Camry'), 'vehicles')).toEqual(['DXB-7788']);

    // Nothing of the other workshop, whose records carry the same words.
    const theirIds: Record<string, number[]> = {
      customers: [theirs.layla, theirs.sara],
      vehicles: [theirs.car],
      jobCards: [theirs.job],
      estimates: [theirs.estimate],
      invoices: [theirs.invoice],
      parts: [theirs.part],
      technicians: [theirs.technician],
      bookings: [theirs.booking],
      appointments: [theirs.appointment],
    };
    for (const q of ['Layla', 'brake pad', 'mansour', 'Omar', 'DXB-7788', 'JC-004512', mine.invoiceNumber, 'Toyta', 'ab']) {
      const result = await search(ws.manager, q);
      expect(result.groups.length, q).toBeGreaterThan(0);
      for (const g of result.groups) for (const h of g.hits) expect(theirIds[g.kind], `${q}: ${g.kind} ${h.id}`).not.toContain(h.id);
    }
  });

  it('puts an exact plate, VIN, number, SKU, phone or e-mail first and names the record it leads to', async () => {
    const plate = await search(ws.manager, 'dxb-7788');
    expect(plate.groups[0].kind).toBe('vehicles');
    // The exact plate first, then the other plate containing it.
    expect(plate.groups[0].hits.map((h) => [h.title, h.exact])).toEqual([
      ['DXB-7788', true],
      ['DXB-77889', false],
    ]);
    expect(plate.direct).toEqual({ kind: 'vehicles', id: mine.car });

    expect((await search(ws.manager, 'jt2bf22k1y0123456')).direct).toEqual({ kind: 'vehicles', id: mine.car });
    expect((await search(ws.manager, 'jc004512')).direct).toEqual({ kind: 'jobCards', id: mine.job });
    expect((await search(ws.manager, mine.estimateNumber.toLowerCase())).direct).toEqual({ kind: 'estimates', id: mine.estimate });
    expect((await search(ws.manager, mine.invoiceNumber)).direct).toEqual({ kind: 'invoices', id: mine.invoice });
    expect((await search(ws.manager, mine.appointmentNumber)).direct).toEqual({ kind: 'appointments', id: mine.appointment });
    expect((await search(ws.manager, '+971501112233')).direct).toEqual({ kind: 'customers', id: mine.layla });
    expect((await search(ws.manager, 'LAYLA.HADDAD@example.com')).direct).toEqual({ kind: 'customers', id: mine.layla });
    // A two-letter SKU is found exactly; two letters look for nothing else.
    const sku = await search(ws.manager, 'ab');
    expect(sku.groups).toEqual([
      { kind: 'parts', hits: [{ id: mine.part, title: 'Brake pad set', subtitle: 'AB', exact: true }], more: false },
    ]);
    expect(sku.direct).toEqual({ kind: 'parts', id: mine.part });
    // A substring is no exact hit.
    expect((await search(ws.manager, 'Layla')).direct).toBeNull();
  });

  it('reads Arabic text and Arabic-Indic digits, and forgives a typo', async () => {
    expect(group(await search(ws.manager, 'سارة'), 'customers')!.hits.map((h) => h.id)).toEqual([mine.sara]);
    expect(group(await search(ws.manager, 'الحربي'), 'customers')!.hits.map((h) => h.id)).toEqual([mine.sara]);
    const digits = await search(ws.manager, '٤٥١٢');
    expect(digits.q).toBe('4512');
    expect(titles(digits, 'jobCards')).toEqual(['JC-004512']);
    expect(titles(await search(ws.manager, 'Toyta'), 'vehicles')).toEqual(['DXB-7788']);
    expect(titles(await search(ws.manager, 'Hadad'), 'customers')).toEqual(['Layla Haddad']);
    expect((await search(ws.manager, 'zzqqxx')).groups).toEqual([]);
  });

  it('gives technicians no estimates or invoices', async () => {
    const kinds = (await search(ws.technician, 'Layla')).groups.map((g) => g.kind);
    expect(kinds).toContain('customers');
    expect(kinds).not.toContain('estimates');
    expect(kinds).not.toContain('invoices');
    expect((await search(ws.technician, mine.invoiceNumber)).direct).toBeNull();
    expect((await search(ws.admin, mine.invoiceNumber)).direct).toEqual({ kind: 'invoices', id: mine.invoice });
  });

  it('shows five per group and says when there are more', async () => {
    for (let i = 0; i < 6; i++)
      await insertCustomer(t.database.db, ws.tenantId, { firstName: 'Zainab', lastName: `Qasim ${i}`, phone: `+97150777000${i}` });
    const result = await search(ws.manager, 'zainab');
    expect(group(result, 'customers')!.hits).toHaveLength(5);
    expect(group(result, 'customers')!.more).toBe(true);
    // Newest first.
    expect(group(result, 'customers')!.hits[0].title).toBe('Zainab Qasim 5');
    expect(group(await search(ws.manager, 'Layla'), 'customers')!.more).toBe(false);
  });

  it("finds a common name's documents as well as a rare one's", async () => {
    // 205 customers called Nadia (more than the 200 whose documents are all read): the oldest one's
    // invoice is still found, among the workshop's newest documents.
    const [first] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into customers (tenant_id, first_name, last_name, phone)
          select ${ws.tenantId}, 'Nadia', 'Common ' || g, '+97155' || lpad(g::text, 7, '0') from generate_series(1, 205) g
          order by g returning id`,
    );
    const car = await insertVehicle(t.database.db, ws.tenantId, first.id, { plateNumber: 'NAD-1' });
    const invoice = await createInvoice(ws.manager, { customerId: first.id, vehicleId: car.id, laborCost: 50 });
    const result = await search(ws.manager, 'nadia');
    expect(group(result, 'invoices')!.hits.map((h) => h.id)).toEqual([invoice.id]);
    expect(group(result, 'invoices')!.hits[0].subtitle).toBe('Nadia Common 1');
  });

  it('answers bad input with 400 and any text without a 5xx', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'x'.repeat(101)}`]) {
      const res = await ws.manager.get(url);
      expect(res.statusCode, url).toBe(400);
    }
    for (const q of ['%', '_', '\\', "'; drop table customers; --", '%%__\\\\', '😀😀😀', 'a'.repeat(100), 'ـــ', '(', '<%']) {
      const res = await ws.manager.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await search(ws.manager, '%')).groups).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=Layla' })).statusCode).toBe(401);
    // Parallel searches of one user all answer.
    const answers = await Promise.all(['Layla', 'DXB', 'brake', 'Karim', 'JC-004512', 'سارة'].map((q) => search(ws.manager, q)));
    expect(answers.every((a) => a.groups.length > 0)).toBe(true);
  });
});
