import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { isoDate, isoDateWithin, optionalEmail, optionalText, requiredText, searchQuery, text } from './fields.ts';
import { conflict } from './bookings.ts';
import { APPOINTMENT_STATUSES, APPOINTMENT_SERVICE_TYPES, APPOINTMENT_NUMBER_PATTERN } from './appointments.values.ts';

export { APPOINTMENT_STATUSES, APPOINTMENT_SERVICE_TYPES, APPOINTMENT_NUMBER_PATTERN };

export const appointmentStatus = z.enum(APPOINTMENT_STATUSES);
export const APPOINTMENT_NUMBER_MESSAGE = 'Appointment number must be in format APT-XXXXXX';
export const APPOINTMENT_MIN_MINUTES = 15;
export const APPOINTMENT_DEFAULT_MINUTES = 60;
export const APPOINTMENT_DEFAULT_TIME = '09:00';
export const CALENDAR_DAYS = 7;
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const vehicleInfo = z.object({
  make: text(100).optional().default(''),
  model: text(100).optional().default(''),
  plateNumber: text(50).optional().default(''),
});
export type VehicleInfo = z.infer<typeof vehicleInfo>;
/** The spec warns vehicleInfo may arrive as a JSON string: both are read. */
const vehicleInfoInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, vehicleInfo);

const appointmentFields = z.object({
  /** Omitted: the server allocates the next free number. */
  appointmentNumber: z.string().trim().regex(APPOINTMENT_NUMBER_PATTERN, APPOINTMENT_NUMBER_MESSAGE).optional(),
  status: appointmentStatus.default('pending'),
  customerName: requiredText(200, 'Customer name is required'),
  customerPhone: requiredText(20, 'Phone is required'),
  customerEmail: optionalEmail(),
  /** A customer record, when the appointment is for a known customer. */
  customerId: z.number().int().positive().nullable().optional(),
  vehicleId: z.number().int().positive().nullable().optional(),
  vehicleInfo: vehicleInfoInput.default({ make: '', model: '', plateNumber: '' }),
  serviceType: z.enum(APPOINTMENT_SERVICE_TYPES, { error: 'Service type is required' }),
  description: optionalText(5000),
  /** A day of room: the appointment ends up to 24 hours after it starts. */
  scheduledDate: isoDateWithin(1, 'Date is required'),
  scheduledTime: z.string().regex(HHMM, 'Time must be in HH:MM format').default(APPOINTMENT_DEFAULT_TIME),
  duration: z.coerce
    .number()
    .int()
    .min(APPOINTMENT_MIN_MINUTES, 'Duration must be at least 15 minutes')
    .max(24 * 60)
    .default(APPOINTMENT_DEFAULT_MINUTES),
  assignedTo: z.number().int().positive().nullable().optional(),
  notes: optionalText(5000),
});
export const appointmentInput = appointmentFields;
export type AppointmentInput = z.input<typeof appointmentInput>;
export const appointmentUpdateInput = appointmentFields
  .omit({ appointmentNumber: true })
  .partial()
  .extend({
    status: appointmentStatus.optional(),
    scheduledTime: z.string().regex(HHMM, 'Time must be in HH:MM format').optional(),
    duration: z.coerce
      .number()
      .int()
      .min(APPOINTMENT_MIN_MINUTES, 'Duration must be at least 15 minutes')
      .max(24 * 60)
      .optional(),
    vehicleInfo: vehicleInfoInput.optional(),
    /** Why the status changed (kept in the status history). */
    statusNote: text(500).optional(),
  });

export const appointment = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  appointmentNumber: z.string(),
  status: appointmentStatus,
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string().nullable(),
  customerId: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  /** As saved: the input's defaults and trimming were applied then (a plain schema: answers are compiled, plugins/response-serializer.ts). */
  vehicleInfo: z.object({ make: z.string(), model: z.string(), plateNumber: z.string() }),
  serviceType: z.enum(APPOINTMENT_SERVICE_TYPES),
  description: z.string().nullable(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  duration: z.number().int(),
  assignedTo: z.number().int().nullable(),
  technician: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointment>;
export const appointmentSaved = appointment.extend({ conflicts: z.array(conflict) });

export const statusHistoryEntry = z.object({
  id: z.number().int(),
  fromStatus: appointmentStatus.nullable(),
  toStatus: appointmentStatus,
  changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntry>;

/** `q` matches number, customer name, phone, plate; `from`/`to` bound the date (the calendar's week). */
export const appointmentListQuery = pagingQuery.extend({
  q: searchQuery,
  status: appointmentStatus.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>;
