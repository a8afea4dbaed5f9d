import type { ReactNode } from 'react';
import type { TFunction } from '@/lib/translator';
import { useTranslation } from '@/lib/translation';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toastFailure, toastSuccess } from './messages';

/**
 * A question before an action (delete, deactivate, convert, log out): Cancel, or the action.
 * While the action runs (`pending`) the dialog stays open with a spinner and cannot be
 * dismissed; the caller closes it when the call has answered (a refusal is told in a toast).
 */
export function ConfirmDialog({
  open = true,
  title,
  body,
  confirmLabel,
  cancelLabel,
  pending = false,
  destructive = true,
  onConfirm,
  onClose,
  testId,
  confirmTestId = 'confirm-delete',
}: {
  open?: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent data-testid={testId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{body}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel ?? t('actions.cancel')}</AlertDialogCancel>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} loading={pending} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * "Delete …?" for one record: runs the delete, then closes and toasts the outcome with the
 * screen's dictionary `t` (`delete.confirm`, `toast.deleted`, `toast.deleteFailed`); a refusal
 * (409: the record is still in use) shows the server's message.
 */
export function DeleteDialog({
  remove,
  id,
  title,
  body,
  t,
  namespace,
  onClose,
  onDeleted,
  testId,
  confirmTestId,
}: {
  remove: { isPending: boolean; mutate: (id: number, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void };
  id: number;
  title: string;
  body: ReactNode;
  t: TFunction;
  namespace?: string;
  onClose: () => void;
  onDeleted?: () => void;
  testId?: string;
  confirmTestId?: string;
}) {
  const onConfirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        onClose();
        onDeleted?.();
        toastSuccess(t, t('toast.deleted'));
      },
      onError: (error) => {
        onClose();
        toastFailure(t, error, t('toast.deleteFailed'), namespace);
      },
    });
  return (
    <ConfirmDialog
      title={title}
      body={body}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      testId={testId}
      confirmTestId={confirmTestId}
    />
  );
}
