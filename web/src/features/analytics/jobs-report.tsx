import { ClipboardList } from 'lucide-react';
import type { JobsReport } from '@core/contracts/analytics.ts';
import { useTranslation } from '@/lib/translation';
import { STATUS_VARIANTS } from '@/shared/status-badge';
import { BarList, type BarTone } from './bar-list';
import { Chart, type ChartSeries } from './chart';
import { DataTable, type TableData } from './data-table';
import { compactNumber, daysAndHours } from './labels';
import { Change, Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, seriesAxes, seriesTable as seriesTableOf, Typed, useReport, useReportFormat, type SectionProps } from './report-parts';

const statusTone = (status: string): BarTone => (STATUS_VARIANTS.jobCard as Record<string, BarTone>)[status] ?? 'neutral';

/** Job cards opened and completed, by status and by service type; the average repair order and cycle time. */
export function JobsSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('jobs', props);
  const format = useReportFormat(query.data?.period);
  const statusText = (status: string) => t(`status.jobCard.${status}`, { defaultValue: status });
  /** Hours as "5.5 h" under a day, "2 d 6 h" from a day. */
  const duration = (hours: number | null) => {
    if (hours === null) return '—';
    const { days, hours: rest } = daysAndHours(hours);
    return days > 0
      ? t('units.daysHours', { days: format.count(days), hours: format.count(rest) })
      : t('units.hours', { value: format.decimal(rest) });
  };

  const axes = (data: JobsReport) => seriesAxes(data, format.language);
  const seriesTable = (data: JobsReport): TableData =>
    seriesTableOf(
      data,
      format.language,
      { name: 'jobs', title: t('jobs.seriesTitle'), start: t('table.start'), previousStart: t('table.previousStart') },
      [
        { label: t('jobs.opened'), previousLabel: t('jobs.openedPrevious'), csv: (p) => p.opened, text: (p) => format.count(p.opened) },
        {
          label: t('jobs.completed'),
          previousLabel: t('jobs.completedPrevious'),
          csv: (p) => p.completed,
          text: (p) => format.count(p.completed),
        },
      ],
    );
  const statusTable = (data: JobsReport): TableData => ({
    name: 'jobs-by-status',
    title: t('jobs.byStatus'),
    columns: [{ label: t('table.status') }, { label: t('jobs.jobCards'), numeric: true }],
    rows: data.byStatus.map((s) => [{ csv: statusText(s.key) }, { csv: s.count, text: format.count(s.count) }]),
  });
  const serviceTable = (data: JobsReport): TableData => ({
    name: 'jobs-by-service-type',
    title: t('jobs.byServiceType'),
    columns: [{ label: t('jobs.serviceType') }, { label: t('jobs.completed'), numeric: true }, { label: t('jobs.revenue'), numeric: true }],
    rows: data.byServiceType.map((s) => [
      { csv: s.serviceType, text: <Typed>{s.serviceType}</Typed> },
      { csv: s.count, text: format.count(s.count) },
      { csv: s.revenue, text: format.money(s.revenue) },
    ]),
  });

  return (
    <ReportCard
      id="jobs"
      title={t('jobs.title')}
      description={t('jobs.description')}
      icon={ClipboardList}
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) =>
        data.totals.opened === 0 &&
        data.totals.completed === 0 &&
        !(data.previous && (data.previous.opened > 0 || data.previous.completed > 0))
      }
      empty={{ title: t('jobs.emptyTitle'), body: t('jobs.emptyBody') }}
      mainTable={seriesTable}
      figures={(data) => {
        const p = data.previous;
        return (
          <>
            <Figure
              label={t('jobs.opened')}
              value={format.count(data.totals.opened)}
              change={
                <Change
                  now={data.totals.opened}
                  previous={p ? p.opened : undefined}
                  previousText={p ? format.count(p.opened) : undefined}
                />
              }
              testId="figure-opened"
            />
            <Figure
              label={t('jobs.completed')}
              value={format.count(data.totals.completed)}
              change={
                <Change
                  now={data.totals.completed}
                  previous={p ? p.completed : undefined}
                  previousText={p ? format.count(p.completed) : undefined}
                />
              }
              note={t('jobs.invoicedNote', { amount: format.money(data.totals.revenue) })}
              testId="figure-completed"
            />
            <Figure
              label={t('jobs.carCount')}
              value={format.count(data.totals.carCount)}
              change={
                <Change
                  now={data.totals.carCount}
                  previous={p ? p.carCount : undefined}
                  previousText={p ? format.count(p.carCount) : undefined}
                />
              }
              testId="figure-car-count"
            />
            <Figure
              label={t('jobs.averageRepairOrder')}
              value={data.totals.averageRepairOrder === null ? '—' : format.money(data.totals.averageRepairOrder)}
              change={
                <Change
                  now={data.totals.averageRepairOrder === null ? null : Number(data.totals.averageRepairOrder)}
                  previous={p ? (p.averageRepairOrder === null ? null : Number(p.averageRepairOrder)) : undefined}
                  previousText={p?.averageRepairOrder ? format.money(p.averageRepairOrder) : undefined}
                />
              }
              testId="figure-average-repair-order"
            />
            <Figure
              label={t('jobs.averageCycle')}
              value={duration(data.totals.averageCycleHours)}
              change={
                <Change
                  now={data.totals.averageCycleHours}
                  previous={p ? p.averageCycleHours : undefined}
                  better="down"
                  previousText={p ? duration(p.averageCycleHours) : undefined}
                />
              }
              testId="figure-average-cycle"
            />
          </>
        );
      }}
    >
      {(data, shown) => {
        const days = fileDays(data.period);
        if (shown === 'table') {
          return (
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-2">
                <DataTable table={seriesTable(data)} days={days} />
              </div>
              <div className="min-w-0">
                <DataTable table={statusTable(data)} days={days} />
              </div>
              <div className="min-w-0 lg:col-span-3">
                <DataTable table={serviceTable(data)} days={days} />
              </div>
            </div>
          );
        }
        const {
          now: { labels, titles },
          before,
        } = axes(data);
        const previous = data.previousSeries;
        const series: ChartSeries[] = [
          { label: t('jobs.opened'), values: data.series.map((p) => p.opened), tone: 'primary', kind: 'bar' },
          { label: t('jobs.completed'), values: data.series.map((p) => p.completed), tone: 'success', kind: 'bar' },
        ];
        if (previous) {
          series.push(
            {
              label: t('jobs.openedPrevious'),
              values: data.series.map((_, i) => previous[i]?.opened ?? null),
              tone: 'muted',
              kind: 'line',
              dashed: true,
              pointTitles: before?.titles,
            },
            {
              label: t('jobs.completedPrevious'),
              values: data.series.map((_, i) => previous[i]?.completed ?? null),
              tone: 'info',
              kind: 'line',
              dashed: true,
              pointTitles: before?.titles,
            },
          );
        }
        const types = data.byServiceType;
        return (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <PartTitle>{t('jobs.seriesTitle')}</PartTitle>
              <Chart
                labels={labels}
                titles={titles}
                series={series}
                integers
                formatValue={(v) => format.count(v)}
                formatAxis={(v) => compactNumber(v, format.language)}
                label={t('jobs.chartLabel', { interval: t(`period.intervals.${data.period.interval}`) })}
                testId="jobs-chart"
              />
            </div>
            <div className="min-w-0">
              <PartTitle>{t('jobs.byStatus')}</PartTitle>
              {data.byStatus.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('jobs.noneOpened')}</p>
              ) : (
                <BarList
                  label={t('jobs.byStatus')}
                  testId="jobs-by-status"
                  items={data.byStatus.map((s) => ({
                    key: s.key,
                    label: statusText(s.key),
                    value: s.count,
                    display: format.count(s.count),
                    tone: statusTone(s.key),
                  }))}
                />
              )}
            </div>
            <div className="min-w-0 lg:col-span-3">
              <PartTitle>{t('jobs.byServiceType')}</PartTitle>
              {types.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('jobs.noneCompleted')}</p>
              ) : (
                <BarList
                  wide
                  label={t('jobs.byServiceType')}
                  testId="jobs-by-service-type"
                  items={types.map((s) => ({
                    key: s.serviceType,
                    label: <Typed>{s.serviceType}</Typed>,
                    value: s.count,
                    display: format.count(s.count),
                    note: format.money(s.revenue),
                    tone: 'info',
                  }))}
                />
              )}
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
