import type { Tx } from '../../db/client.ts';
import type { z } from '../../../core/zod.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import {
  OWN_JOB_CARD_FIELDS,
  type JobCard,
  type JobCardDetail,
  type jobCardInput,
  type jobCardUpdateInput,
} from '../../../core/contracts/job-cards.ts';
import { keptPrices, labourKey, type CardPrice, type KeptPrices, type PriceRequest } from '../../../core/rules/job-card-prices.ts';
import { JOB_NUMBER_PREFIX } from '../../../core/rules/job-number.ts';
import { fromCents, lineTotalCents, sumCents, toCents } from '../../../core/rules/money.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import * as techRepo from '../technicians/technicians.repository.ts';
import * as partsRepo from '../spare-parts/spare-parts.repository.ts';
import type { JobCardListQuery } from '../../../core/contracts/job-cards.ts';
import * as repo from './job-cards.repository.ts';
import { recordService, refreshVehicle } from '../maintenance/maintenance.service.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { insertNumbered, nextFree } from '../../lib/document-numbers.ts';
import { checkCustomerVehicle } from '../vehicles/customer-vehicle.ts';

type CreateInput = z.output<typeof jobCardInput>;
type UpdateInput = z.output<typeof jobCardUpdateInput>;
type PartLine = { sparePartId: number; quantity: number; unitPrice: string };
type LabourLine = { description: string; hours: string; rate: string };

export const jobCardNotFound = () => notFound('job_cards', 'Job card');
const STAFF_ROLES = new Set(['admin', 'manager']);

// ---- reads ------------------------------------------------------------------------------

function withTotals(card: JobCard & { partsConsumed: boolean }, parts: repo.PartLineRow[], labour: repo.LabourLineRow[]): JobCardDetail {
  const partRows = parts.map((l) => ({ ...l, total: lineTotalCents(l.quantity, l.unitPrice) }));
  const labourRows = labour.map((l) => ({ ...l, total: lineTotalCents(l.hours, l.rate) }));
  return {
    ...card,
    parts: partRows.map((l) => ({ ...l, total: fromCents(l.total) })),
    labour: labourRows.map((l) => ({ ...l, total: fromCents(l.total) })),
    partsTotal: fromCents(sumCents(partRows.map((l) => l.total))),
    labourTotal: fromCents(sumCents(labourRows.map((l) => l.total))),
  };
}

export async function getJobCardDetail(db: Tx, tenantId: number, id: number): Promise<JobCardDetail> {
  const card = await repo.findJobCard(db, tenantId, id);
  if (!card) throw jobCardNotFound();
  return withTotals(card, await repo.partLines(db, tenantId, id), await repo.labourLines(db, tenantId, id));
}

/** The number the server would allocate now (the create dialog shows it). */
export async function peekNextJobNumber(db: Tx, tenantId: number): Promise<string> {
  return nextFree(JOB_NUMBERS, await repo.highestJobNumber(db, tenantId));
}

const JOB_NUMBERS = { entity: 'job_cards', noun: 'job number', param: 'jobNumber', prefix: JOB_NUMBER_PREFIX };

// ---- checks -----------------------------------------------------------------------------

const checkCustomerAndVehicle = (tx: Tx, tenantId: number, customerId: number, vehicleId: number) =>
  checkCustomerVehicle(tx, tenantId, 'job_cards', customerId, vehicleId);

async function checkTechnician(tx: Tx, tenantId: number, technicianId: number | null | undefined) {
  if (!technicianId) return;
  const [found] = await techRepo.existingTechnicianIds(tx, tenantId, [technicianId]);
  if (!found) throw badRequest('job_cards.technician_invalid', 'Unknown technician');
}

/** The lines a card has now: a technician's edit keeps their prices (core/rules/job-card-prices.ts). */
type CardLines = { parts: PartLine[]; labour: LabourLine[] };

/**
 * Each line's price. Staff set prices: the sent one, else the fallback (the part's catalogue
 * price, the workshop's labour rate). Someone who may not (a technician, `keep` = the card's
 * lines) gets the price the same line has on the card, else the fallback.
 */
function priceLines<K>(lines: Array<PriceRequest<K>>, keep: Array<CardPrice<K>> | undefined, fallback: (key: K) => string): KeptPrices {
  if (!keep) return { prices: lines.map((l) => l.price ?? fallback(l.key)), refused: [] };
  return keptPrices(lines, keep, fallback);
}

const priceNotAllowed = (fields: string[]) =>
  forbidden('job_cards.price_not_allowed', 'Only admins and managers can set prices', { fields });

/**
 * The part and labour lines as stored, each sent kind replacing the card's: parts of this
 * workshop, priced by `priceLines`. A technician's price that differs from the one their line
 * gets answers 403 naming the fields, before anything is written.
 */
