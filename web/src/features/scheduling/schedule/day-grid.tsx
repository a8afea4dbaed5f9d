import { useTranslation } from '@/lib/translation';
import type { Schedule, ScheduleEvent } from '@core/contracts/schedule.ts';
import { fullName } from '@/lib/utils';
import { formatClock } from '../shared/time';
import { EventChip } from './event-chip';
import { assignLanes, hourLabels, hourRange, placeSpan, spanInDay, type HourRange, type Span } from './schedule-layout';

/** Height of one lane of work in the day view, px. */
const LANE_PX = 44;
const ROW_PADDING_PX = 8;
/** Room above the work for a shift band's name and hours. */
const SHIFT_LABEL_PX = 20;

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The hour lines of a row or the axis: at each hour's position from the start edge. */
function HourLines({ range }: { range: HourRange }) {
  const hours = Array.from({ length: range.end - range.start }, (_, i) => range.start + i);
  return (
    <>
      {hours.slice(1).map((hour) => (
        <span
          key={hour}
          aria-hidden
          className="absolute inset-y-0 border-s border-border/70"
          style={{ insetInlineStart: `${placeSpan({ start: hour * 60, end: hour * 60 }, range).offset}%` }}
        />
      ))}
    </>
  );
}

/**
 * The day view on a wide screen: a row per technician, the hours across (from the right in
 * Arabic: positions are from the inline start); shifts as light bands behind, overlapping work
 * stacked in lanes. Scrolls sideways inside its own box when the screen is narrower than the day.
 */
export function DayGrid({ schedule, events, day }: { schedule: Schedule; events: ScheduleEvent[]; day: string }) {
  const { t, i18n } = useTranslation('schedule');
  const timeZone = schedule.timeZone;
  const spans = new Map<ScheduleEvent, Span>();
  for (const event of events) {
    const span = spanInDay(event, day, timeZone);
    if (span) spans.set(event, span);
  }
  const range = hourRange([...spans.values()]);
  return (
    <div className="overflow-x-auto" data-testid="schedule-day" data-day={day} data-hours={`${range.start}-${range.end}`}>
      <div className="min-w-[48rem]">
        <div className="flex border-b bg-muted/60">
          <div className="w-44 shrink-0 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t('technician')}
          </div>
          <div className="relative h-8 flex-1 border-s" data-testid="hour-axis">
            {hourLabels(range).map((hour) => (
              <span
                key={hour}
                className="absolute top-2 ps-1 text-xs tabular-nums text-muted-foreground"
                style={{ insetInlineStart: `${placeSpan({ start: hour * 60, end: hour * 60 }, range).offset}%` }}
                data-testid="hour-label"
                data-hour={hour}
              >
                {formatClock(hh(hour), i18n.language)}
              </span>
            ))}
          </div>
        </div>
        {schedule.technicians.map((tech) => {
          const mine = events.filter((e) => e.technicianId === tech.id && spans.has(e));
          const shifts = mine.filter((e) => e.kind === 'shift');
          const { lanes, placed } = assignLanes(
            mine.filter((e) => e.kind !== 'shift').map((event) => ({ event, span: spans.get(event)! })),
          );
          const top = shifts.length > 0 ? SHIFT_LABEL_PX : ROW_PADDING_PX;
          const height = top + Math.max(1, lanes) * LANE_PX + ROW_PADDING_PX;
          return (
            <div key={tech.id} className="flex border-b last:border-0" data-testid="schedule-row" data-technician-id={tech.id}>
              <div className="flex w-44 shrink-0 items-center px-3 py-2 text-sm font-medium">
                <span className="truncate">
                  <bdi>{fullName(tech.firstName, tech.lastName)}</bdi>
                </span>
              </div>
              <div className="relative flex-1 border-s" style={{ height }}>
                <HourLines range={range} />
                {shifts.map((event) => {
                  const { offset, size } = placeSpan(spans.get(event)!, range);
                  return (
                    <EventChip
                      key={`${event.kind}-${event.id}`}
                      event={event}
                      timeZone={timeZone}
                      block
                      style={{ insetInlineStart: `${offset}%`, width: `${size}%`, top: 2, bottom: 2 }}
                    />
                  );
                })}
                {placed.map(({ event, span, lane }) => {
                  const { offset, size } = placeSpan(span, range);
                  return (
                    <EventChip
                      key={`${event.kind}-${event.id}`}
                      event={event}
                      timeZone={timeZone}
                      block
                      style={{
                        insetInlineStart: `${offset}%`,
                        width: `max(${size}%, 3rem)`,
                        top: top + lane * LANE_PX,
                        height: LANE_PX - 4,
                      }}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
