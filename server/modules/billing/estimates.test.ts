import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createSparePart, insertCustomerWithVehicle, insertVehicle } from '../../test/workshop.ts';
import { createEstimate, issuesOf, updateSettings } from '../../test/billing.ts';
import { connect } from '../../test/live-client.ts';
import type { Estimate, EstimateDetail, InvoiceDetail } from '../../../core/contracts/billing.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const customerAndVehicle = (ws: Workshop, customer = {}, vehicle = {}) =>
  insertCustomerWithVehicle(t.database.db, ws.tenantId, customer, vehicle);
const base = (ws: Workshop) => `/api/tenants/${ws.tenantId}/estimates`;

describe('estimates: validation', () => {
  it("answers the spec's messages for the number, customer, vehicle, description and amounts", async () => {
    const bad = await w.manager.post(base(w), {
      estimateNumber: 'EST-12345',
      customerId: 0,
      description: '   ',
      laborCost: -1,
      partsCost: '-0.01',
      taxAmount: -5,
      totalAmount: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect(issuesOf(bad)).toEqual({
      estimateNumber: 'Estimate number must be in format EST-XXXXXX',
      customerId: 'Customer is required',
      vehicleId: 'Vehicle is required',
      description: 'Description is required',
      laborCost: 'Labor cost must be at least 0',
      partsCost: 'Parts cost must be at least 0',
      taxAmount: 'Tax amount must be at least 0',
      totalAmount: 'Total amount must be at least 0',
    });
    expect(issuesOf(await w.manager.post(base(w), {}))).toMatchObject({
      customerId: 'Customer is required',
      vehicleId: 'Vehicle is required',
      description: 'Description is required',
    });
    for (const number of ['EST-1234567', 'est-123456', 'EST123456', 'INV-123456']) {
      expect(
        issuesOf(await w.manager.post(base(w), { estimateNumber: number, customerId: 1, vehicleId: 1, description: 'x' })).estimateNumber,
      ).toBe('Estimate number must be in format EST-XXXXXX');
    }
    expect(
      issuesOf(await w.manager.post(base(w), { customerId: 1, vehicleId: 1, description: 'x', validUntil: '2026-02-30' })).validUntil,
    ).toBe('Invalid date');
    expect((await w.manager.post(base(w), { customerId: 1, vehicleId: 1, description: 'x', status: 'paid' })).statusCode).toBe(400);
  });

  it('checks each line: quantity, description, unit price and which lines reference a part', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const post = (items: unknown[]) =>
      w.manager.post(base(w), { customerId: customer.id, vehicleId: vehicle.id, description: 'Lines', items });
    expect(issuesOf(await post([{ itemType: 'labor', description: 'Fit', quantity: 0, unitPrice: 10 }]))).toEqual({
      'items.0.quantity': 'Quantity must be greater than 0',
    });
    expect(issuesOf(await post([{ itemType: 'labor', description: 'Fit', quantity: 'two', unitPrice: 10 }]))).toEqual({
      'items.0.quantity': 'Quantity must be a number',
    });
    expect(issuesOf(await post([{ itemType: 'labor', description: 'Fit', quantity: 100_001, unitPrice: 10 }]))).toEqual({
      'items.0.quantity': 'Quantity must be at most 100,000',
    });
    expect(issuesOf(await post([{ itemType: 'labor', description: 'Fit', quantity: 1, unitPrice: -1 }]))).toEqual({
      'items.0.unitPrice': 'Unit price must be at least 0',
    });
    expect(issuesOf(await post([{ itemType: 'labor', quantity: 1, unitPrice: 10 }]))).toEqual({
      'items.0.description': 'Description is required',
    });
    expect(issuesOf(await post([{ itemType: 'labor', description: 'Fit', quantity: 1 }]))).toEqual({
      'items.0.unitPrice': 'Unit price is required',
    });
    expect(issuesOf(await post([{ itemType: 'part', quantity: 1 }]))).toEqual({
      'items.0.description': 'Description is required',
      'items.0.unitPrice': 'Unit price is required',
    });
    expect(issuesOf(await post([{ itemType: 'labor', sparePartId: 1, description: 'Fit', quantity: 1, unitPrice: 1 }]))).toEqual({
      'items.0.sparePartId': 'Only part lines reference a spare part',
    });
    const many = Array.from({ length: 201 }, () => ({ itemType: 'labor', description: 'x', quantity: 1, unitPrice: 1 }));
    expect(issuesOf(await post(many))).toEqual({ items: 'At most 200 lines' });
    // Amounts that would not fit numeric(10,2).
    const huge = await post([{ itemType: 'labor', description: 'x', quantity: 100_000, unitPrice: 99_999_999 }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'billing.amount_too_large', message: 'Amounts must be at most 99,999,999.99' });
  });

  it("refuses a vehicle of another customer, and another workshop's customer, vehicle or part", async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const stranger = await customerAndVehicle(w, { firstName: 'Other' });
    const mismatch = await w.manager.post(base(w), { customerId: customer.id, vehicleId: stranger.vehicle.id, description: 'x' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'vehicles.customer_mismatch',
      message: 'This vehicle does not belong to the chosen customer',
    });

    const other = await createWorkshop(t.app);
    const foreign = await customerAndVehicle(other);
    const foreignPart = await createSparePart(other.admin);
    const post = (body: object) => w.manager.post(base(w), { customerId: customer.id, vehicleId: vehicle.id, description: 'x', ...body });
    const unknownCustomer = await post({ customerId: foreign.customer.id, vehicleId: foreign.vehicle.id });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json()).toMatchObject({ code: 'billing.customer_invalid', message: 'Unknown customer' });
    expect((await post({ vehicleId: foreign.vehicle.id })).json()).toMatchObject({
      code: 'billing.vehicle_invalid',
      message: 'Unknown vehicle',
    });
    const part = await post({ items: [{ itemType: 'part', sparePartId: foreignPart.id, quantity: 1 }] });
    expect(part.statusCode).toBe(400);
    expect(part.json()).toMatchObject({ code: 'billing.part_invalid', message: `Unknown part: #${foreignPart.id}` });

    const estimate = await createEstimate(w.manager, { customerId: customer.id, vehicleId: vehicle.id });
    expect((await w.manager.put(`${base(w)}/${estimate.id}`, { vehicleId: stranger.vehicle.id })).json().code).toBe(
      'vehicles.customer_mismatch',
    );
    expect(issuesOf(await w.manager.put(`${base(w)}/${estimate.id}`, { description: '' })).description).toBe('Description is required');
    const moved = await w.manager.put(`${base(w)}/${estimate.id}`, { customerId: stranger.customer.id, vehicleId: stranger.vehicle.id });
    expect(moved.json()).toMatchObject({
      customerId: stranger.customer.id,
      vehicleId: stranger.vehicle.id,
      customer: { firstName: 'Other' },
    });
  });
});

