import { toCents } from './money.ts';

/**
 * Prices on a job card edited by someone who may not set them: a technician reports what was
 * used and how long it took; admins and managers set prices (PRODUCT.md's roles). The server
 * prices a technician's lines with this rule and the web form shows the same prices.
 *
 * A line is known by its key: the part for part lines, the description for labour
 * (`labourKey`). A line keeps a price that a line of the same key already has on the card:
 * - a sent price equal to one of those claims it (the edit form may resend what it shows);
 * - every other line takes the first unclaimed card price of its key, in card order;
 * - a line beyond the card's lines of its key takes the fallback (the part's catalogue price,
 *   the workshop's labour rate).
 * Each card price is claimed once, so repeating a line does not copy a special price to it.
 * `refused` lists the lines whose sent price differs from the price they get.
 */
export type PriceRequest<K> = { key: K; price?: string | null };
export type CardPrice<K> = { key: K; price: string };
export type KeptPrices = { prices: string[]; refused: number[] };

export function keptPrices<K>(
  lines: ReadonlyArray<PriceRequest<K>>,
  onCard: ReadonlyArray<CardPrice<K>>,
  fallback: (key: K) => string,
): KeptPrices {
  const unclaimed = new Map<K, string[]>();
  for (const line of onCard) unclaimed.set(line.key, [...(unclaimed.get(line.key) ?? []), line.price]);
  const prices: Array<string | undefined> = lines.map(() => undefined);
  // First the sent prices that a card line of the same key has.
  lines.forEach((line, index) => {
    if (line.price === undefined || line.price === null) return;
    const pool = unclaimed.get(line.key) ?? [];
    const at = pool.findIndex((price) => toCents(price) === toCents(line.price!));
    if (at >= 0) prices[index] = pool.splice(at, 1)[0];
  });
  // Then the rest, in order: the next card price of the key, else the fallback.
  const refused: number[] = [];
  lines.forEach((line, index) => {
    if (prices[index] !== undefined) return;
    const price = unclaimed.get(line.key)?.shift() ?? fallback(line.key);
    prices[index] = price;
    if (line.price !== undefined && line.price !== null && toCents(line.price) !== toCents(price)) refused.push(index);
  });
  return { prices: prices as string[], refused };
}

/** A labour line's key: its description without case or repeated spaces ("Fit  Pads" is "fit pads"). */
export function labourKey(description: string): string {
  return description.trim().replace(/\s+/g, ' ').toLowerCase();
}
