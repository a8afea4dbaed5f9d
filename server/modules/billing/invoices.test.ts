import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createJobCard, createSparePart, insertCustomerWithVehicle } from '../../test/workshop.ts';
import { statementsDuring } from '../../test/customers-vehicles.ts';
import { createEstimate, createInvoice, issuesOf, updateSettings } from '../../test/billing.ts';
import { queryRows } from '../../db/client.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';
import { INVALID_PAYMENT_MESSAGE, type Invoice, type InvoiceDetail } from '../../../core/contracts/billing.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const customerAndVehicle = (ws: Workshop, customer = {}, vehicle = {}) =>
  insertCustomerWithVehicle(t.database.db, ws.tenantId, customer, vehicle);
const base = (ws: Workshop) => `/api/tenants/${ws.tenantId}/invoices`;
const utcToday = () => dayInZone(new Date(), 'UTC');
const pay = (ws: Workshop, id: number, body: object) => ws.manager.post(`${base(ws)}/${id}/record-payment`, body);
const ledger = (invoiceId: number) =>
  queryRows<{ amount: string }>(
    t.database.db,
    sql`select amount::text as amount from payments where invoice_id = ${invoiceId} order by id`,
  );

describe('invoices: validation', () => {
  it("answers the spec's messages for the number, customer, vehicle, description, amounts and status", async () => {
    const bad = await w.manager.post(base(w), {
      invoiceNumber: 'INV-12345',
      customerId: 0,
      description: '',
      laborCost: -1,
      partsCost: -1,
      taxAmount: -1,
      totalAmount: -1,
      paidAmount: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad)).toEqual({
      invoiceNumber: 'Invoice number must be in format INV-XXXXXX',
      customerId: 'Customer is required',
      vehicleId: 'Vehicle is required',
      description: 'Description is required',
      laborCost: 'Labor cost must be at least 0',
      partsCost: 'Parts cost must be at least 0',
      taxAmount: 'Tax amount must be at least 0',
      totalAmount: 'Total amount must be at least 0',
      paidAmount: 'Paid amount must be at least 0',
    });
    for (const number of ['INV-1234567', 'inv-123456', 'EST-123456']) {
      expect(
        issuesOf(await w.manager.post(base(w), { invoiceNumber: number, customerId: 1, vehicleId: 1, description: 'x' })).invoiceNumber,
      ).toBe('Invoice number must be in format INV-XXXXXX');
    }
    for (const status of ['paid', 'overdue', 'partially_paid']) {
      expect(issuesOf(await w.manager.post(base(w), { status, customerId: 1, vehicleId: 1, description: 'x' })).status).toBe(
        'Paid, partially paid and overdue follow from the payments and the due date',
      );
    }
    expect(issuesOf(await w.manager.post(base(w), { customerId: 1, vehicleId: 1, description: 'x', dueDate: '31/12/2026' })).dueDate).toBe(
      'Invalid date',
    );

    const { customer, vehicle } = await customerAndVehicle(w);
    const paid = await w.manager.post(base(w), {
      customerId: customer.id,
      vehicleId: vehicle.id,
      description: 'x',
      laborCost: 10,
      paidAmount: 5,
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toMatchObject({
      code: 'invoices.paid_on_create',
      message: 'A new invoice has nothing paid yet: record payments once it is saved',
    });
    // The dialog may send paid 0 (and its own tax and total, which the server recomputes).
    expect(
      await createInvoice(w.manager, {
        customerId: customer.id,
        vehicleId: vehicle.id,
        laborCost: 10,
        paidAmount: 0,
        taxAmount: 7,
        totalAmount: 3,
      }),
    ).toMatchObject({
      taxAmount: '1.00',
      totalAmount: '11.00',
      paidAmount: '0.00',
    });
    const mismatch = await w.manager.post(base(w), {
      customerId: customer.id,
      vehicleId: (await customerAndVehicle(w)).vehicle.id,
      description: 'x',
    });
    expect(mismatch.json()).toMatchObject({
      code: 'vehicles.customer_mismatch',
      message: 'This vehicle does not belong to the chosen customer',
    });
    const invoice = await createInvoice(w.manager, { customerId: customer.id, vehicleId: vehicle.id });
    expect(issuesOf(await w.manager.put(`${base(w)}/${invoice.id}`, { status: 'paid' })).status).toBe(
      'Paid, partially paid and overdue follow from the payments and the due date',
    );
    expect(issuesOf(await w.manager.put(`${base(w)}/${invoice.id}`, { customerId: 0 })).customerId).toBe('Customer is required');
  });

  it("answers the spec's Invalid Payment for a missing or non-positive amount or an unknown method", async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 100 });
    const bodies = [
      { paymentMethod: 'cash' },
      { paidAmount: 0, paymentMethod: 'cash' },
      { paidAmount: -5, paymentMethod: 'cash' },
      { paidAmount: 'abc', paymentMethod: 'cash' },
      { paidAmount: 10 },
      { paidAmount: 10, paymentMethod: 'bitcoin' },
      { paidAmount: 10, paymentMethod: '' },
    ];
    for (const body of bodies) {
      const res = await pay(w, invoice.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(INVALID_PAYMENT_MESSAGE);
    }
    expect(await ledger(invoice.id)).toEqual([]);
    for (const method of ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check']) {
      expect((await pay(w, invoice.id, { paidAmount: 1, paymentMethod: method })).statusCode).toBe(200);
    }
  });
});

