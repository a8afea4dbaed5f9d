import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { RecordTabs } from '@/shared/record-history';
import { Link, useLocation } from 'wouter';
import { Car, History, Pencil, Trash2, Wrench } from 'lucide-react';
import { decodeVin } from '@core/rules/vin.ts';
import { usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { JobCardsCard } from '../shared/job-cards-card';
import { ListError } from '@/shared/list-frame';
import { BackLink, Detail, RecordPending } from '@/shared/record-parts';
import { VehicleStatusBadge } from './vehicle-status-badge';
import { vinCountryLabel } from './vin-country';
import { serviceHistoryQuery, vehicleQuery, type ServiceHistoryEntry, type Vehicle } from './vehicles.api';
import type { VehicleDialogState } from './vehicle-dialogs';

const VehicleDialogs = lazy(() => import('./vehicle-dialogs'));

function VinDetail({ vin }: { vin: string | null }) {
  const { t, i18n } = useTranslation('vehicles');
  const data = useMemo(() => (vin && vin.length === 17 ? decodeVin(vin) : null), [vin]);
  if (!vin) return <Detail label={t('fields.vin')}>—</Detail>;
  const parts = data?.valid
    ? [data.manufacturer, data.modelYear ? String(data.modelYear) : null, vinCountryLabel(data.country, i18n.language)].filter(Boolean)
    : [];
  return (
    <Detail label={t('fields.vin')}>
      <span dir="ltr" className="font-mono" data-testid="vehicle-vin">
        {vin}
      </span>
      {parts.length > 0 && (
        <span className="block text-xs text-muted-foreground" data-testid="vehicle-vin-decoded">
          {parts.join(' · ')}
        </span>
      )}
    </Detail>
  );
}

function Timeline({ entries }: { entries: ServiceHistoryEntry[] }) {
  const { t } = useTranslation('vehicles');
  const format = useFormatters();
  return (
    <ol className="relative flex flex-col gap-5 border-s ps-5" data-testid="service-history">
      {entries.map((entry) => {
        const meta = [
          entry.mileageAtService !== null ? t('history.mileage', { mileage: formatNumber(entry.mileageAtService, format.language) }) : null,
          entry.cost !== null ? format.money(entry.cost) : null,
          entry.performedBy ? t('history.by', { name: entry.performedBy }) : null,
        ].filter(Boolean);
        return (
          <li key={entry.id} className="relative" data-testid="service-history-entry">
            <span
              className="absolute -start-[1.625rem] top-1 flex size-3 rounded-full border-2 border-card bg-primary ring-2 ring-primary/20"
              aria-hidden
            />
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <time dateTime={entry.serviceDate} className="text-xs font-medium text-muted-foreground">
                {format.date(entry.serviceDate)}
              </time>
              <span className="font-medium">{entry.serviceType}</span>
              {entry.jobNumber && (
                <Link
                  href={`/job-cards?q=${encodeURIComponent(entry.jobNumber)}`}
                  className="text-xs text-primary hover:underline"
                  dir="ltr"
                >
                  {entry.jobNumber}
                </Link>
              )}
            </div>
            {entry.description && <p className="mt-1 text-sm text-muted-foreground">{entry.description}</p>}
            {meta.length > 0 && <p className="mt-1 text-xs text-muted-foreground">{meta.join(' · ')}</p>}
            {entry.notes && <p className="mt-1 whitespace-pre-wrap text-xs">{entry.notes}</p>}
          </li>
        );
      })}
    </ol>
  );
}

function ServiceHistory({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation('vehicles');
  const history = useQuery(serviceHistoryQuery(vehicleId));
  return (
    <Card data-testid="service-history-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4 text-muted-foreground" aria-hidden />
          {t('history.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {history.isLoading ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : history.isError ? (
          <ListError title={t('history.failed')} error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data && history.data.length > 0 ? (
          <Timeline entries={history.data} />
        ) : (
          <div
            className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground"
            data-testid="service-history-empty"
          >
            <Wrench className="size-6" aria-hidden />
            <p>{t('history.empty')}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function VehicleDetails({
  vehicle,
  onEdit,
  onDelete,
  canEdit,
}: {
  vehicle: Vehicle;
  onEdit: () => void;
  onDelete: () => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation('vehicles');
  const format = useFormatters();
  const owner = fullName(vehicle.customer.firstName, vehicle.customer.lastName);
  return (
    <Card data-testid="vehicle-details">
      <CardHeader className="gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Car className="size-6" aria-hidden />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-xl font-semibold leading-tight" data-testid="vehicle-title">
              {vehicle.make} {vehicle.model}
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>{vehicle.year}</span>
              <span dir="ltr" className="rounded-sm border bg-muted/50 px-1.5 py-0.5 font-mono text-xs text-foreground">
                {vehicle.plateNumber}
              </span>
              <VehicleStatusBadge status={vehicle.status} />
            </div>
          </div>
        </div>
        {canEdit && (
          <div className="flex gap-2">
            <Button variant="outline" onClick={onEdit} data-testid="edit-vehicle">
              <Pencil aria-hidden />
              {t('actions.edit')}
            </Button>
            <Button variant="outline" onClick={onDelete} data-testid="delete-vehicle">
              <Trash2 className="text-destructive" aria-hidden />
              {t('actions.delete')}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={t('fields.customer')}>
            <Link
              href={`/customers/${vehicle.customer.id}`}
              className="font-medium text-primary hover:underline"
              data-testid="vehicle-owner"
            >
              {owner}
            </Link>
            <span className="block text-xs text-muted-foreground">
              <a href={`tel:${vehicle.customer.phone}`} className="hover:underline" dir="ltr">
                {vehicle.customer.phone}
              </a>
            </span>
          </Detail>
          <VinDetail vin={vehicle.vin} />
          <Detail label={t('fields.color')}>{vehicle.color ?? '—'}</Detail>
          <Detail label={t('fields.mileage')}>{vehicle.mileage !== null ? formatNumber(vehicle.mileage, format.language) : '—'}</Detail>
          {vehicle.notes && (
            <div className="sm:col-span-2 lg:col-span-4">
              <Detail label={t('fields.notes')}>
                <span className="whitespace-pre-wrap">{vehicle.notes}</span>
              </Detail>
            </div>
          )}
          <Detail label={t('view.added')}>{format.date(vehicle.createdAt)}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** A section another feature adds to the view (the app passes scheduling's Maintenance section). */
export type VehicleSection = ComponentType<{ vehicleId: number }>;

/** /vehicles/:id: the vehicle, the composed section (maintenance schedules and reminders), its service history timeline and its job cards. */
export default function VehicleView({ id, section: Section }: { id: number; section?: VehicleSection }) {
  const { t } = useTranslation('vehicles');
  const [, navigate] = useLocation();
  const canEdit = usePermissions().canEditWorkshopData;
  const [dialog, setDialog] = useState<VehicleDialogState | null>(null);
  const vehicle = useQuery(vehicleQuery(id));
  const back = <BackLink href="/vehicles">{t('view.back')}</BackLink>;

  if (!vehicle.data) {
    return (
      <RecordPending
        query={vehicle}
        base="/vehicles"
        texts={{
          back: t('view.back'),
          notFound: t('view.notFound'),
          notFoundBody: t('view.notFoundBody'),
          loadFailed: t('view.loadFailed'),
        }}
        testId="vehicle-view"
      />
    );
  }

  const data = vehicle.data;
  return (
    <div className="flex flex-col gap-4" data-testid="vehicle-view" data-vehicle-id={data.id}>
      {back}
      <VehicleDetails
        vehicle={data}
        canEdit={canEdit}
        onEdit={() => setDialog({ kind: 'edit', vehicle: data })}
        onDelete={() => setDialog({ kind: 'delete', vehicle: data })}
      />
      <RecordTabs resource="vehicles" id={data.id}>
        {Section && (
          <Suspense fallback={<Skeleton className="h-40" />}>
            <Section vehicleId={data.id} />
          </Suspense>
        )}
        <div className="grid items-start gap-4 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <ServiceHistory vehicleId={data.id} />
          </div>
          <div className="min-w-0 lg:col-span-3">
            {/* The owner is on the vehicle itself: no customer column. */}
            <JobCardsCard filter={{ vehicleId: data.id }} />
          </div>
        </div>
      </RecordTabs>
      {dialog && (
        <Suspense fallback={null}>
          <VehicleDialogs state={dialog} onClose={() => setDialog(null)} onDeleted={() => navigate('/vehicles')} />
        </Suspense>
      )}
    </div>
  );
}
