import type { TFunction } from '@/lib/translator';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { dayInZone } from '@core/rules/time-zone.ts';
import { toCents } from '@core/rules/money.ts';
import { useAuth } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useRecordPayment } from '../shared/billing.api';
import { notifyFailure, notifySuccess } from '@/shared/messages';
import { isApiError } from '@/lib/api';
import { toast } from '@/components/ui/toast';
import { PAYMENT_METHODS, type Invoice, type PaymentMethod } from '../shared/model';

/** The spec's "Invalid Payment" toast: title and the rest of the message (section 5). */
function notifyInvalidPayment(t: TFunction) {
  toast({ variant: 'destructive', title: t('billing:payment.invalidTitle'), description: t('billing:payment.invalidBody') });
}

/** Whether a failed call is the server's invalid-payment refusal (400 with the spec's message). */
function isInvalidPayment(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && (error.serverMessage ?? '').startsWith('Invalid Payment');
}

/** Today in the workshop's time zone (the browser's until the settings arrive). */
function todayOf(timeZone: string | undefined): string {
  try {
    return dayInZone(new Date(), timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return dayInZone(new Date(), 'UTC');
  }
}

type Values = { amount: string; method: PaymentMethod | ''; date: string; reference: string; notes: string };

/** Record Payment: amount prefilled with the balance, one of the five methods, the date and a reference. */
export default function PaymentDialog({
  invoice,
  onClose,
}: {
  invoice: Pick<Invoice, 'id' | 'invoiceNumber' | 'balanceAmount'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { user } = useAuth();
  const format = useFormatters();
  const record = useRecordPayment(user?.tenantId ?? 0);
  const form = useForm<Values>({
    defaultValues: { amount: invoice.balanceAmount, method: '', date: todayOf(format.timeZone), reference: '', notes: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const amount = values.amount.trim();
    const valid = amount !== '' && Number.isFinite(Number(amount)) && Number(amount) > 0;
    // Spec section 5: an amount above 0 and a method, otherwise "Invalid Payment".
    if (!valid || !values.method) {
      if (!valid) form.setError('amount', { type: 'client', message: t('billing:payment.amountInvalid') });
      if (!values.method) form.setError('method', { type: 'client', message: t('billing:payment.methodRequired') });
      notifyInvalidPayment(t);
      return;
    }
    if (toCents(amount) > toCents(invoice.balanceAmount)) {
      form.setError('amount', {
        type: 'client',
        message: t('billing:payment.overBalance', { balance: format.money(invoice.balanceAmount) }),
      });
      notifyInvalidPayment(t);
      return;
    }
    try {
      const saved = await record.mutateAsync({
        id: invoice.id,
        paidAmount: amount,
        paymentMethod: values.method,
        paymentDate: values.date || null,
        referenceNumber: values.reference.trim() || null,
        notes: values.notes.trim() || null,
      });
      onClose();
      notifySuccess(
        t('toast.paymentRecorded'),
        t('toast.paymentRecordedBody', {
          amount: format.money(amount),
          number: saved.invoiceNumber,
          balance: format.money(saved.balanceAmount),
        }),
      );
    } catch (error) {
      if (isInvalidPayment(error)) notifyInvalidPayment(t);
      else notifyFailure(t('toast.paymentFailed'), error, t, 'billing');
    }
  });

  const amountError = errors.amount?.message;
  const methodError = errors.method?.message;
  return (
    <DialogFrame
      title={t('payment.title')}
      description={<>{t('payment.description', { number: invoice.invoiceNumber, balance: format.money(invoice.balanceAmount) })}</>}
      width="md"
      testId="payment-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="payment-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="payment-amount" label={t('payment.amount')} error={amountError}>
            <Input
              id="payment-amount"
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              className="tabular-nums"
              aria-invalid={!!amountError}
              aria-describedby={describedBy('payment-amount', amountError)}
              data-testid="payment-amount"
              {...form.register('amount')}
            />
          </Field>
          <Field id="payment-method" label={t('payment.method')} error={methodError}>
            <Controller
              control={form.control}
              name="method"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(v) => {
                    field.onChange(v);
                    form.clearErrors('method');
                  }}
                >
                  <SelectTrigger
                    id="payment-method"
                    aria-invalid={!!methodError || undefined}
                    aria-describedby={describedBy('payment-method', methodError)}
                    data-testid="payment-method"
                  >
                    <SelectValue placeholder={t('payment.methodPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {PAYMENT_METHODS.map((method) => (
                      <SelectItem key={method} value={method}>
                        {t(`billing:paymentMethod.${method}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="payment-date" label={t('payment.date')}>
            <Input id="payment-date" type="date" data-testid="payment-date" {...form.register('date')} />
          </Field>
          <Field id="payment-reference" label={t('payment.reference')} optional={t('billing:fields.optional')}>
            <Input
              id="payment-reference"
              maxLength={100}
              dir="auto"
              autoComplete="off"
              data-testid="payment-reference"
              {...form.register('reference')}
            />
          </Field>
          <Field id="payment-notes" label={t('payment.notes')} optional={t('billing:fields.optional')} className="sm:col-span-2">
            <Textarea id="payment-notes" rows={2} maxLength={1000} dir="auto" {...form.register('notes')} />
          </Field>
        </div>
        <FormActions onCancel={onClose} pending={record.isPending} submitLabel={t('payment.submit')} submitTestId="submit-payment" />
      </form>
    </DialogFrame>
  );
}
