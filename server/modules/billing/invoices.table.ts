import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { jobCards } from '../job-cards/job-cards.table.ts';
import { spareParts } from '../spare-parts/spare-parts.table.ts';
import { documentAmounts, documentItem, estimates } from './estimates.table.ts';

/**
 * The day from which an open (draft or sent) invoice is overdue: its due date; never without a
 * due date or with nothing to pay. Open invoices always have a balance unless their total is 0
 * (the stored status is paid once payments cover the total: checked below), so an open invoice is
 * overdue exactly when this is before today. Queries use this exact expression so its index serves them.
 */
export const INVOICE_LATE_FROM = sql.raw(
  `(case when total_amount = 0 then 'infinity'::date else coalesce(due_date, 'infinity'::date) end)`,
);

/** An invoice that still owes money: open (draft or sent) with a balance. Its partial index below. */
export const INVOICE_OWING = sql.raw(`status in ('draft', 'sent') and total_amount > paid_amount`);

/** An invoice that counts as invoiced: any but a cancelled one (a draft is the workshop's invoice too). */
export const invoiceCounts = (alias?: string) => sql.raw(`${alias ? `${alias}.` : ''}status <> 'cancelled'`);

/**
 * Invoices. `status` stores what a user sets (draft, sent, cancelled) and `paid` once the payments
 * ledger covers the total; partially paid and overdue are derived (core/rules/billing.ts
 * invoiceState) and filtered in SQL (invoices.repository.ts). `paid_amount` is the sum of the
 * invoice's payments, kept in the same transaction as each payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    invoiceNumber: varchar('invoice_number', { length: 50 }).notNull(),
    customerId: integer('customer_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    /** The job card it bills, once. */
    jobCardId: integer('job_card_id'),
    /** The estimate it was converted from, once. */
    estimateId: integer('estimate_id'),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date'),
    paidDate: date('paid_date'),
    description: text('description').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    ...documentAmounts(),
    paidAmount: numeric('paid_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** The method of the latest payment. */
    paymentMethod: varchar('payment_method', { length: 20 }),
    notes: text('notes'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_tenant_number_key').on(t.tenantId, t.invoiceNumber),
    uniqueIndex('invoices_estimate_key').on(t.estimateId),
    uniqueIndex('invoices_job_card_key').on(t.jobCardId),
    /** Each workshop reference to a row names (tenant_id, id): db/columns.ts workshopRef. */
    uniqueIndex('invoices_tenant_id_key').on(t.tenantId, t.id),
    index('invoices_tenant_status_idx').on(t.tenantId, t.status, t.id),
    // The revenue report: invoices by day, read from the index alone.
    index('invoices_tenant_date_idx').on(t.tenantId, t.invoiceDate, t.status, t.totalAmount),
    index('invoices_customer_idx').on(t.tenantId, t.customerId, t.id),
    index('invoices_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    // Open invoices (not paid, not cancelled): the overdue and partially paid filters walk these newest first.
    index('invoices_open_idx')
      .on(t.tenantId, t.id)
      .where(sql`status in ('draft', 'sent')`),
    // Open invoices by the day they fall overdue: counts of overdue, partially paid, draft and sent stay cheap.
    index('invoices_open_late_idx')
      .on(t.tenantId, t.status, INVOICE_LATE_FROM)
      .where(sql`status in ('draft', 'sent')`),
    // What open invoices still owe by due date (the revenue report's receivables), from the index alone.
    index('invoices_receivable_idx').on(t.tenantId, t.dueDate, t.totalAmount, t.paidAmount).where(INVOICE_OWING),
    index('invoices_number_trgm').using('gin', sql`${t.invoiceNumber} gin_trgm_ops`),
    check('invoices_amounts_not_negative', sql`labor_cost >= 0 and parts_cost >= 0 and tax_amount >= 0 and total_amount >= 0`),
    check('invoices_paid_within_total', sql`paid_amount >= 0 and paid_amount <= total_amount`),
    // Stored paid means fully paid; draft and sent always leave a balance (or total nothing).
    check('invoices_paid_status', sql`status <> 'paid' or (total_amount > 0 and paid_amount = total_amount)`),
    check('invoices_open_balance', sql`status not in ('draft', 'sent') or paid_amount < total_amount or total_amount = 0`),
    workshopRef('invoices_customer_id_fk', t.tenantId, t.customerId, customers),
    workshopRef('invoices_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles),
    workshopRef('invoices_job_card_id_fk', t.tenantId, t.jobCardId, jobCards),
    workshopRef('invoices_estimate_id_fk', t.tenantId, t.estimateId, estimates),
    workshopRef('invoices_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    invoiceId: integer('invoice_id').notNull(),
    ...documentItem(),
    ...timestamps,
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId, t.id),
    index('invoice_items_part_idx').on(t.sparePartId),
    workshopRef('invoice_items_invoice_id_fk', t.tenantId, t.invoiceId, invoices).onDelete('cascade'),
    workshopRef('invoice_items_spare_part_id_fk', t.tenantId, t.sparePartId, spareParts).onDelete('set null'),
  ],
);

/** The payments ledger: one row per payment; an invoice's paid amount is their sum. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    invoiceId: integer('invoice_id').notNull(),
    customerId: integer('customer_id').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    paymentDate: date('payment_date').notNull(),
    referenceNumber: varchar('reference_number', { length: 100 }),
    notes: text('notes'),
    status: varchar('status', { length: 20 }).notNull().default('completed'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.id),
    index('payments_tenant_idx').on(t.tenantId, t.id),
    // The revenue report: payments by day, read from the index alone.
    index('payments_tenant_date_idx').on(t.tenantId, t.paymentDate, t.status, t.amount),
    check('payments_amount_positive', sql`amount > 0`),
    workshopRef('payments_invoice_id_fk', t.tenantId, t.invoiceId, invoices),
    workshopRef('payments_customer_id_fk', t.tenantId, t.customerId, customers),
    workshopRef('payments_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
  ],
);
