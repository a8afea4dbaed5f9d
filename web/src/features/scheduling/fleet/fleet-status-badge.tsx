import { useTranslation } from '@/lib/translation';
import type { FleetVehicle } from '@core/contracts/fleet.ts';
import { StatusBadge } from '@/shared/status-badge';

export function FleetStatusBadge({ status }: { status: FleetVehicle['status'] }) {
  const { t } = useTranslation('fleet');
  return (
    <StatusBadge kind="fleet" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
