import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { DialogFrame } from '@/shared/dialog-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { JobCardDetailDialog } from './job-card-detail';
import { JobCardForm } from './job-card-form';
import { jobCardQuery } from './job-cards.api';
import { failureText } from '@/shared/messages';
import type { JobCardDetail } from './model';

export type JobCardDialogState = { kind: 'new' } | { kind: 'edit'; jobCardId: number } | { kind: 'detail'; jobCardId: number };

function FormDialog({ jobCardId, onClose }: { jobCardId?: number; onClose: () => void }) {
  const { t } = useTranslation('job-cards');
  const detail = useQuery({ ...jobCardQuery(jobCardId ?? 0), enabled: !!jobCardId });
  const editing = !!jobCardId;
  return (
    <DialogFrame
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      description={<>{editing ? t('form.editDescription', { jobNumber: detail.data?.jobNumber ?? '' }) : t('form.createDescription')}</>}
      width="xl"
      testId="job-card-dialog"
      onClose={onClose}
    >
      {editing && detail.isLoading && (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="job-card-form-loading">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      )}
      {editing && detail.error && (
        <p className="py-6 text-center text-sm text-destructive">{failureText(detail.error, t, 'job-cards', t('detail.loadFailed'))}</p>
      )}
      {(!editing || detail.data) && <JobCardForm card={detail.data} onClose={onClose} />}
    </DialogFrame>
  );
}

/** The job card dialogs (create, edit, detail), loaded the first time one opens. */
export default function JobCardDialogs({
  state,
  onChange,
  canEdit,
}: {
  state: JobCardDialogState;
  onChange: (state: JobCardDialogState | null) => void;
  canEdit: (card: Pick<JobCardDetail, 'assignedTo'>) => boolean;
}) {
  const close = () => onChange(null);
  switch (state.kind) {
    case 'new':
      return <FormDialog onClose={close} />;
    case 'edit':
      return <FormDialog jobCardId={state.jobCardId} onClose={close} />;
    case 'detail':
      return (
        <JobCardDetailDialog
          jobCardId={state.jobCardId}
          canEdit={canEdit}
          onEdit={(card) => onChange({ kind: 'edit', jobCardId: card.id })}
          onClose={close}
        />
      );
  }
}
