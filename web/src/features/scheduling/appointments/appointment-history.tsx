import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { DialogFrame } from '@/shared/dialog-frame';
import { ArrowRight, History } from 'lucide-react';
import type { Appointment } from '@core/contracts/appointments.ts';
import { useTenantId } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/shared/messages';
import { statusHistoryQuery } from './appointments.api';
import { AppointmentStatusBadge } from './appointment-status-badge';

/** An appointment's status changes as a short timeline, newest first: from → to, who, when, why. */
export function StatusTimeline({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation('appointments');
  const tenantId = useTenantId();
  const format = useFormatters();
  const history = useQuery({ ...statusHistoryQuery(tenantId, appointmentId), enabled: tenantId > 0 });

  let body;
  if (history.isLoading) {
    body = <Skeleton className="h-16" />;
  } else if (history.isError) {
    body = <p className="text-sm text-muted-foreground">{failureText(history.error, t, 'appointments', t('history.failed'))}</p>;
  } else if (!history.data?.length) {
    body = <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  } else {
    body = (
      <ol className="flex flex-col gap-3 border-s ps-4" data-testid="status-history">
        {[...history.data].reverse().map((entry) => (
          <li
            key={entry.id}
            className="relative flex flex-col gap-1"
            data-testid="status-history-entry"
            data-from={entry.fromStatus ?? ''}
            data-to={entry.toStatus}
          >
            <span
              className="absolute -start-[1.3rem] top-1.5 size-2.5 rounded-full border-2 border-card bg-primary ring-2 ring-primary/20"
              aria-hidden
            />
            <div className="flex flex-wrap items-center gap-1.5 text-sm">
              {entry.fromStatus ? (
                <>
                  <AppointmentStatusBadge status={entry.fromStatus} />
                  <ArrowRight className="size-3.5 text-muted-foreground rtl:-scale-x-100" aria-label={t('history.to')} />
                  <AppointmentStatusBadge status={entry.toStatus} />
                </>
              ) : (
                <>
                  <span>{t('history.created')}</span>
                  <AppointmentStatusBadge status={entry.toStatus} />
                </>
              )}
            </div>
            <p className="text-xs text-muted-foreground">
              {entry.changedBy
                ? t('history.byWhen', { name: entry.changedBy.name, when: format.dateTime(entry.createdAt) })
                : format.dateTime(entry.createdAt)}
            </p>
            {entry.notes && (
              <p className="whitespace-pre-wrap text-sm" data-testid="status-history-note">
                <bdi>{entry.notes}</bdi>
              </p>
            )}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby={`apt-history-${appointmentId}`} className="flex flex-col gap-2" data-testid="appointment-history">
      <h3 id={`apt-history-${appointmentId}`} className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden />
        {t('history.title')}
      </h3>
      {body}
    </section>
  );
}

/** For those who read appointments without editing them: the status history on its own. */
export default function AppointmentHistoryDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  return (
    <DialogFrame
      title={<>{t('history.dialogTitle', { number: appointment.appointmentNumber })}</>}
      description={
        <>
          <bdi>{fullName(appointment.customerName)}</bdi> · {t(`serviceTypes.${appointment.serviceType}`)}
        </>
      }
      testId="appointment-history-dialog"
      onClose={onClose}
    >
      <StatusTimeline appointmentId={appointment.id} />
    </DialogFrame>
  );
}
