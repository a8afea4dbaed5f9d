import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { ArrowRight, Building2, CalendarDays, CircleCheck, Circle, UserPlus, UserRound, type LucideIcon } from 'lucide-react';
import { useAuth, usePermissions } from '@/lib/auth';
import { currentTime, zoneOrDefault } from '@/lib/format';
import { tenantSettingsQuery, useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { ActivityItem, ActivitySkeleton } from '../activity/activity-feed';
import type { TaskDialogState } from '../tasks/dialog-state';
import { useTechnicianSelection } from '../technicians/selection';
// In the page's own chunk: a lazy list would show its fallback, and React holds back what replaces a fallback.
import { TechnicianWorkspace } from '../technicians/workspace';
import { DASHBOARD_TECHNICIANS, RECENT_ACTIVITY, recentActivityQuery, workshopUsersQuery } from '../workforce.api';
import { LowStockAlert, ServiceRemindersAlert } from './alerts';
import {
  AdminTools,
  CapacityPlanning,
  Leaderboard,
  MetricCards,
  QuickActions,
  StatCards,
  TodaysSchedule,
  UnassignedTasks,
} from './widgets';

const TaskDialogs = lazy(() => import('../tasks/task-dialogs'));

type Step = { key: string; icon: LucideIcon; href: string; done: boolean };

function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

function hourIn(timeZone: string | undefined): number {
  try {
    return Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zoneOrDefault(timeZone) }).format(currentTime()),
    );
  } catch {
    return currentTime().getHours();
  }
}

function GettingStarted({ steps }: { steps: Step[] }) {
  const { t } = useTranslation('dashboard');
  const done = steps.filter((s) => s.done).length;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('setup.title')}</CardTitle>
          <CardDescription>{t('setup.description')}</CardDescription>
        </div>
        <Badge variant={done === steps.length ? 'success' : 'primary'}>{t('setup.progress', { done, total: steps.length })}</Badge>
      </CardHeader>
      <CardContent>
        <div className="mb-4 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
        <ul className="flex flex-col divide-y">
          {steps.map(({ key, icon: Icon, href, done: isDone }) => (
            <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
              {isDone ? (
                <CircleCheck className="size-5 shrink-0 text-success" aria-label={t('setup.done')} />
              ) : (
                <Circle className="size-5 shrink-0 text-muted-foreground" aria-label={t('setup.todo')} />
              )}
              <div className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:flex">
                <Icon className="size-4" aria-hidden />
              </div>
              <div className="min-w-[14rem] flex-1">
                <p className={cn('text-sm font-medium', isDone && 'text-muted-foreground line-through decoration-1')}>
                  {t(`setup.steps.${key}.title`)}
                </p>
                <p className="text-xs text-muted-foreground">{t(`setup.steps.${key}.body`)}</p>
              </div>
              {!isDone && (
                <Link href={href} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'ms-8 sm:ms-0' })}>
                  {t(`setup.steps.${key}.action`)}
                  <ArrowRight className="rtl:-scale-x-100" aria-hidden />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The latest five entries, three placeholder rows while loading, and the full feed one click away. */
function RecentActivity() {
  const { t } = useTranslation('dashboard');
  const { data, isLoading } = useQuery(recentActivityQuery(RECENT_ACTIVITY));
  return (
    <Card data-testid="recent-activity">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t('activity.title')}</CardTitle>
        <Link href="/activity" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {t('activity.viewAll')}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ActivitySkeleton rows={3} />
        ) : !data?.length ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t('activity.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {data.slice(0, RECENT_ACTIVITY).map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The dashboard: team and workshop figures, admin tools, the technician list and the day's widgets. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const permissions = usePermissions();
  const format = useFormatters();
  const { data: settings } = useQuery(tenantSettingsQuery);
  const { data: staff } = useQuery({ ...workshopUsersQuery, enabled: permissions.canManageUsers });
  const selection = useTechnicianSelection();
  const [dialog, setDialog] = useState<TaskDialogState | null>(null);
  const listRef = useRef<HTMLElement>(null);

  if (!user) return null;
  const steps: Step[] = [
    { key: 'profile', icon: UserRound, href: '/profile', done: Boolean(user.firstName && user.lastName && user.phone) },
  ];
  if (permissions.canUseAdminTools) {
    steps.push({ key: 'workshop', icon: Building2, href: '/settings', done: Boolean(settings && (settings.address || settings.phone)) });
  }
  if (permissions.canManageUsers) {
    steps.push({ key: 'team', icon: UserPlus, href: '/users', done: (staff?.length ?? 0) > 1 });
  }
  const setupDone = steps.every((step) => step.done);

  /** Bulk Assign: selection mode on the list, which comes into view. */
  const startBulkAssign = () => {
    selection.setMode(true);
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    toast({ title: t('quickActions.bulkAssign'), description: t('quickActions.selectHint') });
  };

  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm text-muted-foreground">{t(greetingKey(hourIn(format.timeZone)))}</p>
          <h2 className="text-xl font-bold tracking-tight md:text-2xl">{t('welcome', { name: user.firstName || user.username })}</h2>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden />
          {format.date(currentTime())}
        </p>
      </div>
      {/* Alerts first, each hidden when there is nothing to act on. */}
      <LowStockAlert tenantId={user.tenantId} />
      <ServiceRemindersAlert tenantId={user.tenantId} />
      {!setupDone && <GettingStarted steps={steps} />}
      <StatCards />
      <MetricCards tenantId={user.tenantId} />
      {permissions.canUseAdminTools && <AdminTools tenantId={user.tenantId} onBulkAssign={startBulkAssign} />}
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section ref={listRef} aria-labelledby="dashboard-technicians" className="flex scroll-mt-20 flex-col gap-3">
            <div>
              <h2 id="dashboard-technicians" className="text-base font-semibold">
                {t('technicians.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('technicians.description')}</p>
            </div>
            <TechnicianWorkspace pageSize={DASHBOARD_TECHNICIANS} selection={selection} gridClassName="grid gap-4 sm:grid-cols-2" />
          </section>
          <RecentActivity />
        </div>
        {/* On phones the day's widgets come before the long technician list. */}
        <div className="order-first flex min-w-0 flex-col gap-4 xl:order-none">
          <TodaysSchedule onOpen={(taskId) => setDialog({ kind: 'task', taskId })} />
          <UnassignedTasks onOpen={(taskId) => setDialog({ kind: 'task', taskId })} />
          <CapacityPlanning />
          <Leaderboard />
          <QuickActions
            canManage={permissions.canEditAllTasks}
            onCreateTask={() => setDialog({ kind: 'new' })}
            onBulkAssign={startBulkAssign}
          />
        </div>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <TaskDialogs state={dialog} onChange={setDialog} />
        </Suspense>
      )}
    </div>
  );
}
