import { fromCents, lineTotalCents, sumCents, toCents } from '@core/rules/money.ts';

export type PartLineValues = { quantity: string; unitPrice: string };
export type LabourLineValues = { hours: string; rate: string };
export type LineTotals = { parts: string[]; labour: string[]; partsTotal: string; labourTotal: string; total: string };

/** A typed number the form cannot use yet (blank, "abc", negative) counts as 0 in the live totals. */
function usable(text: string): string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) && Number(trimmed) >= 0 ? trimmed : '0';
}

/** The lines' totals as the form is typed, in integer cents (core/rules/money.ts); the server computes the same. */
export function lineTotals(parts: PartLineValues[], labour: LabourLineValues[]): LineTotals {
  const partCents = parts.map((line) => lineTotalCents(usable(line.quantity), usable(line.unitPrice)));
  const labourCents = labour.map((line) => lineTotalCents(usable(line.hours), usable(line.rate)));
  const partsTotal = sumCents(partCents);
  const labourTotal = sumCents(labourCents);
  return {
    parts: partCents.map(fromCents),
    labour: labourCents.map(fromCents),
    partsTotal: fromCents(partsTotal),
    labourTotal: fromCents(labourTotal),
    total: fromCents(partsTotal + labourTotal),
  };
}

/** The sum of two money strings ("12.50" + "3.05" = "15.55"). */
export function addMoney(a: string, b: string): string {
  return fromCents(toCents(a) + toCents(b));
}