describe('estimates: numbers', () => {
  it('allocates the next number when omitted, checks a sent one, and keeps numbers unique per workshop', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const ids = { customerId: customer.id, vehicleId: vehicle.id };
    expect((await ws.manager.get(`${base(ws)}/next-number`)).json()).toEqual({ estimateNumber: 'EST-000001' });
    expect((await createEstimate(ws.manager, ids)).estimateNumber).toBe('EST-000001');
    expect((await createEstimate(ws.manager, { ...ids, estimateNumber: 'EST-000050' })).estimateNumber).toBe('EST-000050');
    expect((await createEstimate(ws.manager, ids)).estimateNumber).toBe('EST-000051');
    const taken = await ws.manager.post(base(ws), { ...ids, description: 'x', estimateNumber: 'EST-000001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'estimates.number_taken', message: 'Estimate number EST-000001 is already in use' });
    // Another workshop has its own numbers.
    const other = await createWorkshop(t.app);
    const theirs = await customerAndVehicle(other);
    expect(
      (await createEstimate(other.admin, { customerId: theirs.customer.id, vehicleId: theirs.vehicle.id, estimateNumber: 'EST-000001' }))
        .estimateNumber,
    ).toBe('EST-000001');
    // Creates racing for the next number each get their own.
    const raced = await Promise.all(Array.from({ length: 4 }, () => ws.manager.post(base(ws), { ...ids, description: 'Race' })));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(raced.map((r) => r.json().estimateNumber).sort()).toEqual(['EST-000052', 'EST-000053', 'EST-000054', 'EST-000055']);
    // The number cannot be changed by an edit.
    const first = (await ws.manager.get(`${base(ws)}?q=EST-000001`)).json()[0] as Estimate;
    expect((await ws.manager.put(`${base(ws)}/${first.id}`, { estimateNumber: 'EST-999999', notes: 'n' })).json()).toMatchObject({
      estimateNumber: 'EST-000001',
      notes: 'n',
    });
  });
});

describe('estimates: totals', () => {
  it("without lines: the entered labour and parts, tax at the workshop's rate to the cent; the client's tax and total are ignored", async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const estimate = await createEstimate(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      laborCost: '150.00',
      partsCost: 85.5,
      taxAmount: 999,
      totalAmount: 1,
      validUntil: '2026-12-31',
      notes: 'Call first',
    });
    expect(estimate).toMatchObject({
      status: 'draft',
      laborCost: '150.00',
      partsCost: '85.50',
      subtotal: '235.50',
      taxRate: '10.00',
      taxAmount: '23.55',
      totalAmount: '259.05',
      itemCount: 0,
      items: [],
      validUntil: '2026-12-31',
      notes: 'Call first',
      invoice: null,
      approvedAt: null,
      customer: { id: customer.id, firstName: 'Layla', lastName: 'Hassan' },
      vehicle: { id: vehicle.id, make: 'Toyota', model: 'Corolla', plateNumber: vehicle.plateNumber },
    });
    // Half a cent rounds up: 0.10 + 0.05 → tax 0.015 → 0.02.
    const tiny = await createEstimate(w.manager, { customerId: customer.id, vehicleId: vehicle.id, laborCost: 0.1, partsCost: 0.05 });
    expect(tiny).toMatchObject({ subtotal: '0.15', taxAmount: '0.02', totalAmount: '0.17' });
    // An edit of one cost keeps the other; missing costs are 0.
    expect((await w.manager.put(`${base(w)}/${estimate.id}`, { partsCost: '0.2' })).json()).toMatchObject({
      laborCost: '150.00',
      partsCost: '0.20',
      taxAmount: '15.02',
      totalAmount: '165.22',
    });
    expect(await createEstimate(w.manager, { customerId: customer.id, vehicleId: vehicle.id })).toMatchObject({
      laborCost: '0.00',
      totalAmount: '0.00',
    });
  });

  it('with lines: labour and parts are the sums of their lines; a part line defaults to the part; many small lines add up to the cent', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const pads = await createSparePart(w.admin, { name: 'Brake pads', unitPrice: '35.25' });
    const estimate = await createEstimate(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      laborCost: '999',
      partsCost: '999',
      items: [
        { itemType: 'labor', description: 'Fit pads', quantity: 1.5, unitPrice: '60.10' },
        { itemType: 'part', sparePartId: pads.id, quantity: 2 },
        { itemType: 'part', sparePartId: pads.id, description: 'Pads (rear)', quantity: 1, unitPrice: 30, notes: 'Discounted' },
        { itemType: 'part', description: 'Shop supplies', quantity: 3, unitPrice: '0.10' },
      ],
    });
    expect(estimate).toMatchObject({
      laborCost: '90.15',
      partsCost: '100.80',
      subtotal: '190.95',
      taxAmount: '19.10', // 19.095 rounds half up
      totalAmount: '210.05',
      itemCount: 4,
    });
    expect(estimate.items).toEqual([
      {
        id: expect.any(Number),
        itemType: 'labor',
        sparePartId: null,
        sku: null,
        description: 'Fit pads',
        quantity: '1.50',
        unitPrice: '60.10',
        totalPrice: '90.15',
        notes: null,
      },
      {
        id: expect.any(Number),
        itemType: 'part',
        sparePartId: pads.id,
        sku: pads.sku,
        description: 'Brake pads',
        quantity: '2.00',
        unitPrice: '35.25',
        totalPrice: '70.50',
        notes: null,
      },
      {
        id: expect.any(Number),
        itemType: 'part',
        sparePartId: pads.id,
        sku: pads.sku,
        description: 'Pads (rear)',
        quantity: '1.00',
        unitPrice: '30.00',
        totalPrice: '30.00',
        notes: 'Discounted',
      },
      {
        id: expect.any(Number),
        itemType: 'part',
        sparePartId: null,
        sku: null,
        description: 'Shop supplies',
        quantity: '3.00',
        unitPrice: '0.10',
        totalPrice: '0.30',
        notes: null,
      },
    ]);
    // A hundred lines of 0.01, and a hundred of 0.1 hours at 0.33 (each line 0.033, rounded to 0.03 as the
    // document shows it): 1.00 + 3.00, tax 0.40.
    const small = await createEstimate(w.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      items: [
        ...Array.from({ length: 100 }, () => ({ itemType: 'part' as const, description: 'Washer', quantity: 1, unitPrice: '0.01' })),
        ...Array.from({ length: 100 }, () => ({ itemType: 'labor' as const, description: 'Check', quantity: 0.1, unitPrice: '0.33' })),
      ],
    });
    expect(small).toMatchObject({
      partsCost: '1.00',
      laborCost: '3.00',
      subtotal: '4.00',
      taxAmount: '0.40',
      totalAmount: '4.40',
      itemCount: 200,
    });
    expect(small.items[150].totalPrice).toBe('0.03');
    expect((await w.manager.get(`${base(w)}/${estimate.id}`)).json()).toEqual(estimate);

    // Lines are replaced only when sent; costs sent beside lines are ignored.
    expect((await w.manager.put(`${base(w)}/${estimate.id}`, { notes: 'n', laborCost: '5' })).json()).toMatchObject({
      itemCount: 4,
      laborCost: '90.15',
      notes: 'n',
    });
    const replaced = (
      await w.manager.put(`${base(w)}/${estimate.id}`, {
        items: [{ itemType: 'labor', description: 'Diagnose', quantity: 2, unitPrice: 45 }],
      })
    ).json();
    expect(replaced).toMatchObject({ itemCount: 1, laborCost: '90.00', partsCost: '0.00', taxAmount: '9.00', totalAmount: '99.00' });
    // Without lines, the entered costs stand again.
    const cleared = (await w.manager.put(`${base(w)}/${estimate.id}`, { items: [], laborCost: 10, partsCost: 20 })).json();
    expect(cleared).toMatchObject({ items: [], itemCount: 0, laborCost: '10.00', partsCost: '20.00', totalAmount: '33.00' });
  });

  it("uses the workshop's tax rate at the time the amounts are computed and stores it", async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    await updateSettings(ws.admin, { taxRate: '7.25' });
    const estimate = await createEstimate(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      laborCost: '100',
      partsCost: '23.45',
    });
    expect(estimate).toMatchObject({ subtotal: '123.45', taxRate: '7.25', taxAmount: '8.95', totalAmount: '132.40' }); // 8.950125
    await updateSettings(ws.admin, { taxRate: '0' });
    // An edit that does not touch the amounts keeps them; one that does uses today's rate.
    expect((await ws.manager.put(`${base(ws)}/${estimate.id}`, { notes: 'x' })).json()).toMatchObject({
      taxRate: '7.25',
      totalAmount: '132.40',
    });
    expect((await ws.manager.put(`${base(ws)}/${estimate.id}`, { laborCost: '100' })).json()).toMatchObject({
      taxRate: '0.00',
      taxAmount: '0.00',
      totalAmount: '123.45',
    });
  });

  it('stamps approval and rejection when the status enters them', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const estimate = await createEstimate(w.manager, { customerId: customer.id, vehicleId: vehicle.id, status: 'sent' });
    expect(estimate).toMatchObject({ status: 'sent', approvedAt: null, rejectedAt: null });
    const approved = (await w.manager.put(`${base(w)}/${estimate.id}`, { status: 'approved' })).json() as EstimateDetail;
    expect(approved.approvedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect((await w.manager.put(`${base(w)}/${estimate.id}`, { notes: 'still approved' })).json().approvedAt).toBe(approved.approvedAt);
    const rejected = (await w.manager.put(`${base(w)}/${estimate.id}`, { status: 'rejected' })).json();
    expect(rejected).toMatchObject({ status: 'rejected', approvedAt: null, rejectedAt: expect.any(String) });
  });
});

