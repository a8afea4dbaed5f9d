import { z } from '../zod.ts';
import { isoDateWithin, optionalText, requiredText } from './fields.ts';
import { REMINDER_STATUSES } from './maintenance.values.ts';

export { REMINDER_STATUSES };

/** The longest intervals a schedule takes: 20 years, a million km or miles. */
export const MAX_INTERVAL_MONTHS = 240;
export const MAX_INTERVAL_MILEAGE = 1_000_000;

const positive = (message: string, max: number) =>
  z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number()
        .int()
        .min(1, message)
        .max(max, `Must be at most ${max.toLocaleString('en-US')}`)
        .nullable(),
    )
    .optional();

/** Due every `intervalMileage` km/mi, every `intervalMonths` months, or both (whichever comes first). */
export const maintenanceScheduleInput = z
  .object({
    serviceName: requiredText(200, 'Service name is required'),
    description: optionalText(2000),
    intervalMileage: positive('Mileage interval must be positive', MAX_INTERVAL_MILEAGE),
    intervalMonths: positive('Month interval must be positive', MAX_INTERVAL_MONTHS),
    /** Room for the longest interval after it, so the next due date stays a date. */
    lastServiceDate: isoDateWithin(Math.ceil(MAX_INTERVAL_MONTHS * 31))
      .nullable()
      .optional(),
    lastServiceMileage: z.number().int().min(0).max(10_000_000, 'Must be at most 10,000,000').nullable().optional(),
    /** Days before the due date (or the mileage equivalent) a reminder is raised. */
    reminderDays: z.number().int().min(0).max(365).default(14),
    isActive: z.boolean().default(true),
  })
  .refine((s) => Boolean(s.intervalMileage) || Boolean(s.intervalMonths), {
    message: 'Give a mileage interval, a month interval or both',
    path: ['intervalMileage'],
  });

export const maintenanceSchedule = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  serviceName: z.string(),
  description: z.string().nullable(),
  intervalMileage: z.number().int().nullable(),
  intervalMonths: z.number().int().nullable(),
  lastServiceDate: z.string().nullable(),
  lastServiceMileage: z.number().int().nullable(),
  nextDueDate: z.string().nullable(),
  nextDueMileage: z.number().int().nullable(),
  /** The date the due mileage is forecast to be reached, from the vehicle's average daily mileage. */
  forecastDueDate: z.string().nullable(),
  /** Which limit comes first. */
  dueBy: z.enum(['date', 'mileage']).nullable(),
  reminderDays: z.number().int(),
  isActive: z.boolean(),
});
export type MaintenanceSchedule = z.infer<typeof maintenanceSchedule>;

/** A snoozed reminder is pending again after this many days (in the workshop's calendar). */
export const SNOOZE_DAYS = 7;
export const serviceReminder = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  maintenanceScheduleId: z.number().int().nullable(),
  reminderType: z.enum(['date', 'mileage']),
  reminderTitle: z.string(),
  reminderMessage: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(REMINDER_STATUSES),
  /** While snoozed: the day it becomes pending again. */
  snoozedUntil: z.string().nullable(),
  /** The vehicle it is for (make, model, plate), so a list of reminders can name it. */
  vehicle: z.object({ make: z.string(), model: z.string(), plateNumber: z.string() }),
  /** Its schedule's service and due mileage, so a screen can word the reminder in its own language. */
  serviceName: z.string().nullable(),
  dueMileage: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ServiceReminder = z.infer<typeof serviceReminder>;
