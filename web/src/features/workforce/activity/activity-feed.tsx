import { useTranslation } from '@/lib/translation';
import { CircleCheck, ClipboardPlus, Database, History, Pencil, UserPlus, UserRoundCheck, type LucideIcon } from 'lucide-react';
import { formatRelative } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Skeleton } from '@/components/ui/skeleton';
import type { ActivityEntry } from '../model';

const KNOWN: Record<string, { icon: LucideIcon; tone: string }> = {
  created_technician: { icon: UserPlus, tone: 'bg-primary/10 text-primary' },
  updated_technician: { icon: Pencil, tone: 'bg-info/10 text-info' },
  created_task: { icon: ClipboardPlus, tone: 'bg-primary/10 text-primary' },
  assigned_task: { icon: UserRoundCheck, tone: 'bg-warning/12 text-warning' },
  completed_task: { icon: CircleCheck, tone: 'bg-success/10 text-success' },
  seeded_database: { icon: Database, tone: 'bg-muted text-muted-foreground' },
};

/** One line of the feed: who did what, and when (relative, with the exact time on hover). */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormatters();
  const known = KNOWN[entry.action];
  const Icon = known?.icon ?? History;
  const user = entry.user ? fullName(entry.user.firstName, entry.user.lastName, t('activity.someone')) : t('activity.someone');
  const values = {
    user,
    technician: String(entry.details.technicianName ?? ''),
    task: String(entry.details.taskTitle ?? ''),
    action: entry.action.replace(/_/g, ' '),
  };
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="activity-item" data-action={entry.action}>
      <span className={`flex size-8 shrink-0 items-center justify-center rounded-full ${known?.tone ?? 'bg-muted text-muted-foreground'}`}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">{t(`activity.actions.${known ? entry.action : 'other'}`, values)}</p>
        <time dateTime={entry.createdAt} title={format.dateTime(entry.createdAt)} className="text-xs text-muted-foreground">
          {formatRelative(entry.createdAt, i18n.language)}
        </time>
      </div>
    </li>
  );
}

export function ActivitySkeleton({ rows }: { rows: number }) {
  return (
    <ul className="flex flex-col gap-4" data-testid="activity-loading">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}