async function resolveLines(
  tx: Tx,
  tenantId: number,
  input: Pick<CreateInput, 'parts' | 'labour'>,
  keep?: CardLines,
): Promise<{ parts?: PartLine[]; labour?: LabourLine[] }> {
  const refused: string[] = [];
  let parts: PartLine[] | undefined;
  if (input.parts) {
    const lines = input.parts;
    const catalogue = await repo.partPrices(
      tx,
      tenantId,
      lines.map((l) => l.sparePartId),
    );
    const missing = [...new Set(lines.map((l) => l.sparePartId).filter((id) => !catalogue.has(id)))];
    if (missing.length) throw badRequest('job_cards.part_invalid', `Unknown part: #${missing.join(', #')}`, { missing });
    const priced = priceLines(
      lines.map((l) => ({ key: l.sparePartId, price: l.unitPrice })),
      keep?.parts.map((l) => ({ key: l.sparePartId, price: l.unitPrice })),
      (id) => catalogue.get(id)!,
    );
    refused.push(...priced.refused.map((i) => `parts.${i}.unitPrice`));
    parts = lines.map((l, i) => ({ sparePartId: l.sparePartId, quantity: l.quantity, unitPrice: priced.prices[i] }));
  }
  let labour: LabourLine[] | undefined;
  if (input.labour) {
    const lines = input.labour;
    const rate = (await workshopClock(tx, tenantId)).labourRate;
    const priced = priceLines(
      lines.map((l) => ({ key: labourKey(l.description), price: l.rate })),
      keep?.labour.map((l) => ({ key: labourKey(l.description), price: l.rate })),
      () => rate,
    );
    refused.push(...priced.refused.map((i) => `labour.${i}.rate`));
    labour = lines.map((l, i) => ({ description: l.description, hours: l.hours.toFixed(2), rate: priced.prices[i] }));
  }
  if (refused.length) throw priceNotAllowed(refused);
  return { parts, labour };
}

/** Quantity per part. */
function quantities(lines: Array<{ sparePartId: number; quantity: number }>): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.sparePartId, (out.get(l.sparePartId) ?? 0) + l.quantity);
  return out;
}

/**
 * Moves stock from what the job card holds now (`held`) to what it should hold (`wanted`):
 * more of a part is consumed, less is returned, each with an audit row referencing the card.
 * Parts are moved in id order with conditional UPDATEs, so two cards racing for the last unit
 * cannot both have it and never deadlock; a shortfall answers 409 and the caller's
 * transaction writes nothing.
 */
async function moveStockFor(
  tx: Tx,
  actor: PublicUser,
  card: { id: number; jobNumber: string },
  held: Map<number, number>,
  wanted: Map<number, number>,
  reason: string,
) {
  const ids = [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b);
  const audit: partsRepo.AuditColumns[] = [];
  let moved = false;
  for (const sparePartId of ids) {
    const take = (wanted.get(sparePartId) ?? 0) - (held.get(sparePartId) ?? 0);
    if (take === 0) continue;
    const result = await partsRepo.moveStock(tx, actor.tenantId, sparePartId, -take);
    if (!result) throw badRequest('job_cards.part_invalid', `Unknown part: #${sparePartId}`, { missing: [sparePartId] });
    if (!result.ok) {
      throw conflict('stock.insufficient', `Not enough stock for ${result.name}: ${result.available} left`, {
        sparePartId,
        name: result.name,
        available: result.available,
        needed: take,
      });
    }
    moved = true;
    audit.push({
      tenantId: actor.tenantId,
      sparePartId,
      actionType: take > 0 ? 'consumed' : 'returned',
      quantityBefore: result.before,
      quantityChange: -take,
      quantityAfter: result.after,
      referenceType: 'job_card',
      referenceId: card.id,
      reason,
      performedBy: actor.id,
    });
  }
  await partsRepo.insertAudit(tx, audit);
  return moved;
}

async function historyColumns(tx: Tx, tenantId: number, card: JobCardDetail): Promise<repo.HistoryColumns> {
  const linesTotal = fromCents(lineTotal(card));
  return {
    serviceType: card.serviceType,
    description: card.description,
    cost: card.actualCost ?? linesTotal,
    performedBy: await repo.technicianName(tx, tenantId, card.assignedTo),
  };
}

const lineTotal = (card: JobCardDetail) => sumCents([toCents(card.partsTotal), toCents(card.labourTotal)]);

/**
 * Everything that follows a status or line change, in the caller's transaction: stock moves,
 * the completed date, the parts-consumed flag and the vehicle's service history entry.
 */
