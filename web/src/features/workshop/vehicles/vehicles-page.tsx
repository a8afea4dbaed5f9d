import { refreshEntities } from '@/lib/query-keys';
import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { VehicleSection } from './vehicle-view';
import { Link } from 'wouter';
import { Car, Pencil, Trash2 } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { ALL } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { Tooltip } from '@/components/ui/tooltip';
import { CsvActions } from '../csv/csv-actions';
import { CsvImportDialog } from '../csv/csv-import';
import { useDetailId } from '@/shared/use-detail-id';
import { useSearchParam } from '@/shared/use-search-param';
import { useNewParam } from '@/shared/use-new-param';
import { useVehicleCsv } from './vehicle-csv';
import { VehicleStatusBadge } from './vehicle-status-badge';
import { VEHICLE_STATUSES, vehiclesExportUrl, vehiclesListKey, type Vehicle, type VehicleStatus } from './vehicles.api';
import type { VehicleDialogState } from './vehicle-dialogs';

const VehicleDialogs = lazy(() => import('./vehicle-dialogs'));
const VehicleView = lazy(() => import('./vehicle-view'));

function VehicleRow({
  vehicle,
  canEdit,
  onEdit,
  onDelete,
}: {
  vehicle: Vehicle;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('vehicles');
  const title = `${vehicle.make} ${vehicle.model}`;
  const owner = fullName(vehicle.customer.firstName, vehicle.customer.lastName);
  return (
    <TableRow data-testid="vehicle-row" data-vehicle-id={vehicle.id}>
      <TableCell className="w-full max-w-0 md:w-auto md:max-w-none">
        <Link
          href={`/vehicles/${vehicle.id}`}
          className="block truncate font-medium text-foreground hover:text-primary hover:underline"
          data-testid="vehicle-link"
        >
          {title}
        </Link>
        {/* What the hidden columns hold, under the vehicle on small screens. */}
        <p className="truncate text-xs text-muted-foreground sm:hidden">
          {vehicle.year} · <span dir="ltr">{vehicle.plateNumber}</span>
        </p>
        <p className="truncate text-xs text-muted-foreground md:hidden">{owner}</p>
      </TableCell>
      <TableCell className="hidden tabular-nums sm:table-cell">{vehicle.year}</TableCell>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
        <span dir="ltr" className="rounded-sm border bg-muted/50 px-1.5 py-0.5 font-mono text-xs">
          {vehicle.plateNumber}
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <Link href={`/customers/${vehicle.customer.id}`} className="hover:text-primary hover:underline">
          {owner}
        </Link>
      </TableCell>
      <TableCell>
        <VehicleStatusBadge status={vehicle.status} />
      </TableCell>
      <TableCell className="text-end">
        {canEdit && (
          <div className="flex justify-end gap-1">
            <Tooltip content={t('actions.edit')}>
              <Button
                variant="ghost"
                size="icon"
                onClick={onEdit}
                aria-label={t('actions.editNamed', { vehicle: title })}
                data-testid="edit-vehicle"
              >
                <Pencil aria-hidden />
              </Button>
            </Tooltip>
            <Tooltip content={t('actions.delete')}>
              <Button
                variant="ghost"
                size="icon"
                onClick={onDelete}
                aria-label={t('actions.deleteNamed', { vehicle: title })}
                data-testid="delete-vehicle"
              >
                <Trash2 className="text-destructive" aria-hidden />
              </Button>
            </Tooltip>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /vehicles: search, status filter, add, import and export, the table with Load more. */
function VehicleList() {
  const { t } = useTranslation('vehicles');
  const tenantId = useTenantId();
  const canEdit = usePermissions().canEditWorkshopData;
  const search = useSearchParam();
  const [status, setStatus] = useState<string>(ALL);
  const [dialog, setDialog] = useState<VehicleDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'add' }), canEdit);
  const [importing, setImporting] = useState(false);
  const csv = useVehicleCsv();
  const queryClient = useQueryClient();
  const filter = { q: search.q, status: status === ALL ? undefined : (status as VehicleStatus) };
  const list = usePagedList<Vehicle>(vehiclesListKey(tenantId, filter), { enabled: tenantId > 0, keepPrevious: true });
  const filtered = !!search.q || status !== ALL;

  return (
    <div className="flex flex-col gap-4" data-testid="vehicles-page">
      <ListToolbar
        search={{
          value: search.text,
          onChange: search.setText,
          label: t('search.label'),
          placeholder: t('search.placeholder'),
          busy: search.searching || list.isPlaceholderData,
          testId: 'vehicle-search',
        }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={VEHICLE_STATUSES}
            text={(value) => t(`status.${value}`)}
            testId="vehicle-status-filter"
            className="col-span-2 sm:w-44"
          />
        }
        actions={
          <>
            <CsvActions
              url={vehiclesExportUrl(tenantId, filter)}
              fileName="vehicles.csv"
              entityLabel={t('csv.entity')}
              onImport={canEdit ? () => setImporting(true) : undefined}
            />
            {canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-vehicle" />}
          </>
        }
      />
      <PagedTable
        list={list}
        testId="vehicles"
        label={t('tableLabel')}
        columns={[
          { label: t('columns.vehicle') },
          { label: t('columns.year'), at: 'sm' },
          { label: t('columns.plate'), at: 'sm' },
          { label: t('columns.customer'), at: 'md' },
          { label: t('columns.status') },
          { label: t('columns.actions'), srOnly: !canEdit, end: true },
        ]}
        row={(vehicle) => (
          <VehicleRow
            key={vehicle.id}
            vehicle={vehicle}
            canEdit={canEdit}
            onEdit={() => setDialog({ kind: 'edit', vehicle })}
            onDelete={() => setDialog({ kind: 'delete', vehicle })}
          />
        )}
        empty={{
          icon: Car,
          title: filtered ? t('empty.searchTitle') : t('empty.title'),
          body: search.q
            ? t('empty.searchBody', { q: search.q })
            : filtered
              ? t('empty.filteredBody')
              : canEdit
                ? t('empty.body')
                : t('empty.bodyReadOnly'),
          action: canEdit && !filtered && (
            <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="empty-add-vehicle" />
          ),
        }}
        failedTitle={t('errorLoadingVehicles')}
        t={t}
      />

      {dialog && (
        <Suspense fallback={null}>
          <VehicleDialogs state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog
            entity={csv}
            onClose={() => setImporting(false)}
            onImported={() => void refreshEntities(queryClient, 'vehicles')}
          />
        </Suspense>
      )}
    </div>
  );
}

function ViewSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="vehicle-view-loading">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40" />
      <Skeleton className="h-56" />
    </div>
  );
}

/** /vehicles and /vehicles/:id (the vehicle view, with the section the app composes into it). */
export default function VehiclesPage({ vehicleSection }: { vehicleSection?: VehicleSection }) {
  const id = useDetailId('/vehicles');
  if (id !== null) {
    return (
      <Suspense fallback={<ViewSkeleton />}>
        <VehicleView key={id} id={id} section={vehicleSection} />
      </Suspense>
    );
  }
  return <VehicleList />;
}
