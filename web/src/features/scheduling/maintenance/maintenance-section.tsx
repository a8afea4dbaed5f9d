import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { daysBetween } from '@core/rules/scheduling.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatUnit } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { failureText } from '@/shared/messages';
import { todayIn } from '../shared/time';
import { isOpen, schedulesQuery, vehicleRemindersQuery, type MaintenanceSchedule } from './maintenance.api';
import { ReminderAlerts } from './reminder-alerts';
import type { ScheduleDialogState } from './schedule-dialogs';

const ScheduleDialogs = lazy(() => import('./schedule-dialogs'));

/** "every 10,000 km / 6 months", in the language's words and plural forms. */
export function useIntervalText() {
  const { t } = useTranslation('maintenance');
  const { language } = useFormatters();
  return (s: Pick<MaintenanceSchedule, 'intervalMileage' | 'intervalMonths'>) => {
    const mileage = s.intervalMileage ? formatUnit(s.intervalMileage, 'kilometer', language) : null;
    const months = s.intervalMonths ? formatUnit(s.intervalMonths, 'month', language) : null;
    if (mileage && months) return t('interval.both', { mileage, months });
    return t('interval.every', { what: mileage ?? months ?? '' });
  };
}

/** The date the service falls due: the mileage forecast when mileage comes first, else the time limit. */
export function dueDateOf(s: MaintenanceSchedule): string | null {
  return s.dueBy === 'mileage' ? (s.forecastDueDate ?? s.nextDueDate) : (s.nextDueDate ?? s.forecastDueDate);
}

function dueState(s: MaintenanceSchedule, today: string): 'overdue' | 'soon' | null {
  const due = dueDateOf(s);
  if (!s.isActive || !due) return null;
  const days = daysBetween(today, due);
  if (days < 0) return 'overdue';
  return days <= s.reminderDays ? 'soon' : null;
}

function NextDue({ schedule: s, today }: { schedule: MaintenanceSchedule; today: string }) {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  const state = dueState(s, today);
  const both = s.intervalMileage !== null && s.intervalMonths !== null;
  return (
    <div className="flex flex-col gap-0.5" data-testid="schedule-next-due" data-due={state ?? undefined}>
      <span className={state === 'overdue' ? 'font-medium text-destructive' : state === 'soon' ? 'font-medium text-warning' : undefined}>
        {s.nextDueDate ? <span data-testid="schedule-due-date">{format.date(s.nextDueDate)}</span> : null}
        {s.nextDueDate && s.nextDueMileage !== null ? ' · ' : null}
        {s.nextDueMileage !== null ? (
          <span className="whitespace-nowrap">{t('at', { mileage: formatUnit(s.nextDueMileage, 'kilometer', format.language) })}</span>
        ) : null}
        {!s.nextDueDate && s.nextDueMileage === null ? '—' : null}
        {state && <span className="sr-only"> ({t(`due.${state}`)})</span>}
      </span>
      {s.forecastDueDate && (
        <span className="text-xs text-muted-foreground" title={t('forecastHint')} data-testid="schedule-forecast">
          {t('forecast', { date: format.date(s.forecastDueDate) })}
        </span>
      )}
      {both && s.dueBy && (
        <Badge variant={s.dueBy === 'mileage' ? 'info' : 'neutral'} className="w-fit" data-testid="schedule-first">
          {t(`first.${s.dueBy}`)}
        </Badge>
      )}
    </div>
  );
}

