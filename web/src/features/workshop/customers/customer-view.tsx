import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link, useLocation } from 'wouter';
import { Car, Mail, Paperclip, Pencil, Phone, Plus, Trash2 } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { initialsOf } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { JobCardsCard } from '../shared/job-cards-card';
import { Attachments } from '@/shared/attachments';
import { ListError, CardLoadMore, SkeletonRows } from '@/shared/list-frame';
import { BackLink, Detail, RecordPending } from '@/shared/record-parts';
import { RecordTabs } from '@/shared/record-history';
import { VehicleStatusBadge } from '../vehicles/vehicle-status-badge';
import { vehiclesListKey, type Vehicle } from '../vehicles/vehicles.api';
import type { VehicleDialogState } from '../vehicles/vehicle-dialogs';
import { customerName, customerQuery, type CustomerDetail } from './customers.api';
import type { CustomerDialogState } from './customer-dialogs';
import { CustomerNotes } from './customer-notes';
import { CustomerConsents } from './customer-consents';
import { CustomerMessages } from './customer-messages';
import { CustomerDataRights } from './customer-data-rights';

const CustomerDialogs = lazy(() => import('./customer-dialogs'));
const VehicleDialogs = lazy(() => import('../vehicles/vehicle-dialogs'));

const VEHICLES_IN_VIEW = 10;

