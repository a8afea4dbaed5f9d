import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { AppointmentDialogState } from './appointment-dialog';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { CalendarClock, History, Pencil } from 'lucide-react';
import type { Appointment } from '@core/contracts/appointments.ts';
import { addDays, dayWindow } from '@core/rules/scheduling.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { useListFilter } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { failureText } from '@/shared/messages';
import { useNewParam } from '@/shared/use-new-param';
import { formatClock, formatDayMonth, formatWeekday, todayIn } from '../shared/time';
import { APPOINTMENT_STATUSES, appointmentsKey, CALENDAR_DAYS, weekQuery } from './appointments.api';

const AppointmentDialog = lazy(() => import('./appointment-dialog'));
const AppointmentHistoryDialog = lazy(() => import('./appointment-history'));

function vehicleText(a: Appointment): string {
  return [a.vehicleInfo.make, a.vehicleInfo.model].filter(Boolean).join(' ');
}

function AppointmentRow({
  appointment: a,
  canEdit,
  onEdit,
}: {
  appointment: Appointment;
  canEdit: boolean;
  onEdit: (a: Appointment) => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const format = useFormatters();
  const dash = <span className="text-muted-foreground">—</span>;
  const vehicle = vehicleText(a);
  return (
    <TableRow data-testid="appointment-row" data-number={a.appointmentNumber}>
      <TableCell className="whitespace-nowrap font-medium">
        <bdi dir="ltr">{a.appointmentNumber}</bdi>
        <span className="mt-1 block md:hidden">
          <AppointmentStatusBadge status={a.status} />
        </span>
      </TableCell>
      <TableCell className="font-medium">
        <bdi>{fullName(a.customerName)}</bdi>
        {/* On a phone the phone number, vehicle and service fold under the customer. */}
        <span className="block text-xs font-normal text-muted-foreground md:hidden">
          <bdi dir="ltr">{a.customerPhone}</bdi>
          <span className="block">
            {vehicle ? (
              <>
                <bdi>{vehicle}</bdi> ·{' '}
              </>
            ) : null}
            {t(`serviceTypes.${a.serviceType}`)}
          </span>
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        <bdi dir="ltr">{a.customerPhone}</bdi>
      </TableCell>
      <TableCell className="hidden min-w-32 md:table-cell">
        {vehicle || a.vehicleInfo.plateNumber ? (
          <>
            <span className="block">
              <bdi>{vehicle}</bdi>
            </span>
            <span className="block text-xs text-muted-foreground" dir="ltr">
              <bdi>{a.vehicleInfo.plateNumber}</bdi>
            </span>
          </>
        ) : (
          dash
        )}
      </TableCell>
      <TableCell className="hidden md:table-cell">{t(`serviceTypes.${a.serviceType}`)}</TableCell>
      <TableCell className="md:whitespace-nowrap">
        {format.date(a.scheduledDate)} <span className="tabular-nums">{formatClock(a.scheduledTime, i18n.language)}</span>
        <span className="block text-xs tabular-nums text-muted-foreground md:hidden">
          {t('minutes', { n: formatNumber(a.duration, i18n.language) })}
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">
        {t('minutes', { n: formatNumber(a.duration, i18n.language) })}
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <AppointmentStatusBadge status={a.status} />
      </TableCell>
      <TableCell className="text-end">
        {canEdit ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(a)}
            aria-label={t('editNamed', { name: a.appointmentNumber })}
            data-testid="edit-appointment"
          >
            <Pencil aria-hidden />
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onEdit(a)}
            aria-label={t('historyNamed', { name: a.appointmentNumber })}
            data-testid="appointment-history-button"
          >
            <History aria-hidden />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function ListTab({ canEdit, onEdit, onAdd }: { canEdit: boolean; onEdit: (a: Appointment) => void; onAdd: () => void }) {
  const { t } = useTranslation('appointments');
  const tenantId = useTenantId();
  const { text: q, setText: setQ, status, setStatus, filter, filtered } = useListFilter();
  const list = usePagedList<Appointment>(appointmentsKey(tenantId, filter), { enabled: tenantId > 0 });

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        search={{ value: q, onChange: setQ, label: t('search'), placeholder: t('searchPlaceholder'), testId: 'appointments-search' }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={APPOINTMENT_STATUSES}
            text={(s) => t(`status.${s}`)}
            testId="appointments-status-filter"
          />
        }
      />
      <PagedTable
        list={list}
        testId="appointments"
        columns={[
          { label: t('table.number') },
          { label: t('table.customer') },
          { label: t('table.phone'), at: 'md' },
          { label: t('table.vehicle'), at: 'md' },
          { label: t('table.service'), at: 'md' },
          { label: t('table.dateTime') },
          { label: t('table.duration'), at: 'md' },
          { label: t('table.status'), at: 'md' },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(a) => <AppointmentRow key={a.id} appointment={a} canEdit={canEdit} onEdit={onEdit} />}
        empty={emptyView(
          filtered,
          {
            icon: CalendarClock,
            title: t('empty.title'),
            body: canEdit ? t('empty.body') : t('empty.bodyReadOnly'),
            action: canEdit && <AddButton label={t('add')} onClick={onAdd} testId="empty-add-appointment" />,
          },
          t,
        )}
        t={t}
        namespace="appointments"
      />
    </div>
  );
}

/** 7 columns starting today (the workshop's day); in Arabic the grid runs right to left. */
function CalendarTab({ onEdit }: { onEdit: (a: Appointment) => void }) {
  const { t, i18n } = useTranslation('appointments');
  const tenantId = useTenantId();
  const format = useFormatters();
  const today = todayIn(format.timeZone);
  const days = dayWindow(today, CALENDAR_DAYS);
  const week = useQuery({ ...weekQuery(tenantId, today, addDays(today, CALENDAR_DAYS - 1)), enabled: tenantId > 0 });
  const byDay = new Map<string, Appointment[]>();
  for (const a of week.data ?? []) byDay.set(a.scheduledDate, [...(byDay.get(a.scheduledDate) ?? []), a]);

  if (week.isError) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="calendar-error">
        <p className="font-medium">{t('loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{failureText(week.error, t, 'appointments', t('fetchFailed'))}</p>
        <Button variant="outline" onClick={() => void week.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-7" data-testid="appointments-calendar">
      {days.map((day) => {
        const items = (byDay.get(day) ?? []).sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
        return (
          <Card
            key={day}
            className={cn('flex min-h-40 flex-col gap-2 p-2', day === today && 'border-primary/60')}
            data-testid="calendar-day"
            data-date={day}
          >
            <div className="flex items-baseline justify-between gap-1 border-b pb-1">
              <span className="text-sm font-semibold">{formatWeekday(day, i18n.language)}</span>
              <span className="text-xs text-muted-foreground">
                {day === today ? t('calendar.today') : ''} {formatDayMonth(day, i18n.language)}
              </span>
            </div>
            {week.isLoading ? (
              <Skeleton className="h-12" />
            ) : items.length === 0 ? (
              <p className="py-2 text-center text-xs text-muted-foreground">{t('calendar.none')}</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {items.map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      onClick={() => onEdit(a)}
                      className="flex w-full flex-col gap-0.5 rounded-md border bg-muted/40 p-1.5 text-start text-xs hover:bg-accent"
                      data-testid="calendar-appointment"
                      data-number={a.appointmentNumber}
                    >
                      <span className="flex items-center justify-between gap-1">
                        <span className="font-semibold tabular-nums">{formatClock(a.scheduledTime, i18n.language)}</span>
                        <AppointmentStatusBadge status={a.status} />
                      </span>
                      <bdi className="truncate font-medium">{fullName(a.customerName)}</bdi>
                      <span className="truncate text-muted-foreground">{t(`serviceTypes.${a.serviceType}`)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </div>
  );
}

/** /appointments: a list tab (search, status, table, paging) and a 7-day calendar starting today; the New/Edit dialog. */
export default function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  const canEdit = usePermissions().canEditWorkshopData;
  const [tab, setTab] = useState<'list' | 'calendar'>('list');
  const [dialog, setDialog] = useState<AppointmentDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'add' }), canEdit);
  // Staff open the edit dialog (with the status history); the others the history alone.
  const onEdit = (appointment: Appointment) => setDialog({ kind: canEdit ? 'edit' : 'history', appointment });
  return (
    <div className="flex flex-col gap-4" data-testid="appointments-page">
      <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            <TabsTrigger value="list" data-testid="tab-list">
              {t('tabs.list')}
            </TabsTrigger>
            <TabsTrigger value="calendar" data-testid="tab-calendar">
              {t('tabs.calendar')}
            </TabsTrigger>
          </TabsList>
          {canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-appointment" />}
        </div>
        <TabsContent value="list">
          <ListTab canEdit={canEdit} onEdit={onEdit} onAdd={() => setDialog({ kind: 'add' })} />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarTab onEdit={onEdit} />
        </TabsContent>
      </Tabs>
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'history' ? (
            <AppointmentHistoryDialog appointment={dialog.appointment} onClose={() => setDialog(null)} />
          ) : (
            <AppointmentDialog state={dialog} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
    </div>
  );
}