async function settle(
  tx: Tx,
  actor: PublicUser,
  id: number,
  before: { status: string; partsConsumed: boolean; lines: PartLine[] },
  after: { status: string; lines: PartLine[] },
  mileage: number | null,
) {
  const card = (await repo.findJobCard(tx, actor.tenantId, id))!;
  const completing = after.status === 'completed' && !before.partsConsumed;
  const reopening = after.status !== 'completed' && before.partsConsumed;
  const reason = completing
    ? `Job card ${card.jobNumber} completed`
    : reopening
      ? `Job card ${card.jobNumber} moved back to ${after.status.replace('_', ' ')}`
      : `Job card ${card.jobNumber} parts changed`;
  const stockMoved = await moveStockFor(
    tx,
    actor,
    card,
    before.partsConsumed ? quantities(before.lines) : new Map(),
    after.status === 'completed' ? quantities(after.lines) : new Map(),
    reason,
  );
  if (completing) {
    const now = new Date();
    const { today } = await workshopClock(tx, actor.tenantId, now);
    await repo.updateJobCard(tx, actor.tenantId, id, { completedDate: now, partsConsumed: true });
    const detail = await getJobCardDetail(tx, actor.tenantId, id);
    await repo.insertServiceHistory(tx, {
      ...(await historyColumns(tx, actor.tenantId, detail)),
      tenantId: actor.tenantId,
      vehicleId: detail.vehicleId,
      jobCardId: id,
      serviceDate: today,
      mileageAtService: mileage,
    });
    await recordService(tx, actor.tenantId, detail.vehicleId, detail.serviceType, today, mileage);
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      userId: actor.id,
      action: 'completed_job_card',
      entityType: 'job_card',
      entityId: id,
      details: { jobNumber: detail.jobNumber, serviceType: detail.serviceType },
    });
  } else if (reopening) {
    await repo.updateJobCard(tx, actor.tenantId, id, { completedDate: null, partsConsumed: false });
    await repo.deleteServiceHistory(tx, actor.tenantId, id);
    await refreshVehicle(tx, actor.tenantId, card.vehicleId);
  } else if (after.status === 'completed') {
    // Still completed: the history entry follows the edit.
    const detail = await getJobCardDetail(tx, actor.tenantId, id);
    await repo.updateServiceHistory(tx, actor.tenantId, id, {
      ...(await historyColumns(tx, actor.tenantId, detail)),
      vehicleId: detail.vehicleId,
    });
  }
  return stockMoved;
}

// ---- writes -----------------------------------------------------------------------------

const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/**
 * A new job card. Without a job number the next free one is allocated: the insert skips a
 * number taken meanwhile (ON CONFLICT DO NOTHING) and the next is tried, so two creates racing
 * get two numbers. A number sent by the client that is taken answers 409.
 */
export type JobCardChange = { card: JobCardDetail; stockMoved: boolean };

export async function createJobCard(db: Tx, actor: PublicUser, input: CreateInput): Promise<JobCardChange> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const vehicle = await checkCustomerAndVehicle(tx, tenantId, input.customerId, input.vehicleId);
    await checkTechnician(tx, tenantId, input.assignedTo);
    const lines = await resolveLines(tx, tenantId, input);
    const parts = lines.parts ?? [];
    const values = {
      tenantId,
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      serviceType: input.serviceType,
      description: input.description ?? null,
      status: input.status,
      priority: input.priority,
      assignedTo: input.assignedTo ?? null,
      estimatedCost: input.estimatedCost ?? null,
      actualCost: input.actualCost ?? null,
      scheduledDate: date(input.scheduledDate) ?? null,
      notes: input.notes ?? null,
    };
    const id = await insertNumbered(JOB_NUMBERS, input.jobNumber, {
      highest: () => repo.highestJobNumber(tx, tenantId),
      insert: (jobNumber) => repo.insertJobCard(tx, { ...values, jobNumber }),
    });
    await repo.replacePartLines(tx, tenantId, id, parts);
    await repo.replaceLabourLines(tx, tenantId, id, lines.labour ?? []);
    const card = (await repo.findJobCard(tx, tenantId, id))!;
    await recordActivity(tx, {
      tenantId,
      userId: actor.id,
      action: 'created_job_card',
      entityType: 'job_card',
      entityId: id,
      details: { jobNumber: card.jobNumber, serviceType: card.serviceType },
    });
    const stockMoved = await settle(
      tx,
      actor,
      id,
      { status: 'pending', partsConsumed: false, lines: [] },
      { status: input.status, lines: parts },
      vehicle.mileage,
    );
    return { card: await getJobCardDetail(tx, tenantId, id), stockMoved };
  });
}

