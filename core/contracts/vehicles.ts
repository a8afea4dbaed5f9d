import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { formInteger, optionalText, requiredText, searchQuery } from './fields.ts';
import { VIN_LENGTH, vinProblem } from '../rules/vin.ts';
import { VEHICLE_STATUSES } from './vehicles.values.ts';

export { VEHICLE_STATUSES };

export const vehicleStatus = z.enum(VEHICLE_STATUSES);
export const VEHICLE_YEAR_MIN = 1900;
/** The newest model year accepted: next year's models are on sale this year. */
export const vehicleYearMax = (now = new Date()) => now.getFullYear() + 1;
export const vehicleYearMessage = (now = new Date()) => `Year must be between ${VEHICLE_YEAR_MIN} and ${vehicleYearMax(now)}`;

/** An empty form field is a missing value ("Required"), not a number. */
const emptyAs = (value: undefined | null) => (v: unknown) => (v === '' ? value : v);

const year = z.preprocess(
  emptyAs(undefined),
  formInteger.superRefine((value, ctx) => {
    if (value < VEHICLE_YEAR_MIN || value > vehicleYearMax()) ctx.addIssue({ code: 'custom', message: vehicleYearMessage() });
  }),
);

/**
 * A VIN: trimmed and upper-cased; empty or missing means none. A 17-character VIN is checked
 * (allowed characters, the North-American check digit: core/rules/vin.ts); a shorter one is an
 * older vehicle's number, taken as given.
 */
export const vinField = z
  .string()
  .trim()
  .toUpperCase()
  .max(VIN_LENGTH, `Must be at most ${VIN_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const problem = vinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

export const vehicleInput = z.object({
  customerId: z.number({ error: 'Customer is required' }).int().min(1, 'Customer is required'),
  make: requiredText(100, 'Make is required'),
  model: requiredText(100, 'Model is required'),
  year,
  plateNumber: requiredText(50, 'Plate number is required'),
  vin: vinField,
  color: optionalText(50),
  /** Empty means unknown (null). */
  mileage: z.preprocess(
    emptyAs(null),
    formInteger.pipe(z.number().min(0, 'Mileage must be 0 or greater').max(10_000_000)).nullable().optional(),
  ),
  status: vehicleStatus.default('active'),
  notes: optionalText(5000),
});
export type VehicleInput = z.input<typeof vehicleInput>;
export const vehicleUpdateInput = vehicleInput.partial().extend({ status: vehicleStatus.optional() });

export const vehicle = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  customerId: z.number().int(),
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), phone: z.string() }),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  plateNumber: z.string(),
  vin: z.string().nullable(),
  color: z.string().nullable(),
  mileage: z.number().int().nullable(),
  status: vehicleStatus,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicle>;

/** `q` matches make, model, plate, VIN, the customer's full name and the year. */
export const vehicleListQuery = pagingQuery.extend({
  q: searchQuery,
  customerId: z.coerce.number().int().positive().optional(),
  status: vehicleStatus.optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuery>;

export const serviceHistoryEntry = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  jobCardId: z.number().int().nullable(),
  jobNumber: z.string().nullable(),
  serviceDate: z.string(),
  serviceType: z.string(),
  description: z.string().nullable(),
  mileageAtService: z.number().int().nullable(),
  cost: z.string().nullable(),
  performedBy: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ServiceHistoryEntry = z.infer<typeof serviceHistoryEntry>;

/** What GET /api/vin/:vin answers: `decodeVin` of core/rules/vin.ts. */
export const vinDecoded = z.object({
  vin: z.string(),
  valid: z.boolean(),
  error: z.string().nullable(),
  /** Whether position 9 is right (reported for every 17-character VIN, enforced for North-American ones); null otherwise. */
  checkDigitValid: z.boolean().nullable(),
  manufacturer: z.string().nullable(),
  country: z.string().nullable(),
  /** Africa, Asia, Europe, North America, Oceania or South America. */
  region: z.string().nullable(),
  modelYear: z.number().int().nullable(),
});
export type VinDecoded = z.infer<typeof vinDecoded>;
