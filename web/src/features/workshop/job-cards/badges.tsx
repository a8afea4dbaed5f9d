import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { JobCardPriority, JobCardStatus } from './model';

/** One colour per status and priority, as on the task screens. */
export const STATUS_VARIANT: Record<JobCardStatus, BadgeVariant> = {
  pending: 'outline',
  in_progress: 'primary',
  completed: 'success',
  cancelled: 'neutral',
};
export const STATUS_DOT: Record<JobCardStatus, string> = {
  pending: 'bg-muted-foreground',
  in_progress: 'bg-primary',
  completed: 'bg-success',
  cancelled: 'bg-border',
};
export const PRIORITY_VARIANT: Record<JobCardPriority, BadgeVariant> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'destructive',
};

export function JobCardStatusBadge({ status }: { status: JobCardStatus }) {
  const { t } = useTranslation('job-cards');
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority, testId = 'priority-badge' }: { priority: JobCardPriority; testId?: string }) {
  const { t } = useTranslation('job-cards');
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} data-priority={priority} data-testid={testId}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
