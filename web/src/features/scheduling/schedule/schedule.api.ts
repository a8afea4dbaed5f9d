import { queryOptions } from '@tanstack/react-query';
import type { Schedule, ScheduleEvent } from '@core/contracts/schedule.ts';

/** Spec-free copy of core/contracts/schedule.ts (a value import would pull zod into the page). */
export const SCHEDULE_EVENT_KINDS = ['booking', 'appointment', 'task', 'shift'] as const;
export type ScheduleEventKind = ScheduleEvent['kind'];

/**
 * The query-key root of the schedule. Screens whose changes move something on it (bookings,
 * appointments, tasks, shifts) refresh this root after their own changes; changes made elsewhere
 * arrive as live `update` messages, which refresh every read (lib/live.ts).
 */
export const SCHEDULE_ROOT = '/api/schedule';

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** Technicians per page of the schedule: a large workshop's week comes a page at a time. */
export const TECHNICIANS_PER_PAGE = 50;

/** GET /api/schedule?from=&days=&limit=&offset=: a page of technicians, the days, the workshop's time zone and their events, conflicts marked. */
export const scheduleQuery = (from: string, days: number, offset = 0) =>
  queryOptions<Schedule>({ queryKey: [SCHEDULE_ROOT, { from, days, limit: TECHNICIANS_PER_PAGE, offset }] });

/** Where an event's own screen is. */
export const EVENT_SCREEN: Record<ScheduleEventKind, string> = {
  booking: '/bookings',
  appointment: '/appointments',
  task: '/tasks',
  shift: '/shifts',
};