/** The technician record linked to a signed-in technician, or 403. */
async function ownTechnicianId(tx: Tx, actor: PublicUser): Promise<number> {
  const id = await techRepo.findTechnicianIdForUser(tx, actor.tenantId, actor.id);
  if (!id) throw forbidden('job_cards.not_linked', 'Your account is not linked to a technician');
  return id;
}

const sameInstant = (a: string | null | undefined, b: Date | null) => (a ? new Date(a).getTime() : null) === (b ? b.getTime() : null);

/** The fields of an edit whose value differs from the card's (a technician's form may resend unchanged ones). */
function changedFields(input: UpdateInput, current: Awaited<ReturnType<typeof repo.lockJobCard>>): string[] {
  const same: Record<string, (v: unknown) => boolean> = {
    customerId: (v) => v === current.customerId,
    vehicleId: (v) => v === current.vehicleId,
    serviceType: (v) => v === current.serviceType,
    description: (v) => (v ?? null) === current.description,
    priority: (v) => v === current.priority,
    assignedTo: (v) => (v ?? null) === current.assignedTo,
    estimatedCost: (v) => (v ?? null) === current.estimatedCost,
    actualCost: (v) => (v ?? null) === current.actualCost,
    scheduledDate: (v) => sameInstant(v as string | null, current.scheduledDate),
  };
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && !(OWN_JOB_CARD_FIELDS as readonly string[]).includes(key))
    .filter(([key, value]) => !same[key]?.(value))
    .map(([key]) => key);
}

/**
 * An edit (PUT) or a status change (PATCH): only what is sent changes. Staff edit everything; a
 * technician only the cards assigned to them, and only status, parts, labour and notes, at the
 * prices the card already has, else the catalogue's and the workshop's labour rate.
 */
export async function updateJobCard(db: Tx, actor: PublicUser, id: number, input: UpdateInput): Promise<JobCardChange> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const current = await repo.lockJobCard(tx, tenantId, id);
    if (!current) throw jobCardNotFound();
    const setsPrices = STAFF_ROLES.has(actor.role);
    if (!setsPrices) {
      if (current.assignedTo !== (await ownTechnicianId(tx, actor))) {
        throw forbidden('job_cards.not_yours', 'You can only change job cards assigned to you');
      }
      const extra = changedFields(input, current);
      if (extra.length) {
        throw forbidden(
          'job_cards.field_not_allowed',
          `A technician can change only status, parts, labour and notes (not ${extra.join(', ')})`,
        );
      }
    }
    const customerId = input.customerId ?? current.customerId;
    const vehicleId = input.vehicleId ?? current.vehicleId;
    const vehicle =
      customerId !== current.customerId || vehicleId !== current.vehicleId
        ? await checkCustomerAndVehicle(tx, tenantId, customerId, vehicleId)
        : await repo.findVehicle(tx, tenantId, vehicleId);
    if (input.assignedTo !== current.assignedTo) await checkTechnician(tx, tenantId, input.assignedTo);
    const oldParts = (await repo.partLines(tx, tenantId, id)).map((l) => ({
      sparePartId: l.sparePartId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    }));
    const keep = setsPrices ? undefined : { parts: oldParts, labour: await repo.labourLines(tx, tenantId, id) };
    const { parts: newParts, labour } = await resolveLines(tx, tenantId, input, keep);
    const status = input.status ?? current.status;

    await repo.updateJobCard(tx, tenantId, id, {
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      serviceType: input.serviceType,
      description: input.description,
      status: input.status,
      priority: input.priority,
      assignedTo: input.assignedTo,
      estimatedCost: input.estimatedCost,
      actualCost: input.actualCost,
      scheduledDate: date(input.scheduledDate),
      notes: input.notes,
    });
    if (newParts) await repo.replacePartLines(tx, tenantId, id, newParts);
    if (labour) await repo.replaceLabourLines(tx, tenantId, id, labour);
    const stockMoved = await settle(
      tx,
      actor,
      id,
      { status: current.status, partsConsumed: current.partsConsumed, lines: oldParts },
      { status, lines: newParts ?? oldParts },
      vehicle?.mileage ?? null,
    );
    return { card: await getJobCardDetail(tx, tenantId, id), stockMoved };
  });
}

/** Plain reads the routes serve as the repository answers them. */
/**
 * A page of the workshop's job cards; `mine` lists the caller's own (the technician linked to
 * their login), none when they have no technician record.
 */
export async function listFor(db: Tx, actor: PublicUser, query: JobCardListQuery) {
  const { mine, ...filter } = query;
  if (mine !== 'true') return repo.listJobCards(db, actor.tenantId, filter);
  const own = await techRepo.findTechnicianIdForUser(db, actor.tenantId, actor.id);
  if (!own) return { rows: [], total: 0, exact: true };
  return repo.listJobCards(db, actor.tenantId, { ...filter, assignedTo: own });
}
