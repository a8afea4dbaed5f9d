import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { VehicleStatus } from './vehicles.api';

/** One colour per vehicle status, the same on every screen. */
export const VEHICLE_STATUS_VARIANT: Record<VehicleStatus, BadgeVariant> = {
  active: 'success',
  in_service: 'info',
  inactive: 'neutral',
};

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  const { t } = useTranslation('vehicles');
  return (
    <Badge variant={VEHICLE_STATUS_VARIANT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
