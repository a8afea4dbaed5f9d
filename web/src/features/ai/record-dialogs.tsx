import { useTranslation } from '@/lib/translation';
import { useTenantId } from '@/lib/auth';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { notifyFailure, notifySuccess } from '@/shared/messages';
import { useDismissRecord, type RecordPath } from './ai.api';

/** "Dismiss this answer?": the record then says dismissed, by whom and when; nothing else changes. */
export function DismissDialog({ path, id, onClose }: { path: RecordPath; id: number; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  const dismiss = useDismissRecord(tenantId, path);
  return (
    <ConfirmDialog
      title={t('actions.dismissTitle')}
      body={t('actions.dismissBody')}
      confirmLabel={t('actions.dismiss')}
      pending={dismiss.isPending}
      onConfirm={() =>
        dismiss.mutate(id, {
          onSuccess: () => {
            onClose();
            notifySuccess(t('actions.dismissed'), t('actions.dismissBody'));
          },
          onError: (error) => {
            onClose();
            notifyFailure(t('failed.dismiss'), error, t, 'ai');
          },
        })
      }
      onClose={onClose}
      testId="dismiss-dialog"
      confirmTestId="confirm-dismiss"
    />
  );
}
