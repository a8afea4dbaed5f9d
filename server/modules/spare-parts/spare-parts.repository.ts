import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { personRef } from '../../db/people.ts';
import { countRows, searchTotal, totalFromPage, windowTotal } from '../../db/totals.ts';
import type { AuditEntry, SparePart, SparePartListQuery } from '../../../core/contracts/spare-parts.ts';
import { containsPattern } from '../../db/search.ts';
import { inventoryAuditTrail, SPARE_PART_SEARCH, spareParts } from './spare-parts.table.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

/** A part needs attention (low-stock alert, metric and list) below its minimum or at zero: core/rules/stock.ts in SQL. */
export const NEEDS_ATTENTION = sql.raw(`(stock_quantity <= 0 or stock_quantity < minimum_stock)`);

type Row = Omit<SparePart, 'createdAt' | 'updatedAt'> & { createdAt: string | Date; updatedAt: string | Date; attention_last?: number };

const COLUMNS = sql.raw(`id, tenant_id as "tenantId", name, sku, category, brand, description,
  stock_quantity as "stockQuantity", minimum_stock as "minimumStock", unit_price::text as "unitPrice",
  location, supplier, status, created_at as "createdAt", updated_at as "updatedAt"`);

const iso = (v: string | Date) => isoTimestamp(v);
const toPart = ({ attention_last: _a, ...r }: Row): SparePart => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });

export type SparePartFilter = Partial<Omit<SparePartListQuery, 'lowStockFirst'>> & {
  lowStockFirst?: boolean;
  /** Only parts that need attention (the low-stock list). */
  attentionOnly?: boolean;
  ids?: number[];
};

/** The filters other than the search box. */
function conditions(tenantId: number, f: SparePartFilter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.category) where.push(sql`category = ${f.category}`);
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.attentionOnly) where.push(NEEDS_ATTENTION);
  return sql.join(where, sql` and `);
}

/** The exact indexed expression, so the trigram index serves the search. */
const searchMatch = (q: string) => sql`${SPARE_PART_SEARCH} ilike ${containsPattern(q)}`;

function allConditions(tenantId: number, f: SparePartFilter): SQL {
  return f.q ? sql`${conditions(tenantId, f)} and ${searchMatch(f.q)}` : conditions(tenantId, f);
}

/**
 * Parts filtered and paged by name, id; with `lowStockFirst` those needing attention come first,
 * as two ordered index scans (the attention index, then the rest) rather than a sort of the table.
 */
export async function listSpareParts(
  db: Tx,
  tenantId: number,
  f: SparePartFilter,
): Promise<{ rows: SparePart[]; total: number; exact: boolean }> {
  const limit = f.limit ?? 500;
  const offset = f.offset ?? 0;
  const where = allConditions(tenantId, f);
  const rows = await queryRows<Row>(
    db,
    f.lowStockFirst
      ? sql`select * from (
              (select ${COLUMNS}, 0 as attention_last from spare_parts where ${where} and ${NEEDS_ATTENTION} order by name, id limit ${offset + limit})
              union all
              (select ${COLUMNS}, 1 from spare_parts where ${where} and not ${NEEDS_ATTENTION} order by name, id limit ${offset + limit})
            ) parts order by attention_last, name, id limit ${limit} offset ${offset}`
      : sql`select ${COLUMNS} from spare_parts where ${where} order by name, id limit ${limit} offset ${offset}`,
  );
  const total =
    (f.ids ? { total: rows.length, exact: true } : totalFromPage(offset, limit, rows.length)) ??
    (f.q
      ? await searchTotal(db, { offset, limit, rows: rows.length }, (n) => sql`select 1 from spare_parts where ${where} limit ${n}`, [
          sql`select 1 from spare_parts where ${where}`,
        ])
      : { total: await countRows(db, sql`select 1 from spare_parts where ${where}`), exact: true });
  return { rows: rows.map(toPart), ...total };
}

/** Every matching part (the CSV export), in pages of `size` rows ordered by name, id. */
export async function* eachSparePart(db: Tx, tenantId: number, f: SparePartFilter, size = 1000): AsyncGenerator<SparePart[]> {
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql` and (name, id) > (${after.name}, ${after.id})` : sql``;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select ${COLUMNS} from spare_parts where ${allConditions(tenantId, f)}${cursor} order by name, id limit ${size}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toPart);
    if (rows.length < size) return;
    after = { name: rows[rows.length - 1].name, id: rows[rows.length - 1].id };
  }
}

