import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type Width = 'sm' | 'md' | 'lg' | 'xl';

/**
 * The frame of every record dialog (a form, a detail view): title, optional description, the
 * content; closing (Escape, outside click, the close button) calls `onClose` unless `busy`.
 */
export function DialogFrame({
  title,
  description,
  width = 'md',
  testId,
  busy = false,
  onClose,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  width?: Width;
  testId?: string;
  /** While true (a save in flight) the dialog does not close. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent width={width} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A form's Cancel and submit buttons at the foot of its dialog. */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  submitTestId,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  submitTestId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      {children}
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
