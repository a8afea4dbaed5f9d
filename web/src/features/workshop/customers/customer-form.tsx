import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { FormActions } from '@/shared/dialog-frame';
import { fieldIssues } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { FormSelect } from '@/shared/form-select';
import { LANGUAGES, type SettingsLanguage } from '@core/contracts/user-settings.values.ts';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { useCreateCustomer, useUpdateCustomer, type Customer, type CustomerInput } from './customers.api';

type FormValues = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string;
  preferredLanguage: SettingsLanguage;
};
const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'address', 'city', 'postalCode', 'notes', 'preferredLanguage'] as const;
type TextName = Exclude<(typeof FIELDS)[number], 'preferredLanguage'>;

/** A new customer is written to in the language the desk works in, until told otherwise. */
function valuesOf(customer: Customer | undefined, deskLanguage: string): FormValues {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    phone: customer?.phone ?? '',
    email: customer?.email ?? '',
    address: customer?.address ?? '',
    city: customer?.city ?? '',
    postalCode: customer?.postalCode ?? '',
    notes: customer?.notes ?? '',
    preferredLanguage: customer?.preferredLanguage ?? (deskLanguage === 'ar' ? 'ar' : 'en'),
  };
}

/** The form's values as the API takes them: trimmed, blank optional texts cleared (null). */
function payloadOf(values: FormValues): CustomerInput {
  const text = (v: string | null | undefined) => (v ?? '').trim();
  const optional = (v: string | null | undefined) => text(v) || null;
  return {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    phone: text(values.phone),
    email: optional(values.email),
    address: optional(values.address),
    city: optional(values.city),
    postalCode: optional(values.postalCode),
    notes: optional(values.notes),
    preferredLanguage: values.preferredLanguage,
  };
}

/** Add or edit a customer (spec section 5 messages under the fields); closes when saved. */
export function CustomerForm({
  customer,
  onClose,
  onSaved,
}: {
  customer?: Customer;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  const { t, i18n } = useTranslation('customers');
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useForm<FormValues>({
    resolver: lazyZodResolver<FormValues>(() => import('./customers.schemas').then((m) => m.customerInput)),
    defaultValues: valuesOf(customer, i18n.language),
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => translateValidation(errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  const onError = (fallback: string) => (error: unknown) => {
    applyServerIssues(fieldIssues(error), FIELDS, form.setError);
    toastFailure(t, error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const payload = payloadOf(values);
    const done = (saved: Customer, message: string) => {
      onSaved?.(saved);
      onClose();
      toastSuccess(t, message);
    };
    if (customer) {
      update.mutate(
        { id: customer.id, ...payload },
        { onSuccess: (saved) => done(saved, t('toast.updated')), onError: onError(t('toast.updateFailed')) },
      );
    } else {
      create.mutate(payload, { onSuccess: (saved) => done(saved, t('toast.created')), onError: onError(t('toast.createFailed')) });
    }
  });

  const text = (
    name: TextName,
    props: { type?: string; ltr?: boolean; optional?: boolean; maxLength: number; autoComplete?: string; wide?: boolean },
  ) => (
    <TextField
      id={`customer-${name}`}
      label={t(`fields.${name}`)}
      error={err(name)}
      optional={props.optional ? t('form.optional') : undefined}
      className={props.wide ? 'sm:col-span-2' : undefined}
      type={props.type}
      ltr={props.ltr}
      maxLength={props.maxLength}
      autoComplete={props.autoComplete ?? 'off'}
      register={form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="customer-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { maxLength: 100, autoComplete: 'off' })}
        {text('lastName', { maxLength: 100 })}
        {text('phone', { type: 'tel', ltr: true, maxLength: 20 })}
        {text('email', { type: 'email', ltr: true, optional: true, maxLength: 255 })}
        {text('address', { optional: true, maxLength: 500, wide: true })}
        {text('city', { optional: true, maxLength: 100 })}
        {text('postalCode', { optional: true, ltr: true, maxLength: 20 })}
        <Field id="customer-notes" label={t('fields.notes')} optional={t('form.optional')} className="sm:col-span-2" error={err('notes')}>
          <Textarea id="customer-notes" rows={3} maxLength={5000} aria-invalid={!!errors.notes} {...form.register('notes')} />
        </Field>
        <Field id="customer-preferredLanguage" label={t('fields.preferredLanguage')} error={err('preferredLanguage')}>
          <FormSelect
            control={form.control}
            name="preferredLanguage"
            id="customer-preferredLanguage"
            testId="customer-language-select"
            options={LANGUAGES}
            text={(language) => t(`languages.${language}`)}
          />
        </Field>
      </div>
      <FormActions
        onCancel={onClose}
        pending={pending}
        submitLabel={customer ? t('form.submitEdit') : t('form.submitAdd')}
        submitTestId="submit-customer"
      />
    </form>
  );
}
