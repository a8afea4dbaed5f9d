import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { BillingItemInput, EstimateInput } from '../../../core/contracts/billing.ts';
import { estimateInput, invoiceInput, paymentInput } from '../../../core/contracts/billing.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { toCents, fromCents } from '../../../core/rules/money.ts';
import { convertToInvoice, createEstimate } from '../billing/estimates.service.ts';
import { createInvoice, invoiceJobCard, recordPayment } from '../billing/invoices.service.ts';
import { SEED_JOB_TEMPLATES, SEED_PARTS } from './seed-data.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

const ESTIMATE_STATUSES: EstimateInput['status'][] = ['draft', 'sent', 'approved', 'rejected', 'expired', 'approved'];
const METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check'] as const;

/**
 * The billing side of a seed batch, written through the same services as the API (so amounts,
 * numbers and the payments ledger are what a user would get): estimates in every status for
 * the batch's customers, two approved ones converted, invoices for three completed job cards, and
 * invoices that are paid, partially paid, overdue (one partly paid), draft, sent and cancelled.
 */
export async function seedBilling(tx: Tx, admin: PublicUser, now: Date) {
  const tenantId = admin.tenantId;
  const { today } = await workshopClock(tx, tenantId, now);
  // This batch's vehicles and parts are the newest rows (parts in catalogue order).
  const vehicles = await queryRows<{ id: number; customerId: number }>(
    tx,
    sql`select id, customer_id as "customerId" from vehicles where tenant_id = ${tenantId} order by id desc limit 35`,
  );
  const partRows = await queryRows<{ id: number }>(
    tx,
    sql`select id from (select id from spare_parts where tenant_id = ${tenantId} order by id desc limit ${SEED_PARTS.length}) p order by id`,
  );
  const partBySku = new Map(SEED_PARTS.map(([sku], i) => [sku, partRows[i]?.id]));
  const linesOf = (i: number): BillingItemInput[] => {
    const [, , parts, labour] = SEED_JOB_TEMPLATES[i % SEED_JOB_TEMPLATES.length];
    return [
      ...labour.map(([description, hours, rate]) => ({ itemType: 'labor' as const, description, quantity: hours, unitPrice: rate })),
      ...parts
        .filter(([sku]) => partBySku.get(sku))
        .map(([sku, quantity]) => ({ itemType: 'part' as const, sparePartId: partBySku.get(sku)!, quantity })),
    ];
  };
  const party = (i: number) => ({ customerId: vehicles[i % vehicles.length].customerId, vehicleId: vehicles[i % vehicles.length].id });
  const description = (i: number) => {
    const [serviceType, text] = SEED_JOB_TEMPLATES[i % SEED_JOB_TEMPLATES.length];
    return `${serviceType}: ${text}`;
  };

  // Estimates: every status, most with lines, two written the spec's way (labour and parts costs only).
  const estimateIds: number[] = [];
  for (let i = 0; i < 12; i++) {
    const status = ESTIMATE_STATUSES[i % ESTIMATE_STATUSES.length];
    const withLines = i % 5 !== 4;
    const created = await createEstimate(
      tx,
      admin,
      estimateInput.parse({
        ...party(i * 3 + 1),
        description: description(i),
        status,
        validUntil: status === 'expired' ? addDays(today, -5 - i) : addDays(today, 30 - i),
        ...(withLines ? { items: linesOf(i) } : { laborCost: 120 + i * 15, partsCost: 45.5 + i * 10 }),
        notes: i % 4 === 0 ? 'Prices held for 30 days.' : undefined,
      }),
    );
    estimateIds.push(created.id);
  }
  // Two of the four approved estimates became invoices; the others wait for the convert button.
  let invoices = 0;
  let payments = 0;
  for (const i of [2, 5]) {
    await convertToInvoice(tx, admin, estimateIds[i]);
    invoices++;
  }

  // Three completed job cards of this batch were invoiced: one paid, one partly paid, one not yet.
  const completed = await queryRows<{ id: number }>(
    tx,
    sql`select id from job_cards where tenant_id = ${tenantId} and status = 'completed'
        and id in (select id from job_cards where tenant_id = ${tenantId} order by id desc limit 30)
        and id not in (select job_card_id from invoices where tenant_id = ${tenantId} and job_card_id is not null)
        order by id limit 3`,
  );
  for (const [k, card] of completed.entries()) {
    const invoice = await invoiceJobCard(tx, admin, card.id);
    invoices++;
    if (k < 2) {
      const amount = k === 0 ? invoice.totalAmount : fromCents(Math.round(toCents(invoice.totalAmount) / 2));
      await recordPayment(tx, admin, invoice.id, paymentInput.parse({ paidAmount: amount, paymentMethod: METHODS[k], paymentDate: today }));
      payments++;
    }
  }

  // Invoices written directly, with their history of payments.
  type Plan = { status: 'draft' | 'sent' | 'cancelled'; daysAgo: number; paid: number[]; note?: string };
  const plans: Plan[] = [
    { status: 'sent', daysAgo: 40, paid: [0.5, 0.5] }, // paid in two instalments
    { status: 'sent', daysAgo: 25, paid: [1] }, // paid at once
    { status: 'sent', daysAgo: 12, paid: [0.3] }, // partially paid, not yet due
    { status: 'sent', daysAgo: 50, paid: [] }, // overdue
    { status: 'sent', daysAgo: 45, paid: [0.25], note: 'Customer promised the rest next week.' }, // overdue, partly paid
    { status: 'sent', daysAgo: 3, paid: [] },
    { status: 'draft', daysAgo: 0, paid: [] },
    { status: 'cancelled', daysAgo: 20, paid: [], note: 'Issued twice by mistake.' },
  ];
  for (const [k, plan] of plans.entries()) {
    const invoiceDate = addDays(today, -plan.daysAgo);
    const created = await createInvoice(
      tx,
      admin,
      invoiceInput.parse({
        ...party(k * 4 + 2),
        description: description(k + 3),
        status: plan.status,
        invoiceDate,
        dueDate: addDays(invoiceDate, 30),
        items: linesOf(k + 3),
        notes: plan.note,
      }),
    );
    invoices++;
    let left = toCents(created.totalAmount);
    for (const [p, share] of plan.paid.entries()) {
      const cents =
        p === plan.paid.length - 1 && plan.paid.reduce((a, b) => a + b, 0) === 1 ? left : Math.round(toCents(created.totalAmount) * share);
      left -= cents;
      await recordPayment(
        tx,
        admin,
        created.id,
        paymentInput.parse({
          paidAmount: fromCents(cents),
          paymentMethod: METHODS[(k + p) % METHODS.length],
          paymentDate: addDays(invoiceDate, Math.min(plan.daysAgo, 7 + p * 14)),
          referenceNumber: METHODS[(k + p) % METHODS.length] === 'cash' ? undefined : `REF-${invoiceDate.replaceAll('-', '')}-${k}${p}`,
        }),
      );
      payments++;
    }
  }
  return { estimates: estimateIds.length, invoices, payments };
}
