import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FilterSelect, OptionSelect } from '@/shared/option-select';
import type { BookingDialogState } from './booking-dialog';
import { BookingStatusBadge } from './booking-status-badge';
import { CalendarCheck, CalendarX, Pencil } from 'lucide-react';
import type { Booking } from '@core/contracts/bookings.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber, localeFor } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { useListFilter } from '@/shared/list-filter';
import { toast } from '@/components/ui/toast';
import { useSavedToast } from '../shared/conflicts';
import { failureText } from '@/shared/messages';
import { useNewParam } from '@/shared/use-new-param';
import { formatInstantClock } from '../shared/time';
import { BOOKING_STATUSES, bookingsKey, upcomingQuery, useUpdateBooking, type BookingStatus } from './bookings.api';

const BookingDialog = lazy(() => import('./booking-dialog'));

/** Day of month and short month of an instant in the workshop's time zone, in the language. */
function dayMonth(value: string, language: string, timeZone: string | undefined): { day: string; month: string } {
  const date = new Date(value);
  const make = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(localeFor(language), { ...options, timeZone }).format(date);
    } catch {
      return new Intl.DateTimeFormat(localeFor(language), options).format(date);
    }
  };
  return { day: make({ day: 'numeric' }), month: make({ month: 'short' }) };
}

function UpcomingCard() {
  const { t, i18n } = useTranslation('bookings');
  const tenantId = useTenantId();
  const format = useFormatters();
  const upcoming = useQuery({ ...upcomingQuery(tenantId), enabled: tenantId > 0 });
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="upcoming-card">
      <h2 className="flex items-center gap-2 font-semibold">
        <CalendarCheck className="size-5 text-primary" aria-hidden />
        {t('upcoming.title')}
      </h2>
      {upcoming.isLoading ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : upcoming.isError ? (
        <p role="alert" className="text-sm text-destructive" data-testid="upcoming-error">
          {t('upcoming.failed')}: {failureText(upcoming.error, t, 'bookings')}
        </p>
      ) : (upcoming.data?.items ?? []).length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground" data-testid="upcoming-empty">
          {t('upcoming.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y">
          {(upcoming.data?.items ?? []).map((b) => {
            const { day, month } = dayMonth(b.scheduledDate, i18n.language, format.timeZone);
            return (
              <li key={b.id} className="flex items-center gap-3 py-2" data-testid="upcoming-booking" data-booking-id={b.id}>
                <div className="flex w-12 shrink-0 flex-col items-center rounded-md bg-primary/10 py-1 text-primary">
                  <span className="text-lg font-semibold leading-none tabular-nums" data-testid="upcoming-day">
                    {day}
                  </span>
                  <span className="text-xs" data-testid="upcoming-month">
                    {month}
                  </span>
                </div>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">
                    <bdi>{fullName(b.customer.firstName, b.customer.lastName)}</bdi>
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    <bdi>{`${b.vehicle.make} ${b.vehicle.model}`}</bdi> · <bdi>{b.serviceType}</bdi>
                  </span>
                </div>
                <span className="shrink-0 text-sm tabular-nums" data-testid="upcoming-time">
                  {formatInstantClock(b.scheduledDate, i18n.language, format.timeZone)}
                </span>
                <BookingStatusBadge status={b.status} />
              </li>
            );
          })}
        </ul>
      )}
      {upcoming.data && upcoming.data.total > upcoming.data.items.length && (
        <p className="text-center text-xs text-muted-foreground" data-testid="upcoming-more">
          {t('upcoming.more', {
            shown: formatNumber(upcoming.data.items.length, i18n.language),
            total: formatNumber(upcoming.data.total, i18n.language),
          })}
        </p>
      )}
    </Card>
  );
}

function InlineStatus({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const update = useUpdateBooking();
  const savedToast = useSavedToast('bookings');
  const change = (status: string) =>
    update.mutate(
      { id: booking.id, status: status as BookingStatus },
      {
        onSuccess: (saved) => savedToast(saved.conflicts, t('toast.success'), t('toast.statusUpdated')),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: failureText(error, t, 'bookings', t('toast.statusFailed')),
          }),
      },
    );
  const label = t('table.statusOf', { name: fullName(booking.customer.firstName, booking.customer.lastName) });
  return (
    <OptionSelect
      value={booking.status}
      onChange={change}
      options={BOOKING_STATUSES}
      text={(s) => t(`status.${s}`)}
      disabled={update.isPending}
      size="sm"
      className="w-28 md:w-36"
      label={label}
      testId="booking-status-select"
    />
  );
}

