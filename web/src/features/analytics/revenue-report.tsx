import { Link } from 'wouter';
import { Banknote } from 'lucide-react';
import type { RevenueReport } from '@core/contracts/analytics.ts';
import type { AgeingBucket } from '@core/rules/analytics.ts';
import { useTranslation } from '@/lib/translation';
import { BarList, type BarTone } from './bar-list';
import { Chart, type ChartSeries } from './chart';
import { DataTable, type TableData } from './data-table';
import { compactMoney } from './labels';
import { Change, Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, seriesAxes, seriesTable as seriesTableOf, useReport, useReportFormat, type SectionProps } from './report-parts';

const AGEING_TONE: Record<AgeingBucket, BarTone> = {
  current: 'success',
  '1-30': 'warning',
  '31-60': 'warning',
  '61-90': 'destructive',
  over_90: 'destructive',
};

const amount = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** The period's invoices and payments, and what customers owe now by age. */
export function RevenueSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('revenue', props);
  const format = useReportFormat(query.data?.period);

  const axes = (data: RevenueReport) => seriesAxes(data, format.language);
  const seriesTable = (data: RevenueReport): TableData =>
    seriesTableOf(
      data,
      format.language,
      { name: 'revenue', title: t('revenue.seriesTitle'), start: t('table.start'), previousStart: t('table.previousStart') },
      [
        {
          label: t('revenue.invoiced'),
          previousLabel: t('revenue.invoicedPrevious'),
          csv: (p) => p.invoiced,
          text: (p) => format.money(p.invoiced),
        },
        {
          label: t('revenue.collected'),
          previousLabel: t('revenue.collectedPrevious'),
          csv: (p) => p.collected,
          text: (p) => format.money(p.collected),
        },
      ],
    );

  const ageingTable = (data: RevenueReport): TableData => ({
    name: 'revenue-ageing',
    title: t('revenue.ageingTitle'),
    columns: [{ label: t('revenue.bucket') }, { label: t('revenue.owed'), numeric: true }, { label: t('revenue.invoices'), numeric: true }],
    rows: data.receivables.buckets.map((b) => [
      {
        csv: t(`ageing.${b.bucket}`),
        text: (
          <Link href={`/invoices?ageing=${encodeURIComponent(b.bucket)}`} className="text-primary hover:underline">
            {t(`ageing.${b.bucket}`)}
          </Link>
        ),
      },
      { csv: b.amount, text: format.money(b.amount) },
      { csv: b.invoices, text: format.count(b.invoices) },
    ]),
  });

  return (
    <ReportCard
      id="revenue"
      title={t('revenue.title')}
      description={t('revenue.description')}
      icon={Banknote}
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) =>
        Number(data.totals.invoiced) === 0 &&
        Number(data.totals.collected) === 0 &&
        data.receivables.invoices === 0 &&
        !(data.previous && (Number(data.previous.invoiced) > 0 || Number(data.previous.collected) > 0))
      }
      empty={{ title: t('revenue.emptyTitle'), body: t('revenue.emptyBody') }}
      mainTable={seriesTable}
      figures={(data) => {
        const overdue = data.receivables.buckets.filter((b) => b.bucket !== 'current');
        const overdueAmount = overdue.reduce((sum, b) => sum + Math.round(Number(b.amount) * 100), 0) / 100;
        return (
          <>
            <Figure
              label={t('revenue.invoiced')}
              value={format.money(data.totals.invoiced)}
              change={
                <Change
                  now={amount(data.totals.invoiced)}
                  previous={data.previous ? amount(data.previous.invoiced) : undefined}
                  previousText={data.previous ? format.money(data.previous.invoiced) : undefined}
                />
              }
              note={t('revenue.invoicesCount', { count: format.count(data.totals.invoices) })}
              testId="figure-invoiced"
            />
            <Figure
              label={t('revenue.collected')}
              value={format.money(data.totals.collected)}
              change={
                <Change
                  now={amount(data.totals.collected)}
                  previous={data.previous ? amount(data.previous.collected) : undefined}
                  previousText={data.previous ? format.money(data.previous.collected) : undefined}
                />
              }
              note={t('revenue.paymentsCount', { count: format.count(data.totals.payments) })}
              testId="figure-collected"
            />
            <Figure
              label={t('revenue.outstanding')}
              value={format.money(data.receivables.outstanding)}
              note={t('revenue.invoicesCount', { count: format.count(data.receivables.invoices) })}
              testId="figure-outstanding"
            />
            <Figure
              label={t('revenue.overdue')}
              value={format.money(overdueAmount)}
              note={t('revenue.invoicesCount', { count: format.count(overdue.reduce((n, b) => n + b.invoices, 0)) })}
              testId="figure-overdue"
            />
          </>
        );
      }}
    >
      {(data, shown) => {
        const {
          now: { labels, titles },
          before,
        } = axes(data);
        const previous = data.previousSeries;
        const series: ChartSeries[] = [
          { label: t('revenue.invoiced'), values: data.series.map((p) => Number(p.invoiced)), tone: 'primary', kind: 'bar' },
          { label: t('revenue.collected'), values: data.series.map((p) => Number(p.collected)), tone: 'success', kind: 'bar' },
        ];
        if (previous) {
          series.push(
            {
              label: t('revenue.invoicedPrevious'),
              values: data.series.map((_, i) => amount(previous[i]?.invoiced)),
              tone: 'muted',
              kind: 'line',
              dashed: true,
              pointTitles: before?.titles,
            },
            {
              label: t('revenue.collectedPrevious'),
              values: data.series.map((_, i) => amount(previous[i]?.collected)),
              tone: 'info',
              kind: 'line',
              dashed: true,
              pointTitles: before?.titles,
            },
          );
        }
        const ageing = (
          <BarList
            label={t('revenue.ageingTitle')}
            testId="ageing"
            items={data.receivables.buckets.map((b) => ({
              key: b.bucket,
              label: t(`ageing.${b.bucket}`),
              value: Number(b.amount),
              display: format.money(b.amount),
              note: t('revenue.invoicesCount', { count: format.count(b.invoices) }),
              tone: AGEING_TONE[b.bucket],
              href: `/invoices?ageing=${encodeURIComponent(b.bucket)}`,
              linkLabel: t('revenue.ageingLink', { bucket: t(`ageing.${b.bucket}`), amount: format.money(b.amount) }),
            }))}
          />
        );
        const days = fileDays(data.period);
        return (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              {shown === 'table' ? (
                <DataTable table={seriesTable(data)} days={days} />
              ) : (
                <>
                  <PartTitle>{t('revenue.seriesTitle')}</PartTitle>
                  <Chart
                    labels={labels}
                    titles={titles}
                    series={series}
                    formatValue={(v) => format.money(v)}
                    formatAxis={(v) => compactMoney(v, format.currency, format.language)}
                    label={t('revenue.chartLabel', { interval: t(`period.intervals.${data.period.interval}`) })}
                    testId="revenue-chart"
                  />
                </>
              )}
            </div>
            <div className="min-w-0">
              {shown === 'table' ? (
                <DataTable table={ageingTable(data)} days={fileDays(data.period, true)} />
              ) : (
                <>
                  <PartTitle>{t('revenue.ageingTitle')}</PartTitle>
                  {ageing}
                </>
              )}
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