function ScheduleRow({
  schedule: s,
  today,
  canEdit,
  onEdit,
  onRemove,
}: {
  schedule: MaintenanceSchedule;
  today: string;
  canEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  const interval = useIntervalText()(s);
  const last = [
    s.lastServiceDate ? format.date(s.lastServiceDate) : null,
    s.lastServiceMileage !== null ? formatUnit(s.lastServiceMileage, 'kilometer', format.language) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const status = (
    <Badge variant={s.isActive ? 'success' : 'neutral'} data-testid="schedule-status">
      {t(s.isActive ? 'status.active' : 'status.inactive')}
    </Badge>
  );
  return (
    <TableRow data-testid="schedule-row" data-service={s.serviceName} data-active={s.isActive}>
      <TableCell className="min-w-36">
        <span className="block font-medium">
          <bdi>{s.serviceName}</bdi>
        </span>
        {s.description && <span className="block text-xs text-muted-foreground">{s.description}</span>}
        {/* On a phone the interval, last service and status fold under the service. */}
        <span className="mt-1 flex flex-col gap-1 text-xs text-muted-foreground md:hidden">
          <span>{interval}</span>
          {last && <span>{`${t('table.lastService')}: ${last}`}</span>}
          <span>{status}</span>
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell" data-testid="schedule-interval">
        {interval}
      </TableCell>
      <TableCell className="hidden md:table-cell" data-testid="schedule-last">
        {last || <span className="text-muted-foreground">{t('never')}</span>}
      </TableCell>
      <TableCell>
        <NextDue schedule={s} today={today} />
      </TableCell>
      <TableCell className="hidden md:table-cell">{status}</TableCell>
      {canEdit && (
        <TableCell className="text-end">
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={t('actions.editNamed', { name: s.serviceName })}
              data-testid="edit-schedule"
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={onRemove}
              aria-label={t('actions.removeNamed', { name: s.serviceName })}
              data-testid="remove-schedule"
            >
              <Trash2 className="text-destructive" aria-hidden />
            </Button>
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The Maintenance section of a vehicle's view: its open service reminders (dismiss, snooze) and its
 * schedules (due by mileage, months or both, whichever comes first; the mileage forecast), with
 * add, edit and remove for staff.
 */
export default function MaintenanceSection({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation('maintenance');
  const tenantId = useTenantId();
  const canEdit = usePermissions().canEditWorkshopData;
  const format = useFormatters();
  const today = todayIn(format.timeZone);
  const [dialog, setDialog] = useState<ScheduleDialogState | null>(null);
  const schedules = useQuery(schedulesQuery(vehicleId));
  const reminders = useQuery({ ...vehicleRemindersQuery(tenantId, vehicleId), enabled: tenantId > 0 });
  const open = (reminders.data ?? []).filter(isOpen);

  let body;
  let table = null;
  if (schedules.isLoading) {
    body = (
      <div className="flex flex-col gap-2" data-testid="schedules-loading">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (schedules.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center" data-testid="schedules-error">
        <p className="font-medium">{t('loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{failureText(schedules.error, t, 'maintenance')}</p>
        <Button variant="outline" onClick={() => void schedules.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!schedules.data?.length) {
    body = (
      <EmptyState
        icon={CalendarClock}
        title={t('empty.title')}
        body={canEdit ? t('empty.body') : t('empty.bodyReadOnly')}
        testId="schedules-empty"
        action={
          canEdit && (
            <Button variant="outline" onClick={() => setDialog({ kind: 'add', vehicleId })} data-testid="empty-add-schedule">
              <Plus aria-hidden />
              {t('add')}
            </Button>
          )
        }
      />
    );
  } else {
    table = (
      <div className="border-t">
        <Table aria-label={t('table.label')} data-testid="schedules-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('table.service')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('table.interval')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('table.lastService')}</TableHead>
              <TableHead>{t('table.nextDue')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('table.status')}</TableHead>
              {canEdit && (
                <TableHead className="text-end">
                  <span className="sr-only">{t('table.actions')}</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {schedules.data.map((s) => (
              <ScheduleRow
                key={s.id}
                schedule={s}
                today={today}
                canEdit={canEdit}
                onEdit={() => setDialog({ kind: 'edit', vehicleId, schedule: s })}
                onRemove={() => setDialog({ kind: 'remove', schedule: s })}
              />
            ))}
          </TableBody>
        </Table>
      </div>
    );
  }

  return (
    <Card data-testid="maintenance-section">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
            {t('title')}
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        {canEdit && !!schedules.data?.length && (
          <Button variant="outline" onClick={() => setDialog({ kind: 'add', vehicleId })} data-testid="add-schedule">
            <Plus aria-hidden />
            {t('add')}
          </Button>
        )}
      </CardHeader>
      {(body || open.length > 0) && (
        <CardContent className="flex flex-col gap-4">
          <ReminderAlerts reminders={open} today={today} canEdit={canEdit} />
          {body}
        </CardContent>
      )}
      {table}
      {dialog && (
        <Suspense fallback={null}>
          <ScheduleDialogs state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Card>
  );
}
