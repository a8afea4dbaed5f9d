import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { Calculator } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { liveTotals, type DocumentFormValues } from './document-values';
import { validationText } from '@/shared/messages';

/**
 * Labour cost, parts cost, Calculate Total, tax and total (spec section 2). Without lines the
 * costs are typed; with lines they are the lines' sums, read-only. Tax and total are read-only and
 * follow what is typed at the workshop's rate (core/rules/billing.ts, the server's own rule);
 * Calculate Total rounds the costs to the cent and states the sum it used.
 */
export function DocumentAmounts({ form, taxRate, paid }: { form: UseFormReturn<DocumentFormValues>; taxRate: string; paid?: string }) {
  const { t, i18n } = useTranslation('billing');
  const format = useFormatters();
  const [items, laborCost, partsCost] = useWatch({ control: form.control, name: ['items', 'laborCost', 'partsCost'] });
  const totals = liveTotals({ items: items ?? [], laborCost, partsCost }, taxRate);
  const hasLines = (items ?? []).length > 0;
  // What Calculate Total last worked out, shown while the amounts it used still stand.
  const [calculatedFor, setCalculatedFor] = useState<string | null>(null);
  const key = `${totals.subtotal}|${taxRate}`;
  const { errors } = form.formState;
  const rate = formatNumber(taxRate, i18n.language, 2);

  const calculate = () => {
    if (!hasLines) {
      form.setValue('laborCost', totals.laborCost, { shouldValidate: form.formState.isSubmitted });
      form.setValue('partsCost', totals.partsCost, { shouldValidate: form.formState.isSubmitted });
    }
    form.setValue('taxAmount', totals.taxAmount);
    form.setValue('totalAmount', totals.totalAmount);
    setCalculatedFor(key);
  };

  const cost = (name: 'laborCost' | 'partsCost') => {
    const id = `billing-${name}`;
    const error = validationText(errors[name]?.message, t);
    const hint = hasLines ? t('amounts.fromLines') : undefined;
    return (
      <Field id={id} label={t(`fields.${name}`)} error={error} hint={hint}>
        {hasLines ? (
          <Input
            id={id}
            readOnly
            value={format.money(totals[name])}
            className="bg-muted tabular-nums"
            aria-describedby={describedBy(id, error, hint)}
            data-testid={id}
          />
        ) : (
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="tabular-nums"
            aria-invalid={!!error}
            aria-describedby={describedBy(id, error, hint)}
            data-testid={id}
            {...form.register(name)}
          />
        )}
      </Field>
    );
  };

  return (
    <section className="flex flex-col gap-3" aria-label={t('amounts.title')} data-testid="document-amounts">
      <div className="grid gap-4 sm:grid-cols-2">
        {cost('laborCost')}
        {cost('partsCost')}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={calculate} data-testid="calculate-total">
          <Calculator aria-hidden />
          {t('amounts.calculate')}
        </Button>
        <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="calculated-note">
          {calculatedFor === key
            ? t('amounts.calculated', {
                rate,
                subtotal: format.money(totals.subtotal),
                tax: format.money(totals.taxAmount),
                total: format.money(totals.totalAmount),
              })
            : t('amounts.rateNote', { rate })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="billing-tax" label={t('fields.taxAmountAt', { rate })}>
          <Input
            id="billing-tax"
            readOnly
            value={format.money(totals.taxAmount)}
            className="bg-muted tabular-nums"
            data-testid="billing-tax"
          />
        </Field>
        <Field id="billing-total" label={t('fields.totalAmount')}>
          <Input
            id="billing-total"
            readOnly
            value={format.money(totals.totalAmount)}
            className="bg-muted font-semibold tabular-nums"
            data-testid="billing-total"
          />
        </Field>
      </div>
      {paid !== undefined && (
        <p className="text-sm text-muted-foreground" data-testid="billing-paid-note">
          {t('amounts.paidSoFar', { paid: format.money(paid) })}
        </p>
      )}
    </section>
  );
}
