import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useTenantId } from '@/lib/auth';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** At most this many vehicles of one customer are listed (one read). */
export const CUSTOMER_VEHICLES_LIMIT = 500;

/** GET /api/tenants/:tenantId/vehicles?customerId=..: the vehicles of one customer. */
export const customerVehiclesKey = (tenantId: number, customerId: number) =>
  ['/api/tenants', tenantId, 'vehicles', { customerId, limit: CUSTOMER_VEHICLES_LIMIT }] as const;

export function vehicleLabel(vehicle: Pick<Vehicle, 'make' | 'model' | 'plateNumber'> & { year?: number }): string {
  return `${vehicle.make} ${vehicle.model}${vehicle.year ? ` (${vehicle.year})` : ''} · ${vehicle.plateNumber}`;
}

/**
 * The vehicle of a job card, booking or estimate: disabled until a customer is chosen, then only
 * that customer's vehicles (common:pickers.vehicle).
 */
export function VehicleSelect({
  id,
  customerId,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  fallback,
  testId = 'vehicle-select',
}: {
  id: string;
  customerId: number | null;
  value: number | null;
  onChange: (vehicleId: number | null, vehicle?: Vehicle) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The current vehicle as a list row shows it, until the customer's list arrives. */
  fallback?: Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const { data, isLoading, isError } = useQuery<Vehicle[]>({
    queryKey: customerVehiclesKey(tenantId, customerId ?? 0),
    enabled: !!customerId && tenantId > 0,
  });
  const vehicles = data ?? [];
  const noCustomer = !customerId;
  const none = !!customerId && !isLoading && !isError && vehicles.length === 0;
  let placeholder = t('pickers.vehicle.placeholder');
  if (noCustomer) placeholder = t('pickers.vehicle.chooseCustomerFirst');
  else if (isLoading) placeholder = t('status.loading');
  else if (isError) placeholder = t('pickers.vehicle.failed');
  else if (none) placeholder = t('pickers.vehicle.none');
  const showFallback = !!fallback && fallback.id === value && !vehicles.some((v) => v.id === value);

  return (
    <Select
      // A new customer starts a new choice: the old value must not linger in Radix's state.
      key={customerId ?? 'none'}
      value={value ? String(value) : ''}
      onValueChange={(next) => {
        const vehicle = vehicles.find((v) => String(v.id) === next);
        onChange(next ? Number(next) : null, vehicle);
      }}
      disabled={disabled || noCustomer || none}
    >
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} data-testid={testId}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {showFallback && fallback && <SelectItem value={String(fallback.id)}>{vehicleLabel(fallback)}</SelectItem>}
        {vehicles.map((vehicle) => (
          <SelectItem key={vehicle.id} value={String(vehicle.id)}>
            {vehicleLabel(vehicle)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
