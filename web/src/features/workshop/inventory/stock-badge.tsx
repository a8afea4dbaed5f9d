import { useTranslation } from '@/lib/translation';
import { TriangleAlert } from 'lucide-react';
import { needsAttention, stockBadge, type StockBadge as StockBadgeKind } from '@core/rules/stock.ts';
import { formatNumber } from '@/lib/format';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';

/** Out of Stock red, Low Stock amber, In Stock green: the same on every screen. */
export const STOCK_VARIANT: Record<StockBadgeKind, BadgeVariant> = {
  out_of_stock: 'destructive',
  low_stock: 'warning',
  in_stock: 'success',
};

/** The quantity with its badge (core/rules/stock.ts stockBadge). */
export function StockBadge({ quantity, minimum }: { quantity: number; minimum: number }) {
  const { t, i18n } = useTranslation('inventory');
  const kind = stockBadge(quantity, minimum);
  return (
    <Badge variant={STOCK_VARIANT[kind]} data-testid="stock-badge" data-badge={kind}>
      <span className="font-semibold tabular-nums">{formatNumber(quantity, i18n.language)}</span>
      <span aria-hidden>·</span>
      {t(`badge.${kind}`)}
    </Badge>
  );
}

/** The warning beside a part's name when it needs attention (below its minimum or at zero). */
export function AttentionIcon({ quantity, minimum }: { quantity: number; minimum: number }) {
  const { t } = useTranslation('inventory');
  if (!needsAttention(quantity, minimum)) return null;
  const label = quantity <= 0 ? t('attention.out') : t('attention.low');
  return (
    <Tooltip content={label}>
      <span
        tabIndex={0}
        role="img"
        aria-label={label}
        className={quantity <= 0 ? 'inline-flex shrink-0 text-destructive' : 'inline-flex shrink-0 text-warning'}
        data-testid="attention-icon"
      >
        <TriangleAlert className="size-4" aria-hidden />
      </span>
    </Tooltip>
  );
}
