import { addDays, addMonths, DATE_MAX, daysBetween } from './scheduling.ts';

/**
 * A maintenance schedule is due by mileage, by months, or both: whichever comes first.
 * The date the due mileage will be reached is forecast from the vehicle's average daily mileage.
 */
export type ScheduleInput = {
  intervalMileage: number | null;
  intervalMonths: number | null;
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
};
export type VehicleUsage = {
  /** The vehicle's current odometer reading. */
  mileage: number | null;
  /** Average distance per day from its service history, when the history allows. */
  dailyMileage: number | null;
};
export type Due = {
  nextDueDate: string | null;
  nextDueMileage: number | null;
  forecastDueDate: string | null;
  /** The date the service is due: the earlier of the time limit and the mileage forecast. */
  dueDate: string | null;
  dueBy: 'date' | 'mileage' | null;
};

export function nextDue(schedule: ScheduleInput, usage: VehicleUsage, today: string): Due {
  const base = schedule.lastServiceDate ?? today;
  const nextDueDate = schedule.intervalMonths ? addMonths(base, schedule.intervalMonths) : null;
  const nextDueMileage = schedule.intervalMileage ? (schedule.lastServiceMileage ?? usage.mileage ?? 0) + schedule.intervalMileage : null;
  let forecastDueDate: string | null = null;
  if (nextDueMileage !== null && usage.mileage !== null) {
    const remaining = nextDueMileage - usage.mileage;
    if (remaining <= 0) forecastDueDate = today;
    else if (usage.dailyMileage && usage.dailyMileage > 0) {
      // A vehicle that hardly moves reaches the mileage after the calendar ends: no forecast.
      const days = Math.floor(remaining / usage.dailyMileage);
      forecastDueDate = days <= daysBetween(today, DATE_MAX) ? addDays(today, days) : null;
    }
  }
  if (nextDueDate && forecastDueDate) {
    return forecastDueDate < nextDueDate
      ? { nextDueDate, nextDueMileage, forecastDueDate, dueDate: forecastDueDate, dueBy: 'mileage' }
      : { nextDueDate, nextDueMileage, forecastDueDate, dueDate: nextDueDate, dueBy: 'date' };
  }
  if (forecastDueDate) return { nextDueDate, nextDueMileage, forecastDueDate, dueDate: forecastDueDate, dueBy: 'mileage' };
  if (nextDueDate) return { nextDueDate, nextDueMileage, forecastDueDate, dueDate: nextDueDate, dueBy: 'date' };
  return { nextDueDate, nextDueMileage, forecastDueDate, dueDate: null, dueBy: nextDueMileage !== null ? 'mileage' : null };
}

/** Average distance per day between the first and the last reading; null with fewer than two readings a day apart. */
export function averageDailyMileage(readings: Array<{ date: string; mileage: number }>): number | null {
  if (readings.length < 2) return null;
  const sorted = [...readings].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const days = daysBetween(first.date, last.date);
  if (days < 1 || last.mileage <= first.mileage) return null;
  return (last.mileage - first.mileage) / days;
}

/** A reminder is due once the due date is within `reminderDays` of today (or past). */
export function isReminderDue(due: Due, today: string, reminderDays: number): boolean {
  return due.dueDate !== null && daysBetween(today, due.dueDate) <= reminderDays;
}