describe('estimates: conversion to an invoice', () => {
  it('converts only an approved estimate, once; the invoice copies the lines and links back', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const part = await createSparePart(ws.admin, { name: 'Oil filter', unitPrice: '12.50' });
    const estimate = await createEstimate(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      description: 'Oil service',
      notes: 'Synthetic oil',
      items: [
        { itemType: 'labor', description: 'Oil change', quantity: 0.75, unitPrice: 80 },
        { itemType: 'part', sparePartId: part.id, quantity: 1 },
      ],
    });
    const convert = (id: number) => ws.manager.post(`${base(ws)}/${id}/convert-to-invoice`, {});
    const draft = await convert(estimate.id);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({
      code: 'estimates.not_approved',
      message: 'Only an approved estimate can be converted to an invoice (EST-000001 is draft)',
    });

    await ws.manager.put(`${base(ws)}/${estimate.id}`, { status: 'approved' });
    const converted = await convert(estimate.id);
    expect(converted.statusCode).toBe(201);
    const invoice = converted.json() as InvoiceDetail;
    const today = new Date().toISOString().slice(0, 10); // the workshop's zone is UTC
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-000001',
      customerId: customer.id,
      vehicleId: vehicle.id,
      description: 'Oil service',
      notes: 'Synthetic oil',
      status: 'draft',
      paymentStatus: 'unpaid',
      laborCost: '60.00',
      partsCost: '12.50',
      subtotal: '72.50',
      taxRate: '10.00',
      taxAmount: '7.25',
      totalAmount: '79.75',
      paidAmount: '0.00',
      balanceAmount: '79.75',
      itemCount: 2,
      invoiceDate: today,
      dueDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      estimate: { id: estimate.id, estimateNumber: 'EST-000001' },
      jobCard: null,
      payments: [],
    });
    expect((Date.parse(invoice.dueDate!) - Date.parse(today)) / 86_400_000).toBe(30);
    expect(invoice.items.map(({ id: _id, ...l }) => l)).toEqual(estimate.items.map(({ id: _id, ...l }) => l));
    // The estimate shows its invoice, in the list and alone.
    expect((await ws.manager.get(`${base(ws)}/${estimate.id}`)).json().invoice).toEqual({ id: invoice.id, invoiceNumber: 'INV-000001' });
    expect((await ws.manager.get(base(ws))).json()[0].invoice).toEqual({ id: invoice.id, invoiceNumber: 'INV-000001' });

    const again = await convert(estimate.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'estimates.already_converted',
      message: 'Estimate EST-000001 was already converted to invoice INV-000001',
      params: { invoiceId: invoice.id, invoiceNumber: 'INV-000001' },
    });
    // Later edits of the estimate leave the invoice as it was.
    await ws.manager.put(`${base(ws)}/${estimate.id}`, { laborCost: 1, items: [] });
    expect((await ws.manager.get(`/api/tenants/${ws.tenantId}/invoices/${invoice.id}`)).json()).toMatchObject({
      totalAmount: '79.75',
      itemCount: 2,
    });
    expect((await convert(999_999)).statusCode).toBe(404);
  });

  it('two conversions racing make one invoice; the other answers 409 naming it', async () => {
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const estimate = await createEstimate(ws.manager, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'approved',
      laborCost: 100,
    });
    const [a, b] = await Promise.all([
      ws.manager.post(`${base(ws)}/${estimate.id}/convert-to-invoice`, {}),
      ws.admin.post(`${base(ws)}/${estimate.id}/convert-to-invoice`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const winner = a.statusCode === 201 ? a : b;
    const loser = a.statusCode === 201 ? b : a;
    expect(loser.json().message).toBe(
      `Estimate ${estimate.estimateNumber} was already converted to invoice ${winner.json().invoiceNumber}`,
    );
    const invoices = (await ws.manager.get(`/api/tenants/${ws.tenantId}/invoices`)).json() as InvoiceDetail[];
    expect(invoices.map((i) => i.estimate?.id)).toEqual([estimate.id]);
  });
});

