import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { TriangleAlert } from 'lucide-react';
import type { ScheduleEvent } from '@core/contracts/schedule.ts';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatInstantClock } from '../shared/time';
import { EVENT_SCREEN, SCHEDULE_EVENT_KINDS, type ScheduleEventKind } from './schedule.api';

/** One colour per kind of work (semantic tokens, so dark and high-contrast themes follow); shifts are a light band. */
const KIND_STYLE: Record<Exclude<ScheduleEventKind, 'shift'>, string> = {
  booking: 'border-s-primary bg-primary/10',
  appointment: 'border-s-success bg-success/10',
  task: 'border-s-warning bg-warning/12',
};
const KIND_SWATCH: Record<ScheduleEventKind, string> = {
  booking: 'border-s-4 border-s-primary bg-primary/10',
  appointment: 'border-s-4 border-s-success bg-success/10',
  task: 'border-s-4 border-s-warning bg-warning/12',
  shift: 'border border-dashed border-muted-foreground/40 bg-muted-foreground/10',
};
const SHIFT_BAND = 'border border-dashed border-muted-foreground/30 bg-muted-foreground/8 text-muted-foreground';

/** "09:00–10:30", or the start alone, in the workshop's time zone and the language's digits. */
export function useTimeRange(timeZone: string) {
  const { i18n } = useTranslation();
  const clock = (iso: string) => formatInstantClock(iso, i18n.language, timeZone);
  return (event: Pick<ScheduleEvent, 'start' | 'end'>, startOnly = false) =>
    startOnly ? clock(event.start) : `${clock(event.start)}–${clock(event.end)}`;
}

/** The hover text: what, when, the status, and the conflict. */
function useEventSummary(timeZone: string) {
  const { t, i18n } = useTranslation('schedule');
  const range = useTimeRange(timeZone);
  return (event: ScheduleEvent) =>
    [
      t(`kinds.${event.kind}`),
      event.title,
      `${formatDate(event.start, i18n.language, { timeZone })} ${range(event)}`,
      t(`status.${event.status}`, { defaultValue: event.status }),
      event.conflict ? t('conflict') : '',
    ]
      .filter(Boolean)
      .join(' · ');
}

/** The warning sign of an overlap, named "Conflict" for screen readers. */
export function ConflictMark() {
  const { t } = useTranslation('schedule');
  return (
    <span role="img" aria-label={t('conflict')} className="inline-flex shrink-0 text-destructive" data-testid="conflict-mark">
      <TriangleAlert className="size-3.5" aria-hidden />
    </span>
  );
}

/** A piece of the schedule and where it shows: `block` on the day view's timeline, at `style`. */
type ChipProps = { event: ScheduleEvent; timeZone: string; block?: boolean; style?: CSSProperties };

/**
 * A piece of work: coloured by kind, its time and title, a red ring and a warning sign when it
 * overlaps; a link to its own screen. `block` fills a positioned box on the day view's timeline,
 * where the position tells the hours: it shows the start, with the warning sign on its corner.
 */
export function EventChip({ event, timeZone, block = false, style }: ChipProps) {
  const { t } = useTranslation('schedule');
  const range = useTimeRange(timeZone);
  const summary = useEventSummary(timeZone);
  if (event.kind === 'shift') return <ShiftBand event={event} timeZone={timeZone} block={block} style={style} />;
  return (
    <Link
      href={EVENT_SCREEN[event.kind]}
      title={summary(event)}
      style={style}
      className={cn(
        'flex min-w-0 flex-col rounded-md border border-s-4 py-1 text-start text-xs text-foreground shadow-card outline-none hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring',
        KIND_STYLE[event.kind],
        event.conflict && 'border-destructive ring-2 ring-destructive',
        event.status === 'completed' && 'opacity-70',
        block ? 'absolute px-1' : 'w-full px-1.5',
      )}
      data-testid="schedule-event"
      data-kind={event.kind}
      data-id={event.id}
      data-conflict={event.conflict ? 'true' : 'false'}
    >
      <span className="sr-only">{t(`kinds.${event.kind}`)}: </span>
      {block && event.conflict && (
        <span className="absolute -end-2 -top-2 flex size-4 items-center justify-center rounded-full bg-card shadow-card">
          <ConflictMark />
        </span>
      )}
      <span className="flex min-w-0 items-center gap-1">
        {!block && event.conflict && <ConflictMark />}
        <span className="truncate font-semibold tabular-nums">{range(event, block)}</span>
      </span>
      <span className="truncate">
        <bdi>{event.title}</bdi>
      </span>
    </Link>
  );
}

/** When someone works: a light band behind their work (day view) or above it (week and lists). */
export function ShiftBand({ event, timeZone, block = false, style }: ChipProps) {
  const { t } = useTranslation('schedule');
  const range = useTimeRange(timeZone);
  const summary = useEventSummary(timeZone);
  return (
    <Link
      href={EVENT_SCREEN.shift}
      title={summary(event)}
      style={style}
      className={cn(
        'flex min-w-0 items-start gap-1 overflow-hidden rounded-md px-1.5 py-0.5 text-xs outline-none hover:bg-muted-foreground/15 focus-visible:ring-2 focus-visible:ring-ring',
        SHIFT_BAND,
        block ? 'absolute' : 'w-full',
      )}
      data-testid="schedule-event"
      data-kind="shift"
      data-id={event.id}
      data-conflict="false"
    >
      <span className="sr-only">{t('kinds.shift')}: </span>
      <span className={block ? 'truncate' : undefined}>
        <bdi className="font-medium">{event.title}</bdi> <span className="whitespace-nowrap tabular-nums">{range(event)}</span>
      </span>
    </Link>
  );
}

/** What the colours mean, and the conflict mark. */
export function Legend() {
  const { t } = useTranslation('schedule');
  return (
    <ul
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label={t('legend.title')}
      data-testid="schedule-legend"
    >
      {SCHEDULE_EVENT_KINDS.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span className={cn('inline-block h-3 w-5 rounded-sm', KIND_SWATCH[kind])} aria-hidden />
          {t(`kinds.${kind}`)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="inline-flex h-3 w-5 items-center justify-center rounded-sm ring-2 ring-destructive" aria-hidden />
        <TriangleAlert className="size-3.5 text-destructive" aria-hidden />
        {t('legend.conflict')}
      </li>
    </ul>
  );
}
