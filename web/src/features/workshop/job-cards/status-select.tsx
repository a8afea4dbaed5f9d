import { useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select';
import { JobCardStatusBadge, STATUS_DOT } from './job-card-badges';
import { useJobCardStatus } from './job-cards.api';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { JOB_CARD_STATUSES, type JobCard, type JobCardStatus } from './model';

function StatusLabel({ status }: { status: JobCardStatus }) {
  const { t } = useTranslation('job-cards');
  return (
    <span className="flex items-center gap-2">
      <span className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[status])} aria-hidden />
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The table's inline status: any status at any time (PATCH .../status). The chosen value shows
 * while the call runs; a refusal (e.g. 409 not enough stock) puts the old one back with a toast.
 */
export function StatusSelect({
  card,
  canChange,
  className = 'w-36',
}: {
  card: Pick<JobCard, 'id' | 'status' | 'jobNumber'>;
  canChange: boolean;
  className?: string;
}) {
  const { t } = useTranslation('job-cards');
  const change = useJobCardStatus();
  const [pending, setPending] = useState<JobCardStatus | null>(null);
  if (!canChange) return <JobCardStatusBadge status={card.status} />;
  const value = pending ?? card.status;

  // mutateAsync: the answer is shown even when the row leaves the list (a status filter) meanwhile.
  const onChange = async (next: string) => {
    const status = next as JobCardStatus;
    if (status === card.status) return;
    setPending(status);
    try {
      await change.mutateAsync({ id: card.id, status });
      toastSuccess(t, t('toast.statusUpdated'));
    } catch (error) {
      toastFailure(t, error, t('toast.statusFailed'), 'job-cards');
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={className}>
      <Select value={value} onValueChange={(next) => void onChange(next)} disabled={change.isPending}>
        <SelectTrigger
          size="sm"
          aria-label={t('table.statusOf', { jobNumber: card.jobNumber })}
          data-testid="status-select"
          data-status={value}
        >
          <span className="flex min-w-0 items-center gap-2">
            {change.isPending ? <LoaderCircle className="size-3.5 shrink-0 animate-spin" aria-hidden /> : null}
            <StatusLabel status={value} />
          </span>
        </SelectTrigger>
        <SelectContent>
          {JOB_CARD_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              <StatusLabel status={status} />
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
