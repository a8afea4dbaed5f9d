import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Activity,
  ArrowRight,
  Building2,
  CalendarDays,
  CircleCheck,
  Circle,
  ClipboardList,
  Gauge,
  UserPlus,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { StaffUser } from '@core/contracts/users.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { tenantSettingsQuery, useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type Step = { key: string; icon: LucideIcon; href: string; done: boolean };

function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

function hourIn(timeZone: string | undefined): number {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(new Date()));
  } catch {
    return new Date().getHours();
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
                <p className={cn('text-sm font-medium', isDone && 'text-muted-foreground line-through decoration-1')}>{t(`setup.steps.${key}.title`)}</p>
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

const UPCOMING: Array<{ key: string; icon: LucideIcon; metrics: string[] }> = [
  { key: 'team', icon: Gauge, metrics: ['totalTechnicians', 'activeTasks', 'unassignedTasks', 'completionRate'] },
  { key: 'workshop', icon: ClipboardList, metrics: ['customers', 'vehicles', 'activeJobs', 'completed', 'lowStock', 'bookings'] },
  { key: 'activity', icon: Activity, metrics: [] },
];

function ComingNext() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="dashboard-coming" className="flex flex-col gap-3">
      <div>
        <h2 id="dashboard-coming" className="text-base font-semibold">
          {t('coming.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('coming.description')}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {UPCOMING.map(({ key, icon: Icon, metrics }) => (
          <Card key={key} className="flex flex-col border-dashed shadow-none">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <div className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </div>
                <Badge variant="outline">{t('coming.badge')}</Badge>
              </div>
              <CardTitle className="mt-2">{t(`coming.${key}.title`)}</CardTitle>
              <CardDescription>{t(`coming.${key}.body`)}</CardDescription>
            </CardHeader>
            {metrics.length > 0 && (
              <CardContent className="mt-auto">
                <ul className="flex flex-wrap gap-1.5">
                  {metrics.map((metric) => (
                    <li key={metric}>
                      <Badge variant="neutral">{t(`metrics.${metric}`)}</Badge>
                    </li>
                  ))}
                </ul>
              </CardContent>
            )}
            {metrics.length === 0 && (
              <CardContent className="mt-auto">
                <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">{t('coming.activity.empty')}</p>
              </CardContent>
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}

/** The dashboard frame: welcome, getting-started steps, and what the next modules add here. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const permissions = usePermissions();
  const format = useFormatters();
  const { data: settings } = useQuery(tenantSettingsQuery);
  const { data: staff } = useQuery<StaffUser[]>({ queryKey: ['/api/users'], enabled: permissions.canManageUsers });

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

  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-4 bg-gradient-to-br from-primary/10 via-card to-card p-5 sm:flex-row sm:items-center sm:justify-between md:p-6 rtl:bg-gradient-to-bl">
          <div className="flex flex-col gap-1">
            <p className="text-sm text-muted-foreground">{t(greetingKey(hourIn(format.timeZone)))}</p>
            <h2 className="text-2xl font-bold tracking-tight">{t('welcome', { name: user.firstName || user.username })}</h2>
            <p className="text-sm text-muted-foreground">{t('intro', { workshop: user.tenantName })}</p>
          </div>
          <div className="flex items-center gap-2 self-start rounded-md border bg-card px-3 py-2 text-sm sm:self-center">
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
            <span>{format.date(new Date())}</span>
          </div>
        </div>
      </Card>
      <GettingStarted steps={steps} />
      <ComingNext />
    </div>
  );
}
