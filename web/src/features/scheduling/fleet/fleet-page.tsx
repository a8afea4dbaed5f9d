import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { FleetDialogState } from './fleet-dialog';
import { FleetStatusBadge } from './fleet-status-badge';
import { Link } from 'wouter';
import { BellRing, Calculator, CircleCheck, Pencil, TriangleAlert, Truck, Wrench, Ban } from 'lucide-react';
import type { FleetStats, FleetVehicle } from '@core/contracts/fleet.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { ALL, useListFilter } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { daysBetween } from '@core/rules/scheduling.ts';
import { failureText } from '@/shared/messages';
import { todayIn } from '../shared/time';
import { FLEET_ALERT_DAYS, FLEET_STATUSES, fleetKey, fleetStatsQuery, type FleetFilter } from './fleet.api';
import { FuelBar } from './fuel-bar';

const FleetDialog = lazy(() => import('./fleet-dialog'));

function DueAlert({ count }: { count: number }) {
  const { t, i18n } = useTranslation('fleet');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning/10 p-3" data-testid="fleet-alert">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold" data-testid="fleet-alert-count">
          {t('alert.title', { n: formatNumber(count, i18n.language) })}
        </p>
        <p className="text-sm text-muted-foreground">{t('alert.body')}</p>
      </div>
    </div>
  );
}

function SummaryCards({ stats, loading }: { stats?: FleetStats; loading: boolean }) {
  const { t, i18n } = useTranslation('fleet');
  const cards = [
    { key: 'total', icon: Truck, value: stats?.total, tone: 'text-primary' },
    { key: 'active', icon: CircleCheck, value: stats?.active, tone: 'text-success' },
    { key: 'maintenance', icon: Wrench, value: stats?.maintenance, tone: 'text-warning' },
    { key: 'outOfService', icon: Ban, value: stats?.outOfService, tone: 'text-destructive' },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, icon: Icon, value, tone }) => (
        <Card key={key} className="flex items-center gap-3 p-4" data-testid={`fleet-card-${key}`}>
          <div className={`flex size-10 shrink-0 items-center justify-center rounded-md bg-muted ${tone}`}>
            <Icon className="size-5" aria-hidden />
          </div>
          <div className="flex min-w-0 flex-col">
            <span className="truncate text-sm text-muted-foreground">{t(`cards.${key}`)}</span>
            {loading ? (
              <Skeleton className="mt-1 h-7 w-12" />
            ) : (
              <span className="text-2xl font-semibold tabular-nums" data-testid="fleet-card-value">
                {formatNumber(value ?? 0, i18n.language)}
              </span>
            )}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Overdue (before today) or due within the alert's 0-7 days, in the workshop's time zone. */
function dueState(nextServiceDate: string | null, today: string): 'overdue' | 'soon' | null {
  if (!nextServiceDate) return null;
  const days = daysBetween(today, nextServiceDate);
  if (days < 0) return 'overdue';
  return days <= FLEET_ALERT_DAYS ? 'soon' : null;
}

function NextService({ vehicle }: { vehicle: FleetVehicle }) {
  const { t, i18n } = useTranslation('fleet');
  const format = useFormatters();
  const empty = vehicle.nextServiceDate === null && vehicle.nextServiceMileage === null;
  const due = dueState(vehicle.nextServiceDate, todayIn(format.timeZone));
  return (
    <div className="flex flex-col gap-0.5" data-testid="next-service" data-due={due ?? undefined}>
      <span className="flex items-center gap-1.5 whitespace-nowrap">
        {empty ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <span className={due === 'overdue' ? 'font-medium text-destructive' : due === 'soon' ? 'font-medium text-warning' : undefined}>
            {vehicle.nextServiceDate ? format.date(vehicle.nextServiceDate) : '—'}
            {due && <span className="sr-only"> ({t(`due.${due}`)})</span>}
          </span>
        )}
        {vehicle.nextServiceComputed && (
          <span title={t('computed.hint')} className="inline-flex text-info" data-testid="computed">
            <Calculator className="size-3.5" aria-hidden />
            <span className="sr-only">{t('computed.label')}</span>
          </span>
        )}
      </span>
      {vehicle.nextServiceMileage !== null && (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          {t('mileage', { n: formatNumber(vehicle.nextServiceMileage, i18n.language) })}
        </span>
      )}
      {vehicle.reminderCount > 0 && (
        // The reminders are dismissed or snoozed on the vehicle's page, beside its schedules.
        <Link href={`/vehicles/${vehicle.vehicleId}`} className="w-fit rounded-md hover:opacity-80" data-testid="reminders-link">
          <Badge variant="warning" data-testid="reminders">
            <BellRing aria-hidden />
            {t('reminders', { n: formatNumber(vehicle.reminderCount, i18n.language) })}
          </Badge>
        </Link>
      )}
    </div>
  );
}

