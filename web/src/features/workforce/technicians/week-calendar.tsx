import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { dayInZone } from '@core/rules/time-zone.ts';
import { currentTime, formatDayRange, localeFor } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { tasksQuery } from '../workforce.api';
import { STATUS_VARIANTS } from '@/shared/status-badge';
import { addDays, dayOf, weekOf, zoneOr } from '../dates';
import type { Task, Technician } from '../model';

const PRIORITY_BAR = {
  neutral: 'border-s-muted-foreground',
  info: 'border-s-info',
  warning: 'border-s-warning',
  destructive: 'border-s-destructive',
} as const;

/** Tasks by technician and workshop-zone day (yyyy-MM-dd). */
export function bucketTasks(tasks: Task[], days: string[], timeZone: string): Map<string, Task[]> {
  const inWeek = new Set(days);
  const out = new Map<string, Task[]>();
  for (const task of tasks) {
    const day = dayOf(task.scheduledDate, timeZone);
    if (!day || !inWeek.has(day) || task.technicianId === null) continue;
    const key = `${task.technicianId}|${day}`;
    const list = out.get(key) ?? [];
    list.push(task);
    out.set(key, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.scheduledDate ?? '').localeCompare(b.scheduledDate ?? ''));
  return out;
}

/** A real week: one row per technician, one column per day (right to left in Arabic). */
export default function WeekCalendar({ technicians, onOpenTask }: { technicians: Technician[]; onOpenTask: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('technicians');
  const format = useFormatters();
  const timeZone = zoneOr(format.timeZone);
  const today = dayInZone(currentTime(), timeZone);
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => weekOf(anchor), [anchor]);
  const { data: tasks = [] } = useQuery(tasksQuery({ assignmentStatus: 'assigned' }));
  const buckets = useMemo(() => bucketTasks(tasks, days, timeZone), [tasks, days, timeZone]);
  const locale = localeFor(i18n.language);
  const weekdayName = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const dayNumber = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
  const weekHasTasks = technicians.some((tech) => days.some((day) => buckets.has(`${tech.id}|${day}`)));

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="week-calendar" data-week-start={days[0]}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b p-3">
        <p className="text-sm font-semibold" data-testid="week-range">
          {formatDayRange(days[0], days[6], i18n.language)}
        </p>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" onClick={() => setAnchor(addDays(anchor, -7))} aria-label={t('calendar.previous')}>
            <ChevronLeft className="rtl:-scale-x-100" aria-hidden />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(today)} disabled={days.includes(today)}>
            {t('calendar.today')}
          </Button>
          <Button variant="outline" size="icon" onClick={() => setAnchor(addDays(anchor, 7))} aria-label={t('calendar.next')}>
            <ChevronRight className="rtl:-scale-x-100" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm">
          <thead>
            <tr className="border-b bg-muted/60">
              <th scope="col" className="w-44 px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t('calendar.technician')}
              </th>
              {days.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className={cn('px-2 py-2 text-start text-xs font-semibold', day === today ? 'text-primary' : 'text-muted-foreground')}
                  data-day={day}
                >
                  <span className="block uppercase tracking-wide">{weekdayName.format(asDate(day))}</span>
                  <span className={cn('block text-sm', day === today ? 'font-bold' : 'font-medium text-foreground')}>
                    {dayNumber.format(asDate(day))}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {technicians.map((tech) => (
              <tr key={tech.id} className="border-b last:border-0" data-testid="calendar-row" data-technician-id={tech.id}>
                <th scope="row" className="px-3 py-2 text-start align-top font-medium">
                  <span className="flex items-center gap-2">
                    <Avatar firstName={tech.firstName} lastName={tech.lastName} src={tech.profileImageUrl} size="sm" />
                    <span className="min-w-0 truncate rtl:text-right" dir="auto">
                      {fullName(tech.firstName, tech.lastName)}
                    </span>
                  </span>
                </th>
                {days.map((day) => {
                  const list = buckets.get(`${tech.id}|${day}`) ?? [];
                  return (
                    <td key={day} className={cn('h-20 border-s px-1.5 py-1.5 align-top', day === today && 'bg-primary/5')} data-day={day}>
                      <ul className="flex flex-col gap-1">
                        {list.map((task) => (
                          <li key={task.id}>
                            <button
                              type="button"
                              onClick={() => onOpenTask(task.id)}
                              className={cn(
                                'flex w-full flex-col rounded-md border border-s-4 bg-card px-2 py-1 text-start text-xs shadow-card hover:bg-accent',
                                PRIORITY_BAR[STATUS_VARIANTS.priority[task.priority] as keyof typeof PRIORITY_BAR] ??
                                  'border-s-muted-foreground',
                                task.status === 'completed' && 'opacity-60',
                              )}
                              data-testid="calendar-task"
                            >
                              <span className="font-semibold tabular-nums">{format.time(task.scheduledDate)}</span>
                              <span className="truncate rtl:text-right" dir="auto">
                                {task.title}
                              </span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="border-t px-3 py-2 text-xs text-muted-foreground">
        {weekHasTasks ? t('calendar.unscheduled') : `${t('calendar.noTasks')}. ${t('calendar.unscheduled')}`}
      </p>
    </Card>
  );
}
