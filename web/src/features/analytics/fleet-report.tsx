import { Link } from 'wouter';
import { ArrowRight, Truck } from 'lucide-react';
import type { FleetReport } from '@core/contracts/analytics.ts';
import { FLEET_SERVICE_DUE_DAYS, type FuelBand } from '@core/rules/analytics.ts';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { STATUS_VARIANTS } from '@/shared/status-badge';
import { BarList, type BarTone } from './bar-list';
import { DataTable, type TableData } from './data-table';
import { Figure, fileDays, ReportCard } from './report-card';
import { PartTitle, Typed, useReport, useReportFormat, type SectionProps } from './report-parts';

const FUEL_TONE: Record<FuelBand, BarTone> = {
  '0-25': 'destructive',
  '26-50': 'warning',
  '51-75': 'info',
  '76-100': 'success',
  unknown: 'neutral',
};
const statusTone = (status: string): BarTone => (STATUS_VARIANTS.fleet as Record<string, BarTone>)[status] ?? 'neutral';

type DueVehicle = FleetReport['serviceDue']['vehicles'][number];

/** The fleet now: vehicles by status, service due within 30 days (overdue first), fuel levels. */
export function FleetSection(props: SectionProps) {
  const { t } = useTranslation('analytics');
  const { query, view, setView } = useReport('fleet', props);
  const format = useReportFormat(query.data?.period);
  const statusText = (status: string) => t(`status.fleet.${status}`, { defaultValue: status });
  const isOverdue = (data: FleetReport, v: DueVehicle) => v.nextServiceDate < data.period.today;

  const statusTable = (data: FleetReport): TableData => ({
    name: 'fleet-by-status',
    title: t('fleet.byStatus'),
    columns: [{ label: t('table.status') }, { label: t('fleet.vehicles'), numeric: true }],
    rows: data.byStatus.map((s) => [{ csv: statusText(s.key) }, { csv: s.count, text: format.count(s.count) }]),
  });
  const fuelTable = (data: FleetReport): TableData => ({
    name: 'fleet-fuel',
    title: t('fleet.fuel'),
    columns: [{ label: t('fleet.fuelLevel') }, { label: t('fleet.vehicles'), numeric: true }],
    rows: data.fuelLevels.map((f) => [{ csv: t(`fuel.${f.key}`) }, { csv: f.count, text: format.count(f.count) }]),
  });
  const dueTable = (data: FleetReport): TableData => ({
    name: 'fleet-service-due',
    title: t('fleet.serviceDueTitle', { days: format.count(FLEET_SERVICE_DUE_DAYS) }),
    columns: [
      { label: t('fleet.fleetNumber') },
      { label: t('fleet.plate') },
      { label: t('fleet.vehicle') },
      { label: t('fleet.nextService') },
      { label: t('table.status') },
    ],
    rows: data.serviceDue.vehicles.map((v) => [
      {
        csv: v.fleetNumber,
        text: (
          <Link href={`/vehicles/${v.vehicleId}`} className="text-primary hover:underline" dir="ltr">
            {v.fleetNumber}
          </Link>
        ),
      },
      { csv: v.plateNumber, text: <span dir="ltr">{v.plateNumber}</span> },
      { csv: `${v.make} ${v.model}`, text: <Typed>{`${v.make} ${v.model}`}</Typed> },
      { csv: v.nextServiceDate, text: formatDate(v.nextServiceDate, format.language) },
      { csv: statusText(v.status) },
    ]),
  });

  return (
    <ReportCard
      id="fleet"
      title={t('fleet.title')}
      description={t('fleet.description')}
      icon={Truck}
      now
      query={query}
      view={view}
      onView={setView}
      printing={props.printing}
      isEmpty={(data) => data.total === 0}
      empty={{ title: t('fleet.emptyTitle'), body: t('fleet.emptyBody') }}
      mainTable={dueTable}
      figures={(data) => {
        const count = (status: string) => data.byStatus.find((s) => s.key === status)?.count ?? 0;
        const low = data.fuelLevels.find((f) => f.key === '0-25')?.count ?? 0;
        return (
          <>
            <Figure label={t('fleet.total')} value={format.count(data.total)} testId="figure-fleet-total" />
            <Figure
              label={t('fleet.available')}
              value={format.count(count('active'))}
              note={t('fleet.inMaintenance', { count: format.count(count('maintenance')) })}
              testId="figure-fleet-active"
            />
            <Figure
              label={t('fleet.serviceDue', { days: format.count(FLEET_SERVICE_DUE_DAYS) })}
              value={format.count(data.serviceDue.count)}
              note={t('fleet.overdueCount', { count: format.count(data.serviceDue.overdue) })}
              testId="figure-service-due"
            />
            <Figure label={t('fleet.lowFuel')} value={format.count(low)} testId="figure-low-fuel" />
          </>
        );
      }}
    >
      {(data, shown) => {
        const days = fileDays(data.period, true);
        if (shown === 'table') {
          return (
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-3">
                <DataTable table={dueTable(data)} days={days} />
              </div>
              <DataTable table={statusTable(data)} days={days} />
              <DataTable table={fuelTable(data)} days={days} />
            </div>
          );
        }
        return (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0">
              <PartTitle>{t('fleet.byStatus')}</PartTitle>
              <BarList
                label={t('fleet.byStatus')}
                testId="fleet-by-status"
                items={data.byStatus.map((s) => ({
                  key: s.key,
                  label: statusText(s.key),
                  value: s.count,
                  display: format.count(s.count),
                  tone: statusTone(s.key),
                }))}
              />
              <div className="mt-6">
                <PartTitle>{t('fleet.fuel')}</PartTitle>
                <BarList
                  label={t('fleet.fuel')}
                  testId="fleet-fuel"
                  items={data.fuelLevels.map((f) => ({
                    key: f.key,
                    label: t(`fuel.${f.key}`),
                    value: f.count,
                    display: format.count(f.count),
                    tone: FUEL_TONE[f.key],
                  }))}
                />
              </div>
            </div>
            <div className="min-w-0 lg:col-span-2">
              <PartTitle
                action={
                  <Link href="/fleet" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'print:hidden' })}>
                    {t('fleet.openFleet')}
                    <ArrowRight className="rtl:-scale-x-100" aria-hidden />
                  </Link>
                }
              >
                {t('fleet.serviceDueTitle', { days: format.count(FLEET_SERVICE_DUE_DAYS) })}
              </PartTitle>
              {data.serviceDue.vehicles.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('fleet.noneDue', { days: format.count(FLEET_SERVICE_DUE_DAYS) })}</p>
              ) : (
                <>
                  <ul className="flex flex-col divide-y rounded-md border" data-testid="service-due">
                    {data.serviceDue.vehicles.map((v) => {
                      const overdue = isOverdue(data, v);
                      return (
                        <li key={v.id}>
                          <Link
                            href={`/vehicles/${v.vehicleId}`}
                            className="flex items-center justify-between gap-3 px-3 py-2 text-sm outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                            data-testid="service-due-vehicle"
                          >
                            <span className="min-w-0">
                              <span className="block truncate font-medium">
                                <span dir="ltr">{v.fleetNumber}</span> · <Typed>{`${v.make} ${v.model}`}</Typed>
                              </span>
                              <span className="block truncate text-xs text-muted-foreground" dir="ltr">
                                {v.plateNumber}
                              </span>
                            </span>
                            <span className="flex shrink-0 items-center gap-2">
                              {overdue && <Badge variant="destructive">{t('fleet.overdue')}</Badge>}
                              <span className={overdue ? 'text-destructive' : 'text-muted-foreground'}>
                                {formatDate(v.nextServiceDate, format.language)}
                              </span>
                            </span>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                  {data.serviceDue.count > data.serviceDue.vehicles.length && (
                    <p className="mt-2 text-xs text-muted-foreground">
                      {t('fleet.more', {
                        shown: format.count(data.serviceDue.vehicles.length),
                        total: format.count(data.serviceDue.count),
                      })}
                    </p>
                  )}
                </>
              )}
            </div>
          </div>
        );
      }}
    </ReportCard>
  );
}
