import type { Tx } from '../../db/client.ts';
import type { z } from '../../../core/zod.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { EstimateDetail, InvoiceDetail, estimateInput, estimateUpdateInput } from '../../../core/contracts/billing.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { amountsOf, checkCustomerAndVehicle, readItems, resolveItems, type Amounts } from './billing-lines.ts';
import { DEFAULT_PAYMENT_DAYS, getInvoiceDetail, insertInvoice } from './invoices.service.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import * as repo from './estimates.repository.ts';
import { insertNumbered, nextFree } from '../../lib/document-numbers.ts';

type CreateInput = z.output<typeof estimateInput>;
type UpdateInput = z.output<typeof estimateUpdateInput>;

export const estimateNotFound = () => notFound('estimates', 'Estimate');
const PREFIX = 'EST-';
const ESTIMATE_NUMBERS = { entity: 'estimates', noun: 'estimate number', param: 'estimateNumber', prefix: PREFIX };

export async function getEstimateDetail(tx: Tx, tenantId: number, id: number): Promise<EstimateDetail> {
  const found = await repo.findEstimate(tx, tenantId, id);
  if (!found) throw estimateNotFound();
  return { ...found, items: await readItems(tx, tenantId, 'estimate', id) };
}

export async function peekNextEstimateNumber(tx: Tx, tenantId: number): Promise<string> {
  return nextFree(ESTIMATE_NUMBERS, await repo.highestNumber(tx, tenantId));
}

/** approved_at and rejected_at stamp when the estimate entered that status; leaving it clears the stamp. */
function statusStamps(status: string, before: { status: string; approvedAt: Date | null; rejectedAt: Date | null } | undefined, now: Date) {
  return {
    approvedAt: status === 'approved' ? (before?.status === 'approved' ? before.approvedAt : now) : null,
    rejectedAt: status === 'rejected' ? (before?.status === 'rejected' ? before.rejectedAt : now) : null,
  };
}

/**
 * A new estimate with its lines; amounts at the workshop's tax rate. Without a number the next
 * free one is allocated (creates racing each get their own); a number sent that is taken answers 409.
 */
export async function createEstimate(db: Tx, actor: PublicUser, input: CreateInput): Promise<EstimateDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    await checkCustomerAndVehicle(tx, tenantId, input.customerId, input.vehicleId);
    const { taxRate } = await workshopClock(tx, tenantId);
    const items = await resolveItems(tx, tenantId, input.items ?? []);
    const values = {
      tenantId,
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      description: input.description,
      status: input.status,
      ...amountsOf({ lines: items, laborCost: input.laborCost, partsCost: input.partsCost, taxRate }),
      validUntil: input.validUntil ?? null,
      ...statusStamps(input.status, undefined, new Date()),
      notes: input.notes ?? null,
      createdBy: actor.id,
    };
    const id = await insertNumbered(ESTIMATE_NUMBERS, input.estimateNumber, {
      highest: () => repo.highestNumber(tx, tenantId),
      insert: (estimateNumber) => repo.insertEstimate(tx, { ...values, estimateNumber }),
    });
    await repo.replaceItems(tx, tenantId, id, items);
    return getEstimateDetail(tx, tenantId, id);
  });
}

/** An edit: only what is sent changes; amounts are recomputed at the workshop's current rate when lines or costs are sent. */
export async function updateEstimate(db: Tx, actor: PublicUser, id: number, input: UpdateInput): Promise<EstimateDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const current = await repo.lockEstimate(tx, tenantId, id);
    if (!current) throw estimateNotFound();
    const customerId = input.customerId ?? current.customerId;
    const vehicleId = input.vehicleId ?? current.vehicleId;
    if (customerId !== current.customerId || vehicleId !== current.vehicleId)
      await checkCustomerAndVehicle(tx, tenantId, customerId, vehicleId);
    const items = input.items ? await resolveItems(tx, tenantId, input.items) : undefined;
    let amounts: Amounts | undefined;
    if (items || input.laborCost !== undefined || input.partsCost !== undefined) {
      const { taxRate } = await workshopClock(tx, tenantId);
      amounts = amountsOf({
        lines: items ?? (await readItems(tx, tenantId, 'estimate', id)),
        laborCost: input.laborCost ?? current.laborCost,
        partsCost: input.partsCost ?? current.partsCost,
        taxRate,
      });
    }
    const status = input.status ?? current.status;
    await repo.updateEstimate(tx, tenantId, id, {
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      description: input.description,
      status,
      ...statusStamps(status, current, new Date()),
      validUntil: input.validUntil,
      notes: input.notes,
      ...amounts,
    });
    if (items) await repo.replaceItems(tx, tenantId, id, items);
    return getEstimateDetail(tx, tenantId, id);
  });
}

/**
 * Converts an approved estimate to an invoice, once: the invoice copies the estimate's lines and
 * amounts (at the rate the estimate was priced), links back to it, and is due in 30 days. The
 * estimate row is locked first, so two conversions racing take turns and the second answers 409
 * naming the invoice (the unique estimate link on invoices backs this up).
 */
export async function convertToInvoice(db: Tx, actor: PublicUser, id: number): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const estimate = await repo.lockEstimate(tx, tenantId, id);
    if (!estimate) throw estimateNotFound();
    const existing = await repo.invoiceOf(tx, tenantId, id);
    if (existing) {
      throw conflict(
        'estimates.already_converted',
        `Estimate ${estimate.estimateNumber} was already converted to invoice ${existing.invoiceNumber}`,
        {
          invoiceId: existing.id,
          invoiceNumber: existing.invoiceNumber,
        },
      );
    }
    if (estimate.status !== 'approved') {
      throw conflict(
        'estimates.not_approved',
        `Only an approved estimate can be converted to an invoice (${estimate.estimateNumber} is ${estimate.status})`,
        {
          status: estimate.status,
        },
      );
    }
    const items = (await readItems(tx, tenantId, 'estimate', id)).map(
      ({ itemType, sparePartId, description, quantity, unitPrice, totalPrice, notes }) => ({
        itemType,
        sparePartId,
        description,
        quantity,
        unitPrice,
        totalPrice,
        notes,
      }),
    );
    const { today } = await workshopClock(tx, tenantId);
    const invoiceId = await insertInvoice(tx, actor, {
      customerId: estimate.customerId,
      vehicleId: estimate.vehicleId,
      estimateId: id,
      description: estimate.description,
      status: 'draft',
      invoiceDate: today,
      dueDate: addDays(today, DEFAULT_PAYMENT_DAYS),
      notes: estimate.notes,
      amounts: {
        laborCost: estimate.laborCost,
        partsCost: estimate.partsCost,
        subtotal: estimate.subtotal,
        taxRate: estimate.taxRate,
        taxAmount: estimate.taxAmount,
        totalAmount: estimate.totalAmount,
      },
      items,
    });
    await repo.updateEstimate(tx, tenantId, id, {});
    return getInvoiceDetail(tx, tenantId, invoiceId, today);
  });
}

/** Plain reads the routes serve as the repository answers them. */
export { listEstimates } from './estimates.repository.ts';