/** Documents the customer handed in (an ID, a registration, a signed estimate): staff who edit customers add and remove them. */
function CustomerFiles({ customerId, canChange }: { customerId: number; canChange: boolean }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="customer-files">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Paperclip className="size-4 text-muted-foreground" aria-hidden />
          {t('attachments.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Attachments entityType="customer" entityId={customerId} canChange={canChange} />
      </CardContent>
    </Card>
  );
}

function CustomerVehicles({ customer, onAdd }: { customer: CustomerDetail; onAdd?: () => void }) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  const tenantId = useTenantId();
  const list = usePagedList<Vehicle>(vehiclesListKey(tenantId, { customerId: customer.id }, VEHICLES_IN_VIEW), { enabled: tenantId > 0 });
  return (
    <Card className="overflow-hidden" data-testid="customer-vehicles">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          {t('view.vehicles')}
          {list.total > 0 && <Badge variant="neutral">{formatNumber(list.total, format.language)}</Badge>}
        </CardTitle>
        {onAdd && (
          <Button variant="outline" size="sm" onClick={onAdd} data-testid="customer-add-vehicle">
            <Plus aria-hidden />
            {t('view.addVehicle')}
          </Button>
        )}
      </CardHeader>
      {list.isError ? (
        <div className="px-4 pb-4">
          <ListError title={t('view.vehiclesFailed')} error={list.error} onRetry={() => void list.refetch()} />
        </div>
      ) : !list.isLoading && list.items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 px-4 pb-6 text-center text-sm text-muted-foreground"
          data-testid="customer-vehicles-empty"
        >
          <Car className="size-6" aria-hidden />
          {t('view.noVehicles')}
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('view.vehicle')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('view.year')}</TableHead>
              <TableHead>{t('view.plate')}</TableHead>
              <TableHead>{t('view.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isLoading ? (
              <SkeletonRows columns={4} rows={2} />
            ) : (
              list.items.map((vehicle) => (
                <TableRow key={vehicle.id} data-testid="customer-vehicle-row">
                  <TableCell className="font-medium">
                    <Link href={`/vehicles/${vehicle.id}`} className="hover:text-primary hover:underline">
                      {vehicle.make} {vehicle.model}
                    </Link>
                  </TableCell>
                  <TableCell className="hidden tabular-nums sm:table-cell">{vehicle.year}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    <span dir="ltr" className="font-mono text-xs">
                      {vehicle.plateNumber}
                    </span>
                  </TableCell>
                  <TableCell>
                    <VehicleStatusBadge status={vehicle.status} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <CardLoadMore
        list={list}
        showingText={(shown, total) => t('view.vehiclesShowing', { shown, total })}
        moreText={t('view.moreVehicles')}
      />
    </Card>
  );
}

function CustomerDetails({
  customer,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  customer: CustomerDetail;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  const name = customerName(customer);
  const place = [customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' ')].filter(Boolean);
  return (
    <Card data-testid="customer-details">
      <CardHeader className="gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-base font-semibold text-primary">
            {initialsOf(customer.firstName, customer.lastName)}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="truncate text-xl font-semibold leading-tight" data-testid="customer-name">
              {name}
            </h2>
            <p className="text-sm text-muted-foreground">{t('view.since', { date: format.date(customer.createdAt) })}</p>
            <div className="flex flex-wrap gap-2 pt-1">
              <Badge variant="neutral" data-testid="customer-vehicle-count">
                {t('view.vehicleCount', { n: formatNumber(customer.vehicleCount, format.language) })}
              </Badge>
              <Badge variant="neutral" data-testid="customer-job-card-count">
                {t('view.jobCardCount', { n: formatNumber(customer.jobCardCount, format.language) })}
              </Badge>
              {customer.erasedAt && (
                <Badge variant="neutral" data-testid="customer-erased-badge">
                  {t('view.erased', { date: format.date(customer.erasedAt) })}
                </Badge>
              )}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {customer.phone && (
            <a href={`tel:${customer.phone}`} className={buttonClasses({ variant: 'outline' })} aria-label={t('view.callNamed', { name })}>
              <Phone aria-hidden />
              {t('view.call')}
            </a>
          )}
          {customer.email && (
            <a
              href={`mailto:${customer.email}`}
              className={buttonClasses({ variant: 'outline' })}
              aria-label={t('view.emailNamed', { name })}
            >
              <Mail aria-hidden />
              {t('view.email')}
            </a>
          )}
          {canEdit && (
            <Button variant="outline" onClick={onEdit} data-testid="edit-customer">
              <Pencil aria-hidden />
              {t('actions.edit')}
            </Button>
          )}
          {canDelete && (
            <Button variant="outline" onClick={onDelete} data-testid="delete-customer">
              <Trash2 className="text-destructive" aria-hidden />
              {t('actions.delete')}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={t('fields.phone')} ltr testId="customer-phone">
            {customer.phone}
          </Detail>
          <Detail label={t('fields.email')} ltr={!!customer.email} testId="customer-email">
            {customer.email ?? '—'}
          </Detail>
          <Detail label={t('view.address')} testId="customer-address">
            {place.length > 0 ? place.join(', ') : '—'}
          </Detail>
          <Detail label={t('fields.preferredLanguage')} testId="customer-language">
            {t(`languages.${customer.preferredLanguage}`)}
          </Detail>
          {customer.notes && (
            <div className="sm:col-span-2 lg:col-span-4">
              <Detail label={t('fields.notes')}>
                <span className="whitespace-pre-wrap">{customer.notes}</span>
              </Detail>
            </div>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

/** /customers/:id: the customer's details, vehicles, job cards and notes. */
export default function CustomerView({ id }: { id: number }) {
  const { t } = useTranslation('customers');
  const [, navigate] = useLocation();
  const permissions = usePermissions();
  const [dialog, setDialog] = useState<CustomerDialogState | null>(null);
  const [vehicleDialog, setVehicleDialog] = useState<VehicleDialogState | null>(null);
  const customer = useQuery(customerQuery(id));
  const back = <BackLink href="/customers">{t('view.back')}</BackLink>;

  if (!customer.data) {
    return (
      <RecordPending
        query={customer}
        base="/customers"
        texts={{
          back: t('view.back'),
          notFound: t('view.notFound'),
          notFoundBody: t('view.notFoundBody'),
          loadFailed: t('view.loadFailed'),
        }}
        testId="customer-view"
      />
    );
  }

  const data = customer.data;
  const erased = data.erasedAt !== null;
  return (
    <div className="flex flex-col gap-4" data-testid="customer-view" data-customer-id={data.id}>
      {back}
      <CustomerDetails
        customer={data}
        canEdit={permissions.canEditCustomers && !erased}
        canDelete={permissions.canDeleteCustomers}
        onEdit={() => setDialog({ kind: 'edit', customer: data })}
        onDelete={() => setDialog({ kind: 'delete', customer: data })}
      />
      <RecordTabs resource="customers" id={data.id}>
        <div className="grid items-start gap-4 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
            <CustomerVehicles
              customer={data}
              onAdd={
                permissions.canEditWorkshopData && !erased
                  ? () =>
                      setVehicleDialog({
                        kind: 'add',
                        customer: { id: data.id, firstName: data.firstName, lastName: data.lastName, phone: data.phone },
                      })
                  : undefined
              }
            />
            <JobCardsCard filter={{ customerId: data.id }} show="vehicle" />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            {/* An erased customer has neither (the erasure removed them) and takes none again. */}
            {!erased && <CustomerNotes customerId={data.id} />}
            {!erased && <CustomerConsents customerId={data.id} />}
            {!erased && <CustomerMessages customerId={data.id} />}
            {!erased && <CustomerFiles customerId={data.id} canChange={permissions.canEditCustomers} />}
            <CustomerDataRights customer={data} />
          </div>
        </div>
      </RecordTabs>
      {dialog && (
        <Suspense fallback={null}>
          <CustomerDialogs state={dialog} onClose={() => setDialog(null)} onDeleted={() => navigate('/customers')} />
        </Suspense>
      )}
      {vehicleDialog && (
        <Suspense fallback={null}>
          <VehicleDialogs state={vehicleDialog} onClose={() => setVehicleDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
