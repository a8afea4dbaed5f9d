import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { BookingStatus } from './bookings.api';

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <StatusBadge kind="booking" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
