import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createCustomer, createVehicle, insertJobCard } from '../../test/customers-vehicles.ts';
import { createEstimate, createInvoice, updateSettings } from '../../test/billing.ts';
import { queryRows } from '../../db/client.ts';
import { csvRecords } from '../../../core/csv.ts';
import type { AuditEntry } from '../../../core/contracts/audit.ts';
import type { CustomerConsents, DataRequest } from '../../../core/contracts/data-rights.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';
import { ARCHIVE_FILES } from './data-rights.service.ts';

let t: TestApp;
let w: Workshop;
/** What the app sent, by channel (the app's e-mail and SMS senders, stood in for). */
const sent: Array<{ channel: 'email' | 'sms'; to: string; subject: string; text: string }> = [];
beforeAll(async () => {
  t = await createTestApp({
    senders: {
      email: async (m) => void sent.push({ channel: 'email', ...m }),
      sms: async (m) => void sent.push({ channel: 'sms', ...m }),
    },
  });
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

/** The answer to attaching a file to a customer through the API. */
const attachOf = (client: Client, customerId: number, name = 'passport.txt', body = 'ID 123') =>
  t.app.inject({
    method: 'POST',
    url: `/api/attachments?entityType=customer&entityId=${customerId}`,
    headers: { cookie: client.cookie, 'content-type': 'multipart/form-data; boundary=X' },
    payload: `--X\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${body}\r\n--X--\r\n`,
  });

/** A file attached to a customer through the API. */
async function attach(client: Client, customerId: number, name = 'passport.txt', body = 'ID 123') {
  const res = await attachOf(client, customerId, name, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** A customer with something of every kind: vehicle, note, file, consents, job card, estimate, invoice with a payment. */
async function fullCustomer(ws: Workshop, firstName = 'Samira', lastName = 'Haddad') {
  const customer = await createCustomer(ws.manager, { firstName, lastName, address: '12 Palm Street', notes: 'Prefers mornings' });
  const vehicle = await createVehicle(ws.manager, { customerId: customer.id, plateNumber: `SAM-${customer.id}`, vin: '1HGCM82633A004352' });
  expect((await ws.manager.post(`/api/customers/${customer.id}/notes`, { note: `Called about ${firstName}'s brakes` })).statusCode).toBe(
    201,
  );
  const file = await attach(ws.manager, customer.id);
  const consents = await ws.manager.put(`/api/customers/${customer.id}/consents`, {
    marketing_email: true,
    marketing_sms: false,
    source: 'in_person',
  });
  expect(consents.statusCode, consents.body).toBe(200);
  const jobCard = await insertJobCard(t.database.db, ws.tenantId, customer.id, vehicle.id);
  const estimate = await createEstimate(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: '40.00' } as never);
  const invoice = await createInvoice(ws.manager, {
    customerId: customer.id,
    vehicleId: vehicle.id,
    laborCost: '100.00',
    status: 'sent',
    notes: `Invoice for ${firstName}`,
  } as never);
  const paid = await ws.manager.post(`/api/tenants/${ws.tenantId}/invoices/${invoice.id}/record-payment`, {
    paidAmount: '30.00',
    paymentMethod: 'cash',
    referenceNumber: 'R-1',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { customer, vehicle, file, jobCard, estimate, invoice };
}

const exportOf = async (client: Client, customerId: number) => client.post(`/api/customers/${customerId}/data-export`);
const unzip = (payload: Buffer) => {
  const files = unzipSync(new Uint8Array(payload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
};
const requestsOf = async (client: Client, customerId: number): Promise<DataRequest[]> => {
  const res = await client.get(`/api/customers/${customerId}/data-requests`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const countsOf = (r: { counts: Array<{ kind: string; count: number }> }) => Object.fromEntries(r.counts.map((c) => [c.kind, c.count]));
const auditOf = async (query: string): Promise<AuditEntry[]> =>
  (await w.admin.get(`/api/tenants/${w.tenantId}/audit-log?limit=500${query}`)).json();

describe("a customer's data export", () => {
  it('is a zip of customer.json and one CSV per kind, with all of theirs and nothing of anyone else', async () => {
    const mine = await fullCustomer(w);
    const someoneElse = await fullCustomer(w, 'Omar', 'Khalil');
    const res = await exportOf(w.manager, mine.customer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="customer-${mine.customer.id}-data-\\d{4}-\\d\\d-\\d\\d\\.zip"`),
    );
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual([...ARCHIVE_FILES].sort());

    const json = JSON.parse(files['customer.json']);
    expect(json.customer).toMatchObject({ id: mine.customer.id, firstName: 'Samira', lastName: 'Haddad', address: '12 Palm Street' });
    expect(json.customer).not.toHaveProperty('tenantId');
    expect(json.vehicles).toEqual([expect.objectContaining({ id: mine.vehicle.id, plateNumber: `SAM-${mine.customer.id}` })]);
    expect(json.notes).toEqual([expect.objectContaining({ note: "Called about Samira's brakes", createdByName: expect.any(String) })]);
    expect(json.attachments).toEqual([
      { id: mine.file.id, originalName: 'passport.txt', mimeType: 'text/plain', size: 6, createdAt: expect.any(String) },
    ]);
    expect(json.consents.map((c: { consentType: string; consentGiven: boolean }) => [c.consentType, c.consentGiven])).toEqual([
      ['marketing_email', true],
      ['marketing_sms', false],
    ]);
    expect(json.jobCards.map((j: { id: number }) => j.id)).toEqual([mine.jobCard.id]);
    expect(json.estimates.map((e: { id: number }) => e.id)).toEqual([mine.estimate.id]);
    expect(json.invoices).toEqual([expect.objectContaining({ invoiceNumber: mine.invoice.invoiceNumber, paidAmount: '30.00' })]);
    expect(json.payments).toEqual([expect.objectContaining({ amount: '30.00', referenceNumber: 'R-1' })]);
    expect(json.audit.some((a: { resourceType: string; action: string }) => a.resourceType === 'customers' && a.action === 'create')).toBe(
      true,
    );
    expect(json.audit.some((a: { resourceType: string }) => a.resourceType === 'customer_notes')).toBe(true);
    expect(json.customer.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const csv = (name: string) => csvRecords(files[name]).records;
    expect(csv('customer.csv')).toEqual([
      expect.objectContaining({ id: String(mine.customer.id), firstName: 'Samira', phone: `'${mine.customer.phone}` }), // a leading + is neutralised for spreadsheets,
    ]);
    expect(csv('vehicles.csv')[0]).toMatchObject({ plateNumber: `SAM-${mine.customer.id}`, vin: '1HGCM82633A004352' });
    expect(csv('notes.csv')[0].note).toBe("Called about Samira's brakes");
    expect(csv('attachments.csv')).toEqual([expect.objectContaining({ originalName: 'passport.txt', size: '6' })]);
    expect(csv('attachments.csv')[0]).not.toHaveProperty('content');
    expect(csv('consents.csv')).toHaveLength(2);
    expect(csv('job-cards.csv')[0].jobNumber).toBe(mine.jobCard.jobNumber);
    expect(csv('estimates.csv')[0].estimateNumber).toBe(mine.estimate.estimateNumber);
    expect(csv('invoices.csv')[0]).toMatchObject({ invoiceNumber: mine.invoice.invoiceNumber, totalAmount: mine.invoice.totalAmount });
    expect(csv('payments.csv')[0]).toMatchObject({ amount: '30.00', paymentMethod: 'cash' });
    expect(csv('audit.csv').length).toBe(json.audit.length);
    expect(JSON.parse(csv('audit.csv')[0].details)).toHaveProperty('changes');
    // An empty kind still has its header.
    expect(files['appointments.csv']).toMatch(/^\uFEFF?id,appointmentNumber,/);

    const everything = Object.values(files).join('\n');
    for (const other of [
      'Omar',
      'Khalil',
      someoneElse.customer.phone,
      someoneElse.invoice.invoiceNumber,
      `SAM-${someoneElse.customer.id}`,
    ]) {
      expect(everything).not.toContain(other);
    }

    const [request] = await requestsOf(w.admin, mine.customer.id);
    expect(request).toMatchObject({
      requestType: 'export',
      status: 'completed',
      handledBy: { id: w.manager.user.id },
      file: expect.stringMatching(/\.zip$/),
      error: null,
    });
    expect(countsOf(request)).toMatchObject({ vehicles: 1, notes: 1, invoices: 1, payments: 1, attachments: 1 });
    expect(Date.parse(request.expiresAt!) - Date.parse(request.completedAt!)).toBe(7 * 86_400_000);
    const [audited] = await auditOf(`&action=export&resourceType=customers&resourceId=${mine.customer.id}`);
    expect(audited).toMatchObject({ user: { id: w.manager.user.id }, details: { requestId: request.id } });
  });

  it('is for admins and managers of the workshop: technicians 403, another workshop 404, bad ids 400 or 404', async () => {
    const { id } = await createCustomer(w.manager);
    expect((await exportOf(w.technician, id)).statusCode).toBe(403);
    expect((await w.technician.get(`/api/customers/${id}/data-requests`)).statusCode).toBe(403);
    const other = await createWorkshop(t.app);
    expect((await exportOf(other.admin, id)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/customers/${id}/data-requests`)).statusCode).toBe(404);
    expect((await exportOf(w.admin, 2_147_483_647)).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '2147483648', '99999999999999999999']) {
      expect((await exportOf(w.admin, bad as never)).statusCode, bad).toBe(400);
    }
    expect(await requestsOf(w.admin, id)).toEqual([]);
  });
});

describe("a customer's erasure", () => {
  it('anonymises them, removes notes, files and consents, keeps invoices and payments, scrubs the audit log, once', async () => {
    const mine = await fullCustomer(w, 'Rania', 'Saleh');
    const id = mine.customer.id;
    // A change before the erasure: its audit entry holds the old and new values.
    expect((await w.manager.put(`/api/customers/${id}`, { email: 'rania.saleh@example.com' })).statusCode).toBe(200);
    const other = await fullCustomer(w, 'Yusuf', 'Amin');
    // Where the staff's tools named her: an AI conversation about her, another that quotes her
    // name and e-mail, and a notification (one about Yusuf stays as it was).
    const said = (text: string) => JSON.stringify([{ role: 'user', content: text }]);
    const [aboutHer] = await rows<{ id: number }>(
      sql`insert into ai_chat_conversations (tenant_id, user_id, customer_id, messages)
          values (${w.tenantId}, ${w.manager.user.id}, ${id}, ${said('Who is she?')}::jsonb) returning id`,
    );
    const [quoting] = await rows<{ id: number }>(
      sql`insert into ai_chat_conversations (tenant_id, user_id, messages)
          values (${w.tenantId}, ${w.manager.user.id}, ${said('Call Rania Saleh "today" at rania.saleh@example.com; Yusuf Amin too')}::jsonb)
          returning id`,
    );
    const [told] = await rows<{ id: number }>(
      sql`insert into notifications (tenant_id, user_id, type, details, title, message, channel, status)
          values (${w.tenantId}, ${w.manager.user.id}, 'daily_digest', ${JSON.stringify({ lines: ['10:00 · Rania Saleh'] })}::jsonb,
                  'Your day', 'Appointments: 10:00 Brakes · Rania Saleh; 11:00 Yusuf Amin', 'email', 'sent') returning id`,
    );

    expect((await w.manager.post(`/api/customers/${id}/erase`, { confirm: 'Rania Saleh' })).statusCode).toBe(403);
    expect((await w.technician.post(`/api/customers/${id}/erase`, { confirm: 'Rania Saleh' })).statusCode).toBe(403);
    const wrong = await w.admin.post(`/api/customers/${id}/erase`, { confirm: 'Rania' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('data_rights.confirm_mismatch');

    const res = await w.admin.post(`/api/customers/${id}/erase`, { confirm: '  rania   SALEH ', reason: 'Asked by e-mail' });
    expect(res.statusCode, res.body).toBe(200);
    expect(countsOf(res.json())).toMatchObject({
      notes: 1,
      attachments: 1,
      consents: 2,
      vehicles: 1,
      invoicesKept: 1,
      paymentsKept: 1,
      mentions: 3,
    });
    const label = `Erased customer #${id}`;
    expect(await rows(sql`select id from ai_chat_conversations where id = ${aboutHer.id}`)).toEqual([]);
    const [chat] = await rows<{ messages: Array<{ content: string }> }>(
      sql`select messages from ai_chat_conversations where id = ${quoting.id}`,
    );
    expect(chat.messages[0].content).toBe(`Call ${label} "today" at ${label}; Yusuf Amin too`);
    const [note] = await rows<{ message: string; details: { lines: string[] } }>(
      sql`select message, details from notifications where id = ${told.id}`,
    );
    expect(note.message).toBe(`Appointments: 10:00 Brakes · ${label}; 11:00 Yusuf Amin`);
    expect(note.details.lines).toEqual([`10:00 · ${label}`]);

    // The erased record takes nothing personal again: no edit, note, consent, file or vehicle.
    const refusals = [
      await w.admin.put(`/api/customers/${id}`, { firstName: 'Rania' }),
      await w.admin.post(`/api/customers/${id}/notes`, { note: 'Came back' }),
      await w.admin.put(`/api/customers/${id}/consents`, { marketing_email: true, source: 'phone' }),
      await attachOf(w.admin, id),
      await w.admin.post('/api/vehicles', { customerId: id, make: 'Kia', model: 'Rio', year: 2021, plateNumber: 'NEW-1' }),
      await w.admin.put(`/api/vehicles/${mine.vehicle.id}`, { plateNumber: 'SAM-AGAIN' }),
      await w.admin.put(`/api/vehicles/${other.vehicle.id}`, { customerId: id }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('customers.erased');
    }
    expect((await w.admin.get(`/api/customers/${other.customer.id}`)).json().vehicleCount).toBe(1);

    const after = (await w.admin.get(`/api/customers/${id}`)).json();
    expect(after).toMatchObject({
      firstName: `Erased customer #${id}`,
      lastName: '',
      email: null,
      phone: '',
      address: null,
      city: null,
      notes: null,
      vehicleCount: 1,
      jobCardCount: 1,
    });
    expect((await w.admin.get(`/api/customers/${id}/notes`)).json()).toEqual([]);
    expect((await w.admin.get(`/api/attachments/${mine.file.id}/download`)).statusCode).toBe(404);
    expect(await rows(sql`select id from attachments where id = ${mine.file.id}`)).toEqual([]);
    expect(((await w.admin.get(`/api/customers/${id}/consents`)).json() as CustomerConsents).history).toEqual([]);
    const vehicle = (await w.admin.get(`/api/vehicles/${mine.vehicle.id}`)).json();
    expect(vehicle).toMatchObject({ plateNumber: `ERASED-${mine.vehicle.id}`, vin: null, make: 'Toyota' });
    const invoice = (await w.admin.get(`/api/tenants/${w.tenantId}/invoices/${mine.invoice.id}`)).json();
    expect(invoice).toMatchObject({
      invoiceNumber: mine.invoice.invoiceNumber,
      totalAmount: mine.invoice.totalAmount,
      paidAmount: '30.00',
      invoiceDate: mine.invoice.invoiceDate,
      notes: 'Invoice for Rania', // within the legal retention (7 years by default)
    });
    const payments = (await w.admin.get(`/api/tenants/${w.tenantId}/invoices/${mine.invoice.id}/payments`)).json();
    expect(payments).toEqual([expect.objectContaining({ amount: '30.00', referenceNumber: 'R-1' })]);

    // The audit log keeps who did what and when, not the personal values.
    const about = JSON.stringify(await auditOf(`&resourceType=customers&resourceId=${id}`));
    for (const personal of ['Rania', 'Saleh', 'rania.saleh@example.com', mine.customer.phone, '12 Palm Street', 'Prefers mornings']) {
      expect(about).not.toContain(personal);
    }
    expect(about).toContain('[erased]');
    const all = JSON.stringify(await auditOf(''));
    for (const personal of ["Rania's brakes", `SAM-${id}`]) expect(all).not.toContain(personal);
    // Someone else's entries are untouched.
    expect(JSON.stringify(await auditOf(`&resourceType=customers&resourceId=${other.customer.id}`))).toContain('Yusuf');
    expect((await w.admin.get(`/api/customers/${other.customer.id}`)).json().firstName).toBe('Yusuf');
    expect((await w.admin.get(`/api/customers/${other.customer.id}/notes`)).json()).toHaveLength(1);

    const [erase] = await requestsOf(w.admin, id);
    expect(erase).toMatchObject({
      requestType: 'erase',
      status: 'completed',
      handledBy: { id: w.admin.user.id },
      reason: 'Asked by e-mail',
    });
    expect(countsOf(erase)).toMatchObject({ notes: 1, attachments: 1 });
    const [audited] = await auditOf(`&action=erase&resourceId=${id}`);
    expect(audited).toMatchObject({ user: { id: w.admin.user.id }, resourceType: 'customers', details: { requestId: erase.id } });

    const again = await w.admin.post(`/api/customers/${id}/erase`, { confirm: `Erased customer #${id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('data_rights.already_erased');
    // The export still works, and shows what is left.
    const files = unzip((await exportOf(w.admin, id)).rawPayload);
    expect(files['customer.json']).not.toContain('Saleh');
  });

  it('takes no new booking, appointment, job card, estimate or invoice; their existing ones can still be moved or cancelled', async () => {
    const mine = await fullCustomer(w, 'Layla', 'Fares');
    const { id } = mine.customer;
    const vehicleId = mine.vehicle.id;
    const later = addDays(dayInZone(new Date(), 'UTC'), 20);
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const booked = await w.manager.post('/api/service-bookings', {
      customerId: id,
      vehicleId,
      serviceType: 'Brakes',
      scheduledDate: at(later),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointments = `/api/tenants/${w.tenantId}/appointments`;
    const visit = { customerName: 'Layla Fares', customerPhone: '+971 50 222 3333', serviceType: 'oil_change', scheduledDate: later };
    const appointment = await w.manager.post(appointments, { ...visit, customerId: id, vehicleId });
    expect(appointment.statusCode, appointment.body).toBe(201);
    expect((await w.admin.post(`/api/customers/${id}/erase`, { confirm: 'Layla Fares' })).statusCode).toBe(200);

    const refusals = [
      await w.manager.post('/api/service-bookings', { customerId: id, vehicleId, serviceType: 'Tyres', scheduledDate: at(later) }),
      await w.manager.post(appointments, { ...visit, customerName: 'Someone', customerId: id }),
      // Their vehicle under a new name is theirs too.
      await w.manager.post(appointments, { ...visit, customerName: 'Someone Else', vehicleId }),
      await w.manager.post('/api/job-cards', { customerId: id, vehicleId, serviceType: 'Brakes' }),
      await w.manager.post(`/api/tenants/${w.tenantId}/estimates`, {
        customerId: id,
        vehicleId,
        description: 'Brakes',
        laborCost: '10.00',
      }),
      await w.manager.post(`/api/tenants/${w.tenantId}/invoices`, { customerId: id, vehicleId, description: 'Brakes', laborCost: '10.00' }),
    ];
    // Moving someone else's record to them is adding to them too.
    const other = await fullCustomer(w, 'Omar', 'Nasser');
    refusals.push(await w.manager.put(`/api/job-cards/${other.jobCard.id}`, { customerId: id, vehicleId }));
    for (const [i, refused] of refusals.entries()) {
      expect(refused.statusCode, `${i}: ${refused.body}`).toBe(409);
      expect(refused.json().code).toBe('customers.erased');
    }

    // What they already had: rescheduled and cancelled, the same customer named again (as the dialogs send it).
    const rescheduled = await w.manager.put(`/api/service-bookings/${booked.json().id}`, {
      customerId: id,
      vehicleId,
      serviceType: 'Brakes',
      scheduledDate: at(addDays(later, 1)),
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const cancelled = await w.manager.put(`/api/service-bookings/${booked.json().id}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Their appointment reads as a plate-less, nameless visit.
    const seen = await w.manager.get(`${appointments}/${appointment.json().id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ customerName: `Erased customer #${id}`, customerPhone: '', vehicleInfo: { plateNumber: '' } });
    const apptCancelled = await w.manager.put(`${appointments}/${appointment.json().id}`, {
      customerId: id,
      vehicleId,
      status: 'cancelled',
    });
    expect(apptCancelled.statusCode, apptCancelled.body).toBe(200);
    const estimate = await w.manager.put(`/api/tenants/${w.tenantId}/estimates/${mine.estimate.id}`, {
      customerId: id,
      vehicleId,
      laborCost: '45.00',
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
  });

  it('takes out invoice and payment text older than the legal retention, keeping numbers and amounts', async () => {
    const ws = await createWorkshop(t.app);
    await updateSettings(ws.admin, { legalRetentionYears: 1 });
    const mine = await fullCustomer(ws, 'Karim', 'Aziz');
    await t.database.db.execute(sql`update invoices set invoice_date = invoice_date - interval '2 years' where id = ${mine.invoice.id}`);
    await t.database.db.execute(
      sql`update payments set payment_date = payment_date - interval '2 years' where invoice_id = ${mine.invoice.id}`,
    );
    const res = await ws.admin.post(`/api/customers/${mine.customer.id}/erase`, { confirm: 'Karim Aziz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(countsOf(res.json())).toMatchObject({ invoicesKept: 1, invoicesScrubbed: 1, paymentsKept: 1, paymentsScrubbed: 1 });
    const invoice = (await ws.admin.get(`/api/tenants/${ws.tenantId}/invoices/${mine.invoice.id}`)).json();
    expect(invoice).toMatchObject({ invoiceNumber: mine.invoice.invoiceNumber, totalAmount: mine.invoice.totalAmount, notes: null });
    const [payment] = (await ws.admin.get(`/api/tenants/${ws.tenantId}/invoices/${mine.invoice.id}/payments`)).json();
    expect(payment).toMatchObject({ amount: '30.00', referenceNumber: null });
  });

  it('refuses another workshop (404), bad bodies (400) and never half-erases', async () => {
    const { id } = await createCustomer(w.manager, { firstName: 'Dana', lastName: 'Fares' });
    const other = await createWorkshop(t.app);
    expect((await other.admin.post(`/api/customers/${id}/erase`, { confirm: 'Dana Fares' })).statusCode).toBe(404);
    for (const body of [
      {},
      { confirm: 5 },
      { confirm: 'x'.repeat(301) },
      { confirm: 'Dana Fares', reason: 'r'.repeat(501) },
      { confirm: 'a\u0000' },
      { confirm: 'Dana Fares', extra: 1 },
    ]) {
      expect((await w.admin.post(`/api/customers/${id}/erase`, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await w.admin.post(`/api/customers/2147483648/erase`, { confirm: 'x' })).statusCode).toBe(400);
    expect((await w.admin.get(`/api/customers/${id}`)).json().firstName).toBe('Dana');
    expect(await requestsOf(w.admin, id)).toEqual([]);
  });

  it('takes 20 consent changes and 20 erasures at once: no failure, no repeated choice, one erasure and 409 for the rest', async () => {
    const { id } = await createCustomer(w.manager, { firstName: 'Nadia', lastName: 'Burst' });
    const changes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.manager.put(`/api/customers/${id}/consents`, { marketing_email: i % 2 === 0, source: 'phone' }),
      ),
    );
    expect(changes.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const { history }: CustomerConsents = (await w.admin.get(`/api/customers/${id}/consents`)).json();
    // Each row is a change of the one before it: two requests never both record the same choice.
    const choices = history.map((r) => r.consentGiven).reverse();
    expect(choices.every((given, i) => i === 0 || given !== choices[i - 1])).toBe(true);

    const erasures = await Promise.all(
      Array.from({ length: 20 }, () => w.admin.post(`/api/customers/${id}/erase`, { confirm: 'Nadia Burst' })),
    );
    const codes = erasures.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200)).toEqual(Array(19).fill(409));
    expect((await requestsOf(w.admin, id)).filter((r) => r.requestType === 'erase')).toHaveLength(1);
  });

  it('the audit log stays append-only outside an erasure', async () => {
    const refused = await t.database.db.execute(sql`update audit_logs set details = '{}'::jsonb where tenant_id = ${w.tenantId}`).then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(refused).toMatch(/append-only/);
    // Even with the setting naming the workshop, nothing but details may change.
    const moved = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('workbay.audit_erase', ${String(w.tenantId)}, true)`);
        await tx.execute(sql`update audit_logs set action = 'create' where tenant_id = ${w.tenantId}`);
      })
      .then(
        () => null,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(moved).toMatch(/append-only/);
  });
});

describe("a customer's consents", () => {
  it('keep a history (a row per change), the latest in force, recorded by staff with the source', async () => {
    const { id } = await createCustomer(w.manager);
    const empty: CustomerConsents = (await w.technician.get(`/api/customers/${id}/consents`)).json();
    expect(empty).toEqual({ current: { marketing_email: null, marketing_sms: null }, history: [] });
    expect((await w.technician.put(`/api/customers/${id}/consents`, { marketing_email: true, source: 'form' })).statusCode).toBe(403);
    const first = await w.manager.put(`/api/customers/${id}/consents`, {
      marketing_email: true,
      marketing_sms: true,
      source: 'form',
      note: 'Signed',
    });
    expect(first.statusCode, first.body).toBe(200);
    // The same choice again adds nothing; a change adds one row.
    await w.manager.put(`/api/customers/${id}/consents`, { marketing_email: true, source: 'phone' });
    const second: CustomerConsents = (await w.admin.put(`/api/customers/${id}/consents`, { marketing_sms: false, source: 'phone' })).json();
    expect(second.history).toHaveLength(3);
    expect(second.current.marketing_email).toMatchObject({
      consentGiven: true,
      source: 'form',
      consentVersion: expect.any(String),
      recordedBy: { id: w.manager.user.id },
    });
    expect(second.current.marketing_sms).toMatchObject({ consentGiven: false, source: 'phone', recordedBy: { id: w.admin.user.id } });
    const [stored] = await rows<{ ip: string; agent: string; metadata: unknown }>(
      sql`select ip_address as ip, user_agent as agent, metadata from user_consents where customer_id = ${id} order by id limit 1`,
    );
    expect(stored).toEqual({ ip: '127.0.0.1', agent: 'lightMyRequest', metadata: { note: 'Signed' } });
    for (const body of [{ source: 'fax' }, { marketing_email: 'yes', source: 'form' }, {}, { source: 'form', marketing_post: true }]) {
      expect((await w.manager.put(`/api/customers/${id}/consents`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/customers/${id}/consents`)).statusCode).toBe(404);
    expect((await other.admin.put(`/api/customers/${id}/consents`, { marketing_email: true, source: 'form' })).statusCode).toBe(404);
  });

  it('the database refuses a consent or a request naming another workshop’s customer', async () => {
    const { id } = await createCustomer(w.manager);
    const other = await createWorkshop(t.app);
    for (const statement of [
      sql`insert into user_consents (tenant_id, customer_id, consent_type, consent_given, consent_version, source) values (${other.tenantId}, ${id}, 'marketing_email', true, 'v', 'form')`,
      sql`insert into gdpr_data_requests (tenant_id, customer_id, request_type) values (${other.tenantId}, ${id}, 'export')`,
    ]) {
      const refused = await t.database.db.execute(statement).then(
        () => null,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(refused).toMatch(/foreign key/);
    }
  });

  it('service reminders reach a customer only on the channels they said yes to (never asked is no)', async () => {
    const ws = await createWorkshop(t.app);
    const today = dayInZone(new Date(), 'UTC');
    const people = [];
    for (const [firstName, choices] of [
      ['Both', [{ marketing_email: true, marketing_sms: true }]],
      ['Withdrew', [{ marketing_email: true, marketing_sms: true }, { marketing_email: false }]],
      ['EmailOnly', [{ marketing_email: true, marketing_sms: false }]],
      ['Never', []],
    ] as const) {
      const customer = await createCustomer(ws.manager, { firstName });
      for (const choice of choices) {
        expect((await ws.manager.put(`/api/customers/${customer.id}/consents`, { ...choice, source: 'form' })).statusCode).toBe(200);
      }
      const vehicle = await createVehicle(ws.manager, { customerId: customer.id });
      const schedule = await ws.manager.post(`/api/vehicles/${vehicle.id}/maintenance-schedules`, {
        serviceName: 'Oil change',
        intervalMonths: 6,
        lastServiceDate: addDays(today, -170),
        reminderDays: 30,
      });
      expect(schedule.statusCode, schedule.body).toBe(201);
      people.push(customer);
    }
    const before = sent.length;
    await t.app.notifier.runDue(new Date());
    await t.app.notifier.settled();
    const got = sent.slice(before);
    const to = (c: { email: string; phone: string }) =>
      got
        .filter((m) => m.to === c.email || m.to === c.phone)
        .map((m) => m.channel)
        .sort();
    const [both, withdrew, emailOnly, never] = people;
    expect(to(both)).toEqual(['email', 'sms']);
    expect(to(withdrew)).toEqual(['sms']);
    expect(to(emailOnly)).toEqual(['email']);
    expect(to(never)).toEqual([]);
    expect(got.find((m) => m.to === both.email)).toMatchObject({
      subject: 'Oil change due: Toyota Corolla',
      text: expect.stringContaining('Hello Both'),
    });
    // Told once: the reminder is claimed.
    await t.app.notifier.runDue(new Date());
    await t.app.notifier.settled();
    expect(sent.slice(before).filter((m) => m.to === both.email)).toHaveLength(1);

    // What went out is in their data export, and goes with an erasure.
    const archive = unzipSync(new Uint8Array((await exportOf(ws.manager, both.id)).rawPayload));
    const { messages } = JSON.parse(strFromU8(archive['customer.json'])) as { messages: Array<Record<string, string>> };
    expect(csvRecords(strFromU8(archive['messages.csv'])).records).toHaveLength(2);
    expect(messages.map((m) => [m.channel, m.status, m.recipient]).sort()).toEqual([
      ['email', 'sent', both.email],
      ['sms', 'sent', both.phone],
    ]);
    const erased = await ws.admin.post(`/api/customers/${both.id}/erase`, { confirm: `Both ${both.lastName}` });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(countsOf(erased.json())).toMatchObject({ messages: 2 });
    expect((await ws.manager.get(`/api/customers/${both.id}/messages`)).headers['x-total-count']).toBe('0');
    expect((await ws.manager.get(`/api/customers/${withdrew.id}/messages`)).headers['x-total-count']).toBe('2');
  });
});
