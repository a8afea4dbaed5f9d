import { Controller, useForm, type Path } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FormActions } from '@/shared/dialog-frame';
import { fieldIssues } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { tenantSettingsQuery } from '@/lib/tenant';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DocumentAmounts } from './document-amounts';
import type { DocumentFormValues } from './document-values';
import { LineItems } from './line-items';
import { validationText } from '@/shared/messages';
import type { DocumentKind } from './model';
import { CustomerPicker, type CustomerOption } from '@/shared/customer-picker';
import { VehicleSelect } from '@/shared/vehicle-select';

const TOP_FIELDS = [
  'status',
  'customerId',
  'vehicleId',
  'description',
  'laborCost',
  'partsCost',
  'validUntil',
  'invoiceDate',
  'dueDate',
  'notes',
] as const;
/** The workshop's default rate until the settings arrive (spec section 9). */
export const DEFAULT_TAX_RATE = '10.00';

export type DocumentFormProps = {
  kind: DocumentKind;
  /** The document's number when editing; a new one is allocated by the server on save. */
  number: string | null;
  initial: DocumentFormValues;
  statuses: readonly string[];
  /** Shown in the status select when the status is not one the user sets (paid, partially paid, overdue). */
  statusPlaceholder?: string;
  customer?: CustomerOption | null;
  vehicle?: { id: number; make: string; model: string; plateNumber: string };
  /** Invoices: what was paid so far. */
  paid?: string;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** Saves; answers the failure so its field messages land under the fields. */
  onSubmit: (values: DocumentFormValues, taxRate: string) => Promise<unknown>;
};

/** Number, status, customer → vehicle, description, dates, lines, amounts with Calculate Total, notes. */
export function DocumentForm({
  kind,
  number,
  initial,
  statuses,
  statusPlaceholder,
  customer,
  vehicle,
  paid,
  pending,
  submitLabel,
  onCancel,
  onSubmit,
}: DocumentFormProps) {
  const { t } = useTranslation('billing');
  const settings = useQuery(tenantSettingsQuery);
  const taxRate = settings.data?.taxRate ?? DEFAULT_TAX_RATE;
  const form = useForm<DocumentFormValues>({
    defaultValues: initial,
    resolver: lazyZodResolver<DocumentFormValues>(() =>
      import('./billing.schemas').then((m) => (kind === 'estimate' ? m.estimateForm : m.invoiceForm)),
    ),
  });
  const { errors } = form.formState;
  const err = (name: (typeof TOP_FIELDS)[number]) => validationText(errors[name]?.message, t);
  const customerId = form.watch('customerId');
  const prefix = kind === 'estimate' ? 'estimate' : 'invoice';

  // Raw values, not the resolver's output: the payload is built from what was typed.
  const submit = form.handleSubmit(async () => {
    const failure = await onSubmit(form.getValues(), taxRate);
    if (!failure) return;
    for (const [path, message] of Object.entries(fieldIssues(failure))) {
      if ((TOP_FIELDS as readonly string[]).includes(path) || /^items\.\d+\.\w+$/.test(path)) {
        form.setError(path as Path<DocumentFormValues>, { type: 'server', message });
      }
    }
  });

  const dateField = (name: 'validUntil' | 'invoiceDate' | 'dueDate') => {
    const id = `billing-${name}`;
    return (
      <Field id={id} label={t(`fields.${name}`)} error={err(name)} optional={t('fields.optional')}>
        <Input
          id={id}
          type="date"
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(id, err(name))}
          data-testid={id}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid={`${prefix}-form`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="billing-number" label={t(`fields.${prefix}Number`)} hint={number ? t('fields.numberReadOnly') : undefined}>
          <Input
            id="billing-number"
            readOnly
            value={number ?? t('fields.numberAuto')}
            dir={number ? 'ltr' : undefined}
            className="bg-muted text-start font-mono"
            aria-describedby={number ? 'billing-number-hint' : undefined}
            data-testid="billing-number"
          />
        </Field>
        <Field id="billing-status" label={t('fields.status')} error={err('status')}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="billing-status" data-testid="billing-status">
                  <SelectValue placeholder={statusPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {statuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {t(`${prefix}Status.${status}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="billing-customer" label={t('fields.customer')} error={err('customerId')}>
          <Controller
            control={form.control}
            name="customerId"
            render={({ field }) => (
              <CustomerPicker
                id="billing-customer"
                value={field.value}
                selected={customer}
                invalid={!!errors.customerId}
                describedBy={describedBy('billing-customer', err('customerId'))}
                testId="billing-customer"
                onChange={(id) => {
                  if (id === field.value) return;
                  field.onChange(id);
                  // Another customer's vehicles: the chosen one no longer applies.
                  form.setValue('vehicleId', null, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
          />
        </Field>
        <Field
          id="billing-vehicle"
          label={t('fields.vehicle')}
          error={err('vehicleId')}
          hint={customerId ? undefined : t('pickers.chooseCustomerFirst')}
        >
          <Controller
            control={form.control}
            name="vehicleId"
            render={({ field }) => (
              <VehicleSelect
                id="billing-vehicle"
                customerId={customerId}
                value={field.value}
                onChange={(id) => field.onChange(id)}
                fallback={vehicle && vehicle.id === field.value ? vehicle : undefined}
                invalid={!!errors.vehicleId}
                describedBy={describedBy(
                  'billing-vehicle',
                  err('vehicleId'),
                  customerId ? undefined : t('common:pickers.vehicle.chooseCustomerFirst'),
                )}
                testId="billing-vehicle"
              />
            )}
          />
        </Field>
        <Field id="billing-description" label={t('fields.description')} error={err('description')} className="sm:col-span-2">
          <Textarea
            id="billing-description"
            rows={2}
            maxLength={5000}
            dir="auto"
            aria-invalid={!!errors.description}
            aria-describedby={describedBy('billing-description', err('description'))}
            data-testid="billing-description"
            {...form.register('description')}
          />
        </Field>
        {kind === 'estimate' ? (
          dateField('validUntil')
        ) : (
          <>
            {dateField('invoiceDate')}
            {dateField('dueDate')}
          </>
        )}
      </div>
      <LineItems form={form} taxRate={taxRate} />
      <DocumentAmounts form={form} taxRate={taxRate} paid={paid} />
      <Field id="billing-notes" label={t('fields.notes')} optional={t('fields.optional')}>
        <Textarea id="billing-notes" rows={2} maxLength={5000} dir="auto" {...form.register('notes')} />
      </Field>
      <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} submitTestId={`submit-${prefix}`} />
    </form>
  );
}
