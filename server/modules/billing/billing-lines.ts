import { sql } from 'drizzle-orm';
import type { z } from '../../../core/zod.ts';
import type { BillingItem, billingItemInput } from '../../../core/contracts/billing.ts';
import { documentTotals, lineTotal, type Totals } from '../../../core/rules/billing.ts';
import { fromCents, toCents } from '../../../core/rules/money.ts';
import { badRequest } from '../../lib/app-error.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { checkCustomerVehicle } from '../vehicles/customer-vehicle.ts';
import { idIn } from '../../db/conditions.ts';

/**
 * Lines of estimates and invoices, shared by both: a part line's defaults from the part, each
 * line's total, and the document's amounts at the workshop's tax rate (core/rules/billing.ts).
 */
export type ItemInput = z.output<typeof billingItemInput>;
export type ItemColumns = {
  itemType: 'labor' | 'part';
  sparePartId: number | null;
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  notes: string | null;
};
export type Amounts = Totals & { taxRate: string };

const MAX_CENTS = 9_999_999_999; // numeric(10,2)
const tooLarge = () => badRequest('billing.amount_too_large', 'Amounts must be at most 99,999,999.99');

/**
 * The lines as stored. A part line names a part of this workshop (400 otherwise), whose name and
 * unit price are the defaults; quantities keep two decimals (labour hours).
 */
export async function resolveItems(tx: Tx, tenantId: number, items: ItemInput[]): Promise<ItemColumns[]> {
  const ids = [...new Set(items.map((l) => l.sparePartId).filter((id): id is number => Boolean(id)))];
  const parts = ids.length
    ? await queryRows<{ id: number; name: string; unitPrice: string }>(
        tx,
        sql`select id, name, unit_price::text as "unitPrice" from spare_parts
            where tenant_id = ${tenantId} and ${idIn(ids)}`,
      )
    : [];
  const byId = new Map(parts.map((p) => [p.id, p]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw badRequest('billing.part_invalid', `Unknown part: #${missing.join(', #')}`, { missing });
  return items.map((l) => {
    const part = l.sparePartId ? byId.get(l.sparePartId) : undefined;
    const quantity = fromCents(toCents(l.quantity));
    const unitPrice = l.unitPrice ?? part!.unitPrice;
    const totalPrice = lineTotal({ quantity, unitPrice });
    if (toCents(totalPrice) > MAX_CENTS) throw tooLarge();
    return {
      itemType: l.itemType,
      sparePartId: l.sparePartId ?? null,
      description: l.description ?? part!.name,
      quantity,
      unitPrice,
      totalPrice,
      notes: l.notes ?? null,
    };
  });
}

/** A document's amounts: from its lines when it has any, else from the entered labour and parts costs. */
export function amountsOf(input: {
  lines: Array<Pick<ItemColumns, 'itemType' | 'quantity' | 'unitPrice'>>;
  laborCost: string | null | undefined;
  partsCost: string | null | undefined;
  taxRate: string;
}): Amounts {
  const totals = documentTotals({ lines: input.lines, laborCost: input.laborCost, partsCost: input.partsCost, taxRate: input.taxRate });
  if (toCents(totals.totalAmount) > MAX_CENTS) throw tooLarge();
  return { ...totals, taxRate: fromCents(toCents(input.taxRate)) };
}

/** The lines of one estimate or invoice, in the order written, with the SKU of a referenced part. */
export async function readItems(tx: Tx, tenantId: number, kind: 'estimate' | 'invoice', documentId: number): Promise<BillingItem[]> {
  const table = sql.raw(kind === 'estimate' ? 'estimate_items' : 'invoice_items');
  const owner = sql.raw(kind === 'estimate' ? 'estimate_id' : 'invoice_id');
  return queryRows<BillingItem>(
    tx,
    sql`select i.id, i.item_type as "itemType", i.spare_part_id as "sparePartId", p.sku, i.description,
          i.quantity::text as quantity, i.unit_price::text as "unitPrice", i.total_price::text as "totalPrice", i.notes
        from ${table} i left join spare_parts p on p.tenant_id = i.tenant_id and p.id = i.spare_part_id
        where i.tenant_id = ${tenantId} and i.${owner} = ${documentId} order by i.id`,
  );
}

/** The customer and vehicle checks every document makes. */
export async function checkCustomerAndVehicle(tx: Tx, tenantId: number, customerId: number, vehicleId: number) {
  await checkCustomerVehicle(tx, tenantId, 'billing', customerId, vehicleId);
}
