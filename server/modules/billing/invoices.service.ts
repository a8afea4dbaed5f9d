import type { Tx } from '../../db/client.ts';
import type { z } from '../../../core/zod.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import {
  INVALID_PAYMENT_MESSAGE,
  type InvoiceDetail,
  type invoiceInput,
  type invoiceUpdateInput,
  type paymentInput,
} from '../../../core/contracts/billing.ts';
import { lineTotal, paymentRefusal, type StoredInvoiceStatus } from '../../../core/rules/billing.ts';
import { fromCents, toCents } from '../../../core/rules/money.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import * as jobCardsRepo from '../job-cards/job-cards.repository.ts';
import { jobCardNotFound } from '../job-cards/job-cards.service.ts';
import { amountsOf, checkCustomerAndVehicle, readItems, resolveItems, type Amounts, type ItemColumns } from './billing-lines.ts';
import * as repo from './invoices.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { insertNumbered, nextFree } from '../../lib/document-numbers.ts';

type CreateInput = z.output<typeof invoiceInput>;
type UpdateInput = z.output<typeof invoiceUpdateInput>;
type PaymentInput = z.output<typeof paymentInput>;

export const invoiceNotFound = () => notFound('invoices', 'Invoice');
const PREFIX = 'INV-';
/** Invoices made for the user (from an estimate or a job card) are due this many days after the invoice date. */
export const DEFAULT_PAYMENT_DAYS = 30;

/** The workshop's tax rate and today's date in its time zone. */

// ---- reads ------------------------------------------------------------------------------

export async function getInvoiceDetail(tx: Tx, tenantId: number, id: number, today?: string): Promise<InvoiceDetail> {
  const day = today ?? (await workshopClock(tx, tenantId)).today;
  const found = await repo.findInvoice(tx, tenantId, id, day);
  if (!found) throw invoiceNotFound();
  return { ...found, items: await readItems(tx, tenantId, 'invoice', id), payments: await repo.listPayments(tx, tenantId, id) };
}

export async function listPayments(tx: Tx, tenantId: number, id: number) {
  if (!(await repo.invoiceExists(tx, tenantId, id))) throw invoiceNotFound();
  return repo.listPayments(tx, tenantId, id);
}

export async function peekNextInvoiceNumber(tx: Tx, tenantId: number): Promise<string> {
  return nextFree(INVOICE_NUMBERS, await repo.highestNumber(tx, tenantId));
}

const INVOICE_NUMBERS = { entity: 'invoices', noun: 'invoice number', param: 'invoiceNumber', prefix: PREFIX };

// ---- rules ------------------------------------------------------------------------------

/**
 * What is stored: cancelled as set; paid once payments cover a total above 0, whatever was set
 * (paid, partially paid and overdue follow from the ledger); otherwise the draft or sent set.
 */
function storedStatus(wanted: 'draft' | 'sent' | 'cancelled', totalAmount: string, paidAmount: string): StoredInvoiceStatus {
  if (wanted === 'cancelled') return 'cancelled';
  const total = toCents(totalAmount);
  return total > 0 && toCents(paidAmount) >= total ? 'paid' : wanted;
}

// ---- writes -----------------------------------------------------------------------------

export type NewInvoice = {
  invoiceNumber?: string;
  customerId: number;
  vehicleId: number;
  description: string;
  status: 'draft' | 'sent' | 'cancelled';
  invoiceDate: string;
  dueDate: string | null;
  notes: string | null;
  estimateId?: number | null;
  jobCardId?: number | null;
  amounts: Amounts;
  items: ItemColumns[];
};

/**
 * Writes a new invoice and its lines in the caller's transaction. Without a number the next free
 * one is allocated (the insert skips a number taken meanwhile, so creates racing each get their
 * own); a number sent that is taken answers 409.
 */
export async function insertInvoice(tx: Tx, actor: PublicUser, input: NewInvoice): Promise<number> {
  const tenantId = actor.tenantId;
  const values = {
    tenantId,
    customerId: input.customerId,
    vehicleId: input.vehicleId,
    description: input.description,
    status: storedStatus(input.status, input.amounts.totalAmount, '0'),
    invoiceDate: input.invoiceDate,
    dueDate: input.dueDate,
    notes: input.notes,
    estimateId: input.estimateId ?? null,
    jobCardId: input.jobCardId ?? null,
    ...input.amounts,
    paidAmount: '0.00',
    createdBy: actor.id,
  };
  const id = await insertNumbered(INVOICE_NUMBERS, input.invoiceNumber, {
    highest: () => repo.highestNumber(tx, tenantId),
    insert: (invoiceNumber) => repo.insertInvoice(tx, { ...values, invoiceNumber }),
  });
  await repo.replaceItems(tx, tenantId, id, input.items);
  return id;
}