describe('estimates: list, search and paging', () => {
  it('searches number and customer names, filters, pages newest first with X-Total-Count', async () => {
    const ws = await createWorkshop(t.app);
    const a = await customerAndVehicle(ws, { firstName: 'Noura', lastName: 'Al-Sayed' });
    const b = await customerAndVehicle(ws, { firstName: 'James', lastName: 'Whitfield' });
    const bSecond = await insertVehicle(t.database.db, ws.tenantId, b.customer.id, { make: 'Honda', model: 'Civic' });
    const e1 = await createEstimate(ws.manager, { customerId: a.customer.id, vehicleId: a.vehicle.id, description: 'Timing belt' });
    const e2 = await createEstimate(ws.manager, { customerId: b.customer.id, vehicleId: b.vehicle.id, status: 'approved' });
    const e3 = await createEstimate(ws.manager, { customerId: b.customer.id, vehicleId: bSecond.id, status: 'sent' });
    const list = (q: string) => ws.manager.get(`${base(ws)}?${q}`);
    const ids = async (q: string) => ((await list(q)).json() as Estimate[]).map((e) => e.id);

    expect(await ids('')).toEqual([e3.id, e2.id, e1.id]);
    expect(await ids(`q=${e2.estimateNumber.toLowerCase()}`)).toEqual([e2.id]);
    expect(await ids('q=000003')).toEqual([e3.id]);
    expect(await ids('q=noura')).toEqual([e1.id]);
    expect(await ids('q=WHITF')).toEqual([e3.id, e2.id]);
    expect(await ids('q=James%20Whitfield')).toEqual([e3.id, e2.id]);
    expect(await ids('q=timing')).toEqual([]); // the description is not searched (spec: number, customer name)
    expect(await ids('q=%25')).toEqual([]); // LIKE wildcards are taken literally
    expect(await ids('status=approved')).toEqual([e2.id]);
    expect(await ids(`customerId=${b.customer.id}`)).toEqual([e3.id, e2.id]);
    expect(await ids(`vehicleId=${bSecond.id}`)).toEqual([e3.id]);
    expect(await ids(`q=whitfield&status=sent`)).toEqual([e3.id]);
    expect((await list('status=expired')).json()).toEqual([]);
    expect((await list('status=unknown')).statusCode).toBe(400);

    const page = await list('limit=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(((await page.json()) as Estimate[]).map((e) => e.id)).toEqual([e3.id, e2.id]);
    const second = await list('limit=2&offset=2');
    expect(second.headers['x-total-count']).toBe('3');
    expect(((await second.json()) as Estimate[]).map((e) => e.id)).toEqual([e1.id]);
    for (const q of ['q=whitfield&limit=1', 'status=sent&limit=1', `customerId=${b.customer.id}&limit=1`]) {
      const res = await list(q);
      expect(res.headers['x-total-count'], q).toBe(q.startsWith('status') ? '1' : '2');
      expect(res.headers['x-total-count-exact']).toBeUndefined();
    }
  });
});

describe('estimates: roles and workshops', () => {
  it('technicians get 403 on every estimate call', async () => {
    const { customer, vehicle } = await customerAndVehicle(w);
    const estimate = await createEstimate(w.admin, { customerId: customer.id, vehicleId: vehicle.id, status: 'approved' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base(w)],
      ['GET', `${base(w)}/next-number`],
      ['GET', `${base(w)}/${estimate.id}`],
      ['POST', base(w), { customerId: customer.id, vehicleId: vehicle.id, description: 'x' }],
      ['PUT', `${base(w)}/${estimate.id}`, { notes: 'x' }],
      ['POST', `${base(w)}/${estimate.id}/convert-to-invoice`, {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await w.technician.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('auth.forbidden_role');
    }
    expect((await w.admin.get(`${base(w)}/${estimate.id}`)).json().invoice).toBeNull();
    for (const client of [w.admin, w.manager]) expect((await client.get(base(w))).statusCode).toBe(200);
  });

  it("another workshop's estimates are invisible by list, id and search, and cannot be changed or converted", async () => {
    const mine = await createWorkshop(t.app);
    const other = await createWorkshop(t.app);
    const theirs = await customerAndVehicle(other, { firstName: 'Secret', lastName: 'Customer' });
    const hidden = await createEstimate(other.admin, { customerId: theirs.customer.id, vehicleId: theirs.vehicle.id, status: 'approved' });
    const own = await customerAndVehicle(mine);
    await createEstimate(mine.admin, { customerId: own.customer.id, vehicleId: own.vehicle.id });
    const seen = (await mine.admin.get(base(mine))).json() as Estimate[];
    expect(seen.map((e) => e.id)).not.toContain(hidden.id);
    expect((await mine.admin.get(`${base(mine)}?q=secret`)).json()).toEqual([]);
    expect((await mine.admin.get(`${base(mine)}?customerId=${theirs.customer.id}`)).json()).toEqual([]);
    expect((await mine.admin.get(`${base(mine)}/${hidden.id}`)).statusCode).toBe(404);
    expect((await mine.admin.put(`${base(mine)}/${hidden.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await mine.admin.post(`${base(mine)}/${hidden.id}/convert-to-invoice`, {})).statusCode).toBe(404);
    // Their path is not found either.
    expect((await mine.admin.get(base(other))).statusCode).toBe(404);
    expect((await mine.admin.get(`${base(other)}/${hidden.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`${base(other)}/${hidden.id}`)).json().invoice).toBeNull();
  });
});

describe('estimates: live updates', () => {
  it('tell the workshop that estimates (and on conversion, invoices) changed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const ws = await createWorkshop(t.app);
    const { customer, vehicle } = await customerAndVehicle(ws);
    const live = connect(`ws://127.0.0.1:${port}/ws`, ws.admin.cookie);
    await live.opened;
    await live.waitFor((m) => m.type === 'hello');
    const estimate = await createEstimate(ws.manager, { customerId: customer.id, vehicleId: vehicle.id, status: 'approved' });
    await live.waitFor((m) => m.type === 'update' && m.entity === 'estimates');
    expect(live.messages.some((m) => m.entity === 'invoices')).toBe(false);
    await ws.manager.post(`${base(ws)}/${estimate.id}/convert-to-invoice`, {});
    await live.waitFor((m) => m.type === 'update' && m.entity === 'invoices');
    live.socket.close();
  });
});
