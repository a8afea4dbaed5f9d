import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { billingPageIds, billingTotal } from './billing-lists.ts';
import type { Invoice, InvoiceListQuery, Payment } from '../../../core/contracts/billing.ts';
import { invoiceState, type StoredInvoiceStatus } from '../../../core/rules/billing.ts';
import { AGEING_BUCKETS, ageingDays, type AgeingBucket } from '../../../core/rules/analytics.ts';
import type { ItemColumns } from './billing-lines.ts';
import { INVOICE_LATE_FROM, INVOICE_OWING, invoiceItems, invoices, payments } from './invoices.table.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

type Row = Omit<Invoice, 'status' | 'paymentStatus' | 'balanceAmount' | 'createdAt' | 'updatedAt'> & {
  status: StoredInvoiceStatus;
  createdAt: string | Date;
  updatedAt: string | Date;
};
const iso = (v: string | Date) => isoTimestamp(v);

/** `today` is the workshop's date (yyyy-MM-dd): an unpaid invoice past its due date is overdue. */
export type InvoiceFilter = Partial<InvoiceListQuery> & { ids?: number[]; today: string };

/**
 * The shown status as a condition on the stored columns, the same rule as invoiceState. The
 * stored status is draft, sent, cancelled, or paid exactly when payments cover a total above 0
 * (check constraints keep it so), so an open (draft or sent) invoice has a balance unless its
 * total is 0, and is overdue exactly when INVOICE_LATE_FROM is before today; its index keeps
 * every filter's count cheap.
 */
function statusCondition(status: Invoice['status'], today: string): SQL {
  const open = sql`status in ('draft', 'sent')`;
  switch (status) {
    case 'cancelled':
    case 'paid':
      return sql`status = ${status}`;
    case 'overdue':
      return sql`${open} and ${INVOICE_LATE_FROM} < ${today}::date`;
    case 'partially_paid':
      return sql`${open} and paid_amount > 0 and ${INVOICE_LATE_FROM} >= ${today}::date`;
    case 'draft':
    case 'sent':
      return sql`status = ${status} and paid_amount = 0 and ${INVOICE_LATE_FROM} >= ${today}::date`;
  }
}

/**
 * A due date whose days past due on `today` fall in the bucket (core/rules/analytics.ts
 * ageingDays); without a due date an invoice is never past due. On due_date, so its index serves.
 */
function dueIn(bucket: AgeingBucket, today: string): SQL {
  const [min, max] = ageingDays(bucket);
  if (min === null) return sql`(due_date is null or due_date >= ${today}::date - ${max ?? 0}::int)`;
  const late = sql`due_date <= ${today}::date - ${min}::int`;
  return max === null ? late : sql`${late} and due_date >= ${today}::date - ${max}::int`;
}

/** What owing invoices (the list's `ageing` filter, the revenue report's receivables) owe now, by age. */
export async function receivablesByAge(db: Tx, tenantId: number, today: string) {
  const bucket = sql.join(
    AGEING_BUCKETS.map((b) => sql`when ${dueIn(b, today)} then ${b}::text`),
    sql` `,
  );
  return queryRows<{ bucket: AgeingBucket; amount: string; invoices: number }>(
    db,
    sql`select case ${bucket} end as bucket, sum(total_amount - paid_amount)::numeric(14, 2)::text as amount, count(*)::int as invoices
        from invoices where tenant_id = ${tenantId} and ${INVOICE_OWING} group by 1`,
  );
}

function conditions(tenantId: number, f: InvoiceFilter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.status) where.push(statusCondition(f.status, f.today));
  if (f.customerId) where.push(sql`customer_id = ${f.customerId}`);
  if (f.vehicleId) where.push(sql`vehicle_id = ${f.vehicleId}`);
  if (f.ageing) where.push(sql`${INVOICE_OWING} and ${dueIn(f.ageing, f.today)}`);
  return sql.join(where, sql` and `);
}

