import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import {
  ArrowRight,
  Boxes,
  Car,
  CalendarCheck,
  CalendarClock,
  CircleCheck,
  ClipboardCheck,
  ClipboardList,
  Database,
  Download,
  ListChecks,
  ListPlus,
  Percent,
  Star,
  Trophy,
  UserRoundX,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { dayInZone } from '@core/rules/time-zone.ts';
import { downloadText } from '@/lib/download';
import { errorMessage } from '@/lib/errors';
import { useStoredItem } from '@/lib/use-stored-item';
import { currentTime, formatFixed, formatNumber, formatPercent } from '@/lib/format';
import { fetchAll } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress, type ProgressTone } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { capacityQuery, leaderboardQuery, metricsQuery, statsQuery, tasksQuery, UNASSIGNED_SHOWN, useSeed } from '../workforce.api';
import { PriorityBadge, TaskStatusBadge } from '../workforce-badges';
import { dayOf, zoneOr } from '../dates';
import type { Capacity, SeedCounts, Technician } from '../model';
import { technicianReportCsv } from './report';

function StatCard({
  icon: Icon,
  label,
  value,
  tone = 'primary',
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value?: string;
  tone?: string;
  testId: string;
}) {
  return (
    <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4" data-testid={testId}>
      <div className={cn('flex size-9 shrink-0 items-center justify-center rounded-md sm:size-11', tone)}>
        <Icon className="size-5" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        {value === undefined ? <Skeleton className="mt-1 h-7 w-16" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>}
      </div>
    </Card>
  );
}

/** Total technicians, active tasks, unassigned tasks, completion rate. */
export function StatCards() {
  const { t, i18n } = useTranslation('dashboard');
  const { data } = useQuery(statsQuery);
  const n = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v, i18n.language));
  return (
    <section aria-label={t('stats.title')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        icon={Users}
        label={t('stats.totalTechnicians')}
        value={n(data?.totalTechnicians)}
        tone="bg-primary/10 text-primary"
        testId="stat-totalTechnicians"
      />
      <StatCard
        icon={ClipboardList}
        label={t('stats.activeTasks')}
        value={n(data?.activeTasks)}
        tone="bg-info/10 text-info"
        testId="stat-activeTasks"
      />
      <StatCard
        icon={UserRoundX}
        label={t('stats.unassignedTasks')}
        value={n(data?.unassignedTasks)}
        tone="bg-warning/12 text-warning"
        testId="stat-unassignedTasks"
      />
      <StatCard
        icon={Percent}
        label={t('stats.completionRate')}
        value={data ? formatPercent(data.completionRate, i18n.language) : undefined}
        tone="bg-success/10 text-success"
        testId="stat-completionRate"
      />
    </section>
  );
}

