import { useState, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link, useLocation, useSearch } from 'wouter';
import { CalendarDays, ChevronLeft, ChevronRight, CircleCheck, TriangleAlert, Users } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { tenantSettingsQuery } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/shared/messages';
import { formatDays, todayIn } from '../shared/time';
import { DayGrid } from './day-grid';
import { DayList } from './day-list';
import { Legend } from './event-chip';
import { conflictCount, parseDay, parseView, SCHEDULE_VIEWS, stepAnchor, visibleDays, type ScheduleView } from './schedule-layout';
import { scheduleQuery, TECHNICIANS_PER_PAGE } from './schedule.api';
import { WeekGrid } from './week-grid';

/** Wide enough for the grids (Tailwind's `md`); below it the days are lists. */
function useWide(): boolean {
  const query = '(min-width: 768px)';
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // A page rendered on the server is drawn for a desktop; a phone switches once it has taken over.
    () => true,
  );
}

/** The view and day live in the address (`?view=day&date=2030-03-04`), so a reload or the back button keeps them. */
function useScheduleAddress(today: string) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const view = parseView(params.get('view'));
  const anchor = parseDay(params.get('date')) ?? today;
  const go = (next: { view?: ScheduleView; date?: string }) => {
    const p = new URLSearchParams(search);
    const nextView = next.view ?? view;
    const nextDate = next.date ?? anchor;
    if (nextView === 'week') p.delete('view');
    else p.set('view', nextView);
    if (nextDate === today) p.delete('date');
    else p.set('date', nextDate);
    const query = p.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return { view, anchor, go };
}

function GridSkeleton() {
  return (
    <div className="flex flex-col gap-2 p-3" data-testid="schedule-skeleton">
      <Skeleton className="h-8" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-14" />
      ))}
    </div>
  );
}

function ConflictCount({ count, view }: { count: number; view: ScheduleView }) {
  const { t, i18n } = useTranslation('schedule');
  if (count === 0) {
    return (
      <Badge variant="success" data-testid="conflict-count" data-count={0}>
        <CircleCheck aria-hidden />
        {t(`conflicts.none.${view}`)}
      </Badge>
    );
  }
  return (
    <Badge variant="destructive" data-testid="conflict-count" data-count={count}>
      <TriangleAlert aria-hidden />
      {count === 1 ? t(`conflicts.one.${view}`) : t(`conflicts.many.${view}`, { n: formatNumber(count, i18n.language) })}
    </Badge>
  );
}

/** Technicians 1–50 of 200, with the previous and next pages. */
function TechnicianPager({
  offset,
  shown,
  total,
  onMove,
}: {
  offset: number;
  shown: number;
  total: number;
  onMove: (offset: number) => void;
}) {
  const { t, i18n } = useTranslation('schedule');
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground" data-testid="technician-pager">
      <span>{t('technicianPage', { from: n(offset + 1), to: n(offset + shown), total: n(total) })}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={offset === 0}
        onClick={() => onMove(Math.max(0, offset - TECHNICIANS_PER_PAGE))}
        data-testid="technicians-previous"
      >
        {t('technicianPrevious')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={offset + shown >= total}
        onClick={() => onMove(offset + TECHNICIANS_PER_PAGE)}
        data-testid="technicians-next"
      >
        {t('technicianNext')}
      </Button>
    </div>
  );
}

/**
 * /schedule: every technician's bookings, appointments, scheduled tasks and shifts for a day or a
 * week in the workshop's time zone, overlapping work marked; each piece opens its own screen.
 */
export default function SchedulePage() {
  const { t, i18n } = useTranslation('schedule');
  const settings = useQuery(tenantSettingsQuery);
  const today = todayIn(settings.data?.timeZone);
  const { view, anchor, go } = useScheduleAddress(today);
  const wide = useWide();
  const days = visibleDays(view, anchor);
  // "Today" is the workshop's: wait for its time zone before asking for a range.
  const [offset, setOffset] = useState(0);
  const schedule = useQuery({
    ...scheduleQuery(days[0], days.length, offset),
    enabled: !settings.isLoading,
    placeholderData: keepPreviousData,
  });
  const data = schedule.data;
  const known = new Set(data?.technicians.map((x) => x.id));
  const events = (data?.events ?? []).filter((e) => known.has(e.technicianId));
  const conflicts = conflictCount(events);
  const showsToday = days.includes(today);
  const openDay = (day: string) => go({ view: 'day', date: day });

  let body;
  if (schedule.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="schedule-error">
        <p className="font-medium">{t('loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{failureText(schedule.error, t, 'schedule', t('fetchFailed'))}</p>
        <Button variant="outline" onClick={() => void schedule.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = <GridSkeleton />;
  } else if (data.technicians.length === 0) {
    body = (
      <div className="p-4">
        <EmptyState
          icon={Users}
          title={t('empty.noTechniciansTitle')}
          body={t('empty.noTechniciansBody')}
          testId="schedule-empty"
          action={
            <Link href="/technicians" className={buttonClasses({ variant: 'outline' })}>
              {t('empty.goToTechnicians')}
            </Link>
          }
        />
      </div>
    );
  } else if (events.length === 0) {
    body = (
      <div className="p-4">
        <EmptyState icon={CalendarDays} title={t(`empty.nothingTitle.${view}`)} body={t('empty.nothingBody')} testId="schedule-empty" />
      </div>
    );
  } else if (!wide) {
    body = <DayList schedule={data} events={events} days={days} today={today} onOpenDay={openDay} />;
  } else if (view === 'day') {
    body = <DayGrid schedule={data} events={events} day={anchor} />;
  } else {
    body = <WeekGrid schedule={data} events={events} days={days} today={today} onOpenDay={openDay} />;
  }

  return (
    <div className="flex flex-col gap-4" data-testid="schedule-page" data-view={view} data-from={days[0]}>
      <div className="flex flex-wrap items-center gap-2">
        <SegmentedControl
          label={t('views.label')}
          value={view}
          onChange={(v) => go({ view: v })}
          segments={SCHEDULE_VIEWS.map((v) => ({ value: v, label: t(`views.${v}`), testId: `view-${v}` }))}
        />
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            onClick={() => go({ date: stepAnchor(view, anchor, -1) })}
            aria-label={t(`nav.previous.${view}`)}
            data-testid="schedule-previous"
          >
            <ChevronLeft className="rtl:-scale-x-100" aria-hidden />
          </Button>
          <Button variant="outline" size="sm" onClick={() => go({ date: today })} disabled={showsToday} data-testid="schedule-today">
            {t('nav.today')}
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => go({ date: stepAnchor(view, anchor, 1) })}
            aria-label={t(`nav.next.${view}`)}
            data-testid="schedule-next"
          >
            <ChevronRight className="rtl:-scale-x-100" aria-hidden />
          </Button>
        </div>
        <h2 className="text-base font-semibold" aria-live="polite" data-testid="schedule-range">
          {formatDays(days[0], days[days.length - 1], i18n.language)}
        </h2>
        {data && events.length > 0 && (
          <div className="ms-auto">
            <ConflictCount count={conflicts} view={view} />
          </div>
        )}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      {data && data.totalTechnicians > data.technicians.length && (
        <TechnicianPager offset={offset} shown={data.technicians.length} total={data.totalTechnicians} onMove={setOffset} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Legend />
        {data && (
          <p className="text-xs text-muted-foreground" data-testid="schedule-time-zone">
            {t('timeZone')} <bdi dir="ltr">{data.timeZone}</bdi>
          </p>
        )}
      </div>
    </div>
  );
}
