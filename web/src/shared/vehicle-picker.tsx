import { useTranslation } from '@/lib/translation';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useTenantId } from '@/lib/auth';
import { fullName } from '@/lib/utils';
import { ServerCombobox } from '@/components/ui/server-combobox';

/** How many matches the picker shows; typing narrows them on the server. */
export const VEHICLE_PICKER_LIMIT = 20;

/** What the picker shows of the chosen vehicle; a full Vehicle fits. */
export type VehicleOption = Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber'> & Partial<Pick<Vehicle, 'year'>>;

/** GET /api/tenants/:tenantId/vehicles?q&customerId&limit=20: make, model, plate, VIN, owner, year. */
export const vehicleSearchKey = (tenantId: number, q: string, customerId?: number | null) =>
  ['/api/tenants', tenantId, 'vehicles', { q: q || undefined, customerId: customerId || undefined, limit: VEHICLE_PICKER_LIMIT }] as const;

/**
 * Any vehicle of the workshop, found by searching on the server (make, model, plate, VIN, the
 * owner's name), optionally only one customer's (common:pickers.vehicleSearch). Plates and VINs
 * are isolated so they read left to right inside Arabic.
 */
export function VehiclePicker({
  id,
  value,
  onSelect,
  customerId,
  disabled,
  invalid,
  describedBy,
  testId = 'vehicle-picker',
}: {
  id: string;
  /** The chosen vehicle, or null. */
  value: VehicleOption | null;
  onSelect: (vehicle: Vehicle) => void;
  /** Only this customer's vehicles. */
  customerId?: number | null;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  return (
    <ServerCombobox<Vehicle>
      id={id}
      testId={testId}
      selectedId={value?.id ?? null}
      selectedLabel={
        value ? (
          <span>
            <bdi>{`${value.make} ${value.model}`}</bdi> · <bdi dir="ltr">{value.plateNumber}</bdi>
          </span>
        ) : null
      }
      queryKey={(q) => vehicleSearchKey(tenantId, q, customerId)}
      itemId={(vehicle) => vehicle.id}
      renderItem={(vehicle) => ({
        text: `${vehicle.make} ${vehicle.model} ${vehicle.plateNumber}`,
        label: (
          <span>
            <bdi>{`${vehicle.make} ${vehicle.model}`}</bdi> <span className="text-muted-foreground">({vehicle.year})</span>
          </span>
        ),
        description: (
          <span>
            <bdi dir="ltr">{vehicle.plateNumber}</bdi> · <bdi>{fullName(vehicle.customer.firstName, vehicle.customer.lastName)}</bdi>
          </span>
        ),
      })}
      onSelect={onSelect}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      texts={{
        placeholder: t('pickers.vehicleSearch.placeholder'),
        search: t('pickers.vehicleSearch.search'),
        empty: t('pickers.vehicleSearch.empty'),
        loading: t('status.loading'),
        failed: t('pickers.vehicle.failed'),
      }}
    />
  );
}
