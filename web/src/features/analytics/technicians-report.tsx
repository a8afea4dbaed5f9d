import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Wrench } from 'lucide-react';
import type { TechnicianFigures, TechniciansReport } from '@core/contracts/analytics.ts';
import { formatFixed, formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { cn, fullName } from '@/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Chart } from './chart';
import { DataTable, type TableData } from './data-table';
import { compactNumber } from './labels';
import { Change, Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, Typed, useReport, useReportFormat, type SectionProps } from './report-parts';

type SortKey = 'name' | 'tasks' | 'jobCards' | 'hoursBilled' | 'hoursClocked' | 'efficiency' | 'rating' | 'revenue';
type Sort = { key: SortKey; descending: boolean };

const nameOf = (x: Pick<TechnicianFigures, 'firstName' | 'lastName'>) => fullName(x.firstName, x.lastName);

const SORT_VALUE: Record<Exclude<SortKey, 'name'>, (x: TechnicianFigures) => number | null> = {
  tasks: (x) => x.tasksCompleted,
  jobCards: (x) => x.jobCardsCompleted,
  hoursBilled: (x) => x.hoursBilled,
  hoursClocked: (x) => x.hoursClocked,
  efficiency: (x) => x.efficiency,
  rating: (x) => x.rating,
  revenue: (x) => Number(x.revenue),
};

/** The technicians in a column's order; missing figures (no efficiency) last either way, names break ties. */
export function sortTechnicians(rows: TechnicianFigures[], sort: Sort, language: string): TechnicianFigures[] {
  const collator = new Intl.Collator(language === 'ar' ? 'ar' : 'en', { sensitivity: 'base' });
  const byName = (a: TechnicianFigures, b: TechnicianFigures) => collator.compare(nameOf(a), nameOf(b));
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sort.descending ? byName(b, a) : byName(a, b);
    const va = SORT_VALUE[sort.key](a);
    const vb = SORT_VALUE[sort.key](b);
    if (va === null || vb === null) return va === vb ? byName(a, b) : va === null ? 1 : -1;
    return (sort.descending ? vb - va : va - vb) || byName(a, b);
  });
}

/** The chart shows the busiest technicians; the table has every one. */
const CHART_TECHNICIANS = 12;

