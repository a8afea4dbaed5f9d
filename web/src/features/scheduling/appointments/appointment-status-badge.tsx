import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { AppointmentStatus } from './appointments.api';

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('appointments');
  return (
    <StatusBadge kind="appointment" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
