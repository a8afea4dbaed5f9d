import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { FormActions } from '@/shared/dialog-frame';
import { ArrowRight } from 'lucide-react';
import { fieldIssues } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { formatNumber } from '@/lib/format';
import { applyServerIssues } from '@/lib/validation';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { useStockMove } from './inventory.api';
import { toastFailure, toastSuccess, validationText } from '@/shared/messages';
import type { SparePart, StockMoveType } from './model';
import { StockBadge } from './stock-badge';

type FormValues = { type: StockMoveType; quantity: string; reason: string; unitCost: string };
const FIELDS = ['quantity', 'reason', 'unitCost'] as const;

/** The stock a move leaves: receiving adds, a count sets; null while the quantity is not a usable number. */
export function stockAfter(type: StockMoveType, current: number, quantityText: string): number | null {
  const n = Number(quantityText);
  if (quantityText.trim() === '' || !Number.isInteger(n) || n < 0) return null;
  return type === 'receive' ? current + n : n;
}

/**
 * Receive stock (adds what arrived) or Count (sets the stock to what is on the shelf); either
 * writes a row in the part's stock history with the reason.
 */
export function StockMoveDialog({ part, type, onClose }: { part: SparePart; type: StockMoveType; onClose: () => void }) {
  const { t, i18n } = useTranslation('inventory');
  const lang = i18n.language;
  const move = useStockMove();
  const form = useForm<FormValues>({
    resolver: lazyZodResolver<FormValues>(() =>
      import('./inventory.schemas').then((m) => (type === 'receive' ? m.receiveForm : m.countForm)),
    ),
    defaultValues: { type, quantity: type === 'receive' ? '' : String(part.stockQuantity), reason: '', unitCost: '' },
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => validationText(errors[name]?.message, t);
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const after = stockAfter(type, part.stockQuantity, quantity);
  const title = type === 'receive' ? t('stock.receiveTitle') : t('stock.countTitle');

  // mutateAsync: the answer is toasted even if the dialog was closed while saving.
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const saved = await move.mutateAsync({
        id: part.id,
        type,
        quantity: Number(values.quantity),
        reason: values.reason.trim() || undefined,
        unitCost: type === 'receive' && values.unitCost.trim() ? values.unitCost.trim() : undefined,
      });
      onClose();
      toastSuccess(
        t,
        t(type === 'receive' ? 'toast.received' : 'toast.counted', { name: saved.name, n: formatNumber(saved.stockQuantity, lang) }),
      );
    } catch (error) {
      applyServerIssues(fieldIssues(error), FIELDS, form.setError);
      toastFailure(t, error, t('toast.stockFailed'), 'inventory');
    }
  });

  const quantityId = 'stock-quantity';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="sm" data-testid="stock-move-dialog" data-type={type}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {part.name} · <span dir="ltr">{part.sku}</span>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3 rounded-md bg-muted/60 p-3 text-sm" data-testid="stock-preview">
            <span className="flex flex-col gap-1">
              <span className="text-xs text-muted-foreground">{t('stock.now')}</span>
              <StockBadge quantity={part.stockQuantity} minimum={part.minimumStock} />
            </span>
            <ArrowRight className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" aria-hidden />
            <span className="flex flex-col items-end gap-1">
              <span className="text-xs text-muted-foreground">{t('stock.after')}</span>
              {after === null ? (
                <span className="text-muted-foreground">—</span>
              ) : (
                <StockBadge quantity={after} minimum={part.minimumStock} />
              )}
            </span>
          </div>
          <Field
            id={quantityId}
            label={type === 'receive' ? t('stock.received') : t('stock.counted')}
            error={err('quantity')}
            hint={type === 'receive' ? t('stock.receivedHint') : t('stock.countedHint')}
          >
            <Input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={type === 'receive' ? 1 : 0}
              step={1}
              autoFocus
              aria-invalid={!!errors.quantity}
              aria-describedby={describedBy(quantityId, err('quantity'), 'hint')}
              {...form.register('quantity')}
            />
          </Field>
          {type === 'receive' && (
            <Field id="stock-unit-cost" label={t('stock.unitCost')} error={err('unitCost')} optional={t('fields.optional')}>
              <Input
                id="stock-unit-cost"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                aria-invalid={!!errors.unitCost}
                aria-describedby={describedBy('stock-unit-cost', err('unitCost'))}
                {...form.register('unitCost')}
              />
            </Field>
          )}
          <Field id="stock-reason" label={t('stock.reason')} error={err('reason')} optional={t('fields.optional')}>
            <Input
              id="stock-reason"
              maxLength={500}
              placeholder={type === 'receive' ? t('stock.receiveReasonPlaceholder') : t('stock.countReasonPlaceholder')}
              {...form.register('reason')}
            />
          </Field>
          <FormActions
            onCancel={onClose}
            pending={move.isPending}
            submitLabel={type === 'receive' ? t('stock.receiveSubmit') : t('stock.countSubmit')}
            submitTestId="submit-stock-move"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
