import type { Tx } from '../../db/client.ts';
import { SPARE_PART_CSV_COLUMNS } from '../../../core/contracts/spare-parts.values.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import {
  sparePartInput,
  type SparePart,
  type SparePartInput,
  type sparePartUpdateInput,
  type stockMoveInput,
} from '../../../core/contracts/spare-parts.ts';
import { importRowNumber, type ImportError, type ImportResult } from '../../../core/contracts/imports.ts';
import type { z } from '../../../core/zod.ts';
import { fromCents, lineTotalCents } from '../../../core/rules/money.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { CsvExport } from '../../lib/csv-export.ts';
import * as repo from './spare-parts.repository.ts';

export const sparePartNotFound = () => notFound('spare_parts', 'Spare part');
const skuTaken = (sku: string) => conflict('spare_parts.sku_taken', `A part with SKU "${sku}" already exists`, { sku });

type UpdateInput = z.output<typeof sparePartUpdateInput>;
type StockMove = z.output<typeof stockMoveInput>;
type CreateInput = z.output<typeof sparePartInput>;

async function withSkuCheck<T>(sku: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken(sku);
    throw err;
  }
}

/** A new part; its opening stock is the first row of its audit trail ('created'). */
export async function createSparePart(db: Tx, actor: PublicUser, input: CreateInput, reason = 'Part created'): Promise<SparePart> {
  return withSkuCheck(input.sku, () =>
    db.transaction(async (tx) => {
      const [row] = await repo.insertSpareParts(tx, actor.tenantId, [input]);
      await repo.insertAudit(tx, [
        {
          tenantId: actor.tenantId,
          sparePartId: row.id,
          actionType: 'created',
          quantityBefore: 0,
          quantityChange: row.stockQuantity,
          quantityAfter: row.stockQuantity,
          reason,
          performedBy: actor.id,
        },
      ]);
      return (await repo.findSparePart(tx, actor.tenantId, row.id))!;
    }),
  );
}

/** An edit; a changed stock quantity is a correction with its audit row, in the same transaction. */
export async function updateSparePart(db: Tx, actor: PublicUser, id: number, input: UpdateInput): Promise<SparePart> {
  return db.transaction(async (tx) => {
    const current = await repo.lockSparePart(tx, actor.tenantId, id);
    if (!current) throw sparePartNotFound();
    const { stockQuantity, ...rest } = input;
    const columns = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const stockChanged = stockQuantity !== undefined && stockQuantity !== current.stockQuantity;
    await repo.updateSparePart(tx, actor.tenantId, id, { ...columns, ...(stockChanged ? { stockQuantity } : {}) });
    if (stockChanged) {
      await repo.insertAudit(tx, [
        {
          tenantId: actor.tenantId,
          sparePartId: id,
          actionType: 'corrected',
          quantityBefore: current.stockQuantity,
          quantityChange: stockQuantity - current.stockQuantity,
          quantityAfter: stockQuantity,
          reason: 'Stock quantity edited',
          performedBy: actor.id,
        },
      ]);
    }
    return (await repo.findSparePart(tx, actor.tenantId, id))!;
  });
}

/** Receiving adds to the stock; a correction (a count) sets it. Either way one audit row. */
export async function moveStock(db: Tx, actor: PublicUser, id: number, move: StockMove): Promise<SparePart> {
  if (move.type === 'receive' && move.quantity < 1) {
    throw badRequest('spare_parts.quantity_required', 'Quantity must be at least 1');
  }
  return db.transaction(async (tx) => {
    const current = await repo.lockSparePart(tx, actor.tenantId, id);
    if (!current) throw sparePartNotFound();
    const after = move.type === 'receive' ? current.stockQuantity + move.quantity : move.quantity;
    if (after > 10_000_000) throw badRequest('spare_parts.stock_too_large', 'Stock cannot exceed 10,000,000');
    const change = after - current.stockQuantity;
    await repo.updateSparePart(tx, actor.tenantId, id, { stockQuantity: after });
    await repo.insertAudit(tx, [
      {
        tenantId: actor.tenantId,
        sparePartId: id,
        actionType: move.type === 'receive' ? 'received' : 'corrected',
        quantityBefore: current.stockQuantity,
        quantityChange: change,
        quantityAfter: after,
        unitCost: move.unitCost ?? null,
        totalCost: move.unitCost !== undefined && change > 0 ? fromCents(lineTotalCents(change, move.unitCost)) : null,
        referenceType: move.type === 'receive' ? 'delivery' : 'stock_count',
        reason: move.reason || (move.type === 'receive' ? 'Stock received' : 'Stock count'),
        performedBy: actor.id,
      },
    ]);
    return (await repo.findSparePart(tx, actor.tenantId, id))!;
  });
}