describe('invoices: create, numbers and totals', () => {
  it('allocates numbers, checks a sent one, computes totals to the cent, dates in the workshop zone', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const ids = { customerId: customer.id, vehicleId: vehicle.id };
    expect((await ws.manager.get(`${base(ws)}/next-number`)).json()).toEqual({ invoiceNumber: 'INV-000001' });
    const part = await createSparePart(ws.admin, { name: 'Spark plug', unitPrice: '7.33' });
    const first = await createInvoice(ws.manager, {
      ...ids,
      description: 'Tune-up',
      dueDate: '2099-01-31',
      notes: 'Pay by card',
      items: [
        { itemType: 'part', sparePartId: part.id, quantity: 4 },
        { itemType: 'labor', description: 'Tune-up', quantity: 1.25, unitPrice: '85.50' },
      ],
    });
    expect(first).toMatchObject({
      invoiceNumber: 'INV-000001',
      status: 'draft',
      paymentStatus: 'unpaid',
      laborCost: '106.88', // 106.875 rounds half up
      partsCost: '29.32',
      subtotal: '136.20',
      taxRate: '10.00',
      taxAmount: '13.62',
      totalAmount: '149.82',
      paidAmount: '0.00',
      balanceAmount: '149.82',
      invoiceDate: utcToday(),
      dueDate: '2099-01-31',
      paidDate: null,
      paymentMethod: null,
      notes: 'Pay by card',
      estimate: null,
      jobCard: null,
      itemCount: 2,
      payments: [],
    });
    expect(first.items.map((l) => [l.description, l.sku, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      ['Spark plug', part.sku, '4.00', '7.33', '29.32'],
      ['Tune-up', null, '1.25', '85.50', '106.88'],
    ]);
    expect((await createInvoice(ws.manager, { ...ids, invoiceNumber: 'INV-000100', invoiceDate: '2026-03-01' })).invoiceDate).toBe(
      '2026-03-01',
    );
    expect((await createInvoice(ws.manager, ids)).invoiceNumber).toBe('INV-000101');
    const taken = await ws.manager.post(base(ws), { ...ids, description: 'x', invoiceNumber: 'INV-000001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'invoices.number_taken', message: 'Invoice number INV-000001 is already in use' });
    const raced = await Promise.all(Array.from({ length: 3 }, () => ws.manager.post(base(ws), { ...ids, description: 'Race' })));
    expect(raced.map((r) => r.json().invoiceNumber).sort()).toEqual(['INV-000102', 'INV-000103', 'INV-000104']);
    const other = await createWorkshop(t.app);
    const theirs = await customerAndVehicle(other);
    expect(
      (await createInvoice(other.admin, { customerId: theirs.customer.id, vehicleId: theirs.vehicle.id, invoiceNumber: 'INV-000001' }))
        .invoiceNumber,
    ).toBe('INV-000001');

    // "Today" is the workshop's: a zone 14 hours ahead of UTC is on another date for most of the day.
    await updateSettings(ws.admin, { timeZone: 'Pacific/Kiritimati' });
    expect((await createInvoice(ws.manager, ids)).invoiceDate).toBe(dayInZone(new Date(), 'Pacific/Kiritimati'));
  });
});

describe('invoices: payments', () => {
  it('a partial then a final payment: balance, payment status, paid date, method and the ledger', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      laborCost: '100.00',
      partsCost: '50.05',
      status: 'sent',
    });
    expect(invoice).toMatchObject({ totalAmount: '165.06', status: 'sent', balanceAmount: '165.06' }); // tax 15.005 → 15.01

    const partial = await pay(w, invoice.id, {
      paidAmount: '65.06',
      paymentMethod: 'cash',
      referenceNumber: 'R-1',
      notes: 'Deposit',
      paymentDate: '2026-05-02',
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      status: 'partially_paid',
      paymentStatus: 'partial',
      paidAmount: '65.06',
      balanceAmount: '100.00',
      paidDate: null,
      paymentMethod: 'cash',
      payments: [
        {
          invoiceId: invoice.id,
          amount: '65.06',
          paymentMethod: 'cash',
          paymentDate: '2026-05-02',
          referenceNumber: 'R-1',
          notes: 'Deposit',
          status: 'completed',
          createdBy: { id: w.manager.user.id, firstName: 'Mona', lastName: 'manager' },
        },
      ],
    });
    const over = await pay(w, invoice.id, { paidAmount: '100.01', paymentMethod: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: INVALID_PAYMENT_MESSAGE,
      code: 'invoices.invalid_payment',
      params: { reason: 'over_balance', balanceAmount: '100.00' },
    });
    const final = (await pay(w, invoice.id, { paidAmount: 100, paymentMethod: 'credit_card' })).json() as InvoiceDetail;
    expect(final).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      paidAmount: '165.06',
      balanceAmount: '0.00',
      paidDate: utcToday(),
      paymentMethod: 'credit_card',
    });
    expect(final.payments.map((p) => [p.amount, p.paymentMethod])).toEqual([
      ['65.06', 'cash'],
      ['100.00', 'credit_card'],
    ]);
    expect((await w.manager.get(`${base(w)}/${invoice.id}/payments`)).json()).toEqual(final.payments);
    // Nothing is left to pay.
    const more = await pay(w, invoice.id, { paidAmount: 0.01, paymentMethod: 'cash' });
    expect(more.json()).toMatchObject({ code: 'invoices.invalid_payment', params: { balanceAmount: '0.00' } });
    expect(await ledger(invoice.id)).toEqual([{ amount: '65.06' }, { amount: '100.00' }]);
  });

  it('two payments racing that together exceed the balance: exactly one is recorded', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 100 }); // total 110.00
    const results = await Promise.all([
      pay(w, invoice.id, { paidAmount: 70, paymentMethod: 'cash' }),
      w.admin.post(`${base(w)}/${invoice.id}/record-payment`, { paidAmount: 70, paymentMethod: 'check' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ message: INVALID_PAYMENT_MESSAGE, params: { balanceAmount: '40.00' } });
    expect(await ledger(invoice.id)).toEqual([{ amount: '70.00' }]);
    expect((await w.manager.get(`${base(w)}/${invoice.id}`)).json()).toMatchObject({ paidAmount: '70.00', balanceAmount: '40.00' });

    // Racing payments that fit the balance are all recorded.
    const fitting = await Promise.all(Array.from({ length: 4 }, () => pay(w, invoice.id, { paidAmount: 10, paymentMethod: 'cash' })));
    expect(fitting.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await w.manager.get(`${base(w)}/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      paidAmount: '110.00',
      balanceAmount: '0.00',
    });
  });

  it('a cancelled invoice takes no payment; one with payments cannot be cancelled', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 50, status: 'cancelled' });
    expect(invoice.status).toBe('cancelled');
    const refused = await pay(w, invoice.id, { paidAmount: 10, paymentMethod: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'invoices.cancelled',
      message: `Invoice ${invoice.invoiceNumber} is cancelled and takes no payment`,
    });
    // Reopened, it is payable again, and then cannot be cancelled.
    expect((await w.manager.put(`${base(w)}/${invoice.id}`, { status: 'sent' })).json().status).toBe('sent');
    expect((await pay(w, invoice.id, { paidAmount: 10, paymentMethod: 'cash' })).statusCode).toBe(200);
    const cancel = await w.manager.put(`${base(w)}/${invoice.id}`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({
      code: 'invoices.has_payments',
      message: 'This invoice has payments (10.00 paid) and cannot be cancelled',
    });
  });

  it('an edit cannot bring the total below what is paid; paid follows the ledger whatever status is set', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'sent',
      items: [{ itemType: 'labor', description: 'Repair', quantity: 2, unitPrice: 50 }],
    }); // 110.00
    await pay(w, invoice.id, { paidAmount: 55, paymentMethod: 'cash' });
    const url = `${base(w)}/${invoice.id}`;
    const below = await w.manager.put(url, { items: [{ itemType: 'labor', description: 'Repair', quantity: 1, unitPrice: 40 }] });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'invoices.total_below_paid',
      message: 'The new total 44.00 is below the 55.00 already paid',
    });
    expect((await w.manager.get(url)).json()).toMatchObject({ totalAmount: '110.00', itemCount: 1, status: 'partially_paid' });
    // Down to exactly what is paid: paid, dated today.
    const settled = (
      await w.manager.put(url, { items: [{ itemType: 'labor', description: 'Repair', quantity: 1, unitPrice: 50 }] })
    ).json();
    expect(settled).toMatchObject({
      totalAmount: '55.00',
      status: 'paid',
      paymentStatus: 'paid',
      balanceAmount: '0.00',
      paidDate: utcToday(),
    });
    // Draft or sent set by hand on a paid invoice: it still shows paid.
    expect((await w.manager.put(url, { status: 'draft' })).json()).toMatchObject({ status: 'paid', paidDate: utcToday() });
    expect((await w.manager.put(url, { status: 'sent', notes: 'Thanks' })).json()).toMatchObject({ status: 'paid', notes: 'Thanks' });
    // More work added: a balance again, no paid date.
    const reopened = (
      await w.manager.put(url, { items: [{ itemType: 'labor', description: 'Repair', quantity: 2, unitPrice: 50 }] })
    ).json();
    expect(reopened).toMatchObject({
      totalAmount: '110.00',
      status: 'partially_paid',
      paymentStatus: 'partial',
      balanceAmount: '55.00',
      paidDate: null,
    });
    expect((await w.manager.get(`${base(w)}?status=partially_paid&customerId=${customer.id}`)).json().map((i: Invoice) => i.id)).toEqual([
      invoice.id,
    ]);
  });
});

describe('invoices: overdue and the status filter', () => {
  it('an unpaid balance past the due date is overdue, judged by the workshop calendar', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const ids = { customerId: customer.id, vehicleId: vehicle.id, laborCost: 100 };
    const today = utcToday();
    const late = await createInvoice(ws.manager, { ...ids, status: 'sent', dueDate: addDays(today, -1) });
    expect(late).toMatchObject({ status: 'overdue', paymentStatus: 'unpaid', balanceAmount: '110.00' });
    expect((await createInvoice(ws.manager, { ...ids, dueDate: today })).status).toBe('draft'); // due today is not late
    expect((await createInvoice(ws.manager, { ...ids, status: 'draft', dueDate: '2020-01-01' })).status).toBe('overdue'); // a draft is still owed
    expect((await createInvoice(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, dueDate: '2020-01-01' })).status).toBe(
      'draft',
    ); // nothing owed
    // A partial payment leaves it overdue; paying the rest makes it paid.
    expect((await pay(ws, late.id, { paidAmount: 10, paymentMethod: 'cash' })).json()).toMatchObject({
      status: 'overdue',
      paymentStatus: 'partial',
    });
    expect((await pay(ws, late.id, { paidAmount: 100, paymentMethod: 'cash' })).json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
    });
    // A cancelled invoice is never overdue.
    expect((await createInvoice(ws.manager, { ...ids, status: 'cancelled', dueDate: '2020-01-01' })).status).toBe('cancelled');

    // The workshop's calendar decides: pick a zone whose date differs from UTC's right now
    // (UTC+14 is a day ahead from 10:00 UTC, UTC-11 a day behind until 11:00 UTC).
    const hour = new Date().getUTCHours();
    const ahead = hour >= 10;
    const zone = ahead ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'; // UTC+14 / UTC-11
    await updateSettings(ws.admin, { timeZone: zone });
    const zoneToday = dayInZone(new Date(), zone);
    expect(zoneToday).not.toBe(today);
    const due = ahead ? today : zoneToday; // yesterday in the zone when ahead; today in the zone when behind
    const edge = await createInvoice(ws.manager, { ...ids, status: 'sent', dueDate: due });
    expect(edge.status).toBe(ahead ? 'overdue' : 'sent');
    expect((await ws.manager.get(`${base(ws)}?status=overdue`)).json().some((i: Invoice) => i.id === edge.id)).toBe(ahead);
  });

  it('filters on the shown status in SQL, including overdue, partially paid and paid', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const ids = { customerId: customer.id, vehicleId: vehicle.id, laborCost: 100 };
    const past = '2020-06-30';
    const future = addDays(utcToday(), 10);
    const made: Record<string, number[]> = { draft: [], sent: [], partially_paid: [], paid: [], overdue: [], cancelled: [] };
    const add = async (shown: string, input: object, payment?: number) => {
      const invoice = await createInvoice(ws.manager, { ...ids, ...input });
      if (payment) await pay(ws, invoice.id, { paidAmount: payment, paymentMethod: 'cash' });
      made[shown].unshift(invoice.id);
    };
    await add('draft', {});
    await add('draft', { dueDate: future });
    await add('draft', { laborCost: 0, dueDate: past }); // nothing owed
    await add('sent', { status: 'sent' });
    await add('sent', { status: 'sent', dueDate: future });
    await add('partially_paid', { status: 'sent', dueDate: future }, 10);
    await add('partially_paid', { status: 'draft' }, 50);
    await add('paid', { status: 'sent', dueDate: past }, 110);
    await add('paid', {}, 110);
    await add('overdue', { status: 'sent', dueDate: past });
    await add('overdue', { status: 'draft', dueDate: past }, 20);
    await add('cancelled', { status: 'cancelled', dueDate: past });
    for (const [status, expected] of Object.entries(made)) {
      const res = await ws.manager.get(`${base(ws)}?status=${status}`);
      const rows = res.json() as Invoice[];
      expect(
        rows.map((i) => i.id),
        status,
      ).toEqual(expected);
      expect(
        rows.every((i) => i.status === status),
        status,
      ).toBe(true);
      expect(res.headers['x-total-count']).toBe(String(expected.length));
    }
    // Each filter's total when the page is not the last.
    expect((await ws.manager.get(`${base(ws)}?status=draft&limit=1`)).headers['x-total-count']).toBe('3');
    expect((await ws.manager.get(`${base(ws)}?status=overdue&limit=1&offset=1`)).json().map((i: Invoice) => i.id)).toEqual([
      made.overdue[1],
    ]);
  });
});

describe('invoices: from a completed job card', () => {
  it('bills its part and labour lines once; a job card not completed answers 409', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const filter = await createSparePart(ws.admin, { name: 'Oil filter', unitPrice: '12.50', stockQuantity: 5 });
    const card = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceType: 'Oil change',
      description: 'Synthetic 5W-30',
      parts: [{ sparePartId: filter.id, quantity: 2 }],
      labour: [{ description: 'Drain and refill', hours: 0.5, rate: '70.00' }],
    });
    const invoiceCard = (id: number, client = ws.manager) => client.post(`/api/tenants/${ws.tenantId}/job-cards/${id}/invoice`, {});
    const pending = await invoiceCard(card.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 'invoices.job_card_not_completed',
      message: `Job card ${card.jobNumber} is not completed: only a completed job card can be invoiced`,
    });
    await ws.manager.patch(`/api/job-cards/${card.id}/status`, { status: 'completed' });
    const [a, b] = await Promise.all([invoiceCard(card.id), invoiceCard(card.id, ws.admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const invoice = (a.statusCode === 201 ? a : b).json() as InvoiceDetail;
    const second = a.statusCode === 201 ? b : a;
    expect(second.json()).toMatchObject({
      code: 'invoices.job_card_invoiced',
      message: `Job card ${card.jobNumber} is already invoiced: ${invoice.invoiceNumber}`,
      params: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
    });
    expect(invoice).toMatchObject({
      customerId: customer.id,
      vehicleId: vehicle.id,
      description: 'Oil change: Synthetic 5W-30',
      status: 'draft',
      jobCard: { id: card.id, jobNumber: card.jobNumber },
      estimate: null,
      partsCost: '25.00',
      laborCost: '35.00',
      subtotal: '60.00',
      taxAmount: '6.00',
      totalAmount: '66.00',
      invoiceDate: utcToday(),
      dueDate: addDays(utcToday(), 30),
    });
    expect(invoice.items.map((l) => [l.itemType, l.sparePartId, l.sku, l.description, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      ['part', filter.id, filter.sku, 'Oil filter', '2.00', '12.50', '25.00'],
      ['labor', null, null, 'Drain and refill', '0.50', '70.00', '35.00'],
    ]);
    expect((await invoiceCard(999_999)).statusCode).toBe(404);
    // Another workshop's job card is not found.
    const other = await createWorkshop(t.app);
    expect((await other.admin.post(`/api/tenants/${other.tenantId}/job-cards/${card.id}/invoice`, {})).statusCode).toBe(404);
    // A card without lines bills its actual cost as labour.
    const plain = await createJobCard(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'completed',
      estimatedCost: '80',
      actualCost: '75.50',
    });
    expect((await invoiceCard(plain.id)).json()).toMatchObject({
      itemCount: 0,
      laborCost: '75.50',
      partsCost: '0.00',
      totalAmount: '83.05',
      description: 'Oil change',
    });
  });
});

describe('invoices: list, search and paging', () => {
  it('searches number and customer names, filters by customer and vehicle, pages newest first with X-Total-Count', async () => {
    const ws = await createWorkshop(t.app);
    const a = await customerAndVehicle(ws, { firstName: 'Noura', lastName: 'Al-Sayed' });
    const b = await customerAndVehicle(ws, { firstName: 'James', lastName: 'Whitfield' });
    const i1 = await createInvoice(ws.manager, { customerId: a.customer.id, vehicleId: a.vehicle.id, description: 'Timing belt' });
    const i2 = await createInvoice(ws.manager, { customerId: b.customer.id, vehicleId: b.vehicle.id });
    const i3 = await createInvoice(ws.manager, { customerId: b.customer.id, vehicleId: b.vehicle.id, invoiceNumber: 'INV-004242' });
    const list = (q: string) => ws.manager.get(`${base(ws)}?${q}`);
    const ids = async (q: string) => ((await list(q)).json() as Invoice[]).map((i) => i.id);
    expect(await ids('')).toEqual([i3.id, i2.id, i1.id]);
    expect(await ids('q=inv-000002')).toEqual([i2.id]);
    expect(await ids('q=4242')).toEqual([i3.id]);
    expect(await ids('q=al-say')).toEqual([i1.id]);
    expect(await ids('q=james%20WHIT')).toEqual([i3.id, i2.id]);
    expect(await ids('q=timing')).toEqual([]);
    expect(await ids(`customerId=${a.customer.id}`)).toEqual([i1.id]);
    expect(await ids(`vehicleId=${b.vehicle.id}`)).toEqual([i3.id, i2.id]);
    const page = await list('limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(((await page.json()) as Invoice[]).map((i) => i.id)).toEqual([i2.id, i1.id]);
    expect((await list('limit=1')).headers['x-total-count']).toBe('3');
    expect((await list('q=whitfield&limit=1')).headers['x-total-count']).toBe('2');
    expect((await list(`vehicleId=${b.vehicle.id}&limit=1`)).headers['x-total-count']).toBe('2');
    expect((await list('limit=501')).statusCode).toBe(400);
  });

  it('a list costs the same number of statements at any page size', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    for (let i = 0; i < 12; i++) await createInvoice(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: i });
    for (const q of ['', '&status=overdue', '&q=layla', '&customerId=' + customer.id]) {
      const small = await statementsDuring(t.database, () => ws.manager.get(`${base(ws)}?limit=5${q}`));
      const large = await statementsDuring(t.database, () => ws.manager.get(`${base(ws)}?limit=500${q}`));
      expect(small, q).toBeLessThanOrEqual(3);
      expect(large, q).toBeLessThanOrEqual(small);
    }
  });
});

describe('invoices: roles and workshops', () => {
  it('technicians get 403 on every invoice and payment call', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const invoice = await createInvoice(w.admin, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 10 });
    const card = await createJobCard(w.manager, { customerId: customer.id, vehicleId: vehicle.id, status: 'completed' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base(w)],
      ['GET', `${base(w)}/next-number`],
      ['GET', `${base(w)}/${invoice.id}`],
      ['GET', `${base(w)}/${invoice.id}/payments`],
      ['POST', base(w), { customerId: customer.id, vehicleId: vehicle.id, description: 'x' }],
      ['PUT', `${base(w)}/${invoice.id}`, { notes: 'x' }],
      ['POST', `${base(w)}/${invoice.id}/record-payment`, { paidAmount: 1, paymentMethod: 'cash' }],
      ['POST', `/api/tenants/${w.tenantId}/job-cards/${card.id}/invoice`, {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await w.technician.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('auth.forbidden_role');
    }
    expect(await ledger(invoice.id)).toEqual([]);
    expect((await w.admin.get(`${base(w)}/${invoice.id}`)).json()).toMatchObject({ notes: null, paidAmount: '0.00' });
  });

  it("another workshop's invoices are invisible by list, id and search, and not payable", async () => {
    const mine = await createWorkshop(t.app);
    const other = await createWorkshop(t.app);
    const theirs = await customerAndVehicle(other, { firstName: 'Secret', lastName: 'Customer' });
    const hidden = await createInvoice(other.admin, {
      customerId: theirs.customer.id,
      vehicleId: theirs.vehicle.id,
      laborCost: 100,
      invoiceNumber: 'INV-777777',
    });
    const own = await customerAndVehicle(mine);
    await createInvoice(mine.admin, { customerId: own.customer.id, vehicleId: own.vehicle.id });
    expect(((await mine.admin.get(base(mine))).json() as Invoice[]).map((i) => i.id)).not.toContain(hidden.id);
    expect((await mine.admin.get(`${base(mine)}?q=secret`)).json()).toEqual([]);
    expect((await mine.admin.get(`${base(mine)}?q=${hidden.invoiceNumber}`)).json()).toEqual([]);
    expect((await mine.admin.get(`${base(mine)}?customerId=${theirs.customer.id}`)).json()).toEqual([]);
    expect((await mine.admin.get(`${base(mine)}/${hidden.id}`)).statusCode).toBe(404);
    expect((await mine.admin.get(`${base(mine)}/${hidden.id}/payments`)).statusCode).toBe(404);
    expect((await mine.admin.put(`${base(mine)}/${hidden.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await mine.admin.post(`${base(mine)}/${hidden.id}/record-payment`, { paidAmount: 1, paymentMethod: 'cash' })).statusCode).toBe(
      404,
    );
    expect((await mine.admin.post(`${base(other)}/${hidden.id}/record-payment`, { paidAmount: 1, paymentMethod: 'cash' })).statusCode).toBe(
      404,
    );
    expect((await mine.admin.get(base(other))).statusCode).toBe(404);
    expect(await ledger(hidden.id)).toEqual([]);
    expect((await other.admin.get(`${base(other)}/${hidden.id}`)).json()).toMatchObject({ notes: null, paidAmount: '0.00' });
  });
});

