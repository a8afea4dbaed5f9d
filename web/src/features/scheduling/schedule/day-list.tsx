import { useTranslation } from '@/lib/translation';
import { cn, fullName } from '@/lib/utils';
import { cellKey, groupByTechnicianDay } from './schedule-layout';
import { CellEvents, DayHeading, type ScheduleViewProps } from './week-grid';

/**
 * On a phone: a list per day (one day in the day view, seven in the week), each with the
 * technicians who have something that day and their shifts and work. Nothing scrolls sideways.
 */
export function DayList({ schedule, events, days, today, onOpenDay }: ScheduleViewProps) {
  const { t } = useTranslation('schedule');
  const cells = groupByTechnicianDay(events, days, schedule.timeZone);
  return (
    <ol className="flex flex-col divide-y" data-testid="schedule-list">
      {days.map((day) => {
        const busy = schedule.technicians.filter((tech) => cells.has(cellKey(tech.id, day)));
        return (
          <li key={day} className={cn('flex flex-col gap-2 p-3', day === today && 'bg-primary/5')} data-testid="list-day" data-day={day}>
            <DayHeading day={day} today={today} onOpenDay={onOpenDay} />
            {busy.length === 0 ? (
              <p className="px-1 text-sm text-muted-foreground">{t('nothing')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {busy.map((tech) => (
                  <li key={tech.id} className="flex flex-col gap-1" data-testid="list-technician" data-technician-id={tech.id}>
                    <span className="px-1 text-sm font-medium">
                      <bdi>{fullName(tech.firstName, tech.lastName)}</bdi>
                    </span>
                    <CellEvents events={cells.get(cellKey(tech.id, day)) ?? []} timeZone={schedule.timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
