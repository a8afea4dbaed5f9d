import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  // Observe what the routes publish on the live channel (the real publish still runs).
  const publish = t.app.live.publish.bind(t.app.live);
  t.app.live.publish = async (tenantId, message) => {
    published.push({ tenantId, message });
    return publish(tenantId, message);
  };
});
afterAll(async () => t.close());

const list = (client: Client, tenantId: number, query = '') => client.get(`/api/tenants/${tenantId}/customers${query}`);
const ids = (res: { json(): { id: number }[] }) => res.json().map((c) => c.id);

describe('creating and editing customers', () => {
  it('creates a customer and answers it with empty optional fields as null', async () => {
    const res = await w.manager.post('/api/customers', {
      firstName: ' Omar ',
      lastName: 'Saleh',
      phone: '+971 4 555 0101',
      email: '',
      city: 'Dubai',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      tenantId: w.tenantId,
      firstName: 'Omar',
      lastName: 'Saleh',
      email: null,
      phone: '+971 4 555 0101',
      address: null,
      city: 'Dubai',
      postalCode: null,
      notes: null,
      preferredLanguage: 'en',
      erasedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(published).toContainEqual({ tenantId: w.tenantId, message: { type: 'update', entity: 'customers' } });
  });

  it('answers the spec messages for missing names and phone, and an invalid e-mail', async () => {
    const res = await w.admin.post('/api/customers', {});
    expect(res.statusCode).toBe(400);
    expect(issueMessages(res)).toEqual(expect.arrayContaining(['First name is required', 'Last name is required', 'Phone is required']));
    const blank = await w.admin.post('/api/customers', { firstName: '  ', lastName: '', phone: ' ' });
    expect(issueMessages(blank).sort()).toEqual(['First name is required', 'Last name is required', 'Phone is required']);
    const email = await w.admin.post('/api/customers', { firstName: 'a', lastName: 'b', phone: '1', email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().issues).toEqual([{ path: 'email', message: 'Invalid email address', code: 'validation.email' }]);
    const long = await w.admin.post('/api/customers', { firstName: 'a', lastName: 'b', phone: '1'.repeat(21) });
    expect(long.json().issues).toEqual([
      { path: 'phone', message: 'Must be at most 20 characters', code: 'validation.maxLength', params: { max: '20' } },
    ]);
  });

  it('edits only the fields sent and checks them with the same rules', async () => {
    const c = await createCustomer(w.admin, { address: '12 Palm St' });
    const res = await w.manager.put(`/api/customers/${c.id}`, { city: 'Sharjah', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, firstName: c.firstName, address: '12 Palm St', city: 'Sharjah', email: null });
    expect(issueMessages(await w.manager.put(`/api/customers/${c.id}`, { firstName: '' }))).toEqual(['First name is required']);
    expect((await w.manager.put('/api/customers/99999999', { city: 'x' })).statusCode).toBe(404);
  });

  it('keeps the language their messages are written in: English unless told, Arabic or English only', async () => {
    const c = await createCustomer(w.admin, { preferredLanguage: 'ar' });
    expect(c.preferredLanguage).toBe('ar');
    const res = await w.manager.put(`/api/customers/${c.id}`, { city: 'Doha' });
    expect(res.json()).toMatchObject({ preferredLanguage: 'ar', city: 'Doha' });
    expect((await w.manager.put(`/api/customers/${c.id}`, { preferredLanguage: 'en' })).json().preferredLanguage).toBe('en');
    const wrong = await w.manager.put(`/api/customers/${c.id}`, { preferredLanguage: 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(issueMessages(wrong)).toEqual(['Must be one of en, ar']);
    const numeric = await w.manager.post('/api/customers', { firstName: 'a', lastName: 'b', phone: '1', preferredLanguage: 7 });
    expect(issueMessages(numeric)).toEqual(['Must be one of en, ar']);
  });
});

describe('customer list', () => {
  let ws: Workshop;
  const people: Record<string, { id: number }> = {};
  beforeAll(async () => {
    ws = await createWorkshop(t.app);
    people.rania = await createCustomer(ws.admin, {
      firstName: 'Rania',
      lastName: 'Khalil',
      email: 'rania.k@mail.example',
      phone: '+962 6 111 2233',
      city: 'Amman',
    });
    people.james = await createCustomer(ws.admin, {
      firstName: 'James',
      lastName: 'Brown',
      email: 'jb@post.example',
      phone: '555-0199',
      city: 'Springfield',
    });
    people.aisha = await createCustomer(ws.admin, {
      firstName: 'Aisha',
      lastName: 'Khalil',
      email: null,
      phone: '+971 50 765 4321',
      city: null,
    });
    people.peter = await createCustomer(ws.admin, {
      firstName: 'Peter',
      lastName: 'Aziz',
      email: 'p_aziz@work.example',
      phone: '0100 2000',
      city: 'Cairo',
    });
  });

  it('orders by last name, first name, id and sends the full count', async () => {
    const res = await list(ws.technician, ws.tenantId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(ids(res)).toEqual([people.peter.id, people.james.id, people.aisha.id, people.rania.id]);
  });

  it('searches each named field case-insensitively by substring', async () => {
    const search = async (q: string) => ids(await list(ws.manager, ws.tenantId, `?q=${encodeURIComponent(q)}`)).sort();
    expect(await search('ANI')).toEqual([people.rania.id]); // first name
    expect(await search('khal')).toEqual([people.rania.id, people.aisha.id].sort()); // last name
    expect(await search('POST.EXAMPLE')).toEqual([people.james.id]); // e-mail
    expect(await search('765 43')).toEqual([people.aisha.id]); // phone
    expect(await search('springf')).toEqual([people.james.id]); // city
    expect(await search('amMAN')).toEqual([people.rania.id]);
    expect(await search('zz')).toEqual([]);
    // Shorter than a trigram: still a substring search over the same fields.
    expect(await search('Br')).toEqual([people.james.id]);
    expect(await search('z')).toEqual([people.peter.id]);
    // % and _ are literal characters, not wildcards.
    expect(await search('p_a')).toEqual([people.peter.id]);
    expect(await search('%')).toEqual([]);
    const res = await list(ws.manager, ws.tenantId, '?q=khalil');
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('pages with limit and offset and keeps the full count', async () => {
    const page = await list(ws.manager, ws.tenantId, '?limit=2&offset=1');
    expect(ids(page)).toEqual([people.james.id, people.aisha.id]);
    expect(page.headers['x-total-count']).toBe('4');
    const searched = await list(ws.manager, ws.tenantId, '?q=khalil&limit=1&offset=1');
    expect(ids(searched)).toEqual([people.rania.id]);
    expect(searched.headers['x-total-count']).toBe('2');
    const past = await list(ws.manager, ws.tenantId, '?limit=2&offset=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
    expect((await list(ws.manager, ws.tenantId, '?limit=501')).statusCode).toBe(400);
    expect((await list(ws.manager, ws.tenantId, '?offset=-1')).statusCode).toBe(400);
  });

  it('costs a constant number of statements at any page size: one without a search, at most three with one', async () => {
    const plain = [
      await statementsDuring(t.database, () => list(ws.manager, ws.tenantId, '?limit=1')),
      await statementsDuring(t.database, () => list(ws.manager, ws.tenantId, '?limit=500')),
    ];
    expect(plain).toEqual([1, 1]);
    for (const limit of [1, 500]) {
      expect(await statementsDuring(t.database, () => list(ws.manager, ws.tenantId, `?limit=${limit}&q=khal`))).toBeLessThanOrEqual(3);
    }
  });
});

describe('customer detail and delete', () => {
  it('answers the customer with vehicle and job card counts', async () => {
    const c = await createCustomer(w.admin);
    const v = await createVehicle(w.admin, { customerId: c.id });
    await createVehicle(w.admin, { customerId: c.id });
    await insertJobCard(t.database.db, w.tenantId, c.id, v.id);
    const res = await w.technician.get(`/api/customers/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, firstName: c.firstName, vehicleCount: 2, jobCardCount: 1 });
  });

  it('refuses to delete a customer who still has vehicles or job cards, saying how many', async () => {
    const c = await createCustomer(w.admin);
    const v1 = await createVehicle(w.admin, { customerId: c.id });
    await createVehicle(w.admin, { customerId: c.id });
    await insertJobCard(t.database.db, w.tenantId, c.id, v1.id);
    const res = await w.manager.delete(`/api/customers/${c.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'customers.in_use',
      message: 'This customer still has 2 vehicles and 1 job card',
      params: { vehicles: 2, jobCards: 1 },
    });

    const onlyVehicle = await createCustomer(w.admin);
    await createVehicle(w.admin, { customerId: onlyVehicle.id });
    expect((await w.manager.delete(`/api/customers/${onlyVehicle.id}`)).json().message).toBe('This customer still has 1 vehicle');
    expect((await w.admin.get(`/api/customers/${c.id}`)).statusCode).toBe(200);
  });

  it('deletes a customer with nothing attached, notes included', async () => {
    const c = await createCustomer(w.admin);
    await w.admin.post(`/api/customers/${c.id}/notes`, { note: 'Prefers mornings' });
    const res = await w.manager.delete(`/api/customers/${c.id}`);
    expect(res.statusCode).toBe(204);
    expect((await w.admin.get(`/api/customers/${c.id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/customers/${c.id}`)).statusCode).toBe(404);
  });
});

describe('customer notes', () => {
  it('are written by staff, listed newest first with their author, and deleted', async () => {
    const c = await createCustomer(w.admin);
    const first = await w.manager.post(`/api/customers/${c.id}/notes`, { note: 'Pays by card' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      customerId: c.id,
      note: 'Pays by card',
      category: 'general',
      isImportant: false,
      createdBy: { id: w.manager.user.id, name: 'Mona manager' },
      createdAt: expect.any(String),
    });
    const second = await w.admin.post(`/api/customers/${c.id}/notes`, {
      note: 'Complained about wait',
      category: 'complaint',
      isImportant: true,
    });
    const notes = await w.technician.get(`/api/customers/${c.id}/notes`);
    expect(notes.statusCode).toBe(200);
    expect(notes.headers['x-total-count']).toBe('2');
    expect(notes.json().map((n: { id: number }) => n.id)).toEqual([second.json().id, first.json().id]);
    expect(notes.json()[0]).toMatchObject({ category: 'complaint', isImportant: true });

    expect(issueMessages(await w.manager.post(`/api/customers/${c.id}/notes`, { note: ' ' }))).toEqual(['Note is required']);
    expect((await w.technician.post(`/api/customers/${c.id}/notes`, { note: 'x' })).statusCode).toBe(403);
    expect((await w.technician.delete(`/api/customers/${c.id}/notes/${first.json().id}`)).statusCode).toBe(403);

    const other = await createCustomer(w.admin);
    expect((await w.manager.delete(`/api/customers/${other.id}/notes/${first.json().id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/customers/${c.id}/notes/${first.json().id}`)).statusCode).toBe(204);
    expect((await w.manager.get(`/api/customers/${c.id}/notes`)).json().map((n: { id: number }) => n.id)).toEqual([second.json().id]);
    expect((await w.manager.post('/api/customers/99999999/notes', { note: 'x' })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('lets a technician read but not create, edit, delete or import', async () => {
    const c = await createCustomer(w.admin);
    expect((await list(w.technician, w.tenantId)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/customers/${c.id}`)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/tenants/${w.tenantId}/customers/export.csv`)).statusCode).toBe(200);
    expect((await w.technician.post('/api/customers', { firstName: 'a', lastName: 'b', phone: '1' })).statusCode).toBe(403);
    expect((await w.technician.put(`/api/customers/${c.id}`, { city: 'x' })).statusCode).toBe(403);
    expect((await w.technician.delete(`/api/customers/${c.id}`)).statusCode).toBe(403);
    const imported = await w.technician.post('/api/customers/import', { rows: [{ firstName: 'a', lastName: 'b', phone: '1' }] });
    expect(imported.statusCode).toBe(403);
    expect((await w.admin.get(`/api/customers/${c.id}`)).json()).toMatchObject({ city: c.city });
  });
});

describe('workshops are separate', () => {
  it('hides another workshop’s customers by list, id, search, notes and export', async () => {
    const mine = await createCustomer(w.admin, { firstName: 'Hidden', lastName: 'Zephyrine', phone: '+1 999 000 1111' });
    await w.admin.post(`/api/customers/${mine.id}/notes`, { note: 'secret' });
    const other = await createWorkshop(t.app);
    await createCustomer(other.admin, { firstName: 'Visible', lastName: 'Other' });

    const theirs = await list(other.admin, other.tenantId);
    expect(theirs.json().map((c: { lastName: string }) => c.lastName)).toEqual(['Other']);
    expect(theirs.headers['x-total-count']).toBe('1');
    expect((await list(other.admin, other.tenantId, '?q=zephyr')).json()).toEqual([]);
    expect((await list(other.admin, w.tenantId)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/customers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.admin.put(`/api/customers/${mine.id}`, { city: 'x' })).statusCode).toBe(404);
    expect((await other.admin.delete(`/api/customers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/customers/${mine.id}/notes`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/customers/${mine.id}/notes`, { note: 'x' })).statusCode).toBe(404);
    const exported = await other.admin.get(`/api/tenants/${other.tenantId}/customers/export.csv?q=zephyr`);
    expect(exported.body).toBe('\uFEFFfirstName,lastName,email,phone,address,city,postalCode,notes,preferredLanguage\r\n');
    expect((await other.admin.get(`/api/tenants/${w.tenantId}/customers/export.csv`)).statusCode).toBe(404);
    expect((await w.admin.get(`/api/customers/${mine.id}`)).json().lastName).toBe('Zephyrine');
  });
});

describe('CSV export', () => {
  it('sends every matching customer (not one page) as CSV with a file name', async () => {
    const ws = await createWorkshop(t.app);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      firstName: `Client${String(i).padStart(2, '0')}`,
      lastName: i % 2 ? 'Odd' : 'Even',
      phone: `+1 202 555 ${String(i).padStart(4, '0')}`,
      city: i === 7 ? 'Doha, Qatar' : 'Austin',
      notes: i === 3 ? 'Said "call first"' : '',
      preferredLanguage: i === 0 ? 'ar' : '',
    }));
    expect((await ws.admin.post('/api/customers/import', { rows })).json().imported).toBe(60);
    const res = await ws.technician.get(`/api/tenants/${ws.tenantId}/customers/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFfirstName,lastName,email,phone,address,city,postalCode,notes,preferredLanguage');
    expect(lines).toHaveLength(62); // header, 60 rows, the empty string after the last line break
    // A leading + would run as a formula in a spreadsheet: core/csv.ts writes a ' before it.
    expect(lines[1]).toBe("Client00,Even,,'+1 202 555 0000,,Austin,,,ar");
    expect(res.body).toContain(`Client03,Odd,,'+1 202 555 0003,,Austin,,"Said ""call first""",en`);
    expect(res.body).toContain(`Client07,Odd,,'+1 202 555 0007,,"Doha, Qatar",,,en`);

    const filtered = await ws.manager.get(`/api/tenants/${ws.tenantId}/customers/export.csv?q=odd`);
    expect(filtered.body.split('\r\n')).toHaveLength(32);

    // A query the database cannot take is refused before the first byte, not sent as a header row and a cut.
    const refused = await ws.manager.get(`/api/tenants/${ws.tenantId}/customers/export.csv?q=a%00b`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'q', message: 'Contains a character that cannot be stored', code: 'validation.unstorable' },
    ]);
    const vehicles = await ws.manager.get(`/api/tenants/${ws.tenantId}/vehicles/export.csv?customerId=2147483648`);
    expect(vehicles.statusCode).toBe(400);
    expect(vehicles.json().issues).toEqual([
      { path: 'customerId', message: 'Must be at most 2,147,483,647', code: 'validation.numberMax', params: { max: '2,147,483,647' } },
    ]);

    // The exported file imports unchanged into another workshop.
    const other = await createWorkshop(t.app);
    const { records } = csvRecords(filtered.body);
    expect((await other.admin.post('/api/customers/import', { rows: records })).json()).toEqual({ imported: 30, valid: 30, errors: [] });
    const copied = (await list(other.admin, other.tenantId, '?limit=500')).json();
    expect(copied).toHaveLength(30);
    expect(copied.find((c: { firstName: string }) => c.firstName === 'Client03')).toMatchObject({
      phone: '+1 202 555 0003',
      notes: 'Said "call first"',
      email: null,
      city: 'Austin',
    });
  });
});

describe('CSV import', () => {
  const good = [
    { 'First Name': 'Salma', 'Last Name': 'Hamdan', Phone: '+974 4444 1000', Email: 'salma@example.com', City: 'Doha' },
    { 'First Name': 'George', 'Last Name': 'Taylor', Phone: '+1 303 555 0100', Email: '', City: '' },
  ];

  it('checks a dry run without writing anything', async () => {
    const ws = await createWorkshop(t.app);
    const res = await ws.manager.post('/api/customers/import', { rows: good, dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 0, valid: 2, errors: [] });
    expect((await list(ws.manager, ws.tenantId)).headers['x-total-count']).toBe('0');
  });

  it('reports each bad row on its line in the file with the field and the spec message', async () => {
    const ws = await createWorkshop(t.app);
    const rows = [
      good[0],
      { firstName: '', lastName: 'Nofirst', phone: '1' },
      { firstName: 'Mail', lastName: 'Bad', phone: '2', email: 'nope' },
      { firstName: 'Nophone', lastName: 'Person', phone: '   ' },
      good[1],
      { firstName: 'Lang', lastName: 'Wrong', phone: '3', 'Preferred Language': 'French' },
    ];
    const dry = await ws.manager.post('/api/customers/import', { rows, dryRun: true });
    expect(dry.json()).toEqual({
      imported: 0,
      valid: 2,
      errors: [
        { row: 3, field: 'firstName', message: 'First name is required' },
        { row: 4, field: 'email', message: 'Invalid email address' },
        { row: 5, field: 'phone', message: 'Phone is required' },
        { row: 7, field: 'preferredLanguage', message: 'Must be one of en, ar' },
      ],
    });
    const real = await ws.manager.post('/api/customers/import', { rows });
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({ code: 'import.invalid', message: '4 rows have errors; nothing was imported' });
    expect(real.json().params.errors).toEqual(dry.json().errors);
    expect((await list(ws.manager, ws.tenantId)).headers['x-total-count']).toBe('0');
  });

  it('writes all rows when every row is valid', async () => {
    const ws = await createWorkshop(t.app);
    const res = await ws.manager.post('/api/customers/import', { rows: good });
    expect(res.json()).toEqual({ imported: 2, valid: 2, errors: [] });
    const all = (await list(ws.manager, ws.tenantId)).json();
    expect(all.map((c: { lastName: string }) => c.lastName)).toEqual(['Hamdan', 'Taylor']);
    expect(all[0]).toMatchObject({ firstName: 'Salma', email: 'salma@example.com', city: 'Doha', phone: '+974 4444 1000' });
    expect(all[1]).toMatchObject({ email: null, city: null });
  });

  it('refuses the same person twice in the file or already in the workshop', async () => {
    const ws = await createWorkshop(t.app);
    await createCustomer(ws.admin, { firstName: 'Salma', lastName: 'Hamdan', phone: '+974 4444 1000' });
    const rows = [good[0], good[1], { 'First Name': 'george', 'Last Name': 'TAYLOR', Phone: '+1 (303) 555-0100' }];
    const res = await ws.manager.post('/api/customers/import', { rows, dryRun: true });
    expect(res.json()).toEqual({
      imported: 0,
      valid: 1,
      errors: [
        { row: 2, field: 'phone', message: 'This customer (name and phone) already exists' },
        { row: 4, field: 'phone', message: 'The same customer (name and phone) is on row 3' },
      ],
    });
  });

  it('takes no empty file', async () => {
    const res = await w.manager.post('/api/customers/import', { rows: [] });
    expect(res.statusCode).toBe(400);
    expect(issueMessages(res)).toEqual(['The file has no rows']);
  });
});