export async function createInvoice(db: Tx, actor: PublicUser, input: CreateInput): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    if (input.paidAmount !== undefined && toCents(input.paidAmount) > 0) {
      throw badRequest('invoices.paid_on_create', 'A new invoice has nothing paid yet: record payments once it is saved', {
        paidAmount: input.paidAmount,
      });
    }
    await checkCustomerAndVehicle(tx, tenantId, input.customerId, input.vehicleId);
    const { today, taxRate } = await workshopClock(tx, tenantId);
    const items = await resolveItems(tx, tenantId, input.items ?? []);
    const id = await insertInvoice(tx, actor, {
      invoiceNumber: input.invoiceNumber,
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      description: input.description,
      status: input.status,
      invoiceDate: input.invoiceDate ?? today,
      dueDate: input.dueDate ?? null,
      notes: input.notes ?? null,
      amounts: amountsOf({ lines: items, laborCost: input.laborCost, partsCost: input.partsCost, taxRate }),
      items,
    });
    return getInvoiceDetail(tx, tenantId, id, today);
  });
}

/**
 * An edit: only what is sent changes. Amounts are recomputed at the workshop's current tax rate
 * when lines or costs are sent. A total below what is already paid answers 409; an invoice with
 * payments cannot be cancelled (409); draft or sent on a fully paid invoice is kept but the
 * invoice still shows paid.
 */
export async function updateInvoice(db: Tx, actor: PublicUser, id: number, input: UpdateInput): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const current = await repo.lockInvoice(tx, tenantId, id);
    if (!current) throw invoiceNotFound();
    const customerId = input.customerId ?? current.customerId;
    const vehicleId = input.vehicleId ?? current.vehicleId;
    if (customerId !== current.customerId || vehicleId !== current.vehicleId)
      await checkCustomerAndVehicle(tx, tenantId, customerId, vehicleId);
    const { today, taxRate } = await workshopClock(tx, tenantId);

    const items = input.items ? await resolveItems(tx, tenantId, input.items) : undefined;
    let amounts: Amounts | undefined;
    if (items || input.laborCost !== undefined || input.partsCost !== undefined) {
      const lines = items ?? (await readItems(tx, tenantId, 'invoice', id));
      amounts = amountsOf({
        lines,
        laborCost: input.laborCost ?? current.laborCost,
        partsCost: input.partsCost ?? current.partsCost,
        taxRate,
      });
      if (toCents(amounts.totalAmount) < toCents(current.paidAmount)) {
        throw conflict(
          'invoices.total_below_paid',
          `The new total ${amounts.totalAmount} is below the ${fromCents(toCents(current.paidAmount))} already paid`,
          {
            totalAmount: amounts.totalAmount,
            paidAmount: fromCents(toCents(current.paidAmount)),
          },
        );
      }
    }
    if (input.status === 'cancelled' && current.status !== 'cancelled' && toCents(current.paidAmount) > 0) {
      throw conflict(
        'invoices.has_payments',
        `This invoice has payments (${fromCents(toCents(current.paidAmount))} paid) and cannot be cancelled`,
        {
          paidAmount: fromCents(toCents(current.paidAmount)),
        },
      );
    }
    const wanted = input.status ?? (current.status === 'paid' ? 'sent' : (current.status as 'draft' | 'sent' | 'cancelled'));
    const status = storedStatus(wanted, amounts?.totalAmount ?? current.totalAmount, current.paidAmount);
    const paidDate = status === 'paid' ? (current.paidDate ?? today) : null;

    await repo.updateInvoice(tx, tenantId, id, {
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      description: input.description,
      invoiceDate: input.invoiceDate ?? undefined,
      dueDate: input.dueDate,
      notes: input.notes,
      status,
      paidDate,
      ...amounts,
    });
    if (items) await repo.replaceItems(tx, tenantId, id, items);
    return getInvoiceDetail(tx, tenantId, id, today);
  });
}

/**
 * A payment: one ledger row. The invoice row is locked first, so two payments racing take turns
 * and the second sees the first's balance: together they cannot overpay. An amount of 0 or
 * above the balance answers 400 (the spec's "Invalid Payment", with the balance), a cancelled
 * invoice 409. Reaching a balance of 0 sets the status paid and the paid date.
 */