/** Deleted only when no job card uses it (its lines keep the history of what was fitted). */
export async function deleteSparePart(db: Tx, actor: PublicUser, id: number): Promise<void> {
  const inUse = (n: number) =>
    conflict('spare_parts.in_use', `This part is used on ${n} job card${n === 1 ? '' : 's'} and cannot be deleted`, { jobCards: n });
  try {
    await db.transaction(async (tx) => {
      const current = await repo.lockSparePart(tx, actor.tenantId, id);
      if (!current) throw sparePartNotFound();
      const used = await repo.jobCardsUsingPart(tx, actor.tenantId, id);
      if (used > 0) throw inUse(used);
      await repo.deleteSparePart(tx, actor.tenantId, id);
    });
  } catch (err) {
    // A job card line added at the same moment: the foreign key refuses the delete.
    if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23503' || (err as { code?: string }).code === '23503') {
      throw inUse(await repo.jobCardsUsingPart(db, actor.tenantId, id));
    }
    throw err;
  }
}

// ---- CSV import ---------------------------------------------------------------------------

/** Header names a file may use for each field ("Unit Price", "unit_price", "unitPrice" all work). */
const HEADER_ALIASES: Record<string, keyof SparePartInput> = {
  name: 'name',
  partname: 'name',
  sku: 'sku',
  partnumber: 'sku',
  category: 'category',
  brand: 'brand',
  description: 'description',
  stockquantity: 'stockQuantity',
  stock: 'stockQuantity',
  quantity: 'stockQuantity',
  qty: 'stockQuantity',
  minimumstock: 'minimumStock',
  minstock: 'minimumStock',
  minimum: 'minimumStock',
  unitprice: 'unitPrice',
  price: 'unitPrice',
  location: 'location',
  supplier: 'supplier',
  status: 'status',
};

/** The filtered parts list as a CSV export (server/lib/csv-export.ts), a page at a time. */
export function sparePartsCsv(db: Tx, tenantId: number, filter: repo.SparePartFilter): CsvExport {
  async function* batches() {
    for await (const page of repo.eachSparePart(db, tenantId, filter)) yield page.map((part) => SPARE_PART_CSV_COLUMNS.map((k) => part[k]));
  }
  return { name: 'spare-parts', header: [...SPARE_PART_CSV_COLUMNS], batches: batches() };
}

/**
 * The export (core/csv.ts) writes a ' before a cell starting with = + - or @ so spreadsheets do
 * not run it as a formula; the import takes it off again, so an exported file imports unchanged.
 */
const unneutralize = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The fields of one row by header name (loosely matched); an empty cell reads as missing. */
function fieldsOf(row: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) {
    const field = HEADER_ALIASES[key.toLowerCase().replace(/[^a-z0-9]/g, '')];
    const v = unneutralize(value.trim()).trim();
    if (field && v !== '' && out[field] === undefined) out[field] = field === 'status' ? v.toLowerCase() : v;
  }
  return out;
}

/**
 * Validates every row (the spec's messages, SKUs unique in the file and in the workshop); a dry
 * run stops there. Otherwise all rows are written in one transaction, or none (400 with the errors).
 */
export async function importSpareParts(
  db: Tx,
  actor: PublicUser,
  rows: Array<Record<string, string>>,
  dryRun: boolean,
): Promise<ImportResult> {
  const errors: ImportError[] = [];
  const valid: Array<{ line: number; part: CreateInput }> = [];
  for (const [i, raw] of rows.entries()) {
    const parsed = sparePartInput.safeParse(fieldsOf(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ row: importRowNumber(i), field: issue.path.length ? String(issue.path[0]) : null, message: issue.message });
    } else valid.push({ line: importRowNumber(i), part: parsed.data });
  }
  const seen = new Map<string, number>();
  const taken = await repo.takenSkus(
    db,
    actor.tenantId,
    valid.map((v) => v.part.sku),
  );
  const accepted: CreateInput[] = [];
  for (const { line, part } of valid) {
    const key = part.sku.toLowerCase();
    if (taken.has(key)) errors.push({ row: line, field: 'sku', message: `SKU "${part.sku}" already exists` });
    else if (seen.has(key)) errors.push({ row: line, field: 'sku', message: `SKU "${part.sku}" is also on line ${seen.get(key)}` });
    else {
      seen.set(key, line);
      accepted.push(part);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  if (dryRun) return { imported: 0, valid: accepted.length, errors };
  if (errors.length) {
    const rows = new Set(errors.map((e) => e.row)).size;
    throw badRequest('import.invalid', `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was imported`, { errors });
  }
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < accepted.length; i += 500) {
        const inserted = await repo.insertSpareParts(tx, actor.tenantId, accepted.slice(i, i + 500));
        await repo.insertAudit(
          tx,
          inserted.map((r) => ({
            tenantId: actor.tenantId,
            sparePartId: r.id,
            actionType: 'created' as const,
            quantityBefore: 0,
            quantityChange: r.stockQuantity,
            quantityAfter: r.stockQuantity,
            reason: 'Imported from CSV',
            performedBy: actor.id,
          })),
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('spare_parts.sku_taken', 'A part with one of these SKUs was added meanwhile: nothing was imported');
    throw err;
  }
  return { imported: accepted.length, valid: accepted.length, errors: [] };
}

/** Plain reads the routes serve as the repository answers them. */
export { findSparePart, listAudit, listCategories, listSpareParts } from './spare-parts.repository.ts';
