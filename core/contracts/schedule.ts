import { z } from '../zod.ts';
import { isoDateWithin } from './fields.ts';

/** The most days one schedule call covers. */
export const SCHEDULE_MAX_DAYS = 31;
export const SCHEDULE_EVENT_KINDS = ['booking', 'appointment', 'task', 'shift'] as const;
export const scheduleQuery = z.object({
  /** First day shown (yyyy-MM-dd, workshop time zone); defaults to today; room for the longest view's end (the day after its last). */
  from: isoDateWithin(SCHEDULE_MAX_DAYS).optional(),
  /** 1 for the day view, 7 for the week. */
  days: z.coerce.number().int().min(1).max(SCHEDULE_MAX_DAYS).default(7),
  /** A page of technicians (by name): a large workshop's week is shown a page at a time. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ScheduleQuery = z.output<typeof scheduleQuery>;

export const scheduleEvent = z.object({
  kind: z.enum(SCHEDULE_EVENT_KINDS),
  id: z.number().int(),
  /** The technician row the event belongs to (for shifts: the technician linked to the employee). */
  technicianId: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.string(),
  /** Overlaps another event of the same technician. */
  conflict: z.boolean(),
});
export type ScheduleEvent = z.infer<typeof scheduleEvent>;

export const schedule = z.object({
  from: z.string(),
  days: z.array(z.string()),
  timeZone: z.string(),
  technicians: z.array(
    z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), userId: z.number().int().nullable() }),
  ),
  /** Active technicians in all: more pages follow when it exceeds offset + technicians.length. */
  totalTechnicians: z.number().int(),
  events: z.array(scheduleEvent),
});
export type Schedule = z.infer<typeof schedule>;
