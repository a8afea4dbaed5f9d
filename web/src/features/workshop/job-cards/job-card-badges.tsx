import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { JobCardPriority, JobCardStatus } from './model';

/** The dot before a status in the inline status select. */
export const STATUS_DOT: Record<JobCardStatus, string> = {
  pending: 'bg-muted-foreground',
  in_progress: 'bg-primary',
  completed: 'bg-success',
  cancelled: 'bg-border',
};

export function JobCardStatusBadge({ status }: { status: JobCardStatus }) {
  const { t } = useTranslation('job-cards');
  return (
    <StatusBadge kind="jobCard" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}

export function PriorityBadge({ priority, testId = 'priority-badge' }: { priority: JobCardPriority; testId?: string }) {
  const { t } = useTranslation('job-cards');
  return (
    <StatusBadge kind="priority" value={priority} testId={testId}>
      {t(`priority.${priority}`)}
    </StatusBadge>
  );
}
