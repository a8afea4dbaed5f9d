import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translation';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { TFunction } from '@/lib/translator';
import { failureText, notifyFailure, notifySuccess } from '@/shared/messages';

/**
 * The frame of the New / Edit Estimate and Invoice dialogs: title and description, skeleton
 * fields while the edited document loads, the load failure in its place, then the form.
 * Its texts are the `dialog.*` entries of the document's dictionary (estimates or invoices).
 */
export function DocumentDialog({
  kind,
  editingNumber,
  loading,
  error,
  onClose,
  children,
}: {
  kind: 'estimate' | 'invoice';
  /** The number of the document being edited; undefined for a new one. */
  editingNumber: string | undefined | null;
  loading: boolean;
  error: unknown;
  onClose: () => void;
  /** The form, or null while there is nothing to show it for. */
  children: ReactNode;
}) {
  const { t } = useTranslation(kind === 'estimate' ? 'estimates' : 'invoices');
  const editing = editingNumber !== undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="xl" data-testid={`${kind}-dialog`}>
        <DialogHeader>
          <DialogTitle>{editing ? t('dialog.editTitle') : t('dialog.newTitle')}</DialogTitle>
          <DialogDescription>
            {editing ? t('dialog.editDescription', { number: editingNumber ?? '' }) : t('dialog.newDescription')}
          </DialogDescription>
        </DialogHeader>
        {editing && loading && (
          <div className="grid gap-4 sm:grid-cols-2" data-testid={`${kind}-form-loading`}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        )}
        {editing && Boolean(error) && (
          <p className="py-6 text-center text-sm text-destructive">{failureText(error, t, 'billing', t('dialog.loadFailed'))}</p>
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Saves a new or edited document through `run` (which answers the saved document's number):
 * closes the dialog and toasts "Created/Updated" with the number, or toasts the failure and
 * answers the error for the form to put under its fields. `t` is the document's dictionary.
 */
export function saveDocument(t: TFunction, editing: boolean, onClose: () => void) {
  return async (run: () => Promise<string>): Promise<unknown> => {
    try {
      const number = await run();
      onClose();
      notifySuccess(editing ? t('toast.updated') : t('toast.created'), t('toast.savedNumber', { number }));
      return undefined;
    } catch (error) {
      notifyFailure(editing ? t('toast.updateFailed') : t('toast.createFailed'), error, t, 'billing');
      return error;
    }
  };
}
