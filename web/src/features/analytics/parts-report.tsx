import { Link } from 'wouter';
import { ArrowRight, Package, TriangleAlert } from 'lucide-react';
import type { PartsReport } from '@core/contracts/analytics.ts';
import { NO_MOVEMENT_DAYS } from '@core/rules/analytics.ts';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { buttonClasses } from '@/components/ui/button';
import { BarList } from './bar-list';
import { DataTable, type TableData } from './data-table';
import { Change, Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, Typed, useReport, useReportFormat, type SectionProps } from './report-parts';

type StockRow = PartsReport['belowMinimumParts'][number];

const inventoryLink = (sku: string) => `/inventory?q=${encodeURIComponent(sku)}`;

/** Parts used on the period's job cards (the ten most used and most earning), stock value, and parts that need attention now. */
export function PartsSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('parts', props);
  const format = useReportFormat(query.data?.period);
  const day = (value: string | null) => (value ? formatDate(value, format.language) : t('parts.never'));

  const usedTable = (data: PartsReport, by: 'quantity' | 'revenue'): TableData => ({
    name: by === 'quantity' ? 'parts-by-quantity' : 'parts-by-revenue',
    title: by === 'quantity' ? t('parts.topByQuantity') : t('parts.topByRevenue'),
    columns: [
      { label: t('parts.part') },
      { label: t('parts.sku') },
      { label: t('parts.quantity'), numeric: true },
      { label: t('parts.revenue'), numeric: true },
    ],
    rows: (by === 'quantity' ? data.topByQuantity : data.topByRevenue).map((p) => [
      { csv: p.name, text: <Typed>{p.name}</Typed> },
      { csv: p.sku, text: <span dir="ltr">{p.sku}</span> },
      { csv: p.quantity, text: format.count(p.quantity) },
      { csv: p.revenue, text: format.money(p.revenue) },
    ]),
  });
  const stockTable = (rows: StockRow[], name: string, title: string): TableData => ({
    name,
    title,
    columns: [
      { label: t('parts.part') },
      { label: t('parts.sku') },
      { label: t('parts.inStock'), numeric: true },
      { label: t('parts.minimum'), numeric: true },
      { label: t('parts.value'), numeric: true },
      { label: t('parts.lastMovement') },
    ],
    rows: rows.map((p) => [
      {
        csv: p.name,
        text: (
          <Link href={inventoryLink(p.sku)} className="text-primary hover:underline">
            <Typed>{p.name}</Typed>
          </Link>
        ),
      },
      { csv: p.sku, text: <span dir="ltr">{p.sku}</span> },
      { csv: p.stockQuantity, text: format.count(p.stockQuantity) },
      { csv: p.minimumStock, text: format.count(p.minimumStock) },
      { csv: p.value, text: format.money(p.value) },
      { csv: p.lastMovement ?? '', text: day(p.lastMovement) },
    ]),
  });

  /** A short list of parts that need a look, each opening the inventory at it. */
  const stockList = (rows: StockRow[], total: number, testId: string, line: (p: StockRow) => string) =>
    rows.length === 0 ? (
      <p className="text-sm text-muted-foreground">{t('parts.noneNow')}</p>
    ) : (
      <>
        <ul className="flex flex-col divide-y rounded-md border" data-testid={testId}>
          {rows.map((p) => (
            <li key={p.id}>
              <Link
                href={inventoryLink(p.sku)}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="stock-part"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    <Typed>{p.name}</Typed>
                  </span>
                  <span className="block truncate text-xs text-muted-foreground" dir="ltr">
                    {p.sku}
                  </span>
                </span>
                <span className="shrink-0 text-end text-xs text-muted-foreground tabular-nums">{line(p)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {total > rows.length && (
          <p className="mt-2 text-xs text-muted-foreground">
            {t('parts.more', { shown: format.count(rows.length), total: format.count(total) })}
          </p>
        )}
      </>
    );

  return (
    <ReportCard
      id="parts"
      title={t('parts.title')}
      description={t('parts.description')}
      icon={Package}
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) => data.used.quantity === 0 && data.stock.parts === 0 && !(data.previousUsed && data.previousUsed.quantity > 0)}
      empty={{ title: t('parts.emptyTitle'), body: t('parts.emptyBody') }}
      mainTable={(data) => usedTable(data, 'quantity')}
      figures={(data) => {
        const p = data.previousUsed;
        return (
          <>
            <Figure
              label={t('parts.used')}
              value={format.count(data.used.quantity)}
              change={
                <Change
                  now={data.used.quantity}
                  previous={p ? p.quantity : undefined}
                  previousText={p ? format.count(p.quantity) : undefined}
                />
              }
              testId="figure-parts-used"
            />
            <Figure
              label={t('parts.usedRevenue')}
              value={format.money(data.used.revenue)}
              change={
                <Change
                  now={Number(data.used.revenue)}
                  previous={p ? Number(p.revenue) : undefined}
                  previousText={p ? format.money(p.revenue) : undefined}
                />
              }
              testId="figure-parts-revenue"
            />
            <Figure
              label={t('parts.stockValue')}
              value={format.money(data.stock.value)}
              note={t('parts.partsCount', { count: format.count(data.stock.parts) })}
              testId="figure-stock-value"
            />
            <Figure
              label={t('parts.belowMinimum')}
              value={
                <span className={data.belowMinimum > 0 ? 'text-destructive' : undefined}>
                  {data.belowMinimum > 0 && <TriangleAlert className="me-1 inline size-4 align-[-2px]" aria-hidden />}
                  {format.count(data.belowMinimum)}
                </span>
              }
              testId="figure-below-minimum"
            />
            <Figure
              label={t('parts.noMovement', { days: format.count(NO_MOVEMENT_DAYS) })}
              value={format.count(data.noMovement)}
              testId="figure-no-movement"
            />
          </>
        );
      }}
    >
      {(data, shown) => {
        const days = fileDays(data.period);
        const now = fileDays(data.period, true);
        if (shown === 'table') {
          return (
            <div className="grid gap-6 lg:grid-cols-2">
              <DataTable table={usedTable(data, 'quantity')} days={days} />
              <DataTable table={usedTable(data, 'revenue')} days={days} />
              <DataTable table={stockTable(data.belowMinimumParts, 'parts-below-minimum', t('parts.belowMinimumTitle'))} days={now} />
              <DataTable
                table={stockTable(
                  data.noMovementParts,
                  'parts-no-movement',
                  t('parts.noMovementTitle', { days: format.count(NO_MOVEMENT_DAYS) }),
                )}
                days={now}
              />
            </div>
          );
        }
        return (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0">
              <PartTitle>{t('parts.topByQuantity')}</PartTitle>
              {data.topByQuantity.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('parts.noneUsed')}</p>
              ) : (
                <BarList
                  label={t('parts.topByQuantity')}
                  testId="parts-by-quantity"
                  items={data.topByQuantity.map((p) => ({
                    key: String(p.id),
                    label: <Typed>{p.name}</Typed>,
                    value: p.quantity,
                    display: format.count(p.quantity),
                    note: format.money(p.revenue),
                    tone: 'info',
                  }))}
                />
              )}
            </div>
            <div className="min-w-0">
              <PartTitle>{t('parts.topByRevenue')}</PartTitle>
              {data.topByRevenue.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('parts.noneUsed')}</p>
              ) : (
                <BarList
                  label={t('parts.topByRevenue')}
                  testId="parts-by-revenue"
                  items={data.topByRevenue.map((p) => ({
                    key: String(p.id),
                    label: <Typed>{p.name}</Typed>,
                    value: Number(p.revenue),
                    display: format.money(p.revenue),
                    note: t('parts.quantityNote', { count: format.count(p.quantity) }),
                    tone: 'success',
                  }))}
                />
              )}
            </div>
            <div className="min-w-0">
              <PartTitle
                action={
                  <Link href="/inventory" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'print:hidden' })}>
                    {t('parts.openInventory')}
                    <ArrowRight className="rtl:-scale-x-100" aria-hidden />
                  </Link>
                }
              >
                {t('parts.belowMinimumTitle')}
              </PartTitle>
              {stockList(data.belowMinimumParts, data.belowMinimum, 'below-minimum-parts', (p) =>
                t('parts.stockOfMinimum', { stock: format.count(p.stockQuantity), minimum: format.count(p.minimumStock) }),
              )}
            </div>
            <div className="min-w-0">
              <PartTitle>{t('parts.noMovementTitle', { days: format.count(NO_MOVEMENT_DAYS) })}</PartTitle>
              {stockList(data.noMovementParts, data.noMovement, 'no-movement-parts', (p) =>
                t('parts.valueSince', { value: format.money(p.value), date: day(p.lastMovement) }),
              )}
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
