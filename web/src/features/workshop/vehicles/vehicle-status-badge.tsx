import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { VehicleStatus } from './vehicles.api';

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  const { t } = useTranslation('vehicles');
  return (
    <StatusBadge kind="vehicle" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
