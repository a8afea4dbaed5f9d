import { documentTotals, type Totals } from '@core/rules/billing.ts';
import type { BillingItem, BillingItemInput, ItemType } from './model';

/** One line as the form holds it: text fields as typed; a part line may name a spare part. */
export type LineValues = {
  itemType: ItemType;
  sparePartId: number | null;
  /** Labour: what was done; part: the part's name (from the catalogue when one is chosen). */
  description: string;
  sku: string;
  /** Hours for labour, a count for parts. */
  quantity: string;
  /** Hourly rate for labour, price per unit for parts. */
  unitPrice: string;
};

/** What the estimate and invoice dialogs share. */
export type DocumentValues = {
  customerId: number | null;
  vehicleId: number | null;
  description: string;
  laborCost: string;
  partsCost: string;
  /** Filled by Calculate Total (spec section 5); the server computes them again on save. */
  taxAmount: string;
  totalAmount: string;
  notes: string;
  items: LineValues[];
};

/** The estimate and invoice dialogs' values: the shared fields plus each document's own. */
export type DocumentFormValues = DocumentValues & {
  status: string;
  /** Estimates. */
  validUntil: string;
  /** Invoices. */
  invoiceDate: string;
  dueDate: string;
};

/** A typed amount the form cannot use yet (blank, "abc", negative) counts as 0 in the live totals. */
export function usable(text: string | number | null | undefined): string {
  const trimmed = String(text ?? '').trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) && Number(trimmed) >= 0 ? trimmed : '0';
}

/**
 * The document's amounts as the form is typed, with the same rule the server uses
 * (core/rules/billing.ts): with lines, labour and parts are the lines' sums; without, the typed
 * costs; tax is the workshop's rate of their sum, rounded half up to the cent.
 */
export function liveTotals(
  values: Pick<DocumentValues, 'items' | 'laborCost' | 'partsCost'>,
  taxRate: string,
): Totals & { lines: string[] } {
  const lines = (values.items ?? []).map((line) => ({
    itemType: line.itemType,
    quantity: usable(line.quantity),
    unitPrice: usable(line.unitPrice),
  }));
  const totals = documentTotals({
    lines,
    laborCost: usable(values.laborCost),
    partsCost: usable(values.partsCost),
    taxRate: usable(taxRate),
  });
  const lineAmounts = lines.map((line) => documentTotals({ lines: [line], taxRate: '0' }).subtotal);
  return { ...totals, lines: lineAmounts };
}

/** "2.00" → "2", "1.50" → "1.5": how a quantity reads in an input. */
export function plainNumber(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : value;
}

export function lineValuesOf(item: BillingItem): LineValues {
  return {
    itemType: item.itemType,
    sparePartId: item.sparePartId,
    description: item.description,
    sku: item.sku ?? '',
    quantity: plainNumber(item.quantity),
    unitPrice: item.unitPrice,
  };
}

export const emptyLine = (itemType: ItemType): LineValues => ({
  itemType,
  sparePartId: null,
  description: '',
  sku: '',
  quantity: '1',
  unitPrice: '',
});

const text = (value: string) => value.trim() || null;

/** The lines as the contract takes them (quantity a number, unit price a decimal string). */
export function itemsPayload(items: LineValues[]): BillingItemInput[] {
  return items.map((line) => ({
    itemType: line.itemType,
    sparePartId: line.itemType === 'part' ? line.sparePartId : null,
    description: line.description.trim() || null,
    quantity: Number(line.quantity),
    unitPrice: line.unitPrice.trim() === '' ? undefined : line.unitPrice.trim(),
  }));
}

/**
 * The fields both documents send: the spec's dialog sends labour, parts, tax and total; with
 * lines the server takes labour and parts from them, and it computes tax and total itself.
 */
export function documentPayload(values: DocumentValues, taxRate: string) {
  const totals = liveTotals(values, taxRate);
  return {
    customerId: values.customerId ?? 0,
    vehicleId: values.vehicleId ?? 0,
    description: values.description.trim(),
    laborCost: totals.laborCost,
    partsCost: totals.partsCost,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    notes: text(values.notes),
    items: itemsPayload(values.items),
  };
}
