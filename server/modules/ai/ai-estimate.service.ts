import type { z } from '../../../core/zod.ts';
import type { Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { hasPermission } from '../../../core/permissions.ts';
import type {
  Citation,
  JobEstimation,
  MaintenancePrediction,
  PartsRecommendation,
  applyPartsInput,
  estimateJobInput,
  newJobCardFromEstimation,
  recommendPartsInput,
} from '../../../core/contracts/ai.ts';
import { containment, estimateFromHistory, keywords, partNamedIn, similarity, trigrams } from '../../../core/rules/ai-estimation.ts';
import { partsConfidence, rankParts, type PartsJob } from '../../../core/rules/ai-parts.ts';
import { fromCents, lineTotalCents, sumCents, toCents } from '../../../core/rules/money.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { createJobCard, getJobCardDetail, updateJobCard } from '../job-cards/job-cards.service.ts';
import { getEstimateDetail, updateEstimate } from '../billing/estimates.service.ts';
import { takeAiCall } from './ai-limits.ts';
import { decision, iso } from './ai-record.ts';
import * as repo from './ai-estimate.repository.ts';

/**
 * Job estimation and parts recommendation (issue 13, items 1 and 3): answers from the workshop's
 * own completed job cards (core/rules/ai-estimation.ts and ai-parts.ts), each stored as a pending
 * record that an explicit call applies (an estimated cost on a job card, part lines on a job card
 * or an estimate) or dismisses. Technicians get hours and parts but no billing figures.
 */

type EstimateInput = z.output<typeof estimateJobInput>;
type PartsInput = z.output<typeof recommendPartsInput>;
type ApplyPartsInput = z.output<typeof applyPartsInput>;
type NewJobCardInput = z.output<typeof newJobCardFromEstimation>;

/** Whether the user may see billing figures (costs, prices). */
const seesMoney = (actor: PublicUser) => actor.role === 'admin' || actor.role === 'manager';
const hours = (n: number) => n.toFixed(2);
const vehicleInvalid = () => badRequest('ai.vehicle_invalid', 'Unknown vehicle');
const estimationNotFound = () => notFound('ai.job_estimation', 'Estimation');
const recommendationNotFound = () => notFound('ai.parts_recommendation', 'Recommendation');
const alreadyDecided = (status: string) =>
  conflict('ai.already_decided', `This result was already ${status}`, {
    status,
  });

/** A stored answer (read locked) that is still to decide: 404 when the workshop has none, 409 once decided. */
function stillPending<R extends { status: string }>(row: R | undefined, missing: () => Error): R {
  if (!row) throw missing();
  if (row.status !== 'pending') throw alreadyDecided(row.status);
  return row;
}
const pendingEstimation = async (tx: Tx, actor: PublicUser, id: number) =>
  stillPending(await repo.findEstimation(tx, actor.tenantId, id, true), estimationNotFound);
const pendingRecommendation = async (tx: Tx, actor: PublicUser, id: number) =>
  stillPending(await repo.findRecommendation(tx, actor.tenantId, id, true), recommendationNotFound);
/** The decision that dismisses a stored answer. */
const dismissedBy = (actor: PublicUser) => ({ status: 'dismissed', decidedBy: actor.id, decidedAt: new Date() });
/** An estimation or a recommendation applied by the actor to a job card or an estimate. */
const appliedBy = (actor: PublicUser, to: { appliedToJobCard: number } | { appliedToEstimate: number }, decidedAt = new Date()) => ({
  status: 'applied',
  decidedBy: actor.id,
  decidedAt,
  ...to,
});
/** How many recent similar job cards an estimate reads. */
const CANDIDATES = 400;

// ---- job estimation -------------------------------------------------------------------------

type Range = { low: string; typical: string; high: string };
type EstimationData = {
  hours: Range;
  total: Range;
  basedOn: Array<Citation & { similarity: number }>;
  fallback: boolean;
  notes: string;
  /** The same notes without money, for a technician. */
  notesNoMoney: string;
  /** Catalogue parts the description named (fallback). */
  parts?: Array<{ id: number; name: string; sku: string; unitPrice: string }>;
  /** The notes' figures (with money; stripped for a technician), for the web's own wording. */
  explain?: {
    count: number;
    sameModel: number;
    vehicle: string | null;
    mostSimilar: { jobNumber: string; serviceType: string } | null;
    labourRate: string | null;
  };
};

export type ComputedEstimate = {
  serviceType: string;
  /** Typical hours (0 when it fell back). */
  hours: number;
  labourCents: number;
  partsCents: number;
  data: EstimationData;
  confidence: number;
};

/** The service types (at most three) the description names, as completed job cards of the workshop carry them. */
async function serviceTypesNamed(db: Tx, tenantId: number, description: string): Promise<string[]> {
  // "brakes" finds "Brake service": plurals are searched by their stem.
  // "AC repair: blows warm air": the generic words count here too (the trigram scores below decide).
  const generic = ['repair', 'service', 'replacement'].filter((w) => description.toLowerCase().includes(w));
  const words = [...new Set([...keywords(description, 8).map((w) => (w.length > 4 ? w.replace(/s$/, '') : w)), ...generic])];
  const grams = trigrams(description);
  const scored = (await repo.serviceTypesMatching(db, tenantId, words))
    .map((r) => ({ type: r.serviceType, score: containment(r.serviceType, grams) }))
    .filter((r) => r.score >= 0.3)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return [];
  return scored
    .filter((r) => r.score >= scored[0].score - 0.2)
    .map((r) => r.type)
    .slice(0, 3);
}

const jobCitation = (j: { id: number; jobNumber: string; serviceType: string; make: string; model: string }) => ({
  kind: 'job_card' as const,
  id: j.id,
  label: `${j.jobNumber} · ${j.serviceType} · ${j.make} ${j.model}`,
});

/**
 * The estimate for a job, from similar past job cards, or from the workshop's labour rate and
 * catalogue prices when there are none (no invented number: the hours are then unknown, 0).
 * `exclude` leaves one job card out (leave-one-out evaluation).
 */
export async function computeEstimate(
  db: Tx,
  tenantId: number,
  input: { jobDescription: string; vehicleDetails?: string; vehicleId?: number },
  exclude?: number,
): Promise<ComputedEstimate> {
  const vehicle = input.vehicleId !== undefined ? await repo.findVehicle(db, tenantId, input.vehicleId) : undefined;
  if (input.vehicleId !== undefined && !vehicle) throw vehicleInvalid();
  const types = await serviceTypesNamed(db, tenantId, input.jobDescription);
  const jobs = await repo.pastJobs(db, tenantId, { serviceTypes: types, vehicleId: vehicle?.id, limit: CANDIDATES, exclude });
  const asked = { description: input.jobDescription, make: vehicle?.make, model: vehicle?.model, details: input.vehicleDetails };
  const est = estimateFromHistory(asked, jobs);
  const serviceType = (types[0] ?? est?.basedOn[0]?.serviceType ?? input.jobDescription).slice(0, 100);
  if (est) {
    const money = (r: { low: number; typical: number; high: number }): Range => ({
      low: fromCents(r.low),
      typical: fromCents(r.typical),
      high: fromCents(r.high),
    });
    const sameModel = est.basedOn.filter((j) => j.sameModel).length;
    const on = vehicle ? `${vehicle.make} ${vehicle.model}` : 'the same make and model';
    const basis =
      `Based on ${est.basedOn.length} similar completed job card${est.basedOn.length === 1 ? '' : 's'}` +
      `${sameModel ? ` (${sameModel} on ${on})` : ''}, most similar ${est.basedOn[0].jobNumber} (${est.basedOn[0].serviceType}).`;
    const time = ` Typical time ${hours(est.hours.typical)} h (${hours(est.hours.low)}–${hours(est.hours.high)} h).`;
    const total = money(est.total);
    return {
      serviceType,
      hours: est.hours.typical,
      labourCents: est.labourCents,
      partsCents: est.partsCents,
      confidence: est.confidence,
      data: {
        hours: { low: hours(est.hours.low), typical: hours(est.hours.typical), high: hours(est.hours.high) },
        total,
        basedOn: est.basedOn.slice(0, 20).map((j) => ({ ...jobCitation(j), similarity: j.similarity })),
        fallback: false,
        notes: `${basis}${time} Typical total ${total.typical} (${total.low}–${total.high}).`,
        notesNoMoney: `${basis}${time}`,
        explain: {
          count: est.basedOn.length,
          sameModel,
          vehicle: vehicle ? `${vehicle.make} ${vehicle.model}` : null,
          mostSimilar: { jobNumber: est.basedOn[0].jobNumber, serviceType: est.basedOn[0].serviceType },
          labourRate: null,
        },
      },
    };
  }
  // No similar history: the workshop's rate and the catalogue parts the description names.
  const { labourRate } = await workshopClock(db, tenantId);
  const words = keywords(input.jobDescription, 12);
  const parts = (await repo.partsMentioning(db, tenantId, words)).filter((p) => partNamedIn(words, p.name)).slice(0, 5);
  const partsCents = sumCents(parts.map((p) => toCents(p.unitPrice)));
  const none = `No similar completed job cards in this workshop's history, so the labour time cannot be estimated from it (0 h here).`;
  const rate = ` Labour is charged at the workshop's rate of ${labourRate} per hour.`;
  const named = parts.length
    ? ` Parts the description names, at catalogue prices: ${parts.map((p) => `${p.name} (${p.sku}) ${p.unitPrice}`).join(', ')}.`
    : ' No catalogue part matches the description.';
  const namedNoMoney = parts.length ? ` Parts the description names: ${parts.map((p) => `${p.name} (${p.sku})`).join(', ')}.` : named;
  const zero = { low: '0.00', typical: '0.00', high: '0.00' };
  const partsTotal = fromCents(partsCents);
  return {
    serviceType,
    hours: 0,
    labourCents: 0,
    partsCents,
    confidence: 0.1,
    data: {
      hours: zero,
      total: { low: partsTotal, typical: partsTotal, high: partsTotal },
      basedOn: [],
      fallback: true,
      notes: `${none}${rate}${named}`,
      notesNoMoney: `${none}${namedNoMoney}`,
      parts: parts.map((p) => ({ id: p.id, name: p.name, sku: p.sku, unitPrice: p.unitPrice })),
      explain: { count: 0, sameModel: 0, vehicle: null, mostSimilar: null, labourRate: String(labourRate) },
    },
  };
}

function estimationOut(row: repo.EstimationRow, actor: PublicUser): JobEstimation {
  const data = row.basedOnData as EstimationData;
  const money = seesMoney(actor);
  return {
    id: row.id,
    laborCost: money ? row.laborCost : null,
    partsCost: money ? row.partsCost : null,
    totalCost: money ? row.estimatedCost : null,
    estimatedTime: row.estimatedHours,
    notes: money ? data.notes : data.notesNoMoney,
    confidence: Number(row.confidence),
    hours: data.hours,
    total: money ? data.total : null,
    basedOn: data.basedOn,
    fallback: data.fallback,
    explain: data.explain && {
      ...data.explain,
      labourRate: money ? data.explain.labourRate : null,
      parts: (data.parts ?? []).map((p) => ({ name: p.name, sku: p.sku, unitPrice: money ? p.unitPrice : null })),
    },
    appliedToJobCard: row.appliedToJobCard,
    serviceType: row.serviceType,
    vehicleId: row.vehicleId,
    ...decision(row),
  };
}

/** POST .../ai/estimate-job: the estimate, stored pending. */
export async function estimateJob(db: Tx, actor: PublicUser, input: EstimateInput, perMinute: number): Promise<JobEstimation> {
  await takeAiCall(db, actor, perMinute);
  const vehicleDetails = input.vehicleDetails?.trim() || undefined;
  const est = await computeEstimate(db, actor.tenantId, {
    jobDescription: input.jobDescription,
    vehicleDetails,
    vehicleId: input.vehicleId,
  });
  const row = await repo.insertEstimation(db, {
    tenantId: actor.tenantId,
    vehicleId: input.vehicleId ?? null,
    serviceType: est.serviceType,
    jobDescription: input.jobDescription,
    vehicleDetails: vehicleDetails ?? null,
    estimatedHours: hours(est.hours),
    estimatedCost: fromCents(est.labourCents + est.partsCents),
    laborCost: fromCents(est.labourCents),
    partsCost: fromCents(est.partsCents),
    confidence: est.confidence.toFixed(3),
    basedOnData: est.data,
    createdBy: actor.id,
  });
  return estimationOut(row, actor);
}

export async function getEstimation(db: Tx, actor: PublicUser, id: number): Promise<JobEstimation> {
  const row = await repo.findEstimation(db, actor.tenantId, id);
  if (!row) throw estimationNotFound();
  return estimationOut(row, actor);
}

/** Sets the job card's estimated cost to the estimate's total (admins and managers), once. */
export async function applyEstimation(db: Tx, actor: PublicUser, id: number, jobCardId: number): Promise<JobEstimation> {
  return db.transaction(async (tx) => {
    const row = await pendingEstimation(tx, actor, id);
    await updateJobCard(tx, actor, jobCardId, { estimatedCost: row.estimatedCost });
    const updated = await repo.decideEstimation(tx, actor.tenantId, id, appliedBy(actor, { appliedToJobCard: jobCardId }));
    return estimationOut(updated, actor);
  });
}

/**
 * Applies the estimate to a new job card (admins and managers), once: the vehicle's customer, the
 * estimation's service type and job description unless given, its total as the estimated cost.
 * The card is made by the job-cards service (its numbering and checks) in the same transaction.
 */
export async function applyEstimationToNewJobCard(db: Tx, actor: PublicUser, id: number, input: NewJobCardInput): Promise<JobEstimation> {
  if (!seesMoney(actor)) throw forbidden('job_cards.price_not_allowed', 'Only admins and managers can set prices');
  return db.transaction(async (tx) => {
    const row = await pendingEstimation(tx, actor, id);
    const customerId = await repo.vehicleCustomerId(tx, actor.tenantId, input.vehicleId);
    if (customerId === undefined) throw badRequest('job_cards.vehicle_invalid', 'Unknown vehicle');
    const { card } = await createJobCard(tx, actor, {
      ...input,
      customerId,
      serviceType: input.serviceType ?? row.serviceType,
      description: input.description ?? row.jobDescription,
      status: 'pending',
      estimatedCost: row.estimatedCost,
      actualCost: null,
    });
    const updated = await repo.decideEstimation(tx, actor.tenantId, id, appliedBy(actor, { appliedToJobCard: card.id }));
    return estimationOut(updated, actor);
  });
}

export async function dismissEstimation(db: Tx, actor: PublicUser, id: number): Promise<JobEstimation> {
  return db.transaction(async (tx) => {
    await pendingEstimation(tx, actor, id);
    return estimationOut(await repo.decideEstimation(tx, actor.tenantId, id, dismissedBy(actor)), actor);
  });
}

// ---- parts recommendation -------------------------------------------------------------------

/** How many recent job cards of the service type a recommendation reads. */
const PARTS_CANDIDATES = 400;

type StoredPart = {
  sparePartId: number;
  name: string;
  description: string | null;
  sku: string;
  price: string;
  stockQuantity: number;
  quantity: number;
  usedOn: number;
  reason: string;
  reasonNoMoney: string;
  /** The reason's figures (absent on older records). */
  reasonFacts?: { usedOnSameVehicle: number; companion: string | null };
};
type RecommendationData = {
  basedOn: Citation[];
  jobs: number;
  serviceTypeUsed: string | null;
  /** The reasoning's figures (absent on older records). */
  facts?: NonNullable<PartsRecommendation['reasoningFacts']>;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The newest completed job cards of the service type: as typed, else the workshop's closest service type. */
async function jobsFor(db: Tx, tenantId: number, serviceType: string) {
  const exact = await repo.jobsOfServiceType(db, tenantId, serviceType, PARTS_CANDIDATES);
  if (exact.length) return { jobs: exact, serviceType };
  const best = (await repo.serviceTypesMatching(db, tenantId, keywords(serviceType, 6)))
    .map((r) => ({ type: r.serviceType, score: similarity(serviceType, r.serviceType) }))
    .filter((r) => r.score >= 0.3)
    .sort((a, b) => b.score - a.score)[0];
  if (!best) return { jobs: [], serviceType: null };
  return { jobs: await repo.jobsOfServiceType(db, tenantId, best.type, PARTS_CANDIDATES), serviceType: best.type };
}

function recommendationOut(row: repo.RecommendationRow, actor: PublicUser): PartsRecommendation {
  const money = seesMoney(actor);
  const data = row.basedOnData as RecommendationData;
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    parts: (row.recommendedParts as StoredPart[]).map((p) => ({
      sparePartId: p.sparePartId,
      name: p.name,
      description: p.description,
      sku: p.sku,
      price: money ? p.price : null,
      stockQuantity: p.stockQuantity,
      quantity: p.quantity,
      usedOn: p.usedOn,
      reason: money ? p.reason : p.reasonNoMoney,
      reasonFacts: p.reasonFacts,
    })),
    reasoning: row.reasoning,
    reasoningFacts: data.facts,
    totalEstimatedCost: money ? row.totalEstimatedCost : null,
    confidence: Number(row.confidence),
    basedOn: data.basedOn,
    appliedToJobCard: row.appliedToJobCard,
    appliedToEstimate: row.appliedToEstimate,
    ...decision(row),
  };
}

/** POST .../ai/recommend-parts: catalogue parts used on past jobs of the service type, stored pending. */
export async function recommendParts(db: Tx, actor: PublicUser, input: PartsInput, perMinute: number): Promise<PartsRecommendation> {
  const tenantId = await takeAiCall(db, actor, perMinute);
  if (input.vehicleId !== undefined && !(await repo.findVehicle(db, tenantId, input.vehicleId))) throw vehicleInvalid();
  const { jobs, serviceType } = await jobsFor(db, tenantId, input.serviceType);
  const lines = await repo.partLinesOf(
    db,
    tenantId,
    jobs.map((j) => j.id),
  );
  const byJob = new Map<number, Map<number, number>>();
  for (const l of lines) {
    const parts = byJob.get(l.jobCardId) ?? new Map<number, number>();
    parts.set(l.sparePartId, l.quantity);
    byJob.set(l.jobCardId, parts);
  }
  const partsJobs: PartsJob[] = jobs.map((j) => ({
    id: j.id,
    jobNumber: j.jobNumber,
    sameVehicle: same(j.make, input.vehicleMake) && same(j.model, input.vehicleModel),
    parts: byJob.get(j.id) ?? new Map(),
  }));
  const ranked = rankParts(partsJobs, 15);
  const catalogue = new Map(
    (
      await repo.partsByIds(
        db,
        tenantId,
        ranked.map((r) => r.sparePartId),
      )
    )
      .filter((p) => p.status !== 'discontinued')
      .map((p) => [p.id, p]),
  );
  const kept = ranked.filter((r) => catalogue.has(r.sparePartId)).slice(0, 10);
  const vehicle = `${input.vehicleMake} ${input.vehicleModel}`;
  const typeName = serviceType ?? input.serviceType;
  const parts: StoredPart[] = kept.map((r) => {
    const part = catalogue.get(r.sparePartId)!;
    const companion = r.companion && catalogue.get(r.companion.sparePartId);
    const stock =
      part.stockQuantity <= 0 ? '; out of stock' : part.stockQuantity < r.quantity ? `; only ${part.stockQuantity} in stock` : '';
    const reason =
      `Used on ${r.usedOn} of ${jobs.length} past ${typeName} job cards` +
      `${r.usedOnSameVehicle ? ` (${r.usedOnSameVehicle} on ${vehicle})` : ''}` +
      `${companion ? `, usually with ${companion.name}` : ''}` +
      `${r.quantity > 1 ? `; typically ${r.quantity} per job` : ''}${stock}.`;
    return {
      sparePartId: part.id,
      name: part.name,
      description: part.description,
      sku: part.sku,
      price: part.unitPrice,
      stockQuantity: part.stockQuantity,
      quantity: r.quantity,
      usedOn: r.usedOn,
      reason,
      reasonNoMoney: reason,
      reasonFacts: { usedOnSameVehicle: r.usedOnSameVehicle, companion: companion ? companion.name : null },
    };
  });
  const sameVehicleJobs = partsJobs.filter((j) => j.sameVehicle).length;
  const reasoning = jobs.length
    ? `Based on ${jobs.length} completed ${typeName} job card${jobs.length === 1 ? '' : 's'} of this workshop` +
      `${sameVehicleJobs ? ` (${sameVehicleJobs} on ${vehicle}, counted double)` : ''}: ` +
      `catalogue parts ranked by how often they were used, and used together.` +
      (serviceType && !same(serviceType, input.serviceType) ? ` Closest service type to "${input.serviceType}": ${serviceType}.` : '') +
      (parts.length ? '' : ' None of their parts is in the catalogue now.')
    : `No completed ${input.serviceType} job cards in this workshop's history yet, so there are no parts to recommend from it.`;
  const keptIds = new Set(kept.map((k) => k.sparePartId));
  const usedIds = new Set(partsJobs.filter((j) => [...j.parts.keys()].some((p) => keptIds.has(p))).map((j) => j.id));
  const basedOn: Citation[] = jobs
    .filter((j) => usedIds.has(j.id))
    .slice(0, 20)
    .map((j) => ({ kind: 'job_card', id: j.id, label: `${j.jobNumber} · ${j.make} ${j.model}` }));
  const row = await repo.insertRecommendation(db, {
    tenantId,
    vehicleId: input.vehicleId ?? null,
    serviceType: input.serviceType,
    vehicleMake: input.vehicleMake,
    vehicleModel: input.vehicleModel,
    recommendedParts: parts,
    reasoning,
    totalEstimatedCost: fromCents(sumCents(parts.map((p) => lineTotalCents(p.quantity, p.price)))),
    confidence: partsConfidence(jobs.length, kept[0]?.support ?? 0).toFixed(3),
    basedOnData: {
      basedOn,
      jobs: jobs.length,
      serviceTypeUsed: serviceType,
      facts: { jobs: jobs.length, sameVehicleJobs, serviceType: typeName, askedServiceType: input.serviceType, vehicle },
    } satisfies RecommendationData,
    createdBy: actor.id,
  });
  return recommendationOut(row, actor);
}

export async function getRecommendation(db: Tx, actor: PublicUser, id: number): Promise<PartsRecommendation> {
  const row = await repo.findRecommendation(db, actor.tenantId, id);
  if (!row) throw recommendationNotFound();
  return recommendationOut(row, actor);
}

/**
 * Adds the chosen recommended parts (at their typical quantity) as lines of a job card (its rules:
 * a technician only on their own card, catalogue prices, stock when completed) or of an estimate
 * (admins and managers), once.
 */
export async function applyRecommendation(
  db: Tx,
  actor: PublicUser,
  id: number,
  input: ApplyPartsInput,
): Promise<{ recommendation: PartsRecommendation; target: 'job_cards' | 'estimates' }> {
  return db.transaction(async (tx) => {
    const row = await pendingRecommendation(tx, actor, id);
    const recommended = new Map((row.recommendedParts as StoredPart[]).map((p) => [p.sparePartId, p]));
    const chosen = [...new Set(input.sparePartIds)];
    const stranger = chosen.filter((p) => !recommended.has(p));
    if (stranger.length) {
      throw badRequest('ai.part_not_recommended', `Not a recommended part: #${stranger.join(', #')}`, { missing: stranger });
    }
    const lines = chosen.map((p) => ({ sparePartId: p, quantity: recommended.get(p)!.quantity }));
    const now = new Date();
    if (input.jobCardId !== undefined) {
      const card = await getJobCardDetail(tx, actor.tenantId, input.jobCardId);
      await updateJobCard(tx, actor, input.jobCardId, {
        parts: [...card.parts.map((l) => ({ sparePartId: l.sparePartId, quantity: l.quantity, unitPrice: l.unitPrice })), ...lines],
      });
      const updated = await repo.decideRecommendation(tx, actor.tenantId, id, appliedBy(actor, { appliedToJobCard: input.jobCardId }, now));
      return { recommendation: recommendationOut(updated, actor), target: 'job_cards' };
    }
    if (!hasPermission(actor.role, 'estimates.edit', actor.permissionOverrides)) {
      throw forbidden('ai.estimate_not_allowed', 'You may not change estimates');
    }
    const estimate = await getEstimateDetail(tx, actor.tenantId, input.estimateId!);
    await updateEstimate(tx, actor, estimate.id, {
      items: [
        ...estimate.items.map((i) => ({
          itemType: i.itemType,
          sparePartId: i.sparePartId,
          description: i.description,
          quantity: Number(i.quantity),
          unitPrice: i.unitPrice,
          notes: i.notes,
        })),
        ...lines.map((l) => ({
          itemType: 'part' as const,
          sparePartId: l.sparePartId,
          description: null,
          quantity: l.quantity,
          notes: null,
        })),
      ],
    });
    const updated = await repo.decideRecommendation(tx, actor.tenantId, id, appliedBy(actor, { appliedToEstimate: estimate.id }, now));
    return { recommendation: recommendationOut(updated, actor), target: 'estimates' };
  });
}

export async function dismissRecommendation(db: Tx, actor: PublicUser, id: number): Promise<PartsRecommendation> {
  return db.transaction(async (tx) => {
    await pendingRecommendation(tx, actor, id);
    return recommendationOut(await repo.decideRecommendation(tx, actor.tenantId, id, dismissedBy(actor)), actor);
  });
}

// ---- a vehicle's AI history -----------------------------------------------------------------

const HISTORY_PAGE = 20;

type StoredPrediction = {
  basedOn?: Citation[];
  citations?: Citation[];
  serviceKey?: string | null;
  facts?: MaintenancePrediction['reasonFacts'];
};

/** As maintenance-prediction.service.ts answers it: the citations, the service's key and the reason's figures from the jsonb. */
function predictionOut(row: repo.PredictionRow): MaintenancePrediction {
  const data = row.basedOnData as StoredPrediction | Citation[] | null;
  const stored = Array.isArray(data) ? {} : (data ?? {});
  const basedOn = Array.isArray(data) ? data : (stored.citations ?? stored.basedOn ?? []);
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    service: row.predictedIssue,
    description: row.recommendedAction,
    urgency: row.severity as MaintenancePrediction['urgency'],
    dueAt: { date: row.dueDate, mileage: row.dueMileage },
    confidence: Number(row.confidence),
    reason: row.reason,
    basedOn,
    serviceKey: stored.serviceKey ?? null,
    reasonFacts: stored.facts ?? null,
    timeframe: row.estimatedTimeframe,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedAt: iso(row.acknowledgedAt),
    bookingId: row.bookingId,
    maintenanceScheduleId: row.maintenanceScheduleId,
    status: row.status as MaintenancePrediction['status'],
    decidedBy: row.decidedBy ?? row.acknowledgedBy,
    decidedAt: iso(row.decidedAt ?? row.acknowledgedAt),
    createdAt: iso(row.createdAt)!,
  };
}

/** GET .../vehicles/{vehicleId}/ai-history: the vehicle's estimations, predictions and recommendations, newest first. */
export async function vehicleAiHistory(db: Tx, actor: PublicUser, vehicleId: number) {
  if (!(await repo.findVehicle(db, actor.tenantId, vehicleId))) throw notFound('vehicles', 'Vehicle');
  const rows = await repo.vehicleHistory(db, actor.tenantId, vehicleId, HISTORY_PAGE);
  return {
    estimations: rows.estimations.map((r) => estimationOut(r, actor)),
    predictions: rows.predictions.map(predictionOut),
    recommendations: rows.recommendations.map((r) => recommendationOut(r, actor)),
  };
}
