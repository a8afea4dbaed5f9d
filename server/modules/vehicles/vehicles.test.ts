import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createCustomer, createVehicle, insertJobCard, issueMessages, statementsDuring } from '../../test/customers-vehicles.ts';
import type { LiveMessage } from '../../../core/contracts/live.ts';
import { csvRecords } from '../../../core/csv.ts';

let t: TestApp;
let w: Workshop;
const published: { tenantId: number; message: LiveMessage }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
  const publish = t.app.live.publish.bind(t.app.live);
  t.app.live.publish = async (tenantId, message) => {
    published.push({ tenantId, message });
    return publish(tenantId, message);
  };
});
afterAll(async () => t.close());

const list = (client: Client, tenantId: number, query = '') => client.get(`/api/tenants/${tenantId}/vehicles${query}`);
const ids = (res: { json(): { id: number }[] }) => res.json().map((v) => v.id);
const nextYear = new Date().getFullYear() + 1;
const yearMessage = `Year must be between 1900 and ${nextYear}`;

describe('creating vehicles', () => {
  it('creates a vehicle with its customer, upper-casing the VIN', async () => {
    const c = await createCustomer(w.admin, { firstName: 'Huda', lastName: 'Rahman', phone: '+971 4 000 1111' });
    const res = await w.manager.post('/api/vehicles', {
      customerId: c.id,
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      plateNumber: 'DXB 12345',
      vin: ' 1hgcm82633a004352 ',
      color: 'Silver',
      mileage: 180000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      tenantId: w.tenantId,
      customerId: c.id,
      customer: { id: c.id, firstName: 'Huda', lastName: 'Rahman', phone: '+971 4 000 1111' },
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      plateNumber: 'DXB 12345',
      vin: '1HGCM82633A004352',
      color: 'Silver',
      mileage: 180000,
      status: 'active',
      notes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(published).toContainEqual({ tenantId: w.tenantId, message: { type: 'update', entity: 'vehicles' } });
  });

  it('answers the spec messages for the required fields', async () => {
    const res = await w.admin.post('/api/vehicles', { year: 2020 });
    expect(res.statusCode).toBe(400);
    expect(issueMessages(res).sort()).toEqual([
      'Customer is required',
      'Make is required',
      'Model is required',
      'Plate number is required',
    ]);
    const zero = await w.admin.post('/api/vehicles', { customerId: 0, make: ' ', model: 'x', year: 2020, plateNumber: 'p' });
    expect(issueMessages(zero).sort()).toEqual(['Customer is required', 'Make is required']);
  });

  it('takes years from 1900 to next year, with the range in the message', async () => {
    const c = await createCustomer(w.admin);
    const body = (year: unknown) => ({ customerId: c.id, make: 'Ford', model: 'Model T', plateNumber: 'OLD-1', year });
    expect((await w.admin.post('/api/vehicles', body(1900))).statusCode).toBe(201);
    expect((await w.admin.post('/api/vehicles', body(nextYear))).statusCode).toBe(201);
    const early = await w.admin.post('/api/vehicles', body(1899));
    expect(early.json().issues).toEqual([{ path: 'year', message: yearMessage, code: 'validation.yearRange', params: expect.any(Object) }]);
    const late = await w.admin.post('/api/vehicles', body(nextYear + 1));
    expect(late.json().issues).toEqual([{ path: 'year', message: yearMessage, code: 'validation.yearRange', params: expect.any(Object) }]);
    expect((await w.admin.post('/api/vehicles', body(undefined))).json().issues.map((i: { path: string }) => i.path)).toEqual(['year']);
  });

  it('coerces year and mileage to whole numbers, 0 when not numeric', async () => {
    const c = await createCustomer(w.admin);
    const base = { customerId: c.id, make: 'Kia', model: 'Rio', plateNumber: 'K-1' };
    const ok = await w.admin.post('/api/vehicles', { ...base, year: '2018', mileage: '45210.7' });
    expect(ok.json()).toMatchObject({ year: 2018, mileage: 45210 });
    const notNumeric = await w.admin.post('/api/vehicles', { ...base, year: 2018, mileage: 'lots' });
    expect(notNumeric.json()).toMatchObject({ mileage: 0 });
    // A year that is not a number reads as 0, which the range refuses.
    expect((await w.admin.post('/api/vehicles', { ...base, year: 'new' })).json().issues).toEqual([
      { path: 'year', message: yearMessage, code: 'validation.yearRange', params: expect.any(Object) },
    ]);
    expect((await w.admin.post('/api/vehicles', { ...base, year: 2018, mileage: '' })).json().mileage).toBeNull();
    expect(issueMessages(await w.admin.post('/api/vehicles', { ...base, year: 2018, mileage: -5 }))).toEqual([
      'Mileage must be 0 or greater',
    ]);
  });

  it('checks 17-character VINs and takes shorter, older numbers as given', async () => {
    const c = await createCustomer(w.admin);
    const base = { customerId: c.id, make: 'Honda', model: 'Accord', year: 2003, plateNumber: 'V-1' };
    expect(issueMessages(await w.admin.post('/api/vehicles', { ...base, vin: '1HGCM82633A00435O' }))).toEqual([
      'VIN must not contain I, O or Q',
    ]);
    expect(issueMessages(await w.admin.post('/api/vehicles', { ...base, vin: '1HGCM82643A004352' }))).toEqual([
      'VIN check digit does not match',
    ]);
    expect(issueMessages(await w.admin.post('/api/vehicles', { ...base, vin: '1HGCM82633A0043521' }))).toEqual([
      'Must be at most 17 characters',
    ]);
    // Outside North America the check digit is not enforced.
    expect((await w.admin.post('/api/vehicles', { ...base, vin: 'wvwzzz1jzxw000001' })).json().vin).toBe('WVWZZZ1JZXW000001');
    expect((await w.admin.post('/api/vehicles', { ...base, year: 1975, vin: 'f10gue12345' })).json().vin).toBe('F10GUE12345');
    expect((await w.admin.post('/api/vehicles', { ...base, vin: '' })).json().vin).toBeNull();
  });

  it('refuses a customer of another workshop or none at all', async () => {
    const other = await createWorkshop(t.app);
    const theirs = await createCustomer(other.admin);
    const res = await w.admin.post('/api/vehicles', { customerId: theirs.id, make: 'a', model: 'b', year: 2020, plateNumber: 'p' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'vehicles.customer_invalid' });
    expect(
      (await w.admin.post('/api/vehicles', { customerId: 99999999, make: 'a', model: 'b', year: 2020, plateNumber: 'p' })).json().code,
    ).toBe('vehicles.customer_invalid');
    const mine = await createVehicle(w.admin);
    const moved = await w.admin.put(`/api/vehicles/${mine.id}`, { customerId: theirs.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('vehicles.customer_invalid');
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/vehicles`)).json()).toEqual([]);
  });
});

describe('editing and deleting vehicles', () => {
  it('edits only the fields sent, including the owner', async () => {
    const v = await createVehicle(w.admin, { color: 'Red' });
    const newOwner = await createCustomer(w.admin, { firstName: 'Yusuf', lastName: 'Qasim' });
    const res = await w.manager.put(`/api/vehicles/${v.id}`, { status: 'in_service', mileage: '52000', customerId: newOwner.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      color: 'Red',
      status: 'in_service',
      mileage: 52000,
      customerId: newOwner.id,
      customer: { firstName: 'Yusuf' },
    });
    expect(issueMessages(await w.manager.put(`/api/vehicles/${v.id}`, { year: 1800 }))).toEqual([yearMessage]);
    expect(issueMessages(await w.manager.put(`/api/vehicles/${v.id}`, { status: 'scrapped' }))).toHaveLength(1);
    expect((await w.manager.put('/api/vehicles/99999999', { color: 'x' })).statusCode).toBe(404);
  });

  it('refuses to delete a vehicle that job cards refer to, saying how many', async () => {
    const v = await createVehicle(w.admin);
    await insertJobCard(t.database.db, w.tenantId, v.customerId, v.id);
    await insertJobCard(t.database.db, w.tenantId, v.customerId, v.id, 'completed');
    const res = await w.manager.delete(`/api/vehicles/${v.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'vehicles.in_use', message: 'This vehicle still has 2 job cards', params: { jobCards: 2 } });
    expect((await w.manager.get(`/api/vehicles/${v.id}`)).statusCode).toBe(200);
  });

  it('deletes a vehicle with no job cards, and its service history with it', async () => {
    const v = await createVehicle(w.admin);
    await t.database.db.execute(sql`insert into vehicle_service_history (tenant_id, vehicle_id, service_date, service_type)
      values (${w.tenantId}, ${v.id}, '2024-01-10', 'Oil change')`);
    expect((await w.manager.delete(`/api/vehicles/${v.id}`)).statusCode).toBe(204);
    expect((await w.manager.get(`/api/vehicles/${v.id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/vehicles/${v.id}`)).statusCode).toBe(404);
  });
});

describe('vehicle list', () => {
  let ws: Workshop;
  const v: Record<string, { id: number; customerId: number }> = {};
  beforeAll(async () => {
    ws = await createWorkshop(t.app);
    const layla = await createCustomer(ws.admin, { firstName: 'Layla', lastName: 'Darwish' });
    const brian = await createCustomer(ws.admin, { firstName: 'Brian', lastName: 'Moore' });
    v.corolla = await createVehicle(ws.admin, {
      customerId: layla.id,
      make: 'Toyota',
      model: 'Corolla',
      year: 2015,
      plateNumber: 'AUH 4471',
    });
    v.civic = await createVehicle(ws.admin, {
      customerId: layla.id,
      make: 'Honda',
      model: 'Civic',
      year: 2021,
      plateNumber: 'SHJ 9020',
      vin: 'JHMCM56557C404453',
      status: 'in_service',
    });
    v.ranger = await createVehicle(ws.admin, {
      customerId: brian.id,
      make: 'Ford',
      model: 'Ranger',
      year: 2008,
      plateNumber: 'TX-RNG-88',
      status: 'inactive',
    });
    v.golf = await createVehicle(ws.admin, {
      customerId: brian.id,
      make: 'Volkswagen',
      model: 'Golf',
      year: 1999,
      plateNumber: 'B-GO 1999',
      vin: 'WVWZZZ1JZXW000001',
    });
    const kiaFan = await createCustomer(ws.admin, { firstName: 'Kia', lastName: 'Fan' });
    v.rio = await createVehicle(ws.admin, { customerId: kiaFan.id, make: 'Kia', model: 'Rio', year: 2012, plateNumber: 'K 1' });
  });

  it('lists newest first with the customer and the full count', async () => {
    const res = await list(ws.technician, ws.tenantId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(ids(res)).toEqual([v.rio.id, v.golf.id, v.ranger.id, v.civic.id, v.corolla.id]);
    expect(res.json()[1].customer).toMatchObject({ firstName: 'Brian', lastName: 'Moore' });
  });

  it('searches each named field case-insensitively by substring', async () => {
    const search = async (q: string) => ids(await list(ws.manager, ws.tenantId, `?q=${encodeURIComponent(q)}`)).sort((a, b) => a - b);
    const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
    expect(await search('TOYO')).toEqual(sorted(v.corolla)); // make
    expect(await search('ivi')).toEqual(sorted(v.civic)); // model
    expect(await search('rng-8')).toEqual(sorted(v.ranger)); // plate
    expect(await search('c404')).toEqual(sorted(v.civic)); // VIN
    expect(await search('wvwzzz')).toEqual(sorted(v.golf));
    expect(await search('la darw')).toEqual(sorted(v.corolla, v.civic)); // customer full name
    expect(await search('MOORE')).toEqual(sorted(v.ranger, v.golf));
    expect(await search('2021')).toEqual(sorted(v.civic)); // year
    expect(await search('1999')).toEqual(sorted(v.golf)); // year and plate
    expect(await search('nothing-like-it')).toEqual([]);
    expect((await list(ws.manager, ws.tenantId, '?q=moore')).headers['x-total-count']).toBe('2');
    // Matched both by make and by its customer's name: listed and counted once.
    const kia = await list(ws.manager, ws.tenantId, '?q=KIA');
    expect(ids(kia)).toEqual([v.rio.id]);
    expect(kia.headers['x-total-count']).toBe('1');
    // Shorter than a trigram: the same fields, searched without the index.
    expect(await search('ic')).toEqual(sorted(v.civic));
    expect(await search('Mo')).toEqual(sorted(v.ranger, v.golf));
    expect(await search('k')).toEqual(sorted(v.rio, v.golf)); // Kia, Volkswagen
    expect((await list(ws.manager, ws.tenantId, '?q=ki')).headers['x-total-count']).toBe('1');
  });

  it('filters by customer and status, and pages', async () => {
    expect(ids(await list(ws.manager, ws.tenantId, `?customerId=${v.corolla.customerId}`))).toEqual([v.civic.id, v.corolla.id]);
    expect(ids(await list(ws.manager, ws.tenantId, '?status=inactive'))).toEqual([v.ranger.id]);
    expect(ids(await list(ws.manager, ws.tenantId, `?status=active&customerId=${v.golf.customerId}`))).toEqual([v.golf.id]);
    expect(ids(await list(ws.manager, ws.tenantId, `?q=honda&status=active`))).toEqual([]);
    const page = await list(ws.manager, ws.tenantId, '?limit=2&offset=2');
    expect(ids(page)).toEqual([v.ranger.id, v.civic.id]);
    expect(page.headers['x-total-count']).toBe('5');
    const past = await list(ws.manager, ws.tenantId, '?offset=40');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    const searchedPage = await list(ws.manager, ws.tenantId, '?q=o&limit=2&offset=1');
    expect(ids(searchedPage)).toEqual([v.golf.id, v.ranger.id]);
    expect(searchedPage.headers['x-total-count']).toBe('5');
    expect((await list(ws.manager, ws.tenantId, '?status=scrapped')).statusCode).toBe(400);
    expect((await list(ws.manager, ws.tenantId, '?limit=0')).statusCode).toBe(400);
  });

  it('costs a constant number of statements at any page size: one without a search, at most three with one', async () => {
    for (const limit of [1, 500]) {
      expect(await statementsDuring(t.database, () => list(ws.manager, ws.tenantId, `?limit=${limit}`))).toBe(1);
      expect(await statementsDuring(t.database, () => list(ws.manager, ws.tenantId, `?limit=${limit}&q=toy`))).toBeLessThanOrEqual(3);
    }
  });
});

describe('service history', () => {
  it('lists a vehicle’s entries newest first with the job number', async () => {
    const v = await createVehicle(w.admin);
    const job = await insertJobCard(t.database.db, w.tenantId, v.customerId, v.id, 'completed');
    await t.database.db.execute(sql`insert into vehicle_service_history
      (tenant_id, vehicle_id, job_card_id, service_date, service_type, description, mileage_at_service, cost, performed_by)
      values (${w.tenantId}, ${v.id}, ${job.id}, '2025-03-02', 'Brake service', 'Front pads', 64000, 240.5, 'Karim Aziz'),
             (${w.tenantId}, ${v.id}, null, '2023-11-20', 'Oil change', null, 51000, null, null)`);
    const res = await w.technician.get(`/api/vehicles/${v.id}/service-history`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        vehicleId: v.id,
        jobCardId: job.id,
        jobNumber: job.jobNumber,
        serviceDate: '2025-03-02',
        serviceType: 'Brake service',
        description: 'Front pads',
        mileageAtService: 64000,
        cost: '240.50',
        performedBy: 'Karim Aziz',
        notes: null,
      },
      expect.objectContaining({ serviceDate: '2023-11-20', serviceType: 'Oil change', jobCardId: null, jobNumber: null, cost: null }),
    ]);
    const second = await w.technician.get(`/api/vehicles/${v.id}/service-history?limit=1&offset=1`);
    expect(second.json().map((e: { serviceType: string }) => e.serviceType)).toEqual(['Oil change']);
    expect(second.headers['x-total-count']).toBe('2');
    const beyond = await w.technician.get(`/api/vehicles/${v.id}/service-history?limit=1&offset=5`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('2');
    expect((await w.technician.get('/api/vehicles/99999999/service-history')).statusCode).toBe(404);
  });
});

describe('VIN decoding', () => {
  it('decodes a VIN for any signed-in role', async () => {
    const res = await w.technician.get('/api/vin/1hgcm82633a004352');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vin: '1HGCM82633A004352',
      valid: true,
      error: null,
      checkDigitValid: true,
      manufacturer: 'Honda',
      country: 'United States',
      region: 'North America',
      modelYear: 2003,
    });
    expect((await w.technician.get('/api/vin/1HGCM82643A004352')).json()).toMatchObject({
      valid: false,
      error: 'VIN check digit does not match',
      manufacturer: 'Honda',
    });
    expect((await w.technician.get('/api/vin/WVWZZZ1JZXW000001')).json()).toMatchObject({
      valid: true,
      manufacturer: 'Volkswagen',
      country: 'Germany',
    });
    // A NUL byte is no VIN at all: refused, not decoded as a valid one.
    const nul = await w.technician.get('/api/vin/%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toEqual([
      { path: 'vin', message: 'Contains a character that cannot be stored', code: 'validation.unstorable' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/vin/1HGCM82633A004352' })).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('lets a technician read but not create, edit, delete or import', async () => {
    const v = await createVehicle(w.admin);
    expect((await list(w.technician, w.tenantId)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/vehicles/${v.id}`)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/tenants/${w.tenantId}/vehicles/export.csv`)).statusCode).toBe(200);
    expect(
      (await w.technician.post('/api/vehicles', { customerId: v.customerId, make: 'a', model: 'b', year: 2020, plateNumber: 'p' }))
        .statusCode,
    ).toBe(403);
    expect((await w.technician.put(`/api/vehicles/${v.id}`, { color: 'x' })).statusCode).toBe(403);
    expect((await w.technician.delete(`/api/vehicles/${v.id}`)).statusCode).toBe(403);
    expect((await w.technician.post('/api/vehicles/import', { rows: [{ make: 'a' }] })).statusCode).toBe(403);
    expect((await w.admin.get(`/api/vehicles/${v.id}`)).json().color).toBe(v.color);
  });
});

describe('workshops are separate', () => {
  it('hides another workshop’s vehicles by list, id, search, history and export', async () => {
    const mine = await createVehicle(w.admin, { make: 'Lamborghini', model: 'Urus', plateNumber: 'SECRET-1' });
    const other = await createWorkshop(t.app);
    await createVehicle(other.admin, { make: 'Dacia', model: 'Duster' });
    const theirs = await list(other.admin, other.tenantId);
    expect(theirs.json().map((x: { make: string }) => x.make)).toEqual(['Dacia']);
    expect(theirs.headers['x-total-count']).toBe('1');
    expect((await list(other.admin, other.tenantId, '?q=lambo')).json()).toEqual([]);
    expect((await list(other.admin, other.tenantId, `?customerId=${mine.customerId}`)).json()).toEqual([]);
    expect((await list(other.admin, w.tenantId)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/vehicles/${mine.id}`)).statusCode).toBe(404);
    expect((await other.admin.put(`/api/vehicles/${mine.id}`, { color: 'x' })).statusCode).toBe(404);
    expect((await other.admin.delete(`/api/vehicles/${mine.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/vehicles/${mine.id}/service-history`)).statusCode).toBe(404);
    const exported = await other.admin.get(`/api/tenants/${other.tenantId}/vehicles/export.csv`);
    expect(exported.body).not.toContain('Lamborghini');
    expect(exported.body).toContain('Dacia');
    expect((await other.admin.get(`/api/tenants/${w.tenantId}/vehicles/export.csv`)).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  it('sends every matching vehicle with its customer, filtered like the list', async () => {
    const ws = await createWorkshop(t.app);
    const owner = await createCustomer(ws.admin, {
      firstName: 'Dina',
      lastName: 'Saleh',
      phone: '+966 11 222 3333',
      email: 'dina@example.com',
    });
    const other = await createCustomer(ws.admin, { firstName: 'Paul', lastName: 'White', phone: '555 0101', email: null });
    for (let i = 0; i < 55; i++) {
      await createVehicle(ws.admin, {
        customerId: i % 5 ? owner.id : other.id,
        make: 'Nissan',
        model: 'Patrol',
        year: 2010 + (i % 10),
        plateNumber: `RUH-${i}`,
      });
    }
    await createVehicle(ws.admin, {
      customerId: owner.id,
      make: 'Mazda',
      model: 'CX-5, AWD',
      year: 2022,
      plateNumber: 'RUH-MZ',
      vin: 'JM3KFBDM0N0000000',
      color: 'Soul Red',
      mileage: 1200,
      notes: 'New tyres',
    });

    const res = await ws.technician.get(`/api/tenants/${ws.tenantId}/vehicles/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vehicles-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFmake,model,year,plateNumber,vin,color,mileage,status,notes,customerPhone,customerEmail,customerName');
    expect(lines).toHaveLength(58);
    expect(lines[1]).toBe(
      `Mazda,"CX-5, AWD",2022,RUH-MZ,JM3KFBDM0N0000000,Soul Red,1200,active,New tyres,'+966 11 222 3333,dina@example.com,Dina Saleh`,
    );

    expect(
      (await ws.manager.get(`/api/tenants/${ws.tenantId}/vehicles/export.csv?customerId=${other.id}`)).body.split('\r\n'),
    ).toHaveLength(13);
    expect((await ws.manager.get(`/api/tenants/${ws.tenantId}/vehicles/export.csv?q=mazda`)).body.split('\r\n')).toHaveLength(3);

    // Exported, then imported into another workshop that has the same customers.
    const copy = await createWorkshop(t.app);
    await createCustomer(copy.admin, { firstName: 'Dina', lastName: 'Saleh', phone: '+966 11 222 3333', email: 'dina@example.com' });
    await createCustomer(copy.admin, { firstName: 'Paul', lastName: 'White', phone: '555 0101', email: null });
    const imported = await copy.admin.post('/api/vehicles/import', { rows: csvRecords(res.body).records });
    expect(imported.json()).toEqual({ imported: 56, valid: 56, errors: [] });
    const mazda = (await list(copy.admin, copy.tenantId, '?q=mazda')).json()[0];
    expect(mazda).toMatchObject({
      model: 'CX-5, AWD',
      vin: 'JM3KFBDM0N0000000',
      mileage: 1200,
      notes: 'New tyres',
      customer: { lastName: 'Saleh' },
    });
  });
});

describe('CSV import', () => {
  let ws: Workshop;
  let dina: { id: number };
  let paul: { id: number };
  beforeAll(async () => {
    ws = await createWorkshop(t.app);
    dina = await createCustomer(ws.admin, { firstName: 'Dina', lastName: 'Saleh', phone: '+966 11 222 3333', email: 'dina@example.com' });
    paul = await createCustomer(ws.admin, { firstName: 'Paul', lastName: 'White', phone: '555-0101', email: 'paul@example.com' });
    // A second customer with Paul's phone: the phone alone no longer says who.
    await createCustomer(ws.admin, { firstName: 'Paula', lastName: 'White', phone: '555 0101', email: 'paula@example.com' });
  });

  it('names the customer by phone (any formatting) or e-mail', async () => {
    const rows = [
      { Make: 'Toyota', Model: 'Hilux', Year: '2017', 'Plate Number': 'RUH-1', 'Customer Phone': '+966 (11) 222-3333' },
      {
        make: 'Honda',
        model: 'Pilot',
        year: '2020',
        plateNumber: 'RUH-2',
        customerEmail: 'PAUL@example.com',
        status: 'In service',
        mileage: '88000',
      },
      { make: 'Kia', model: 'Rio', year: '2015', plateNumber: 'RUH-3', customerPhone: '5550101', customerEmail: 'paul@example.com' },
    ];
    const dry = await ws.manager.post('/api/vehicles/import', { rows, dryRun: true });
    expect(dry.json()).toEqual({ imported: 0, valid: 3, errors: [] });
    expect((await list(ws.manager, ws.tenantId)).headers['x-total-count']).toBe('0');

    const res = await ws.manager.post('/api/vehicles/import', { rows });
    expect(res.json()).toEqual({ imported: 3, valid: 3, errors: [] });
    const all = (await list(ws.manager, ws.tenantId)).json();
    const byPlate = Object.fromEntries(all.map((x: { plateNumber: string }) => [x.plateNumber, x]));
    expect(byPlate['RUH-1']).toMatchObject({ customerId: dina.id, year: 2017, status: 'active' });
    expect(byPlate['RUH-2']).toMatchObject({ customerId: paul.id, status: 'in_service', mileage: 88000 });
    expect(byPlate['RUH-3']).toMatchObject({ customerId: paul.id });
    expect(published).toContainEqual({ tenantId: ws.tenantId, message: { type: 'update', entity: 'vehicles' } });
  });

  it('reports bad rows on their lines and writes nothing', async () => {
    const ok = { make: 'Ford', model: 'Focus', year: '2012', plateNumber: 'X-1', customerPhone: '+966 11 222 3333' };
    const rows = [
      ok,
      { ...ok, customerPhone: '000 000' },
      { ...ok, customerPhone: '', customerEmail: '' },
      { ...ok, customerPhone: '555 0101' },
      { ...ok, year: '1850', make: '' },
      { ...ok, year: String(nextYear + 1), vin: '1HGCM82643A004352' },
      { ...ok, customerPhone: '', customerEmail: 'nobody@example.com' },
    ];
    const before = (await list(ws.manager, ws.tenantId)).headers['x-total-count'];
    const dry = await ws.manager.post('/api/vehicles/import', { rows, dryRun: true });
    expect(dry.json()).toEqual({
      imported: 0,
      valid: 1,
      errors: [
        { row: 3, field: 'customerPhone', message: 'No customer has this phone' },
        { row: 4, field: 'customerPhone', message: 'Customer phone or e-mail is required' },
        { row: 5, field: 'customerPhone', message: 'More than one customer has this phone: add customerEmail' },
        { row: 6, field: 'make', message: 'Make is required' },
        { row: 6, field: 'year', message: yearMessage },
        { row: 7, field: 'year', message: yearMessage },
        { row: 7, field: 'vin', message: 'VIN check digit does not match' },
        { row: 8, field: 'customerEmail', message: 'No customer has this e-mail' },
      ],
    });
    const real = await ws.manager.post('/api/vehicles/import', { rows });
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({
      code: 'import.invalid',
      message: '6 rows have errors; nothing was imported',
      params: { errors: dry.json().errors, valid: 1 },
    });
    expect((await list(ws.manager, ws.tenantId)).headers['x-total-count']).toBe(before);
  });

  it('refuses a VIN twice in the file or already in the workshop', async () => {
    await createVehicle(ws.admin, { customerId: dina.id, vin: 'JHMCM56557C404453' });
    const row = { make: 'Honda', model: 'Accord', year: '2007', plateNumber: 'V', customerPhone: '+966112223333' };
    const res = await ws.manager.post('/api/vehicles/import', {
      dryRun: true,
      rows: [
        { ...row, vin: 'jhmcm56557c404453' },
        { ...row, vin: '1HGCM82633A004352' },
        { ...row, vin: '1hgcm82633a004352' },
        { ...row, vin: '' },
        { ...row, vin: '' },
      ],
    });
    expect(res.json()).toEqual({
      imported: 0,
      valid: 3,
      errors: [
        { row: 2, field: 'vin', message: 'A vehicle with this VIN already exists' },
        { row: 4, field: 'vin', message: 'The same VIN is on row 3' },
      ],
    });
  });
});
