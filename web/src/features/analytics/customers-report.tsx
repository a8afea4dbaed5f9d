import { Users } from 'lucide-react';
import type { CustomersReport } from '@core/contracts/analytics.ts';
import { formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';
import { STATUS_VARIANTS } from '@/shared/status-badge';
import { BarList, type BarTone } from './bar-list';
import { DataTable, type TableData } from './data-table';
import { Change, Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, useReport, useReportFormat, type SectionProps } from './report-parts';

type Totals = CustomersReport['totals'];

const tone = (kind: 'booking' | 'appointment', status: string): BarTone =>
  (STATUS_VARIANTS[kind] as Record<string, BarTone>)[status] ?? 'neutral';

/** New and returning customers, bookings and appointments by status, no-shows, and estimates converted to invoices. */
export function CustomersSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('customers', props);
  const format = useReportFormat(query.data?.period);
  const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, format.language, 1));

  /** The card's figures this period and the one before, one row each: its CSV. */
  const summaryTable = (data: CustomersReport): TableData => {
    const p = data.previous;
    const rows: Array<[string, (x: Totals) => string | number | null, (x: Totals) => string]> = [
      [t('customers.new'), (x) => x.newCustomers, (x) => format.count(x.newCustomers)],
      [t('customers.returning'), (x) => x.returningCustomers, (x) => format.count(x.returningCustomers)],
      [t('customers.estimates'), (x) => x.estimates, (x) => format.count(x.estimates)],
      [t('customers.estimatesValue'), (x) => x.estimatesValue, (x) => format.money(x.estimatesValue)],
      [t('customers.converted'), (x) => x.converted, (x) => format.count(x.converted)],
      [t('customers.convertedValue'), (x) => x.convertedValue, (x) => format.money(x.convertedValue)],
      [t('customers.conversionRate'), (x) => x.conversionRate, (x) => percent(x.conversionRate)],
      [t('customers.noShowRate'), (x) => x.noShowRate, (x) => percent(x.noShowRate)],
    ];
    return {
      name: 'customers',
      title: t('customers.summaryTitle'),
      columns: [
        { label: t('table.figure') },
        { label: t('table.thisPeriod'), numeric: true },
        ...(p ? [{ label: t('table.previousPeriod'), numeric: true }] : []),
      ],
      rows: rows.map(([label, csv, text]) => [
        { csv: label },
        { csv: csv(data.totals), text: text(data.totals) },
        ...(p ? [{ csv: csv(p), text: text(p) }] : []),
      ]),
    };
  };
  const statusTable = (rows: CustomersReport['bookingsByStatus'], kind: 'booking' | 'appointment'): TableData => ({
    name: kind === 'booking' ? 'bookings-by-status' : 'appointments-by-status',
    title: kind === 'booking' ? t('customers.bookings') : t('customers.appointments'),
    columns: [{ label: t('table.status') }, { label: t('table.count'), numeric: true }],
    rows: rows.map((r) => [{ csv: t(`status.${kind}.${r.key}`, { defaultValue: r.key }) }, { csv: r.count, text: format.count(r.count) }]),
  });
  const statusList = (rows: CustomersReport['bookingsByStatus'], kind: 'booking' | 'appointment', testId: string) =>
    rows.length === 0 ? (
      <p className="text-sm text-muted-foreground">{kind === 'booking' ? t('customers.noBookings') : t('customers.noAppointments')}</p>
    ) : (
      <BarList
        label={kind === 'booking' ? t('customers.bookings') : t('customers.appointments')}
        testId={testId}
        items={rows.map((r) => ({
          key: r.key,
          label: t(`status.${kind}.${r.key}`, { defaultValue: r.key }),
          value: r.count,
          display: format.count(r.count),
          tone: tone(kind, r.key),
        }))}
      />
    );

  return (
    <ReportCard
      id="customers"
      title={t('customers.title')}
      description={t('customers.description')}
      icon={Users}
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) => {
        const x = data.totals;
        return (
          x.newCustomers + x.returningCustomers + x.estimates === 0 &&
          data.bookingsByStatus.length === 0 &&
          data.appointmentsByStatus.length === 0 &&
          !(data.previous && data.previous.newCustomers + data.previous.returningCustomers + data.previous.estimates > 0)
        );
      }}
      empty={{ title: t('customers.emptyTitle'), body: t('customers.emptyBody') }}
      mainTable={summaryTable}
      figures={(data) => {
        const x = data.totals;
        const p = data.previous;
        return (
          <>
            <Figure
              label={t('customers.new')}
              value={format.count(x.newCustomers)}
              change={
                <Change
                  now={x.newCustomers}
                  previous={p ? p.newCustomers : undefined}
                  previousText={p ? format.count(p.newCustomers) : undefined}
                />
              }
              testId="figure-new-customers"
            />
            <Figure
              label={t('customers.returning')}
              value={format.count(x.returningCustomers)}
              change={
                <Change
                  now={x.returningCustomers}
                  previous={p ? p.returningCustomers : undefined}
                  previousText={p ? format.count(p.returningCustomers) : undefined}
                />
              }
              testId="figure-returning-customers"
            />
            <Figure
              label={t('customers.conversionRate')}
              value={percent(x.conversionRate)}
              change={
                <Change
                  now={x.conversionRate}
                  previous={p ? p.conversionRate : undefined}
                  points
                  previousText={p ? percent(p.conversionRate) : undefined}
                />
              }
              note={t('customers.convertedOf', { converted: format.count(x.converted), estimates: format.count(x.estimates) })}
              testId="figure-conversion"
            />
            <Figure
              label={t('customers.convertedValue')}
              value={format.money(x.convertedValue)}
              change={
                <Change
                  now={Number(x.convertedValue)}
                  previous={p ? Number(p.convertedValue) : undefined}
                  previousText={p ? format.money(p.convertedValue) : undefined}
                />
              }
              note={t('customers.ofValue', { value: format.money(x.estimatesValue) })}
              testId="figure-converted-value"
            />
            <Figure
              label={t('customers.noShowRate')}
              value={percent(x.noShowRate)}
              change={
                <Change
                  now={x.noShowRate}
                  previous={p ? p.noShowRate : undefined}
                  points
                  better="down"
                  previousText={p ? percent(p.noShowRate) : undefined}
                />
              }
              testId="figure-no-show"
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
              <DataTable table={summaryTable(data)} days={days} />
              <DataTable table={statusTable(data.bookingsByStatus, 'booking')} days={days} />
              <DataTable table={statusTable(data.appointmentsByStatus, 'appointment')} days={days} />
            </div>
          );
        }
        const x = data.totals;
        const customers = x.newCustomers + x.returningCustomers;
        const newShare = customers > 0 ? (x.newCustomers / customers) * 100 : 0;
        return (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0">
              <PartTitle>{t('customers.mix')}</PartTitle>
              {customers === 0 ? (
                <p className="text-sm text-muted-foreground">{t('customers.noCustomers')}</p>
              ) : (
                <div className="flex flex-col gap-3" data-testid="customer-mix">
                  <div className="flex h-4 w-full overflow-hidden rounded-full bg-muted print:[print-color-adjust:exact]" aria-hidden>
                    <span className="block h-full bg-primary" style={{ width: `${newShare}%` }} />
                    <span className="block h-full bg-success" style={{ width: `${100 - newShare}%` }} />
                  </div>
                  <ul className="flex flex-col gap-1.5 text-sm">
                    {[
                      { key: 'new', label: t('customers.new'), value: x.newCustomers, share: newShare, swatch: 'bg-primary' },
                      {
                        key: 'returning',
                        label: t('customers.returning'),
                        value: x.returningCustomers,
                        share: 100 - newShare,
                        swatch: 'bg-success',
                      },
                    ].map((item) => (
                      <li key={item.key} className="flex items-center justify-between gap-3" data-testid={`mix-${item.key}`}>
                        <span className="flex items-center gap-2">
                          <span className={cn('size-2.5 rounded-sm print:[print-color-adjust:exact]', item.swatch)} aria-hidden />
                          {item.label}
                        </span>
                        {/* Two boxes: side by side, two numbers would read as one ("1100%") right to left. */}
                        <span className="flex items-baseline gap-1.5 tabular-nums">
                          <span className="font-medium">{format.count(item.value)}</span>
                          <span className="text-xs text-muted-foreground">{formatPercent(item.share, format.language)}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="mt-6">
                <PartTitle>{t('customers.conversion')}</PartTitle>
                {x.estimates === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('customers.noEstimates')}</p>
                ) : (
                  <div className="flex flex-col gap-2 text-sm" data-testid="conversion">
                    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
                      <span
                        className="block h-full rounded-full bg-success print:[print-color-adjust:exact]"
                        style={{ width: `${Math.min(100, x.conversionRate ?? 0)}%` }}
                      />
                    </div>
                    <p>{t('customers.conversionLine', { converted: format.count(x.converted), estimates: format.count(x.estimates) })}</p>
                    <p className="text-muted-foreground">
                      {t('customers.conversionValue', { converted: format.money(x.convertedValue), total: format.money(x.estimatesValue) })}
                    </p>
                  </div>
                )}
              </div>
            </div>
            <div className="min-w-0">
              <PartTitle>{t('customers.bookings')}</PartTitle>
              {statusList(data.bookingsByStatus, 'booking', 'bookings-by-status')}
            </div>
            <div className="min-w-0">
              <PartTitle>{t('customers.appointments')}</PartTitle>
              {statusList(data.appointmentsByStatus, 'appointment', 'appointments-by-status')}
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
