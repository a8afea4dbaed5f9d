import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { billingPageIds, billingTotal } from './billing-lists.ts';
import type { Estimate, EstimateListQuery } from '../../../core/contracts/billing.ts';
import type { ItemColumns } from './billing-lines.ts';
import { estimateItems, estimates } from './estimates.table.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

type Row = Omit<Estimate, 'approvedAt' | 'rejectedAt' | 'createdAt' | 'updatedAt'> & {
  approvedAt: string | Date | null;
  rejectedAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};
const iso = (v: string | Date | null) => (v === null ? null : isoTimestamp(v));

export type EstimateFilter = Partial<EstimateListQuery> & { ids?: number[] };

/** The filters other than the search box. */
function conditions(tenantId: number, f: EstimateFilter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.customerId) where.push(sql`customer_id = ${f.customerId}`);
  if (f.vehicleId) where.push(sql`vehicle_id = ${f.vehicleId}`);
  return sql.join(where, sql` and `);
}

/** Estimates newest first with customer, vehicle, line count and the invoice made from each, filtered and paged, with the full count. */
export async function listEstimates(
  db: Tx,
  tenantId: number,
  f: EstimateFilter,
): Promise<{ rows: Estimate[]; total: number; exact: boolean }> {
  const limit = f.limit ?? 500;
  const offset = f.offset ?? 0;
  const rows = await queryRows<Row>(
    db,
    sql`with page as (${billingPageIds('estimates', tenantId, conditions(tenantId, f), f.q, limit, offset)})
        select e.id, e.tenant_id as "tenantId", e.estimate_number as "estimateNumber", e.customer_id as "customerId", e.vehicle_id as "vehicleId",
          json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) as customer,
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number) as vehicle,
          e.description, e.status,
          e.labor_cost::text as "laborCost", e.parts_cost::text as "partsCost", e.subtotal::text as subtotal,
          e.tax_rate::text as "taxRate", e.tax_amount::text as "taxAmount", e.total_amount::text as "totalAmount",
          (select count(*)::int from estimate_items i where i.estimate_id = e.id) as "itemCount",
          to_char(e.valid_until, 'YYYY-MM-DD') as "validUntil", e.approved_at as "approvedAt", e.rejected_at as "rejectedAt", e.notes,
          case when inv.id is null then null else json_build_object('id', inv.id, 'invoiceNumber', inv.invoice_number) end as invoice,
          e.created_at as "createdAt", e.updated_at as "updatedAt"
        from page
        join estimates e on e.id = page.id
        join customers c on c.id = e.customer_id
        join vehicles v on v.id = e.vehicle_id
        left join invoices inv on inv.estimate_id = e.id
        order by e.id desc`,
  );
  const { total, exact } = f.ids
    ? { total: rows.length, exact: true }
    : await billingTotal(db, 'estimates', tenantId, conditions(tenantId, f), f, { limit, offset, rows: rows.length });
  return {
    rows: rows.map((r) => ({
      ...r,
      approvedAt: iso(r.approvedAt),
      rejectedAt: iso(r.rejectedAt),
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
    })),
    total,
    exact,
  };
}

export async function findEstimate(db: Tx, tenantId: number, id: number): Promise<Estimate | undefined> {
  return (await listEstimates(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

/** The estimate row locked for the rest of the transaction: edits and conversions of one estimate take turns. */
export async function lockEstimate(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.tenantId, tenantId), eq(estimates.id, id)))
    .for('update');
  return row;
}

/** The highest estimate number of a workshop (fixed width, so text order is number order). */
export async function highestNumber(db: Tx, tenantId: number): Promise<string | null> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select estimate_number as n from estimates where tenant_id = ${tenantId} and estimate_number like 'EST-%'
        order by estimate_number desc limit 1`,
  );
  return row?.n ?? null;
}

export type EstimateColumns = Partial<Omit<typeof estimates.$inferInsert, 'id' | 'tenantId'>>;

/** Inserts unless the number is taken (then undefined: the caller allocates another or answers 409). */
export async function insertEstimate(db: Tx, values: typeof estimates.$inferInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(estimates)
    .values(values)
    .onConflictDoNothing({ target: [estimates.tenantId, estimates.estimateNumber] })
    .returning({ id: estimates.id });
  return row?.id;
}

export async function updateEstimate(db: Tx, tenantId: number, id: number, values: EstimateColumns) {
  await db
    .update(estimates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(estimates.tenantId, tenantId), eq(estimates.id, id)));
}

export async function replaceItems(db: Tx, tenantId: number, estimateId: number, items: ItemColumns[]) {
  await db.delete(estimateItems).where(and(eq(estimateItems.tenantId, tenantId), eq(estimateItems.estimateId, estimateId)));
  if (items.length) await db.insert(estimateItems).values(items.map((l) => ({ ...l, tenantId, estimateId })));
}

/** The invoice made from an estimate, if any. */
export async function invoiceOf(db: Tx, tenantId: number, estimateId: number) {
  const [row] = await queryRows<{ id: number; invoiceNumber: string }>(
    db,
    sql`select id, invoice_number as "invoiceNumber" from invoices where tenant_id = ${tenantId} and estimate_id = ${estimateId}`,
  );
  return row;
}
