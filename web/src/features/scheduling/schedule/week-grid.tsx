import { useTranslation } from '@/lib/translation';
import type { Schedule, ScheduleEvent } from '@core/contracts/schedule.ts';
import { cn, fullName } from '@/lib/utils';
import { formatDayMonth, formatWeekday } from '../shared/time';
import { EventChip } from './event-chip';
import { cellKey, groupByTechnicianDay } from './schedule-layout';

/** What the week grid and the phone's day list show: the schedule's events on these days. */
export type ScheduleViewProps = {
  schedule: Schedule;
  events: ScheduleEvent[];
  days: string[];
  today: string;
  onOpenDay: (day: string) => void;
};

/** A day's heading: weekday and date; a button that opens that day. */
export function DayHeading({ day, today, onOpenDay }: { day: string; today: string; onOpenDay: (day: string) => void }) {
  const { t, i18n } = useTranslation('schedule');
  const isToday = day === today;
  return (
    <button
      type="button"
      onClick={() => onOpenDay(day)}
      className="flex flex-col rounded-md px-1 text-start outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={t('openDay', { day: `${formatWeekday(day, i18n.language)} ${formatDayMonth(day, i18n.language)}` })}
      data-testid="open-day"
      data-day={day}
    >
      <span className={cn('text-xs font-semibold uppercase tracking-wide', isToday ? 'text-primary' : 'text-muted-foreground')}>
        {formatWeekday(day, i18n.language)}
        {isToday && ` · ${t('today')}`}
      </span>
      <span className={cn('text-sm', isToday ? 'font-bold text-primary' : 'font-medium text-foreground')}>
        {formatDayMonth(day, i18n.language)}
      </span>
    </button>
  );
}

/** One technician's day: shift bands first, then the work in start order. */
export function CellEvents({ events, timeZone }: { events: ScheduleEvent[]; timeZone: string }) {
  const ordered = [...events.filter((e) => e.kind === 'shift'), ...events.filter((e) => e.kind !== 'shift')];
  return (
    <ul className="flex flex-col gap-1">
      {ordered.map((event) => (
        <li key={`${event.kind}-${event.id}`}>
          <EventChip event={event} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The week on a wide screen: a row per technician, a column per day (right to left in Arabic, as
 * the table follows the page's direction); scrolls sideways inside its own box when narrow.
 */
export function WeekGrid({ schedule, events, days, today, onOpenDay }: ScheduleViewProps) {
  const { t } = useTranslation('schedule');
  const cells = groupByTechnicianDay(events, days, schedule.timeZone);
  return (
    <div className="overflow-x-auto" data-testid="schedule-week" data-week-start={days[0]}>
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm">
        <thead>
          <tr className="border-b bg-muted/60">
            <th scope="col" className="w-44 px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {t('technician')}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="border-s px-1 py-1.5 text-start font-normal" data-testid="day-column" data-day={day}>
                <DayHeading day={day} today={today} onOpenDay={onOpenDay} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {schedule.technicians.map((tech) => (
            <tr key={tech.id} className="border-b last:border-0" data-testid="schedule-row" data-technician-id={tech.id}>
              <th scope="row" className="px-3 py-2 text-start align-top font-medium">
                <span className="block truncate">
                  <bdi>{fullName(tech.firstName, tech.lastName)}</bdi>
                </span>
              </th>
              {days.map((day) => (
                <td
                  key={day}
                  className={cn('h-16 border-s p-1 align-top', day === today && 'bg-primary/5')}
                  data-testid="schedule-cell"
                  data-day={day}
                >
                  <CellEvents events={cells.get(cellKey(tech.id, day)) ?? []} timeZone={schedule.timeZone} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
