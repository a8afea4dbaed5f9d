import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FormActions } from '@/shared/dialog-frame';
import { Info } from 'lucide-react';
import { fieldIssues, isApiError } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { tenantSettingsQuery, useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { CustomerPicker } from '@/shared/customer-picker';
import { TechnicianSelect } from '@/shared/technician-select';
import { VehicleSelect } from '@/shared/vehicle-select';
import { emptyValues, FORM_FIELDS, ownPayloadOf, payloadOf, valuesOf, type JobCardFormValues, type TechnicianPricing } from './form-values';
import { LabourLines, LineTotalsPanel, PartLines } from './job-card-lines';
import { nextJobNumberQuery, useCreateJobCard, useUpdateJobCard } from './job-cards.api';
import { failureText, toastFailure, toastSuccess, validationText } from '@/shared/messages';
import { JOB_CARD_PRIORITIES, JOB_CARD_STATUSES, type JobCardDetail } from './model';

function zoneOr(timeZone: string | undefined): string {
  return timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Create or edit a job card: number, customer → vehicle, service, status, priority, technician,
 * costs, visit day, notes, and part and labour lines with live totals. A technician editing their
 * own card changes status, lines and notes only, and sees prices read-only (they are not sent).
 */
export function JobCardForm({ card, onClose }: { card?: JobCardDetail; onClose: () => void }) {
  const { t } = useTranslation('job-cards');
  const permissions = usePermissions();
  const restricted = !!card && !permissions.canEditWorkshopData;
  const format = useFormatters();
  const timeZone = zoneOr(format.timeZone);
  const create = useCreateJobCard();
  const update = useUpdateJobCard();
  const nextNumber = useQuery({ ...nextJobNumberQuery, enabled: !card });
  // New labour lines start at the workshop's rate; a technician's lines are priced as the server will.
  const labourRate = useQuery(tenantSettingsQuery).data?.labourRate ?? '';
  const pricing = useMemo<TechnicianPricing | undefined>(
    () => (restricted && card ? { card, labourRate } : undefined),
    [restricted, card, labourRate],
  );
  const initial = useMemo(() => (card ? valuesOf(card, timeZone) : emptyValues()), [card, timeZone]);
  const form = useForm<JobCardFormValues>({
    resolver: lazyZodResolver<JobCardFormValues>(() =>
      import('./job-cards.schemas').then((m) => (card ? m.jobCardEditForm : m.jobCardCreateForm)),
    ),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const err = (name: (typeof FORM_FIELDS)[number]) => validationText(errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  // The proposed number arrives after the dialog opens; a number the user typed stays.
  useEffect(() => {
    if (!card && nextNumber.data && !form.getFieldState('jobNumber').isDirty) form.setValue('jobNumber', nextNumber.data.jobNumber);
  }, [card, nextNumber.data, form]);

  const customerId = form.watch('customerId');

  const onError = (error: unknown, title: string) => {
    const issues = fieldIssues(error);
    for (const [path, message] of Object.entries(issues)) {
      if (/^(parts|labour)\.\d+\.\w+$/.test(path) || (FORM_FIELDS as readonly string[]).includes(path)) {
        form.setError(path as keyof JobCardFormValues, { type: 'server', message });
      }
    }
    if (isApiError(error) && error.code === 'job_cards.number_taken')
      form.setError('jobNumber', { type: 'server', message: failureText(error, t, 'job-cards') });
    toastFailure(t, error, title, 'job-cards');
  };

  // mutateAsync: the answer is toasted even if the dialog was closed while saving.
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    if (card) {
      const patch = restricted ? ownPayloadOf(values) : payloadOf(values, timeZone);
      try {
        await update.mutateAsync({ id: card.id, ...patch });
        onClose();
        toastSuccess(t, t('toast.updated'));
      } catch (error) {
        onError(error, t('toast.updateFailed'));
      }
      return;
    }
    try {
      await create.mutateAsync({ ...payloadOf(values, timeZone), jobNumber: values.jobNumber.trim() });
      onClose();
      toastSuccess(t, t('toast.created'));
    } catch (error) {
      onError(error, t('toast.createFailed'));
    }
  });

  const enumSelect = (name: 'status' | 'priority', options: readonly string[], disabled: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
          <SelectTrigger id={`job-card-${name}`} data-testid={`job-card-${name}`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {t(`${name}.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );

  const money = (name: 'estimatedCost' | 'actualCost') => {
    const id = `job-card-${name}`;
    return (
      <Field id={id} label={t(`fields.${name}`)} error={err(name)} optional={t('fields.optional')}>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          disabled={restricted}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(id, err(name))}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="job-card-form">
      {restricted && (
        <div role="note" className="flex gap-3 rounded-md border border-info/30 bg-info/10 p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <p>{t('form.technicianNote')}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="job-card-number"
          label={t('fields.jobNumber')}
          error={err('jobNumber')}
          hint={card ? t('fields.jobNumberReadOnly') : t('fields.jobNumberHint')}
        >
          {!card && nextNumber.isLoading ? (
            <Skeleton className="h-11 md:h-9" />
          ) : (
            <Input
              id="job-card-number"
              dir="ltr"
              className="text-start font-mono"
              readOnly={!!card}
              maxLength={9}
              autoComplete="off"
              aria-invalid={!!errors.jobNumber}
              aria-describedby={describedBy(
                'job-card-number',
                err('jobNumber'),
                card ? t('fields.jobNumberReadOnly') : t('fields.jobNumberHint'),
              )}
              {...form.register('jobNumber')}
            />
          )}
        </Field>
        <Field id="job-card-status" label={t('fields.status')}>
          {enumSelect('status', JOB_CARD_STATUSES, false)}
        </Field>
        <Field id="job-card-customer" label={t('fields.customer')} error={err('customerId')}>
          <Controller
            control={form.control}
            name="customerId"
            render={({ field }) => (
              <CustomerPicker
                id="job-card-customer"
                value={field.value}
                selected={card ? { ...card.customer, phone: '' } : null}
                disabled={restricted}
                invalid={!!errors.customerId}
                describedBy={describedBy('job-card-customer', err('customerId'))}
                onChange={(customerId) => {
                  if (customerId === field.value) return;
                  field.onChange(customerId);
                  // Another customer's vehicles: the chosen one no longer applies.
                  form.setValue('vehicleId', null, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
          />
        </Field>
        <Field
          id="job-card-vehicle"
          label={t('fields.vehicle')}
          error={err('vehicleId')}
          hint={customerId ? undefined : t('fields.vehicleHint')}
        >
          <Controller
            control={form.control}
            name="vehicleId"
            render={({ field }) => (
              <VehicleSelect
                id="job-card-vehicle"
                customerId={customerId}
                value={field.value}
                onChange={(id) => field.onChange(id)}
                disabled={restricted}
                invalid={!!errors.vehicleId}
                describedBy={describedBy('job-card-vehicle', err('vehicleId'), customerId ? undefined : t('fields.vehicleHint'))}
                fallback={card && card.vehicleId === field.value ? card.vehicle : undefined}
              />
            )}
          />
        </Field>
        <Field id="job-card-service" label={t('fields.serviceType')} error={err('serviceType')}>
          <Input
            id="job-card-service"
            maxLength={100}
            disabled={restricted}
            aria-invalid={!!errors.serviceType}
            aria-describedby={describedBy('job-card-service', err('serviceType'))}
            {...form.register('serviceType')}
          />
        </Field>
        <Field id="job-card-priority" label={t('fields.priority')}>
          {enumSelect('priority', JOB_CARD_PRIORITIES, restricted)}
        </Field>
        <Field id="job-card-technician" label={t('fields.technician')}>
          <Controller
            control={form.control}
            name="assignedTo"
            render={({ field }) =>
              restricted ? (
                <Input
                  id="job-card-technician"
                  disabled
                  value={card?.technician ? fullName(card.technician.firstName, card.technician.lastName) : t('fields.unassigned')}
                />
              ) : (
                <TechnicianSelect
                  id="job-card-technician"
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel={t('fields.unassigned')}
                  testId="job-card-technician"
                  enabled={!restricted}
                />
              )
            }
          />
        </Field>
        <Field id="job-card-scheduled" label={t('fields.scheduledDate')} optional={t('fields.optional')}>
          <Input id="job-card-scheduled" type="date" disabled={restricted} {...form.register('scheduledDay')} />
        </Field>
        {money('estimatedCost')}
        {money('actualCost')}
        <Field id="job-card-description" label={t('fields.description')} optional={t('fields.optional')} className="sm:col-span-2">
          <Textarea id="job-card-description" rows={2} maxLength={5000} disabled={restricted} {...form.register('description')} />
        </Field>
      </div>
      <PartLines control={form.control} register={form.register} setValue={form.setValue} errors={errors} pricing={pricing} />
      <LabourLines control={form.control} register={form.register} errors={errors} pricing={pricing} defaultRate={labourRate} />
      <LineTotalsPanel control={form.control} pricing={pricing} />
      <Field id="job-card-notes" label={t('fields.notes')} optional={t('fields.optional')}>
        <Textarea id="job-card-notes" rows={2} maxLength={5000} {...form.register('notes')} />
      </Field>
      <FormActions
        onCancel={onClose}
        pending={pending}
        submitLabel={card ? t('form.save') : t('form.create')}
        submitTestId="submit-job-card"
      />
    </form>
  );
}