/** Each technician's tasks, job cards, hours billed and clocked, efficiency, rating and revenue. */
export function TechniciansSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('technicians', props);
  const format = useReportFormat(query.data?.period);
  const [sort, setSort] = useState<Sort>({ key: 'hoursBilled', descending: true });
  const hours = (value: number) => t('units.hours', { value: format.decimal(value) });
  const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, format.language, 1));
  const rating = (value: number) => formatFixed(value, format.language, 1);

  const COLUMNS: Array<{ key: SortKey; label: string; numeric: boolean }> = [
    { key: 'name', label: t('technicians.name'), numeric: false },
    { key: 'tasks', label: t('technicians.tasks'), numeric: true },
    { key: 'jobCards', label: t('technicians.jobCards'), numeric: true },
    { key: 'hoursBilled', label: t('technicians.hoursBilled'), numeric: true },
    { key: 'hoursClocked', label: t('technicians.hoursClocked'), numeric: true },
    { key: 'efficiency', label: t('technicians.efficiency'), numeric: true },
    { key: 'rating', label: t('technicians.rating'), numeric: true },
    { key: 'revenue', label: t('technicians.revenue'), numeric: true },
  ];

  const fullTable = (data: TechniciansReport): TableData => ({
    name: 'technicians',
    title: t('technicians.tableTitle'),
    columns: COLUMNS.map(({ label, numeric }) => ({ label, numeric })),
    rows: sortTechnicians(data.technicians, sort, format.language).map((x) => [
      { csv: nameOf(x), text: <Typed>{nameOf(x)}</Typed> },
      { csv: x.tasksCompleted, text: format.count(x.tasksCompleted) },
      { csv: x.jobCardsCompleted, text: format.count(x.jobCardsCompleted) },
      { csv: x.hoursBilled, text: hours(x.hoursBilled) },
      { csv: x.hoursClocked, text: hours(x.hoursClocked) },
      { csv: x.efficiency, text: percent(x.efficiency) },
      { csv: x.rating, text: rating(x.rating) },
      { csv: x.revenue, text: format.money(x.revenue) },
    ]),
  });
  const busiest = (data: TechniciansReport) =>
    [...data.technicians]
      .sort((a, b) => b.hoursBilled + b.hoursClocked - (a.hoursBilled + a.hoursClocked) || nameOf(a).localeCompare(nameOf(b)))
      .slice(0, CHART_TECHNICIANS);
  const hoursTable = (data: TechniciansReport): TableData => ({
    name: 'technicians-hours',
    title: t('technicians.hoursTitle'),
    columns: [
      { label: t('technicians.name') },
      { label: t('technicians.hoursBilled'), numeric: true },
      { label: t('technicians.hoursClocked'), numeric: true },
    ],
    rows: busiest(data).map((x) => [
      { csv: nameOf(x), text: <Typed>{nameOf(x)}</Typed> },
      { csv: x.hoursBilled, text: hours(x.hoursBilled) },
      { csv: x.hoursClocked, text: hours(x.hoursClocked) },
    ]),
  });

  const toggle = (key: SortKey) =>
    setSort((current) => (current.key === key ? { key, descending: !current.descending } : { key, descending: key !== 'name' }));

  return (
    <ReportCard
      id="technicians"
      title={t('technicians.title')}
      description={t('technicians.description')}
      icon={Wrench}
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) => data.technicians.length === 0}
      empty={{ title: t('technicians.emptyTitle'), body: t('technicians.emptyBody') }}
      mainTable={fullTable}
      figures={(data) => {
        const p = data.previous;
        return (
          <>
            <Figure
              label={t('technicians.hoursBilled')}
              value={hours(data.totals.hoursBilled)}
              change={
                <Change
                  now={data.totals.hoursBilled}
                  previous={p ? p.hoursBilled : undefined}
                  previousText={p ? hours(p.hoursBilled) : undefined}
                />
              }
              testId="figure-hours-billed"
            />
            <Figure
              label={t('technicians.hoursClocked')}
              value={hours(data.totals.hoursClocked)}
              change={
                <Change
                  now={data.totals.hoursClocked}
                  previous={p ? p.hoursClocked : undefined}
                  previousText={p ? hours(p.hoursClocked) : undefined}
                />
              }
              testId="figure-hours-clocked"
            />
            <Figure
              label={t('technicians.efficiency')}
              value={percent(data.totals.efficiency)}
              change={
                <Change
                  now={data.totals.efficiency}
                  previous={p ? p.efficiency : undefined}
                  points
                  previousText={p ? percent(p.efficiency) : undefined}
                />
              }
              testId="figure-efficiency"
            />
            <Figure
              label={t('technicians.jobCardsCompleted')}
              value={format.count(data.totals.jobCardsCompleted)}
              change={
                <Change
                  now={data.totals.jobCardsCompleted}
                  previous={p ? p.jobCardsCompleted : undefined}
                  previousText={p ? format.count(p.jobCardsCompleted) : undefined}
                />
              }
              testId="figure-job-cards"
            />
            <Figure
              label={t('technicians.tasksCompleted')}
              value={format.count(data.totals.tasksCompleted)}
              change={
                <Change
                  now={data.totals.tasksCompleted}
                  previous={p ? p.tasksCompleted : undefined}
                  previousText={p ? format.count(p.tasksCompleted) : undefined}
                />
              }
              testId="figure-tasks"
            />
          </>
        );
      }}
    >
      {(data, shown) => {
        const chartRows = busiest(data);
        const rows = sortTechnicians(data.technicians, sort, format.language);
        return (
          <div className="flex flex-col gap-6">
            <div className="min-w-0">
              {shown === 'table' ? (
                <DataTable table={hoursTable(data)} days={fileDays(data.period)} />
              ) : (
                <>
                  <PartTitle>{t('technicians.hoursTitle')}</PartTitle>
                  <Chart
                    labels={chartRows.map((x) => `${x.firstName} ${x.lastName.slice(0, 1)}`.trim())}
                    titles={chartRows.map(nameOf)}
                    series={[
                      { label: t('technicians.hoursBilled'), values: chartRows.map((x) => x.hoursBilled), tone: 'primary', kind: 'bar' },
                      { label: t('technicians.hoursClocked'), values: chartRows.map((x) => x.hoursClocked), tone: 'success', kind: 'bar' },
                    ]}
                    formatValue={hours}
                    formatAxis={(v) => compactNumber(v, format.language)}
                    label={t('technicians.chartLabel')}
                    height={220}
                    testId="technicians-chart"
                  />
                </>
              )}
            </div>
            <div className="min-w-0">
              <PartTitle>{t('technicians.tableTitle')}</PartTitle>
              <div className="rounded-md border">
                <Table data-testid="technicians-table">
                  <caption className="sr-only">{t('technicians.tableCaption')}</caption>
                  <TableHeader>
                    <TableRow className="hover:bg-transparent">
                      {COLUMNS.map((column) => {
                        const active = sort.key === column.key;
                        const Icon = active ? (sort.descending ? ArrowDown : ArrowUp) : ArrowUpDown;
                        return (
                          <TableHead
                            key={column.key}
                            aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                            className={cn('px-1 sm:px-1.5', column.numeric && 'text-end')}
                          >
                            <button
                              type="button"
                              onClick={() => toggle(column.key)}
                              className={cn(
                                'inline-flex items-center gap-1 rounded-md px-1.5 py-1 uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring print:px-0',
                                active && 'text-foreground',
                              )}
                              data-testid={`sort-${column.key}`}
                            >
                              {column.label}
                              <Icon className={cn('size-3.5 shrink-0 print:hidden', !active && 'opacity-40')} />
                            </button>
                          </TableHead>
                        );
                      })}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((x) => (
                      <TableRow key={x.id} data-testid="technician-row" data-name={nameOf(x)} className="break-inside-avoid">
                        <th scope="row" className="whitespace-nowrap px-2 py-2.5 text-start align-middle font-medium sm:px-3">
                          <Typed>{nameOf(x)}</Typed>
                        </th>
                        <TableCell className="text-end tabular-nums" data-column="tasks">
                          {format.count(x.tasksCompleted)}
                        </TableCell>
                        <TableCell className="text-end tabular-nums" data-column="jobCards">
                          {format.count(x.jobCardsCompleted)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-end tabular-nums" data-column="hoursBilled">
                          {hours(x.hoursBilled)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-end tabular-nums" data-column="hoursClocked">
                          {hours(x.hoursClocked)}
                        </TableCell>
                        <TableCell className="text-end tabular-nums" data-column="efficiency">
                          {percent(x.efficiency)}
                        </TableCell>
                        <TableCell className="text-end tabular-nums" data-column="rating">
                          {rating(x.rating)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-end tabular-nums" data-column="revenue">
                          {format.money(x.revenue)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