/** Invoices newest first with customer, vehicle, line count, estimate and job card, their shown status and balance; paged, with the full count. */
export async function listInvoices(
  db: Tx,
  tenantId: number,
  f: InvoiceFilter,
): Promise<{ rows: Invoice[]; total: number; exact: boolean }> {
  const limit = f.limit ?? 500;
  const offset = f.offset ?? 0;
  const rows = await queryRows<Row>(
    db,
    sql`with page as (${billingPageIds('invoices', tenantId, conditions(tenantId, f), f.q, limit, offset)})
        select i.id, i.tenant_id as "tenantId", i.invoice_number as "invoiceNumber", i.customer_id as "customerId", i.vehicle_id as "vehicleId",
          json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) as customer,
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number) as vehicle,
          i.description, i.status,
          i.labor_cost::text as "laborCost", i.parts_cost::text as "partsCost", i.subtotal::text as subtotal,
          i.tax_rate::text as "taxRate", i.tax_amount::text as "taxAmount", i.total_amount::text as "totalAmount",
          (select count(*)::int from invoice_items l where l.invoice_id = i.id) as "itemCount",
          i.paid_amount::text as "paidAmount",
          to_char(i.invoice_date, 'YYYY-MM-DD') as "invoiceDate", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
          to_char(i.paid_date, 'YYYY-MM-DD') as "paidDate", i.payment_method as "paymentMethod", i.notes,
          case when e.id is null then null else json_build_object('id', e.id, 'estimateNumber', e.estimate_number) end as estimate,
          case when j.id is null then null else json_build_object('id', j.id, 'jobNumber', j.job_number) end as "jobCard",
          i.created_at as "createdAt", i.updated_at as "updatedAt"
        from page
        join invoices i on i.id = page.id
        join customers c on c.id = i.customer_id
        join vehicles v on v.id = i.vehicle_id
        left join estimates e on e.id = i.estimate_id
        left join job_cards j on j.id = i.job_card_id
        order by i.id desc`,
  );
  const { total, exact } = f.ids
    ? { total: rows.length, exact: true }
    : await billingTotal(db, 'invoices', tenantId, conditions(tenantId, f), f, { limit, offset, rows: rows.length });
  return {
    rows: rows.map((r) => ({
      ...r,
      ...invoiceState({ stored: r.status, totalAmount: r.totalAmount, paidAmount: r.paidAmount, dueDate: r.dueDate, today: f.today }),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    total,
    exact,
  };
}

export async function findInvoice(db: Tx, tenantId: number, id: number, today: string): Promise<Invoice | undefined> {
  return (await listInvoices(db, tenantId, { ids: [id], limit: 1, today })).rows[0];
}

export async function invoiceExists(db: Tx, tenantId: number, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from invoices where tenant_id = ${tenantId} and id = ${id}`)).length > 0;
}

/** The invoice row locked for the rest of the transaction: payments and edits of one invoice take turns. */
export async function lockInvoice(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .for('update');
  return row;
}

export async function highestNumber(db: Tx, tenantId: number): Promise<string | null> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select invoice_number as n from invoices where tenant_id = ${tenantId} and invoice_number like 'INV-%'
        order by invoice_number desc limit 1`,
  );
  return row?.n ?? null;
}

export type InvoiceColumns = Partial<Omit<typeof invoices.$inferInsert, 'id' | 'tenantId'>>;

/** Inserts unless the number is taken (then undefined: the caller allocates another or answers 409). */
export async function insertInvoice(db: Tx, values: typeof invoices.$inferInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.tenantId, invoices.invoiceNumber] })
    .returning({ id: invoices.id });
  return row?.id;
}

export async function updateInvoice(db: Tx, tenantId: number, id: number, values: InvoiceColumns) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)));
}

export async function replaceItems(db: Tx, tenantId: number, invoiceId: number, items: ItemColumns[]) {
  await db.delete(invoiceItems).where(and(eq(invoiceItems.tenantId, tenantId), eq(invoiceItems.invoiceId, invoiceId)));
  if (items.length) await db.insert(invoiceItems).values(items.map((l) => ({ ...l, tenantId, invoiceId })));
}

/** The invoice that bills a job card, if any. */
export async function invoiceOfJobCard(db: Tx, tenantId: number, jobCardId: number) {
  const [row] = await queryRows<{ id: number; invoiceNumber: string }>(
    db,
    sql`select id, invoice_number as "invoiceNumber" from invoices where tenant_id = ${tenantId} and job_card_id = ${jobCardId}`,
  );
  return row;
}

export async function insertPayment(db: Tx, values: typeof payments.$inferInsert) {
  await db.insert(payments).values(values);
}

/** An invoice's payments in the order they were recorded, with who recorded each. */
export async function listPayments(db: Tx, tenantId: number, invoiceId: number): Promise<Payment[]> {
  const rows = await queryRows<Omit<Payment, 'createdAt'> & { createdAt: string | Date }>(
    db,
    sql`select p.id, p.invoice_id as "invoiceId", p.amount::text as amount, p.payment_method as "paymentMethod",
          to_char(p.payment_date, 'YYYY-MM-DD') as "paymentDate", p.reference_number as "referenceNumber", p.notes, p.status,
          case when u.id is null then null
               else json_build_object('id', u.id, 'firstName', coalesce(u.first_name, ''), 'lastName', coalesce(u.last_name, '')) end as "createdBy",
          p.created_at as "createdAt"
        from payments p left join users u on u.id = p.created_by
        where p.tenant_id = ${tenantId} and p.invoice_id = ${invoiceId}
        order by p.id`,
  );
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}
