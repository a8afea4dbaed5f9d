/**
 * Stock badge (PRODUCT.md, past the spec): Out of Stock whenever the quantity is 0; Low Stock
 * when 0 < quantity < minimum; otherwise In Stock.
 */
export type StockBadge = 'out_of_stock' | 'low_stock' | 'in_stock';

export function stockBadge(quantity: number, minimum: number): StockBadge {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity < minimum) return 'low_stock';
  return 'in_stock';
}

/** A part needs attention (alert, warning icon, low-stock metric and list) when below its minimum or at zero. */
export function needsAttention(quantity: number, minimum: number): boolean {
  return quantity <= 0 || quantity < minimum;
}
