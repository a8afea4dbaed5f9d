import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Award, ClipboardList, Gauge, ListPlus, Mail, MapPin, Pencil, Phone, Star, Timer, Trophy, type LucideIcon } from 'lucide-react';
import { usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatFixed, formatNumber, formatPercent } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { tasksQuery, technicianQuery } from '../workforce.api';
import { Attachments } from '@/shared/attachments';
import { PriorityBadge, TaskStatusBadge, TechnicianStatusBadge } from '../workforce-badges';
import { ratingOf, type Technician } from '../model';
import { performanceOf } from './performance';

function Stat({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-md border p-3" data-testid={testId}>
      <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="text-lg font-semibold tabular-nums">{value}</p>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
    </div>
  );
}

function History({ technicianId, onOpenTask }: { technicianId: number; onOpenTask: (taskId: number) => void }) {
  const { t } = useTranslation('technicians');
  const format = useFormatters();
  const { data, isLoading, isError, error } = useQuery(tasksQuery({ technicianId, limit: 100 }));
  if (isLoading) return <Skeleton className="h-32" />;
  if (isError) return <p className="text-sm text-destructive">{`${t('detail.historyFailed')}: ${errorMessage(error, t)}`}</p>;
  if (!data?.length) return <p className="py-6 text-center text-sm text-muted-foreground">{t('detail.noTasks')}</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border" data-testid="task-history">
      {data.map((task) => (
        <li key={task.id}>
          <button
            type="button"
            onClick={() => onOpenTask(task.id)}
            className="flex w-full flex-wrap items-center gap-2 px-3 py-2.5 text-start hover:bg-muted/50"
          >
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{task.title}</span>
            <PriorityBadge priority={task.priority} />
            <TaskStatusBadge status={task.status} />
            <span className="w-full text-xs text-muted-foreground sm:w-auto">
              {task.timeCompleted ? format.date(task.timeCompleted) : task.dueDate ? format.date(task.dueDate) : t('tasks:board.noDueDate')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function PerformanceTab({ technician }: { technician: Technician }) {
  const { t, i18n } = useTranslation('technicians');
  const lang = i18n.language;
  const { data, isLoading } = useQuery(tasksQuery({ technicianId: technician.id, status: 'completed' }));
  if (isLoading) return <Skeleton className="h-40" />;
  const p = performanceOf(technician._count.completedTasks, ratingOf(technician), data ?? []);
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="performance">
      <Stat icon={ClipboardList} label={t('detail.completed')} value={formatNumber(p.completedTasks, lang)} testId="perf-completed" />
      <Stat
        icon={Gauge}
        label={t('detail.averageEfficiency')}
        value={p.averageEfficiency === null ? '—' : formatPercent(p.averageEfficiency, lang)}
        hint={p.averageEfficiency === null ? t('detail.notMeasured') : t('detail.efficiencyHint')}
        testId="perf-efficiency"
      />
      <Stat
        icon={Timer}
        label={t('detail.onTimeRate')}
        value={p.onTimeRate === null ? '—' : formatPercent(p.onTimeRate, lang)}
        hint={p.onTimeRate === null ? t('detail.notMeasured') : t('detail.onTimeHint')}
        testId="perf-on-time"
      />
      <Stat icon={Star} label={t('detail.rating')} value={formatFixed(p.rating, lang, 1)} testId="perf-rating" />
      <Stat icon={Trophy} label={t('detail.leaderboardScore')} value={formatNumber(p.score, lang, 1)} testId="perf-score" />
      <Stat icon={Award} label={t('detail.badge')} value={t(`badges.${p.badge}`)} testId="perf-badge" />
    </div>
  );
}

function Profile({ technician, onEdit, onAssign }: { technician: Technician; onEdit: () => void; onAssign: () => void }) {
  const { t, i18n } = useTranslation('technicians');
  const lang = i18n.language;
  const permissions = usePermissions();
  const canManage = permissions.canManageTechnicians;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-3 gap-2 text-center">
        {[
          ['completed', formatNumber(technician._count.completedTasks, lang)],
          ['active', formatNumber(technician._count.activeTasks, lang)],
          ['rating', formatFixed(ratingOf(technician), lang, 1)],
        ].map(([key, value]) => (
          <div key={key} className="rounded-md border p-3" data-testid={`profile-${key}`}>
            <p className="text-xl font-semibold tabular-nums">{value}</p>
            <p className="text-xs text-muted-foreground">{t(`detail.${key}`)}</p>
          </div>
        ))}
      </div>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('detail.skills')}</h3>
        <div className="flex flex-wrap gap-1.5" data-testid="detail-skills">
          {technician.skills.map((s) => (
            <Badge key={s.id} variant="primary">
              {s.skill.name}
            </Badge>
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-2 text-sm">
        <h3 className="text-sm font-semibold">{t('detail.contact')}</h3>
        <p className="flex items-center gap-2">
          <Mail className="size-4 text-muted-foreground" aria-hidden />
          <a href={`mailto:${technician.email}`} className="text-primary hover:underline" dir="ltr">
            {technician.email}
          </a>
        </p>
        <p className="flex items-center gap-2">
          <Phone className="size-4 text-muted-foreground" aria-hidden />
          <a href={`tel:${technician.phone}`} className="text-primary hover:underline" dir="ltr">
            {technician.phone}
          </a>
        </p>
        {technician.location && (
          <p className="flex items-center gap-2">
            <MapPin className="size-4 text-muted-foreground" aria-hidden />
            {technician.location}
          </p>
        )}
        {technician.employeeId && (
          <p className="text-muted-foreground">
            {t('detail.employeeId')}: <span dir="ltr">{technician.employeeId}</span>
          </p>
        )}
        {technician.notes && <p className="whitespace-pre-line rounded-md bg-muted p-3">{technician.notes}</p>}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('tasks:detail.attachments')}</h3>
        <Attachments entityType="technician" entityId={technician.id} canChange={canManage} />
      </section>
      {canManage && (
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onEdit} data-testid="edit-profile">
            <Pencil aria-hidden />
            {t('detail.editProfile')}
          </Button>
          <Button onClick={onAssign} disabled={technician.status !== 'active'} data-testid="detail-assign-task">
            <ListPlus aria-hidden />
            {t('detail.assignTask')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Profile, task history and performance of one technician. */
export function TechnicianDetailDialog({
  technicianId,
  onClose,
  onEdit,
  onAssign,
  onOpenTask,
}: {
  technicianId: number;
  onClose: () => void;
  onEdit: (technician: Technician) => void;
  onAssign: (technician: Technician) => void;
  onOpenTask: (taskId: number) => void;
}) {
  const { t } = useTranslation('technicians');
  const { data: technician, isLoading, isError, error } = useQuery(technicianQuery(technicianId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="lg" data-testid="technician-dialog">
        {technician ? (
          <>
            <DialogHeader className="flex-row items-center gap-3">
              <Avatar firstName={technician.firstName} lastName={technician.lastName} src={technician.profileImageUrl} size="lg" />
              <div className="flex min-w-0 flex-col gap-1">
                <DialogTitle>{fullName(technician.firstName, technician.lastName)}</DialogTitle>
                <DialogDescription>{technician.title}</DialogDescription>
                <div>
                  <TechnicianStatusBadge status={technician.status} />
                </div>
              </div>
            </DialogHeader>
            <Tabs defaultValue="profile">
              <TabsList className="w-full">
                <TabsTrigger value="profile">{t('detail.tabs.profile')}</TabsTrigger>
                <TabsTrigger value="history">{t('detail.tabs.history')}</TabsTrigger>
                <TabsTrigger value="performance">{t('detail.tabs.performance')}</TabsTrigger>
              </TabsList>
              <TabsContent value="profile">
                <Profile technician={technician} onEdit={() => onEdit(technician)} onAssign={() => onAssign(technician)} />
              </TabsContent>
              <TabsContent value="history">
                <History technicianId={technician.id} onOpenTask={onOpenTask} />
              </TabsContent>
              <TabsContent value="performance">
                <PerformanceTab technician={technician} />
              </TabsContent>
            </Tabs>
          </>
        ) : (
          <>
            <DialogTitle className={isLoading ? 'sr-only' : undefined}>{isError ? t('loadFailed') : t('detail.tabs.profile')}</DialogTitle>
            <DialogDescription className={isLoading ? 'sr-only' : undefined}>{isError ? errorMessage(error, t) : ''}</DialogDescription>
            {isLoading && <Skeleton className="h-64" />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
