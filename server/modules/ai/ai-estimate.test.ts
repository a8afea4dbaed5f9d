import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type Client, type TestApp, type Workshop } from '../../test/app.ts';
import { createJobCard, createSparePart, insertCustomerWithVehicle } from '../../test/workshop.ts';
import { createEstimate, issuesOf, updateSettings } from '../../test/billing.ts';
import { createTechnician } from '../../test/field-service.ts';
import type { JobEstimation, PartsRecommendation } from '../../../core/contracts/ai.ts';

/**
 * Job estimation and parts recommendation over HTTP (issue 13, items 1 and 3): answers from the
 * workshop's own completed job cards, stored as pending records that a confirmed call applies or
 * dismisses; roles (technicians see no billing figures), other workshops (404), bad input (400
 * with the contract's wording) and the per-user AI limit (429).
 */

let t: TestApp;
let w: Workshop;
let other: Workshop;
type Part = { id: number; name: string; unitPrice: string };
const parts: Record<string, Part> = {};
let corolla: { customerId: number; vehicleId: number };
let x5: { customerId: number; vehicleId: number };
const brakeCards: string[] = [];

const ai = (client: Client, path: string) => `/api/tenants/${client.user.tenantId}/ai/${path}`;
const estimate = async (client: Client, body: unknown) => {
  const res = await client.post(ai(client, 'estimate-job'), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobEstimation;
};
const recommend = async (client: Client, body: unknown) => {
  const res = await client.post(ai(client, 'recommend-parts'), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PartsRecommendation;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
  other = await createWorkshop(t.app);
  await updateSettings(w.admin, { labourRate: '80.00' });
  for (const [key, name, unitPrice] of [
    ['pads', 'Brake pads, front', '58.00'],
    ['fluid', 'Brake fluid DOT4', '15.00'],
    ['disc', 'Brake disc, front', '120.00'],
    ['oil', 'Engine oil 5W-30', '11.00'],
    ['filter', 'Oil filter', '8.50'],
  ] as const) {
    parts[key] = await createSparePart(w.admin, { name, unitPrice, stockQuantity: 500 });
  }
  const a = await insertCustomerWithVehicle(t.database.db, w.tenantId, {}, { make: 'Toyota', model: 'Corolla' });
  const b = await insertCustomerWithVehicle(t.database.db, w.tenantId, {}, { make: 'BMW', model: 'X5' });
  corolla = { customerId: a.customer.id, vehicleId: a.vehicle.id };
  x5 = { customerId: b.customer.id, vehicleId: b.vehicle.id };
  // Brake jobs: about 2 h on a Corolla, 4 h on an X5 (with a disc); oil changes: 0.75 h.
  const brake = async (vehicle: typeof corolla, hours: number, withDisc: boolean) => {
    const card = await createJobCard(w.manager, {
      ...vehicle,
      serviceType: 'Brake service',
      description: 'Front brake pads worn; replace pads and bleed the fluid',
      status: 'completed',
      parts: [
        { sparePartId: parts.pads.id, quantity: 1 },
        { sparePartId: parts.fluid.id, quantity: 1 },
        ...(withDisc ? [{ sparePartId: parts.disc.id, quantity: 1 }] : []),
      ],
      labour: [{ description: 'Replace pads', hours }],
    });
    brakeCards.push(card.jobNumber);
  };
  for (const h of [1.5, 2, 2, 2.5]) await brake(corolla, h, false);
  for (const h of [4, 4.5]) await brake(x5, h, true);
  for (let i = 0; i < 3; i++) {
    await createJobCard(w.manager, {
      ...corolla,
      serviceType: 'Oil change',
      description: 'Engine oil and filter',
      status: 'completed',
      parts: [
        { sparePartId: parts.oil.id, quantity: 5 },
        { sparePartId: parts.filter.id, quantity: 1 },
      ],
      labour: [{ description: 'Oil service', hours: 0.75 }],
    });
  }
  // Not completed: not history.
  await createJobCard(w.manager, {
    ...corolla,
    serviceType: 'Brake service',
    status: 'pending',
    labour: [{ description: 'x', hours: 40 }],
  });
});
afterAll(async () => t.close());

describe('ai: estimate-job', () => {
  it('estimates from similar completed job cards, the same make and model weighing more', async () => {
    const est = await estimate(w.manager, { jobDescription: 'Brake pads squeal at the front', vehicleId: corolla.vehicleId });
    expect(est).toMatchObject({ fallback: false, status: 'pending', decidedBy: null, appliedToJobCard: null });
    // 2 h at 80.00 + pads 58.00 + fluid 15.00 = 233.00, the Corolla's typical job.
    expect(est.estimatedTime).toBe('2.00');
    expect(est.totalCost).toBe('233.00');
    expect((Number(est.laborCost) + Number(est.partsCost)).toFixed(2)).toBe(est.totalCost);
    expect(est.hours).toEqual({ low: '2.00', typical: '2.00', high: '2.50' });
    expect(est.total).toMatchObject({ typical: '233.00' });
    expect(est.confidence).toBeGreaterThan(0.3);
    expect(est.basedOn.every((c) => c.kind === 'job_card' && brakeCards.some((n) => c.label.startsWith(n)))).toBe(true);
    expect(est.basedOn.length).toBeGreaterThanOrEqual(4);
    expect(est.notes).toMatch(/Based on \d+ similar completed job cards \(\d+ on Toyota Corolla\)/);
    // The notes' figures, for the web to word them in its language.
    expect(est.explain).toMatchObject({
      count: est.basedOn.length,
      vehicle: 'Toyota Corolla',
      mostSimilar: { jobNumber: est.basedOn[0].label.split(' · ')[0], serviceType: 'Brake service' },
      labourRate: null,
      parts: [],
    });
    expect(est.explain!.sameModel).toBeGreaterThan(0);
    expect(est.notes).toContain(`(${est.explain!.sameModel} on Toyota Corolla), most similar ${est.explain!.mostSimilar!.jobNumber}`);

    const bmw = await estimate(w.manager, { jobDescription: 'brake service', vehicleDetails: '2022 BMW X5' });
    expect(Number(bmw.estimatedTime)).toBeGreaterThanOrEqual(4);
    // A vehicle described in words: "the same make and model".
    expect(bmw.explain).toMatchObject({ vehicle: null });
    // Stored: the read answers the same.
    const read = await w.manager.get(ai(w.manager, `job-estimations/${est.id}`));
    expect(read.json()).toEqual(est);
  });

  it('gives a technician hours but no billing figures', async () => {
    const est = await estimate(w.technician, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    expect(est).toMatchObject({ laborCost: null, partsCost: null, totalCost: null, total: null, estimatedTime: '2.00' });
    expect(est.notes).not.toMatch(/\d+\.\d\d \(/);
    const read = (await w.technician.get(ai(w.technician, `job-estimations/${est.id}`))).json();
    expect(read.totalCost).toBeNull();
    expect(read.explain).toEqual(est.explain);
    expect(est.explain).toMatchObject({ vehicle: 'Toyota Corolla', labourRate: null });
    expect((await w.admin.get(ai(w.admin, `job-estimations/${est.id}`))).json().totalCost).toBe('233.00');
  });

  it('falls back to the labour rate and the catalogue without similar history, inventing nothing', async () => {
    const est = await estimate(w.manager, {
      jobDescription: 'Replace the brake disc at the front, paint job too',
      vehicleDetails: 'Kia Rio',
    });
    // "brake" finds the brake jobs: they are similar. A job with no history at all:
    expect(est.fallback).toBe(false);
    const ws = await createWorkshop(t.app);
    await updateSettings(ws.admin, { labourRate: '70.00' });
    const pads = await createSparePart(ws.admin, { name: 'Brake pads, front', unitPrice: '40.00' });
    await createSparePart(ws.admin, { name: 'Wiper blade', unitPrice: '9.00' });
    const none = await estimate(ws.manager, { jobDescription: 'Replace front brake pads', vehicleDetails: 'Kia Rio' });
    expect(none).toMatchObject({
      fallback: true,
      basedOn: [],
      estimatedTime: '0.00',
      laborCost: '0.00',
      partsCost: '40.00',
      totalCost: '40.00',
      confidence: 0.1,
    });
    expect(none.notes).toContain('No similar completed job cards');
    expect(none.notes).toContain('rate of 70.00 per hour');
    expect(none.notes).toContain(`${pads.name} (${pads.sku}) 40.00`);
    expect(none.explain).toEqual({
      count: 0,
      sameModel: 0,
      vehicle: null,
      mostSimilar: null,
      labourRate: '70.00',
      parts: [{ name: pads.name, sku: pads.sku, unitPrice: '40.00' }],
    });
    expect((await ws.manager.get(ai(ws.manager, `job-estimations/${none.id}`))).json().explain).toEqual(none.explain);
    // A technician reads the same record without the rate and the prices.
    expect((await ws.technician.get(ai(ws.technician, `job-estimations/${none.id}`))).json().explain).toMatchObject({
      labourRate: null,
      parts: [{ name: pads.name, sku: pads.sku, unitPrice: null }],
    });
    const nothing = await estimate(ws.manager, { jobDescription: 'Detailing of the seats', vehicleDetails: 'Kia Rio' });
    expect(nothing).toMatchObject({ fallback: true, totalCost: '0.00', partsCost: '0.00' });
    expect(nothing.notes).toContain('No catalogue part matches the description');
  });

  it("answers bad input with the contract's wording, and an unknown or another workshop's vehicle with 400", async () => {
    const empty = await w.manager.post(ai(w.manager, 'estimate-job'), {});
    expect(empty.statusCode).toBe(400);
    expect(issuesOf(empty)).toMatchObject({ jobDescription: 'Job description is required' });
    const noVehicle = await w.manager.post(ai(w.manager, 'estimate-job'), { jobDescription: 'Brakes', vehicleDetails: '  ' });
    expect(issuesOf(noVehicle)).toEqual({ vehicleDetails: 'Vehicle details are required' });
    for (const vehicleId of [999_999, (await insertCustomerWithVehicle(t.database.db, other.tenantId)).vehicle.id]) {
      const res = await w.manager.post(ai(w.manager, 'estimate-job'), { jobDescription: 'Brakes', vehicleId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ai.vehicle_invalid', message: 'Unknown vehicle' });
    }
  });

  it('applies an estimate to a job card once (admins and managers), or dismisses it', async () => {
    const est = await estimate(w.manager, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    const card = await createJobCard(w.manager, { ...corolla, serviceType: 'Brake service' });
    const url = ai(w.manager, `job-estimations/${est.id}/apply`);
    const byTechnician = await w.technician.post(url, { jobCardId: card.id });
    expect(byTechnician.statusCode).toBe(403);
    const applied = await w.manager.post(url, { jobCardId: card.id });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied', decidedBy: w.manager.user.id, appliedToJobCard: card.id });
    expect(applied.json().decidedAt).toBeTruthy();
    expect((await w.manager.get(`/api/job-cards/${card.id}`)).json().estimatedCost).toBe('233.00');
    const twice = await w.manager.post(url, { jobCardId: card.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ai.already_decided', message: 'This result was already applied' });
    expect((await w.manager.post(ai(w.manager, `job-estimations/${est.id}/dismiss`))).statusCode).toBe(409);

    // Two applies racing: one wins, the other answers 409.
    const raced = await estimate(w.manager, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    const racedUrl = ai(w.manager, `job-estimations/${raced.id}/apply`);
    const both = await Promise.all([w.manager.post(racedUrl, { jobCardId: card.id }), w.admin.post(racedUrl, { jobCardId: card.id })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const next = await estimate(w.manager, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    // Another workshop's job card is not found, and nothing changes.
    const theirs = await insertCustomerWithVehicle(t.database.db, other.tenantId);
    const theirCard = await createJobCard(other.manager, { customerId: theirs.customer.id, vehicleId: theirs.vehicle.id });
    const foreign = await w.manager.post(ai(w.manager, `job-estimations/${next.id}/apply`), { jobCardId: theirCard.id });
    expect(foreign.statusCode).toBe(404);
    const dismissed = await w.technician.post(ai(w.technician, `job-estimations/${next.id}/dismiss`));
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', decidedBy: w.technician.user.id });
  });

  it("applies an estimate to a new job card: the vehicle's customer, the estimated cost, once", async () => {
    const est = await estimate(w.manager, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    // The answer names what a new job card would take from it.
    expect(est).toMatchObject({ serviceType: 'Brake service', vehicleId: corolla.vehicleId });
    const url = ai(w.manager, `job-estimations/${est.id}/apply`);
    const card = await createJobCard(w.manager, { ...corolla, serviceType: 'Brake service' });
    const newJobCard = { vehicleId: corolla.vehicleId };
    // Both targets, or neither: 400 with the contract's wording.
    for (const body of [{ jobCardId: card.id, newJobCard }, {}]) {
      const res = await w.manager.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)).toEqual({ jobCardId: 'Choose an existing job card or a new one' });
    }
    expect((await w.technician.post(url, { newJobCard })).statusCode).toBe(403);
    // Another workshop's vehicle is refused as the job-cards service refuses it, and nothing is made.
    const theirs = await insertCustomerWithVehicle(t.database.db, other.tenantId);
    const foreign = await w.manager.post(url, { newJobCard: { vehicleId: theirs.vehicle.id } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'job_cards.vehicle_invalid' });
    expect((await w.manager.get(ai(w.manager, `job-estimations/${est.id}`))).json().status).toBe('pending');

    const applied = await w.manager.post(url, { newJobCard });
    expect(applied.statusCode, applied.body).toBe(200);
    const record = applied.json() as JobEstimation;
    expect(record).toMatchObject({ status: 'applied', decidedBy: w.manager.user.id });
    expect(record.decidedAt).toBeTruthy();
    expect(record.appliedToJobCard).not.toBe(card.id);
    const made = (await w.manager.get(`/api/job-cards/${record.appliedToJobCard}`)).json();
    expect(made).toMatchObject({
      customerId: corolla.customerId,
      vehicleId: corolla.vehicleId,
      serviceType: 'Brake service',
      description: 'Brake pads squeal',
      status: 'pending',
      estimatedCost: '233.00',
    });
    expect(made.jobNumber).toMatch(/^JC-\d{6}$/);
    const twice = await w.manager.post(url, { newJobCard });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ai.already_decided' });

    // What is given wins over the estimation's: service type, description, date.
    const next = await estimate(w.admin, { jobDescription: 'Brake pads squeal', vehicleId: corolla.vehicleId });
    const given = await w.admin.post(ai(w.admin, `job-estimations/${next.id}/apply`), {
      newJobCard: {
        vehicleId: x5.vehicleId,
        serviceType: 'Brakes, front',
        description: 'Pads only',
        scheduledDate: '2030-01-02T09:00:00.000Z',
      },
    });
    expect(given.statusCode, given.body).toBe(200);
    const other2 = (await w.admin.get(`/api/job-cards/${given.json().appliedToJobCard}`)).json();
    expect(other2).toMatchObject({
      customerId: x5.customerId,
      serviceType: 'Brakes, front',
      description: 'Pads only',
      estimatedCost: '233.00',
    });
    expect(other2.scheduledDate).toBe('2030-01-02T09:00:00.000Z');
  });

  it("keeps another workshop's records and paths out of reach (404)", async () => {
    const est = await estimate(w.manager, { jobDescription: 'Oil change', vehicleId: corolla.vehicleId });
    const rec = await recommend(w.manager, { serviceType: 'Oil change', vehicleMake: 'Toyota', vehicleModel: 'Corolla' });
    expect((await other.admin.get(ai(w.manager, `job-estimations/${est.id}`))).statusCode).toBe(404);
    expect((await other.admin.get(ai(other.admin, `job-estimations/${est.id}`))).statusCode).toBe(404);
    expect((await other.admin.get(ai(other.admin, `parts-recommendations/${rec.id}`))).statusCode).toBe(404);
    expect((await other.admin.post(ai(other.admin, `job-estimations/${est.id}/dismiss`))).statusCode).toBe(404);
    expect((await other.admin.post(ai(other.admin, `parts-recommendations/${rec.id}/dismiss`))).statusCode).toBe(404);
    expect((await other.admin.post(ai(w.manager, 'estimate-job'), { jobDescription: 'x', vehicleDetails: 'y' })).statusCode).toBe(404);
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/vehicles/${corolla.vehicleId}/ai-history`)).statusCode).toBe(404);
    // Their own history knows nothing of ours.
    const theirs = await other.manager.post(ai(other.manager, 'estimate-job'), {
      jobDescription: 'Brake pads squeal',
      vehicleDetails: 'Toyota Corolla',
    });
    expect(theirs.json()).toMatchObject({ fallback: true, basedOn: [] });
  });
});

describe('ai: recommend-parts', () => {
  it('recommends catalogue parts used on past jobs of the service type, ranked by use, with why', async () => {
    const rec = await recommend(w.manager, { serviceType: 'Brake service', vehicleMake: 'Toyota', vehicleModel: 'Corolla' });
    expect(rec.parts.map((p) => p.sparePartId)).toEqual([parts.pads.id, parts.fluid.id, parts.disc.id]);
    expect(rec.parts[0]).toMatchObject({
      name: 'Brake pads, front',
      price: '58.00',
      stockQuantity: expect.any(Number),
      usedOn: 6,
      quantity: 1,
    });
    expect(rec.parts[0].reason).toBe('Used on 6 of 6 past Brake service job cards (4 on Toyota Corolla), usually with Brake fluid DOT4.');
    expect(rec.parts[2].reason).toContain('Used on 2 of 6');
    expect(rec.totalEstimatedCost).toBe('193.00');
    expect(rec.confidence).toBeGreaterThan(0.5);
    expect(rec.basedOn).toHaveLength(6);
    expect(rec.reasoning).toContain('Based on 6 completed Brake service job cards');
    // The figures the web words the reasons with, kept on a re-read.
    expect(rec.parts[0].reasonFacts).toEqual({ usedOnSameVehicle: 4, companion: 'Brake fluid DOT4' });
    expect(rec.reasoningFacts).toEqual({
      jobs: 6,
      sameVehicleJobs: 4,
      serviceType: 'Brake service',
      askedServiceType: 'Brake service',
      vehicle: 'Toyota Corolla',
    });
    const reread = (await w.manager.get(ai(w.manager, `parts-recommendations/${rec.id}`))).json();
    expect(reread.reasoningFacts).toEqual(rec.reasoningFacts);
    expect(reread.parts.map((p: PartsRecommendation['parts'][number]) => p.reasonFacts)).toEqual(rec.parts.map((p) => p.reasonFacts));

    const tech = await recommend(w.technician, { serviceType: 'brake service', vehicleMake: 'toyota', vehicleModel: 'corolla' });
    expect(tech.parts.every((p) => p.price === null)).toBe(true);
    expect(tech.totalEstimatedCost).toBeNull();

    const nothing = await recommend(w.manager, { serviceType: 'Paint job', vehicleMake: 'Toyota', vehicleModel: 'Corolla' });
    expect(nothing).toMatchObject({ parts: [], confidence: 0, totalEstimatedCost: '0.00' });
    expect(nothing.reasoning).toContain('No completed Paint job job cards');
    expect(nothing.reasoningFacts).toMatchObject({ jobs: 0, sameVehicleJobs: 0, askedServiceType: 'Paint job' });
  });

  it("answers bad input with the contract's wording", async () => {
    const res = await w.manager.post(ai(w.manager, 'recommend-parts'), { serviceType: ' ' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual({
      serviceType: 'Service type is required',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
    });
    const unknown = await w.manager.post(ai(w.manager, 'recommend-parts'), {
      serviceType: 'Brake service',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleId: 999_999,
    });
    expect(unknown.json()).toMatchObject({ code: 'ai.vehicle_invalid' });
  });

  it('adds the chosen parts to a job card or an estimate once, through their rules', async () => {
    const body = { serviceType: 'Brake service', vehicleMake: 'Toyota', vehicleModel: 'Corolla', vehicleId: corolla.vehicleId };
    const rec = await recommend(w.manager, body);
    const card = await createJobCard(w.manager, {
      ...corolla,
      serviceType: 'Brake service',
      parts: [{ sparePartId: parts.oil.id, quantity: 2 }],
    });
    const url = ai(w.manager, `parts-recommendations/${rec.id}/apply`);
    expect(issuesOf(await w.manager.post(url, { sparePartIds: [parts.pads.id] }))).toEqual({
      jobCardId: 'Choose a job card or an estimate',
    });
    const stranger = await w.manager.post(url, { jobCardId: card.id, sparePartIds: [parts.oil.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'ai.part_not_recommended' });
    const applied = await w.manager.post(url, { jobCardId: card.id, sparePartIds: [parts.pads.id, parts.fluid.id] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied', appliedToJobCard: card.id, decidedBy: w.manager.user.id });
    const lines = (await w.manager.get(`/api/job-cards/${card.id}`)).json().parts;
    expect(
      lines.map((l: { sparePartId: number; quantity: number; unitPrice: string }) => [l.sparePartId, l.quantity, l.unitPrice]),
    ).toEqual([
      [parts.oil.id, 2, '11.00'],
      [parts.pads.id, 1, '58.00'],
      [parts.fluid.id, 1, '15.00'],
    ]);
    expect((await w.manager.post(url, { jobCardId: card.id, sparePartIds: [parts.pads.id] })).statusCode).toBe(409);

    // An estimate: admins and managers only.
    const second = await recommend(w.manager, body);
    const est = await createEstimate(w.manager, { ...corolla });
    const toEstimate = ai(w.manager, `parts-recommendations/${second.id}/apply`);
    const byTechnician = await w.technician.post(toEstimate, { estimateId: est.id, sparePartIds: [parts.pads.id] });
    expect(byTechnician.statusCode).toBe(403);
    // A manager an admin denied estimates.edit may not either; the recommendation stays pending.
    const deny = `/api/users/${w.manager.user.id}/permission-overrides/estimates.edit`;
    expect((await w.admin.put(deny, { allowed: false })).statusCode).toBe(200);
    const denied = await w.manager.post(toEstimate, { estimateId: est.id, sparePartIds: [parts.pads.id] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'ai.estimate_not_allowed' });
    expect((await w.admin.delete(deny)).statusCode).toBe(204);
    const done = await w.manager.post(toEstimate, { estimateId: est.id, sparePartIds: [parts.disc.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'applied', appliedToEstimate: est.id, appliedToJobCard: null });
    const items = (await w.manager.get(`/api/tenants/${w.tenantId}/estimates/${est.id}`)).json().items;
    expect(items).toEqual([
      expect.objectContaining({ itemType: 'part', sparePartId: parts.disc.id, unitPrice: '120.00', quantity: '1.00' }),
    ]);

    const third = await recommend(w.manager, body);
    const dismissed = await w.manager.post(ai(w.manager, `parts-recommendations/${third.id}/dismiss`));
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
    expect(
      (
        await w.manager.post(ai(w.manager, `parts-recommendations/${third.id}/apply`), {
          jobCardId: card.id,
          sparePartIds: [parts.pads.id],
        })
      ).statusCode,
    ).toBe(409);
  });
  it('lets a technician add recommended parts to their own job card only, at catalogue prices', async () => {
    const mine = await createTechnician(w.admin, { userId: w.technician.user.id });
    const own = await createJobCard(w.manager, { ...corolla, serviceType: 'Brake service', assignedTo: mine.id });
    const theirs = await createJobCard(w.manager, { ...corolla, serviceType: 'Brake service' });
    const body = { serviceType: 'Brake service', vehicleMake: 'Toyota', vehicleModel: 'Corolla' };
    const rec = await recommend(w.technician, body);
    const url = ai(w.technician, `parts-recommendations/${rec.id}/apply`);
    const refused = await w.technician.post(url, { jobCardId: theirs.id, sparePartIds: [parts.pads.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'job_cards.not_yours' });
    // Refused: nothing changed, the recommendation is still pending.
    expect((await w.technician.get(ai(w.technician, `parts-recommendations/${rec.id}`))).json().status).toBe('pending');
    const applied = await w.technician.post(url, { jobCardId: own.id, sparePartIds: [parts.pads.id] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().parts.every((p: { price: string | null }) => p.price === null)).toBe(true);
    const lines = (await w.manager.get(`/api/job-cards/${own.id}`)).json().parts;
    expect(lines).toEqual([expect.objectContaining({ sparePartId: parts.pads.id, quantity: 1, unitPrice: '58.00' })]);
  });
});

describe("ai: a vehicle's AI history", () => {
  it('lists the vehicle’s estimations and recommendations, newest first, without billing figures for a technician', async () => {
    const v = await insertCustomerWithVehicle(t.database.db, w.tenantId, {}, { make: 'Toyota', model: 'Corolla' });
    const first = await estimate(w.manager, { jobDescription: 'Brake pads squeal', vehicleId: v.vehicle.id });
    const second = await estimate(w.manager, { jobDescription: 'Oil change', vehicleId: v.vehicle.id });
    const rec = await recommend(w.manager, {
      serviceType: 'Oil change',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleId: v.vehicle.id,
    });
    const url = `/api/tenants/${w.tenantId}/vehicles/${v.vehicle.id}/ai-history`;
    const history = (await w.manager.get(url)).json();
    expect(history.estimations.map((e: JobEstimation) => e.id)).toEqual([second.id, first.id]);
    expect(history.recommendations.map((r: PartsRecommendation) => r.id)).toEqual([rec.id]);
    expect(history.predictions).toEqual([]);
    const tech = (await w.technician.get(url)).json();
    expect(tech.estimations[0].totalCost).toBeNull();
    expect(tech.recommendations[0].totalEstimatedCost).toBeNull();
    // The history answers the structured figures as the records' own reads do.
    expect(history.estimations[1].explain).toEqual(first.explain);
    expect(history.recommendations[0].reasoningFacts).toEqual(rec.reasoningFacts);
    expect((await w.manager.get(`/api/tenants/${w.tenantId}/vehicles/999999/ai-history`)).statusCode).toBe(404);
  });
});

describe('ai: the per-user limit', () => {
  it('answers 429 with Retry-After beyond the calls a user may make per minute', async () => {
    const limited = await createTestApp({ aiCallsPerMinute: 3 });
    try {
      const ws = await createWorkshop(limited.app);
      const body = { jobDescription: 'Oil change', vehicleDetails: 'Toyota Corolla' };
      for (let i = 0; i < 3; i++) expect((await ws.manager.post(ai(ws.manager, 'estimate-job'), body)).statusCode).toBe(200);
      const refused = await ws.manager.post(ai(ws.manager, 'recommend-parts'), {
        serviceType: 'Oil change',
        vehicleMake: 'Toyota',
        vehicleModel: 'Corolla',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'ai.too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another user of the workshop has their own allowance.
      expect((await ws.admin.post(ai(ws.admin, 'estimate-job'), body)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('ai: on the sample data', () => {
  it('answers from the seeded history on a fresh install', async () => {
    const ws = await createWorkshop(t.app);
    expect((await ws.admin.post('/api/admin/seed-database')).statusCode).toBe(200);
    const vehicle = (await ws.manager.get(`/api/tenants/${ws.tenantId}/vehicles?limit=1`)).json()[0];
    for (const jobDescription of ['Brake service: front pads worn', 'Oil change and filter', 'AC blows warm air, AC repair needed']) {
      const est = await estimate(ws.manager, { jobDescription, vehicleId: vehicle.id });
      expect(est.fallback, jobDescription).toBe(false);
      expect(est.basedOn.length).toBeGreaterThanOrEqual(5);
      expect(Number(est.estimatedTime)).toBeGreaterThan(0);
      expect(Number(est.totalCost)).toBeGreaterThan(0);
    }
    const rec = await recommend(ws.manager, { serviceType: 'Brake service', vehicleMake: vehicle.make, vehicleModel: vehicle.model });
    expect(rec.parts.map((p) => p.sku)).toEqual(expect.arrayContaining(['BRK-PAD-F10', 'FLD-BRK-DOT4']));
    expect(rec.basedOn.length).toBeGreaterThanOrEqual(10);
  });
});