function BookingRow({ booking, canEdit, onEdit }: { booking: Booking; canEdit: boolean; onEdit: (booking: Booking) => void }) {
  const { t, i18n } = useTranslation('bookings');
  const format = useFormatters();
  const name = fullName(booking.customer.firstName, booking.customer.lastName);
  const time = formatInstantClock(booking.scheduledDate, i18n.language, format.timeZone);
  return (
    <TableRow data-testid="booking-row" data-booking-id={booking.id} data-service={booking.serviceType}>
      <TableCell className="md:whitespace-nowrap">
        {format.date(booking.scheduledDate)}
        {/* On a phone the time, vehicle and service fold under the date and customer. */}
        <span className="block text-xs tabular-nums text-muted-foreground md:hidden">{time}</span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">{time}</TableCell>
      <TableCell className="font-medium">
        <bdi>{name}</bdi>
        <span className="block text-xs font-normal text-muted-foreground md:hidden">
          <bdi>{`${booking.vehicle.make} ${booking.vehicle.model}`}</bdi> · <bdi>{booking.serviceType}</bdi>
        </span>
      </TableCell>
      <TableCell className="hidden min-w-36 md:table-cell">
        <span className="block">
          <bdi>{`${booking.vehicle.make} ${booking.vehicle.model}`}</bdi>
        </span>
        <span className="block text-xs text-muted-foreground" dir="ltr">
          <bdi>{booking.vehicle.plateNumber}</bdi>
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <bdi>{booking.serviceType}</bdi>
      </TableCell>
      <TableCell>{canEdit ? <InlineStatus booking={booking} /> : <BookingStatusBadge status={booking.status} />}</TableCell>
      <TableCell className="text-end">
        {canEdit && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(booking)}
            aria-label={t('editNamed', { name })}
            data-testid="edit-booking"
          >
            <Pencil aria-hidden />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /bookings: the next 7 days, search and status filter, the bookings table with inline status, paging, the New/Edit dialog. */
export default function BookingsPage() {
  const { t } = useTranslation('bookings');
  const canEdit = usePermissions().canEditWorkshopData;
  const tenantId = useTenantId();
  const { text: q, setText: setQ, status, setStatus, filter, filtered } = useListFilter();
  const [dialog, setDialog] = useState<BookingDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'add' }), canEdit);

  const list = usePagedList<Booking>(bookingsKey(tenantId, filter), { enabled: tenantId > 0 });

  return (
    <div className="flex flex-col gap-4" data-testid="bookings-page">
      <UpcomingCard />
      <ListToolbar
        search={{ value: q, onChange: setQ, label: t('search'), placeholder: t('searchPlaceholder'), testId: 'bookings-search' }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={BOOKING_STATUSES}
            text={(s) => t(`status.${s}`)}
            testId="bookings-status-filter"
          />
        }
        actions={canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-booking" />}
      />
      <PagedTable
        list={list}
        testId="bookings"
        columns={[
          { label: t('table.date') },
          { label: t('table.time'), at: 'md' },
          { label: t('table.customer') },
          { label: t('table.vehicle'), at: 'md' },
          { label: t('table.serviceType'), at: 'md' },
          { label: t('table.status') },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(booking) => (
          <BookingRow key={booking.id} booking={booking} canEdit={canEdit} onEdit={(b) => setDialog({ kind: 'edit', booking: b })} />
        )}
        empty={emptyView(
          filtered,
          {
            icon: CalendarX,
            title: t('empty.title'),
            body: canEdit ? t('empty.body') : t('empty.bodyReadOnly'),
            action: canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="empty-add-booking" />,
          },
          t,
        )}
        t={t}
        namespace="bookings"
      />
      {dialog && (
        <Suspense fallback={null}>
          <BookingDialog state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