export async function findSparePart(db: Tx, tenantId: number, id: number): Promise<SparePart | undefined> {
  return (await listSpareParts(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

/** Distinct categories of the whole workshop (not of one page), sorted. */
export async function listCategories(db: Tx, tenantId: number): Promise<string[]> {
  const rows = await queryRows<{ category: string }>(
    db,
    sql`select category from spare_parts where tenant_id = ${tenantId} and category is not null
        group by category order by lower(category), category`,
  );
  return rows.map((r) => r.category);
}

/** The part row locked for the rest of the transaction. */
export async function lockSparePart(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(spareParts)
    .where(and(eq(spareParts.tenantId, tenantId), eq(spareParts.id, id)))
    .for('update');
  return row;
}

export type SparePartColumns = Partial<Omit<typeof spareParts.$inferInsert, 'id' | 'tenantId'>>;

export async function insertSpareParts(
  db: Tx,
  tenantId: number,
  values: Array<SparePartColumns & { name: string; sku: string; unitPrice: string }>,
) {
  if (values.length === 0) return [];
  return db
    .insert(spareParts)
    .values(values.map((v) => ({ ...v, tenantId })))
    .returning({ id: spareParts.id, stockQuantity: spareParts.stockQuantity });
}

export async function updateSparePart(db: Tx, tenantId: number, id: number, values: SparePartColumns) {
  await db
    .update(spareParts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(spareParts.tenantId, tenantId), eq(spareParts.id, id)));
}

export async function deleteSparePart(db: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(spareParts)
    .where(and(eq(spareParts.tenantId, tenantId), eq(spareParts.id, id)))
    .returning({ id: spareParts.id });
  return rows.length > 0;
}

/** How many job cards have a line with this part. */
export async function jobCardsUsingPart(db: Tx, tenantId: number, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct job_card_id)::int as n from job_card_parts where tenant_id = ${tenantId} and spare_part_id = ${id}`,
  );
  return row.n;
}

/** SKUs (lower-cased) of this workshop among `skus`. */
export async function takenSkus(db: Tx, tenantId: number, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const found = new Set<string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000).map((s) => s.toLowerCase());
    const rows = await queryRows<{ sku: string }>(
      db,
      sql`select lower(sku) as sku from spare_parts where tenant_id = ${tenantId}
          and lower(sku) in (${sql.join(
            chunk.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    );
    for (const r of rows) found.add(r.sku);
  }
  return found;
}

/**
 * Moves the stock of one part by `delta` unless that would take it below zero: one conditional
 * UPDATE, so two requests racing for the last unit cannot both succeed (the second waits for
 * the first's row lock and then re-checks the condition). Returns the quantities, or
 * `{ ok: false, available }` when there is not enough.
 */
export async function moveStock(
  db: Tx,
  tenantId: number,
  id: number,
  delta: number,
): Promise<{ ok: true; before: number; after: number; name: string } | { ok: false; available: number; name: string } | undefined> {
  const [moved] = await queryRows<{ after: number; name: string }>(
    db,
    sql`update spare_parts set stock_quantity = stock_quantity + ${delta}, updated_at = now()
        where tenant_id = ${tenantId} and id = ${id} and stock_quantity + ${delta} >= 0
        returning stock_quantity as after, name`,
  );
  if (moved) return { ok: true, before: moved.after - delta, after: moved.after, name: moved.name };
  const [current] = await queryRows<{ available: number; name: string }>(
    db,
    sql`select stock_quantity as available, name from spare_parts where tenant_id = ${tenantId} and id = ${id}`,
  );
  return current ? { ok: false, available: current.available, name: current.name } : undefined;
}

export type AuditColumns = {
  tenantId: number;
  sparePartId: number;
  actionType: AuditEntry['actionType'];
  quantityBefore: number;
  quantityChange: number;
  quantityAfter: number;
  unitCost?: string | null;
  totalCost?: string | null;
  referenceType?: string | null;
  referenceId?: number | null;
  reason?: string | null;
  performedBy: number | null;
};

export async function insertAudit(db: Tx, entries: AuditColumns[]) {
  if (entries.length === 0) return;
  for (let i = 0; i < entries.length; i += 1000) await db.insert(inventoryAuditTrail).values(entries.slice(i, i + 1000));
}

type AuditRow = Omit<AuditEntry, 'createdAt'> & { createdAt: string | Date; total: number };

/** The stock history of one part, newest first; a job card reference names its job number. */
export async function listAudit(db: Tx, tenantId: number, sparePartId: number, limit: number, offset: number) {
  const rows = await queryRows<AuditRow>(
    db,
    sql`select a.id, a.spare_part_id as "sparePartId", a.action_type as "actionType",
          a.quantity_before as "quantityBefore", a.quantity_change as "quantityChange", a.quantity_after as "quantityAfter",
          a.unit_cost::text as "unitCost", a.reference_type as "referenceType", a.reference_id as "referenceId",
          case when a.reference_type = 'job_card' then j.job_number else null end as reference,
          a.reason,
          ${personRef('u')} as "performedBy",
          a.created_at as "createdAt", count(*) over ()::int as total
        from inventory_audit_trail a
        left join users u on u.id = a.performed_by
        left join job_cards j on a.reference_type = 'job_card' and j.id = a.reference_id and j.tenant_id = a.tenant_id
        where a.tenant_id = ${tenantId} and a.spare_part_id = ${sparePartId}
        order by a.id desc
        limit ${limit} offset ${offset}`,
  );
  const total = await windowTotal(
    db,
    rows,
    offset,
    sql`select 1 from inventory_audit_trail where tenant_id = ${tenantId} and spare_part_id = ${sparePartId}`,
  );
  return { rows: rows.map(({ total: _t, createdAt, ...r }) => ({ ...r, createdAt: iso(createdAt) })), total };
}