function FleetRow({ vehicle, canEdit, onEdit }: { vehicle: FleetVehicle; canEdit: boolean; onEdit: (vehicle: FleetVehicle) => void }) {
  const { t } = useTranslation('fleet');
  const dash = <span className="text-muted-foreground">—</span>;
  const makeModel = `${vehicle.vehicle.make} ${vehicle.vehicle.model}`;
  return (
    <TableRow data-testid="fleet-row" data-fleet-number={vehicle.fleetNumber}>
      <TableCell className="whitespace-nowrap font-medium">
        <bdi>{vehicle.fleetNumber}</bdi>
      </TableCell>
      <TableCell className="min-w-40">
        <Link
          href={`/vehicles/${vehicle.vehicleId}`}
          className="block font-medium hover:text-primary hover:underline"
          data-testid="fleet-vehicle-link"
        >
          <bdi>{makeModel}</bdi>
        </Link>
        <span className="block text-xs text-muted-foreground" dir="ltr">
          <bdi>{vehicle.vehicle.plateNumber}</bdi>
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell">{vehicle.department ? <bdi>{vehicle.department}</bdi> : dash}</TableCell>
      <TableCell className="hidden lg:table-cell">{vehicle.location ? <bdi>{vehicle.location}</bdi> : dash}</TableCell>
      <TableCell>
        <FuelBar level={vehicle.fuelLevel} />
      </TableCell>
      <TableCell>
        <FleetStatusBadge status={vehicle.status} />
      </TableCell>
      <TableCell>
        <NextService vehicle={vehicle} />
      </TableCell>
      <TableCell className="text-end">
        {canEdit && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(vehicle)}
            aria-label={t('editNamed', { name: vehicle.fleetNumber })}
            data-testid="edit-fleet"
          >
            <Pencil aria-hidden />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /fleet: the service alert, four summary cards, search and filters, the fleet table, paging, the add/edit dialog. */
export default function FleetPage() {
  const { t } = useTranslation('fleet');
  const canEdit = usePermissions().canEditWorkshopData;
  const tenantId = useTenantId();
  const { text: q, setText: setQ, status, setStatus, filter: search, filtered: searching } = useListFilter();
  const [department, setDepartment] = useState(ALL);
  const [dialog, setDialog] = useState<FleetDialogState | null>(null);
  const stats = useQuery({ ...fleetStatsQuery(tenantId), enabled: tenantId > 0 });

  const filter: FleetFilter = { ...search, department: department === ALL ? undefined : department };
  const list = usePagedList<FleetVehicle>(fleetKey(tenantId, filter), { enabled: tenantId > 0 });
  const filtered = searching || department !== ALL;
  const departments = stats.data?.departments ?? [];
  // A department chosen before it disappeared stays choosable.
  const shownDepartments = department !== ALL && !departments.includes(department) ? [...departments, department] : departments;

  return (
    <div className="flex flex-col gap-4" data-testid="fleet-page">
      {!!stats.data && stats.data.dueSoon > 0 && <DueAlert count={stats.data.dueSoon} />}
      {stats.isError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="fleet-stats-error"
        >
          {t('statsFailed')}: {failureText(stats.error, t, 'fleet')}
        </p>
      )}
      <SummaryCards stats={stats.data} loading={stats.isLoading} />
      <ListToolbar
        search={{ value: q, onChange: setQ, label: t('search'), placeholder: t('searchPlaceholder'), testId: 'fleet-search' }}
        filters={
          <>
            <FilterSelect
              value={status}
              onChange={setStatus}
              label={t('filters.status')}
              all={t('filters.allStatuses')}
              options={FLEET_STATUSES}
              text={(s) => t(`status.${s}`)}
              testId="fleet-status-filter"
            />
            <FilterSelect
              value={department}
              onChange={setDepartment}
              label={t('filters.department')}
              all={t('filters.allDepartments')}
              options={shownDepartments}
              testId="fleet-department-filter"
              className="sm:w-48"
            />
          </>
        }
        actions={canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-fleet" />}
      />
      <PagedTable
        list={list}
        testId="fleet"
        columns={[
          { label: t('table.fleetNumber') },
          { label: t('table.vehicle') },
          { label: t('table.department'), at: 'md' },
          { label: t('table.location'), at: 'lg' },
          { label: t('table.fuel') },
          { label: t('table.status') },
          { label: t('table.nextService') },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(vehicle) => (
          <FleetRow key={vehicle.id} vehicle={vehicle} canEdit={canEdit} onEdit={(v) => setDialog({ kind: 'edit', vehicle: v })} />
        )}
        empty={emptyView(
          filtered,
          {
            icon: Truck,
            title: t('empty.title'),
            body: canEdit ? t('empty.body') : t('empty.bodyReadOnly'),
            action: canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="empty-add-fleet" />,
          },
          t,
        )}
        t={t}
        namespace="fleet"
      />
      {dialog && (
        <Suspense fallback={null}>
          <FleetDialog state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
