import { useTranslation } from '@/lib/translation';
import type { SparePart } from '@core/contracts/spare-parts.ts';
import { stockBadge } from '@core/rules/stock.ts';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { ServerCombobox } from '@/components/ui/server-combobox';

/** How many matches the picker shows; typing narrows them on the server. */
export const PART_PICKER_LIMIT = 20;

/**
 * A spare part chosen by searching the workshop's active parts on the server (name, SKU,
 * category, brand), with its price and stock (common:pickers.part).
 */
export function PartPicker({
  id,
  value,
  onSelect,
  disabled,
  invalid,
  describedBy,
  testId = 'part-picker',
}: {
  id: string;
  /** The chosen part (its id, name and SKU), or null. */
  value: { sparePartId: number; name: string; sku: string } | null;
  onSelect: (part: SparePart) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const tenantId = useTenantId();
  return (
    <ServerCombobox<SparePart>
      id={id}
      testId={testId}
      selectedId={value?.sparePartId ?? null}
      selectedLabel={
        value ? (
          <>
            <bdi>{value.name}</bdi>
            {/* A space, not a margin: a margin on the dir="ltr" span would follow its own direction. */}
            {value.sku && ' '}
            {value.sku && (
              <span className="text-muted-foreground" dir="ltr">
                ({value.sku})
              </span>
            )}
          </>
        ) : null
      }
      queryKey={(q) => ['/api/tenants', tenantId, 'spare-parts', { q: q || undefined, status: 'active', limit: PART_PICKER_LIMIT }]}
      itemId={(part) => part.id}
      renderItem={(part) => {
        const badge = stockBadge(part.stockQuantity, part.minimumStock);
        return {
          text: part.name,
          label: <bdi>{part.name}</bdi>,
          description: (
            <>
              <span dir="ltr">{part.sku}</span> · {format.money(part.unitPrice)}
            </>
          ),
          aside: (
            <Badge variant={badge === 'in_stock' ? 'success' : badge === 'low_stock' ? 'warning' : 'destructive'}>
              {t('pickers.part.inStock', { n: formatNumber(part.stockQuantity, i18n.language) })}
            </Badge>
          ),
        };
      }}
      onSelect={onSelect}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      texts={{
        placeholder: t('pickers.part.placeholder'),
        search: t('pickers.part.search'),
        empty: t('pickers.part.empty'),
        loading: t('status.loading'),
        failed: t('pickers.part.failed'),
      }}
    />
  );
}
