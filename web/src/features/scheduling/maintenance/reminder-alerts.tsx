import { useTranslation } from '@/lib/translation';
import { BellOff, BellRing, Check, Clock } from 'lucide-react';
import { formatUnit } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { failureText } from '@/shared/messages';
import { SNOOZE_DAYS, useSetReminderStatus, type ReminderStatus, type ServiceReminder } from './maintenance.api';

/** A reminder in the active language (the server's own title and message are English). */
export function useReminderText() {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  return (reminder: ServiceReminder, today: string) => {
    const title = reminder.serviceName ? t('reminders.title', { service: reminder.serviceName }) : reminder.reminderTitle;
    let detail = reminder.reminderMessage;
    if (reminder.dueDate) {
      const date = format.date(reminder.dueDate);
      if (reminder.dueDate < today) detail = t('reminders.overdue', { date });
      else if (reminder.reminderType === 'mileage' && reminder.dueMileage !== null)
        detail = t('reminders.byMileage', { mileage: formatUnit(reminder.dueMileage, 'kilometer', format.language), date });
      else detail = t('reminders.byDate', { date });
    }
    return { title, detail };
  };
}

/**
 * The vehicle's open reminders (pending, snoozed) as warning alerts; staff dismiss them or snooze
 * them for a week (pending again afterwards), technicians only read them.
 */
export function ReminderAlerts({ reminders, today, canEdit }: { reminders: ServiceReminder[]; today: string; canEdit: boolean }) {
  const { t } = useTranslation('maintenance');
  const format = useFormatters();
  const text = useReminderText();
  const setStatus = useSetReminderStatus();
  const days = formatUnit(SNOOZE_DAYS, 'day', format.language);
  if (reminders.length === 0) return null;

  // The promise, not mutate's callbacks: the last reminder dismissed takes this list off the page,
  // and callbacks of an unmounted observer never run.
  const change = (reminder: ServiceReminder, status: ReminderStatus) =>
    setStatus.mutateAsync({ id: reminder.id, status }).then(
      () =>
        toast({
          variant: 'success',
          title: t('toast.success'),
          description: status === 'snoozed' ? t('toast.snoozed', { days }) : t('toast.dismissed'),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: t('toast.error'),
          description: failureText(error, t, 'maintenance', t('toast.reminderFailed')),
        }),
    );
  const busy = (reminder: ServiceReminder, status: ReminderStatus) =>
    setStatus.isPending && setStatus.variables?.id === reminder.id && setStatus.variables.status === status;

  return (
    <ul className="flex flex-col gap-2" aria-label={t('reminders.label')} data-testid="reminder-alerts">
      {reminders.map((reminder) => {
        const { title, detail } = text(reminder, today);
        const snoozed = reminder.status === 'snoozed';
        return (
          <li
            key={reminder.id}
            className={cn(
              'flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center',
              snoozed ? 'border-border bg-muted/40' : 'border-warning/40 bg-warning/10',
            )}
            data-testid="reminder"
            data-status={reminder.status}
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {snoozed ? (
                <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              ) : (
                <BellRing className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
              )}
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className={cn('font-semibold', !snoozed && 'text-warning')} data-testid="reminder-title">
                  <bdi>{title}</bdi>
                </p>
                <p className="text-sm">{detail}</p>
                {snoozed && reminder.snoozedUntil && (
                  <p className="text-xs text-muted-foreground" data-testid="reminder-snoozed">
                    {t('reminders.snoozedUntil', { date: format.date(reminder.snoozedUntil) })}
                  </p>
                )}
              </div>
            </div>
            {canEdit && (
              <div className="flex gap-2 ps-8 sm:ps-0">
                {!snoozed && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => change(reminder, 'snoozed')}
                    loading={busy(reminder, 'snoozed')}
                    disabled={setStatus.isPending}
                    aria-label={t('reminders.snoozeNamed', { days, title })}
                    data-testid="snooze-reminder"
                  >
                    {!busy(reminder, 'snoozed') && <BellOff aria-hidden />}
                    {t('reminders.snooze', { days })}
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => change(reminder, 'dismissed')}
                  loading={busy(reminder, 'dismissed')}
                  disabled={setStatus.isPending}
                  aria-label={t('reminders.dismissNamed', { title })}
                  data-testid="dismiss-reminder"
                >
                  {!busy(reminder, 'dismissed') && <Check aria-hidden />}
                  {t('reminders.dismiss')}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