describe('billing documents keep their customer and vehicle', () => {
  it('a customer or vehicle on estimates or invoices cannot be deleted (409 saying how many)', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    await createInvoice(ws.manager, { customerId: customer.id, vehicleId: vehicle.id });
    await createEstimate(ws.manager, { customerId: customer.id, vehicleId: vehicle.id });
    await createEstimate(ws.manager, { customerId: customer.id, vehicleId: vehicle.id });
    const vehicleRefused = await ws.manager.delete(`/api/vehicles/${vehicle.id}`);
    expect(vehicleRefused.statusCode).toBe(409);
    expect(vehicleRefused.json()).toEqual({
      code: 'vehicles.billed',
      message: 'This vehicle is on 1 invoice and 2 estimates',
      params: { estimates: 2, invoices: 1 },
    });
    // The vehicle moves to another owner: the documents still name the first customer.
    const other = await customerAndVehicle(ws, { firstName: 'New', lastName: 'Owner' });
    expect((await ws.manager.put(`/api/vehicles/${vehicle.id}`, { customerId: other.customer.id })).statusCode).toBe(200);
    const customerRefused = await ws.manager.delete(`/api/customers/${customer.id}`);
    expect(customerRefused.statusCode).toBe(409);
    expect(customerRefused.json()).toEqual({
      code: 'customers.billed',
      message: 'This customer is on 1 invoice and 2 estimates',
      params: { estimates: 2, invoices: 1 },
    });
    expect((await ws.manager.get(`/api/customers/${customer.id}`)).statusCode).toBe(200);
  });
});