export async function recordPayment(db: Tx, actor: PublicUser, id: number, input: PaymentInput): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const current = await repo.lockInvoice(tx, tenantId, id);
    if (!current) throw invoiceNotFound();
    const balance = Math.max(toCents(current.totalAmount) - toCents(current.paidAmount), 0);
    const refusal = paymentRefusal({
      amount: input.paidAmount,
      balanceAmount: fromCents(balance),
      stored: current.status as StoredInvoiceStatus,
    });
    if (refusal === 'cancelled') throw conflict('invoices.cancelled', `Invoice ${current.invoiceNumber} is cancelled and takes no payment`);
    if (refusal) {
      throw badRequest('invoices.invalid_payment', INVALID_PAYMENT_MESSAGE, {
        reason: refusal,
        balanceAmount: fromCents(balance),
      });
    }
    const { today } = await workshopClock(tx, tenantId);
    const paymentDate = input.paymentDate ?? today;
    await repo.insertPayment(tx, {
      tenantId,
      invoiceId: id,
      customerId: current.customerId,
      amount: input.paidAmount,
      paymentMethod: input.paymentMethod,
      paymentDate,
      referenceNumber: input.referenceNumber ?? null,
      notes: input.notes ?? null,
      createdBy: actor.id,
    });
    const paidAmount = fromCents(toCents(current.paidAmount) + toCents(input.paidAmount));
    const status = storedStatus(current.status as 'draft' | 'sent', current.totalAmount, paidAmount);
    await repo.updateInvoice(tx, tenantId, id, {
      paidAmount,
      paymentMethod: input.paymentMethod,
      status,
      paidDate: status === 'paid' ? paymentDate : null,
    });
    return getInvoiceDetail(tx, tenantId, id, today);
  });
}

/**
 * An invoice for a completed job card: its part and labour lines at the workshop's tax rate (a
 * card without lines bills its actual, else estimated, cost as labour), due in 30 days. The job
 * card is locked first and may be invoiced once: a second attempt answers 409 naming the invoice.
 */
export async function invoiceJobCard(db: Tx, actor: PublicUser, jobCardId: number): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const card = await jobCardsRepo.lockJobCard(tx, tenantId, jobCardId);
    if (!card) throw jobCardNotFound();
    const existing = await repo.invoiceOfJobCard(tx, tenantId, jobCardId);
    if (existing) {
      throw conflict('invoices.job_card_invoiced', `Job card ${card.jobNumber} is already invoiced: ${existing.invoiceNumber}`, {
        invoiceId: existing.id,
        invoiceNumber: existing.invoiceNumber,
      });
    }
    if (card.status !== 'completed') {
      throw conflict(
        'invoices.job_card_not_completed',
        `Job card ${card.jobNumber} is not completed: only a completed job card can be invoiced`,
        {
          status: card.status,
        },
      );
    }
    const parts = await jobCardsRepo.partLines(tx, tenantId, jobCardId);
    const labour = await jobCardsRepo.labourLines(tx, tenantId, jobCardId);
    const items: ItemColumns[] = [
      ...parts.map((l) => line('part', l.sparePartId, l.name, String(l.quantity), l.unitPrice)),
      ...labour.map((l) => line('labor', null, l.description, l.hours, l.rate)),
    ];
    const { today, taxRate } = await workshopClock(tx, tenantId);
    const id = await insertInvoice(tx, actor, {
      customerId: card.customerId,
      vehicleId: card.vehicleId,
      jobCardId,
      description: card.description ? `${card.serviceType}: ${card.description}` : card.serviceType,
      status: 'draft',
      invoiceDate: today,
      dueDate: addDays(today, DEFAULT_PAYMENT_DAYS),
      notes: null,
      amounts: amountsOf({ lines: items, laborCost: card.actualCost ?? card.estimatedCost ?? '0', partsCost: '0', taxRate }),
      items,
    });
    return getInvoiceDetail(tx, tenantId, id, today);
  });
}

function line(
  itemType: 'labor' | 'part',
  sparePartId: number | null,
  description: string,
  quantity: string,
  unitPrice: string,
): ItemColumns {
  const q = fromCents(toCents(quantity));
  return { itemType, sparePartId, description, quantity: q, unitPrice, totalPrice: lineTotal({ quantity: q, unitPrice }), notes: null };
}

/** Plain reads the routes serve as the repository answers them. */
export { listInvoices } from './invoices.repository.ts';
