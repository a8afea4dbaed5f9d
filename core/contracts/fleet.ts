import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { isoDate, optionalText, requiredText, searchQuery } from './fields.ts';
import { FLEET_STATUSES } from './fleet.values.ts';

export { FLEET_STATUSES };

export const fleetStatus = z.enum(FLEET_STATUSES);
/** The service alert covers vehicles whose next service date is 0 to 7 days away (workshop time zone). */
export const FLEET_ALERT_DAYS = 7;

const optionalDate = z
  .union([z.literal(''), isoDate])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));
const optionalInteger = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .preprocess((v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v), schema.nullable())
    .optional();

export const fleetVehicleInput = z.object({
  vehicleId: z.number({ error: 'Vehicle is required' }).int().min(1, 'Vehicle is required'),
  fleetNumber: requiredText(50, 'Fleet number is required'),
  department: optionalText(100),
  status: fleetStatus.default('active'),
  location: optionalText(200),
  fuelLevel: optionalInteger(z.number().int().min(0, 'Fuel level must be at least 0').max(100, 'Fuel level cannot exceed 100')),
  lastServiceDate: optionalDate,
  nextServiceDate: optionalDate,
  nextServiceMileage: optionalInteger(z.number().int().min(1, 'Next service mileage must be positive')),
  notes: optionalText(5000),
});
export type FleetVehicleInput = z.input<typeof fleetVehicleInput>;
export const fleetVehicleUpdateInput = fleetVehicleInput.partial().extend({ status: fleetStatus.optional() });

export const fleetVehicle = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  vehicleId: z.number().int(),
  fleetNumber: z.string(),
  department: z.string().nullable(),
  status: fleetStatus,
  location: z.string().nullable(),
  fuelLevel: z.number().int().nullable(),
  lastServiceDate: z.string().nullable(),
  nextServiceDate: z.string().nullable(),
  nextServiceMileage: z.number().int().nullable(),
  /** Whether next service date and mileage come from the vehicle's maintenance schedules. */
  nextServiceComputed: z.boolean(),
  notes: z.string().nullable(),
  vehicle: z.object({
    id: z.number().int(),
    make: z.string(),
    model: z.string(),
    plateNumber: z.string(),
    mileage: z.number().int().nullable(),
  }),
  /** Pending service reminders of the vehicle. */
  reminderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FleetVehicle = z.infer<typeof fleetVehicle>;

/** `q` matches fleet number, vehicle make, model and plate, department and location. */
export const fleetListQuery = pagingQuery.extend({
  q: searchQuery,
  status: fleetStatus.optional(),
  department: z.string().trim().max(100).optional(),
});
export type FleetListQuery = z.infer<typeof fleetListQuery>;

export const fleetStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  maintenance: z.number().int(),
  outOfService: z.number().int(),
  /** Next service date 0 to 7 days away. */
  dueSoon: z.number().int(),
  departments: z.array(z.string()),
});
export type FleetStats = z.infer<typeof fleetStats>;
