import type { Vehicle, VehicleInput, VehicleStatus } from './vehicles.api';

/** The vehicle form's fields as typed (numbers as text until sent). */
export type VehicleFormValues = {
  customerId: number | null;
  make: string;
  model: string;
  year: string;
  plateNumber: string;
  vin: string;
  color: string;
  mileage: string;
  status: VehicleStatus;
  notes: string;
};
export const VEHICLE_FIELDS = ['customerId', 'make', 'model', 'year', 'plateNumber', 'vin', 'color', 'mileage', 'status', 'notes'] as const;

export function vehicleValuesOf(vehicle?: Vehicle, customerId?: number | null): VehicleFormValues {
  return {
    customerId: vehicle?.customerId ?? customerId ?? null,
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    year: vehicle ? String(vehicle.year) : '',
    plateNumber: vehicle?.plateNumber ?? '',
    vin: vehicle?.vin ?? '',
    color: vehicle?.color ?? '',
    mileage: vehicle?.mileage === null || vehicle?.mileage === undefined ? '' : String(vehicle.mileage),
    status: vehicle?.status ?? 'active',
    notes: vehicle?.notes ?? '',
  };
}

type Loose = { [K in keyof VehicleFormValues]?: VehicleFormValues[K] | number | null };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
/** Whole numbers typed in a form; anything not numeric reads as 0 (spec section 5). */
const whole = (v: unknown) => {
  const n = Number(text(v));
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/**
 * The form's values as the API takes them (also what the form validates): VIN upper-cased,
 * blank optional texts and a blank mileage cleared (null), no customer -> missing.
 */
export function vehiclePayloadOf(values: Loose): VehicleInput {
  const optional = (v: unknown) => text(v) || null;
  return {
    customerId: values.customerId ? Number(values.customerId) : (undefined as unknown as number),
    make: text(values.make),
    model: text(values.model),
    year: whole(values.year),
    plateNumber: text(values.plateNumber),
    vin: optional(values.vin)?.toUpperCase() ?? null,
    color: optional(values.color),
    mileage: text(values.mileage) === '' ? null : whole(values.mileage),
    status: (values.status as VehicleStatus | undefined) ?? 'active',
    notes: optional(values.notes),
  };
}
