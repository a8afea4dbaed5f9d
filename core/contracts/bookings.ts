import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { isoDateTimeWithin, optionalText, requiredText, searchQuery } from './fields.ts';
import { BOOKING_STATUSES } from './bookings.values.ts';

export { BOOKING_STATUSES };

export const bookingStatus = z.enum(BOOKING_STATUSES);
/** The upcoming card covers the next 7 days (workshop time zone). */
export const UPCOMING_DAYS = 7;
export const DEFAULT_BOOKING_MINUTES = 60;

const bookingFields = z.object({
  customerId: z.number({ error: 'Customer is required' }).int().min(1, 'Customer is required'),
  vehicleId: z.number({ error: 'Vehicle is required' }).int().min(1, 'Vehicle is required'),
  serviceType: requiredText(100, 'Service type is required'),
  /** A day of room: the booking ends up to 24 hours after it starts. */
  scheduledDate: isoDateTimeWithin(1, 'Scheduled date is required'),
  status: bookingStatus.default('scheduled'),
  notes: optionalText(5000),
  /** The technician doing it (optional): conflicts are checked against their other work. */
  technicianId: z.number().int().positive().nullable().optional(),
  duration: z.coerce
    .number()
    .int()
    .min(15, 'Duration must be at least 15 minutes')
    .max(24 * 60)
    .default(DEFAULT_BOOKING_MINUTES),
});
/** On creation only, the date must be after now. */
export const bookingInput = bookingFields.refine((b) => Date.parse(b.scheduledDate) > Date.now(), {
  message: 'Scheduled date must be in the future',
  path: ['scheduledDate'],
});
export type BookingInput = z.input<typeof bookingInput>;
/** An edit: the full booking, or only the status for the inline change. */
export const bookingUpdateInput = bookingFields.partial().extend({
  status: bookingStatus.optional(),
  duration: z.coerce
    .number()
    .int()
    .min(15, 'Duration must be at least 15 minutes')
    .max(24 * 60)
    .optional(),
});

export const conflict = z.object({
  kind: z.enum(['booking', 'appointment', 'shift_assignment', 'task']),
  id: z.number().int(),
  label: z.string(),
  start: z.string(),
  end: z.string(),
});
export type Conflict = z.infer<typeof conflict>;

export const booking = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  customerId: z.number().int(),
  vehicleId: z.number().int(),
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  vehicle: z.object({ id: z.number().int(), make: z.string(), model: z.string(), plateNumber: z.string() }),
  serviceType: z.string(),
  scheduledDate: z.string(),
  duration: z.number().int(),
  status: bookingStatus,
  technicianId: z.number().int().nullable(),
  technician: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof booking>;
/** A create or update answers the booking and any overlaps with the technician's other work (allowed, shown as a warning). */
export const bookingSaved = booking.extend({ conflicts: z.array(conflict) });

/** `q` matches service type, customer first or last name, vehicle make or model. */
export const bookingListQuery = pagingQuery.extend({
  q: searchQuery,
  status: bookingStatus.optional(),
  customerId: z.coerce.number().int().positive().optional(),
  vehicleId: z.coerce.number().int().positive().optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuery>;
