import { Link } from 'wouter';
import {
  Car,
  CircleCheck,
  ClipboardList,
  ClipboardPlus,
  Database,
  FileUp,
  History,
  Pencil,
  UserPlus,
  UserRoundCheck,
  type LucideIcon,
} from 'lucide-react';
import { ACTIVITY_COUNTS, ACTIVITY_DETAILS, type ActivityAction } from '@core/contracts/activity.values.ts';
import { useTranslation } from '@/lib/translation';
import { formatNumber, formatRelative } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Skeleton } from '@/components/ui/skeleton';
import type { ActivityEntry } from '../model';

const LOOKS: Record<ActivityAction, { icon: LucideIcon; tone: string }> = {
  created_technician: { icon: UserPlus, tone: 'bg-primary/10 text-primary' },
  updated_technician: { icon: Pencil, tone: 'bg-info/10 text-info' },
  created_task: { icon: ClipboardPlus, tone: 'bg-primary/10 text-primary' },
  assigned_task: { icon: UserRoundCheck, tone: 'bg-warning/12 text-warning' },
  completed_task: { icon: CircleCheck, tone: 'bg-success/10 text-success' },
  created_customer: { icon: UserPlus, tone: 'bg-primary/10 text-primary' },
  imported_customers: { icon: FileUp, tone: 'bg-info/10 text-info' },
  created_vehicle: { icon: Car, tone: 'bg-primary/10 text-primary' },
  imported_vehicles: { icon: FileUp, tone: 'bg-info/10 text-info' },
  created_job_card: { icon: ClipboardList, tone: 'bg-primary/10 text-primary' },
  completed_job_card: { icon: CircleCheck, tone: 'bg-success/10 text-success' },
  seeded_database: { icon: Database, tone: 'bg-muted text-muted-foreground' },
};

const isKnown = (action: string): action is ActivityAction => Object.hasOwn(ACTIVITY_DETAILS, action);

/** Where an entry's record is found: its list, searched for it where the list can be. */
function recordPath(entry: ActivityEntry): string | null {
  const q = (value: unknown) => (typeof value === 'string' && value ? `?q=${encodeURIComponent(value)}` : '');
  switch (entry.entityType) {
    case 'customer':
      return `/customers${q(entry.details.customerName)}`;
    case 'vehicle':
      return `/vehicles${q(entry.details.plateNumber)}`;
    case 'job_card':
      return `/job-cards${q(entry.details.jobNumber)}`;
    case 'task':
      return '/tasks';
    case 'technician':
      return '/technicians';
    default:
      return null;
  }
}

/**
 * One line of the feed: who did what to which record, in the reader's language, and when
 * (relative, with the exact time on hover); the sentence links to the record. An action this
 * version does not know (an older server's) reads as "made a change".
 */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormatters();
  const action = isKnown(entry.action) ? entry.action : null;
  const look = action ? LOOKS[action] : null;
  const Icon = look?.icon ?? History;
  const values: Record<string, string> = {
    user: entry.user ? fullName(entry.user.firstName, entry.user.lastName, t('activity.someone')) : t('activity.someone'),
  };
  for (const key of action ? ACTIVITY_DETAILS[action] : []) {
    const value = entry.details[key];
    // A customer's name reads as the erased placeholder in the reader's language once they were erased.
    values[key] = ACTIVITY_COUNTS.includes(key)
      ? formatNumber(Number(value), i18n.language)
      : key === 'customerName'
        ? fullName(String(value ?? ''))
        : String(value ?? '');
  }
  const sentence = t(`activity.actions.${action ?? 'other'}`, values);
  const path = action ? recordPath(entry) : null;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="activity-item" data-action={entry.action}>
      <span className={`flex size-8 shrink-0 items-center justify-center rounded-full ${look?.tone ?? 'bg-muted text-muted-foreground'}`}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        {path ? (
          <Link href={path} className="text-sm hover:underline focus-visible:underline" data-testid="activity-link">
            {sentence}
          </Link>
        ) : (
          <p className="text-sm">{sentence}</p>
        )}
        <time dateTime={entry.createdAt} title={format.dateTime(entry.createdAt)} className="block text-xs text-muted-foreground">
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