/** Customers, vehicles, active jobs, completed, low stock, bookings (the garage modules' figures). */
export function MetricCards({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const { data } = useQuery(metricsQuery(tenantId));
  const items: Array<[string, LucideIcon, number | undefined]> = [
    ['customers', Users, data?.totalCustomers],
    ['vehicles', Car, data?.totalVehicles],
    ['activeJobs', Wrench, data?.activeJobCards],
    ['completed', ClipboardCheck, data?.completedJobCards],
    ['lowStock', Boxes, data?.lowStockItems],
    ['bookings', CalendarCheck, data?.upcomingBookings],
  ];
  return (
    <section aria-label={t('metrics.title')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {items.map(([key, Icon, value]) => (
        <Card key={key} className="flex items-center gap-3 px-3 py-3" data-testid={`metric-${key}`}>
          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0">
            <p className="truncate text-xs text-muted-foreground">{t(`metrics.${key}`)}</p>
            {value === undefined ? (
              <Skeleton className="mt-1 h-5 w-8" />
            ) : (
              <p className="text-lg font-semibold tabular-nums">{formatNumber(value, i18n.language)}</p>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}

const SEED_MODULES = ['tasks', 'technicians', 'jobCards', 'spareParts', 'customers', 'vehicles'] as const;
const seedKey = (tenantId: number) => `seed-results:${tenantId}`;

function parseSeed(raw: string | null): SeedCounts | null {
  try {
    return raw ? (JSON.parse(raw) as SeedCounts) : null;
  } catch {
    return null;
  }
}

/** Admins: seed sample data (idle, seeding, seeded → "Seed again"), last results, bulk assignment. */
export function AdminTools({ tenantId, onBulkAssign }: { tenantId: number; onBulkAssign: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const seed = useSeed();
  // The last results kept in this browser, until a seed here gives new ones.
  const stored = useStoredItem(seedKey(tenantId));
  const [fresh, setResults] = useState<SeedCounts | null>(null);
  const results = useMemo(() => fresh ?? parseSeed(stored), [fresh, stored]);
  const seeded = results !== null;
  const run = () =>
    seed.mutate(undefined, {
      onSuccess: (counts) => {
        setResults(counts);
        try {
          localStorage.setItem(seedKey(tenantId), JSON.stringify(counts));
        } catch {
          // Storage unavailable: the results still show until the page reloads.
        }
        toast({
          variant: 'success',
          title: t('seedSuccess'),
          description: t('seedSuccessBody', {
            customers: formatNumber(counts.customers, i18n.language),
            vehicles: formatNumber(counts.vehicles, i18n.language),
            technicians: formatNumber(counts.technicians, i18n.language),
          }),
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('seedingFailed'),
          description: errorMessage(error, t, t('failedToSeedDatabase')) || t('failedToSeedDatabase'),
        }),
    });
  const state = seed.isPending ? 'seeding' : seeded ? 'seeded' : 'idle';
  return (
    <Card data-testid="admin-tools" data-state={state}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('admin.title')}</CardTitle>
          <CardDescription>{t('admin.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBulkAssign}>
            <ListChecks aria-hidden />
            {t('admin.bulkAssign')}
          </Button>
          <Button onClick={run} loading={seed.isPending} data-testid="seed-button">
            {!seed.isPending && <Database aria-hidden />}
            {state === 'seeding' ? t('admin.seeding') : state === 'seeded' ? t('admin.seedAgain') : t('admin.seed')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-xs text-muted-foreground">{t('admin.seedHint')}</p>
        <p className="text-sm font-medium">{t('admin.lastResults')}</p>
        {results ? (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="seed-results">
            {SEED_MODULES.map((module) => (
              <div key={module} className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{t(`admin.modules.${module}`)}</dt>
                <dd className="text-base font-semibold tabular-nums" data-module={module}>
                  {formatNumber(results[module], i18n.language)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t('admin.noResults')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Widget({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3 md:pb-3">
        <CardTitle>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The latest five unassigned tasks, and a link to all of them on the board. */
export function UnassignedTasks({ onOpen }: { onOpen: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormatters();
  const { data, isLoading } = useQuery(tasksQuery({ assignmentStatus: 'unassigned', limit: UNASSIGNED_SHOWN }));
  const { data: stats } = useQuery(statsQuery);
  return (
    <Widget
      title={t('unassigned.title')}
      testId="unassigned-widget"
      action={
        <Link href="/tasks?assignment=unassigned" className={buttonClasses({ variant: 'link', size: 'sm', className: 'px-0' })}>
          {t('unassigned.viewAll')}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden />
        </Link>
      }
    >
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : !data?.length ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 text-success" aria-hidden />
          {t('unassigned.empty')}
        </p>
      ) : (
        <>
          {stats && (
            <p className="mb-2 text-xs text-muted-foreground">
              {t('unassigned.waiting', { n: formatNumber(stats.unassignedTasks, i18n.language) })}
            </p>
          )}
          <ul className="flex flex-col divide-y">
            {data.map((task) => (
              <li key={task.id}>
                <button
                  type="button"
                  onClick={() => onOpen(task.id)}
                  className="flex w-full items-center gap-2 py-2 text-start hover:text-primary"
                  data-testid="unassigned-task"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium rtl:text-right" dir="auto">
                      {task.title}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {task.dueDate ? format.date(task.dueDate) : t('tasks:board.noDueDate')}
                    </span>
                  </span>
                  <PriorityBadge priority={task.priority} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Widget>
  );
}

const LEVEL: Record<Capacity['level'], { badge: BadgeVariant; bar: ProgressTone }> = {
  critical: { badge: 'destructive', bar: 'destructive' },
  high: { badge: 'warning', bar: 'warning' },
  moderate: { badge: 'info', bar: 'info' },
  low: { badge: 'success', bar: 'success' },
};

/** Team capacity (active technicians × 5), utilisation and its level, available and overloaded people. */
export function CapacityPlanning() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const { data } = useQuery(capacityQuery);
  return (
    <Widget
      title={t('capacity.title')}
      testId="capacity-widget"
      action={data && <Badge variant={LEVEL[data.level].badge}>{t(`capacity.levels.${data.level}`)}</Badge>}
    >
      {!data ? (
        <Skeleton className="h-24" />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex items-end justify-between">
            <span className="text-sm text-muted-foreground">{t('capacity.utilization')}</span>
            <span className="text-2xl font-bold tabular-nums" data-testid="utilization">
              {formatPercent(data.utilization, lang)}
            </span>
          </div>
          <Progress value={Math.min(100, data.utilization)} tone={LEVEL[data.level].bar} label={t('capacity.utilization')} />
          <p className="text-xs text-muted-foreground">
            {t('capacity.current', { current: formatNumber(data.currentTasks, lang), capacity: formatNumber(data.capacity, lang) })}
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(
              [
                ['activeTechnicians', data.activeTechnicians, 'text-foreground'],
                ['available', data.available, 'text-success'],
                ['overloaded', data.overloaded, 'text-destructive'],
              ] as const
            ).map(([key, value, tone]) => (
              <div key={key} className="rounded-md bg-muted/60 px-2 py-2">
                <dd className={cn('text-lg font-semibold tabular-nums', tone)}>{formatNumber(value, lang)}</dd>
                <dt className="text-xs text-muted-foreground">{t(`capacity.${key}`)}</dt>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Widget>
  );
}

/** The top five by completed tasks × 10 + rating × 20, with their badges. */
export function Leaderboard() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const { data, isLoading } = useQuery(leaderboardQuery);
  return (
    <Widget title={t('leaderboard.title')} testId="leaderboard-widget" action={<Trophy className="size-5 text-warning" aria-hidden />}>
      {isLoading ? (
        <Skeleton className="h-32" />
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">{t('leaderboard.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {data.map((leader) => (
            <li key={leader.id} className="flex items-center gap-3" data-testid="leader">
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  leader.rank === 1 ? 'bg-warning text-white' : 'bg-muted text-muted-foreground',
                )}
                aria-label={t('leaderboard.rank', { n: leader.rank })}
              >
                {formatNumber(leader.rank, lang)}
              </span>
              <Avatar firstName={leader.firstName} lastName={leader.lastName} src={leader.profileImageUrl} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  <bdi>{fullName(leader.firstName, leader.lastName)}</bdi>
                </p>
                <p className="flex items-center gap-2 text-xs text-muted-foreground">
                  <span>{t('leaderboard.completed', { n: formatNumber(leader.completedTasks, lang) })}</span>
                  <span className="inline-flex items-center gap-0.5">
                    <Star className="size-3 fill-warning text-warning" aria-hidden />
                    {formatFixed(leader.rating, lang, 1)}
                  </span>
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <span className="text-sm font-semibold tabular-nums">
                  {t('leaderboard.points', { n: formatNumber(leader.score, lang, 1) })}
                </span>
                <Badge variant="primary">{t(`technicians:badges.${leader.badge}`)}</Badge>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Widget>
  );
}

/** Create New Task, Bulk Assign, Export Report (CSV of every technician, paged through the API). */
export function QuickActions({
  onCreateTask,
  onBulkAssign,
  canManage,
}: {
  onCreateTask: () => void;
  onBulkAssign: () => void;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const [exporting, setExporting] = useState(false);
  const exportReport = async () => {
    setExporting(true);
    try {
      const technicians = await fetchAll<Technician>('/api/technicians?sort=name');
      const csv = technicianReportCsv(technicians, {
        heading: (column) => t(`report.${column}`),
        status: (status) => t(`technicians:status.${status}`),
        badge: (badge) => t(`technicians:badges.${badge}`),
      });
      const file = `workbay-technicians-${new Date().toISOString().slice(0, 10)}.csv`;
      downloadText(csv, file);
      toast({
        variant: 'success',
        title: t('quickActions.exported'),
        description: t('quickActions.exportedBody', { n: formatNumber(technicians.length, i18n.language), file }),
      });
    } catch (error) {
      toast({ variant: 'destructive', title: t('quickActions.exportFailed'), description: errorMessage(error, t) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Widget title={t('quickActions.title')} testId="quick-actions">
      <div className="flex flex-col gap-2">
        {canManage && (
          <Button variant="outline" className="justify-start" onClick={onCreateTask}>
            <ListPlus aria-hidden />
            {t('quickActions.createTask')}
          </Button>
        )}
        {canManage && (
          <Button variant="outline" className="justify-start" onClick={onBulkAssign}>
            <ListChecks aria-hidden />
            {t('quickActions.bulkAssign')}
          </Button>
        )}
        <Button
          variant="outline"
          className="justify-start"
          onClick={() => void exportReport()}
          loading={exporting}
          data-testid="export-report"
        >
          {!exporting && <Download aria-hidden />}
          {exporting ? t('quickActions.exporting') : t('quickActions.exportReport')}
        </Button>
      </div>
    </Widget>
  );
}

/** Tasks scheduled today in the workshop's time zone, by time. */
export function TodaysSchedule({ onOpen }: { onOpen: (taskId: number) => void }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const timeZone = zoneOr(format.timeZone);
  const { data, isLoading } = useQuery(tasksQuery({ assignmentStatus: 'assigned' }));
  const today = dayInZone(currentTime(), timeZone);
  const tasks = useMemo(
    () =>
      (data ?? [])
        .filter((task) => dayOf(task.scheduledDate, timeZone) === today && task.status !== 'cancelled')
        .sort((a, b) => (a.scheduledDate ?? '').localeCompare(b.scheduledDate ?? '')),
    [data, timeZone, today],
  );
  return (
    <Widget
      title={t('schedule.title')}
      testId="schedule-widget"
      action={<span className="text-xs text-muted-foreground">{format.date(currentTime())}</span>}
    >
      {isLoading ? (
        <Skeleton className="h-20" />
      ) : tasks.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden />
          {t('schedule.empty')}
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {tasks.map((task) => (
            <li key={task.id}>
              <button
                type="button"
                onClick={() => onOpen(task.id)}
                className="flex w-full items-start gap-3 rounded-md border p-2 text-start hover:bg-muted/50"
                data-testid="schedule-task"
              >
                <span className="w-16 shrink-0 text-sm font-semibold tabular-nums text-primary">{format.time(task.scheduledDate)}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium rtl:text-right" dir="auto">
                    {task.title}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {task.technician ? fullName(task.technician.firstName, task.technician.lastName) : t('schedule.unassigned')}
                  </span>
                </span>
                <TaskStatusBadge status={task.status} />
              </button>
            </li>
          ))}
        </ol>
      )}
    </Widget>
  );
}
