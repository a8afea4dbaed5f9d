import { useState } from 'react';
import { useTranslation } from '@/lib/translation';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { Field } from '@/components/ui/label';
import { CustomerPicker, type CustomerOption } from '@/shared/customer-picker';
import { VehiclePicker } from '@/shared/vehicle-picker';

/**
 * The vehicle an answer is about: searched on the server by plate, VIN, make, model or owner; an
 * optional customer first narrows the search to their vehicles (and is filled in from a picked
 * vehicle). Choosing another customer clears a vehicle that is not theirs.
 */
export function VehicleField({
  idPrefix,
  vehicle,
  onChange,
  optional,
}: {
  idPrefix: string;
  vehicle: Vehicle | null;
  onChange: (vehicle: Vehicle | null) => void;
  /** Shown beside the label when the vehicle may be left out (free-text details instead). */
  optional?: string;
}) {
  const { t } = useTranslation('ai');
  const [customer, setCustomer] = useState<CustomerOption | null>(vehicle?.customer ?? null);
  // A vehicle chosen elsewhere (another tab, the address) brings its owner.
  const [shown, setShown] = useState(vehicle);
  if (shown !== vehicle) {
    setShown(vehicle);
    if (vehicle && customer?.id !== vehicle.customerId) setCustomer(vehicle.customer);
  }
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
      <Field id={`${idPrefix}-customer`} label={t('fields.customer')} optional={t('fields.optional')}>
        <CustomerPicker
          id={`${idPrefix}-customer`}
          value={customer?.id ?? null}
          selected={customer}
          clearable
          onChange={(id, next) => {
            setCustomer(id === null ? null : next);
            if (vehicle && id !== null && vehicle.customerId !== id) onChange(null);
          }}
          testId={`${idPrefix}-customer`}
        />
      </Field>
      <Field id={`${idPrefix}-vehicle`} label={t('fields.vehicle')} optional={optional}>
        <VehiclePicker
          id={`${idPrefix}-vehicle`}
          value={vehicle}
          customerId={customer?.id ?? null}
          onSelect={(next) => {
            setCustomer(next.customer);
            onChange(next);
          }}
          testId={`${idPrefix}-vehicle`}
        />
      </Field>
    </div>
  );
}
