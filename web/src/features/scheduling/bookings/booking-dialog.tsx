import type { Booking } from '@core/contracts/bookings.ts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { fieldIssues } from '@/lib/api';
import { useFormatters } from '@/lib/tenant';
import { applyServerIssues } from '@/lib/validation';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useSavedToast } from '../shared/conflicts';
import { CustomerPicker } from '@/shared/customer-picker';
import { TechnicianSelect } from '@/shared/technician-select';
import { VehicleSelect } from '@/shared/vehicle-select';
import { failureText, validationText } from '@/shared/messages';
import { instantParts, todayIn, zonedInstant } from '../shared/time';
import {
  BOOKING_STATUSES,
  useCreateBooking,
  useUpdateBooking,
  type BookingPayload,
  type BookingSaved,
  type BookingStatus,
} from './bookings.api';

export type BookingDialogState = { kind: 'add' } | { kind: 'edit'; booking: Booking };

type FormValues = {
  customerId: number;
  vehicleId: number;
  serviceType: string;
  date: string;
  time: string;
  status: BookingStatus;
  technicianId: string;
  duration: string;
  notes: string;
};
/** Server field names → form fields (the date and time are one `scheduledDate` on the server). */
const SERVER_FIELDS = ['customerId', 'vehicleId', 'serviceType', 'status', 'notes', 'duration'] as const;

/** New / Edit Booking (spec section 2 fields, section 5 messages, section 8 toasts). */
export default function BookingDialog({ state, onClose }: { state: BookingDialogState; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const editing = state.kind === 'edit' ? state.booking : undefined;
  const create = useCreateBooking();
  const update = useUpdateBooking();
  const pending = create.isPending || update.isPending;
  const savedToast = useSavedToast('bookings');
  const when = editing ? instantParts(editing.scheduledDate, format.timeZone) : { date: todayIn(format.timeZone), time: '' };
  const form = useForm<FormValues>({
    defaultValues: {
      customerId: editing?.customerId ?? 0,
      vehicleId: editing?.vehicleId ?? 0,
      serviceType: editing?.serviceType ?? '',
      date: when.date,
      time: when.time,
      status: editing?.status ?? 'scheduled',
      technicianId: editing?.technicianId ? String(editing.technicianId) : '',
      duration: String(editing?.duration ?? 60),
      notes: editing?.notes ?? '',
    },
  });
  const { errors } = form.formState;
  const err = (name: keyof FormValues) => validationText(errors[name]?.message, t);
  const customerId = form.watch('customerId');

  const onSubmit = form.handleSubmit((values) => {
    // The spec's rules (core/contracts/bookings.ts), checked here first so the messages show under the fields.
    let invalid = false;
    const fail = (name: keyof FormValues, message: string) => {
      form.setError(name, { type: 'validate', message });
      invalid = true;
    };
    if (!values.customerId) fail('customerId', 'Customer is required');
    if (!values.vehicleId) fail('vehicleId', 'Vehicle is required');
    if (!values.serviceType.trim()) fail('serviceType', 'Service type is required');
    if (!values.date) fail('date', 'Scheduled date is required');
    else if (!values.time) fail('time', 'Scheduled date is required');
    else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time)) fail('time', 'Time must be in HH:MM format');
    const duration = Number(values.duration);
    if (!Number.isInteger(duration) || duration < 15) fail('duration', 'Duration must be at least 15 minutes');
    const scheduledDate = values.date && values.time ? zonedInstant(values.date, values.time, format.timeZone) : null;
    if (!invalid && !scheduledDate) fail('date', 'Scheduled date is required');
    // On creation only (an existing booking in the past can still be edited).
    if (!invalid && !editing && scheduledDate && Date.parse(scheduledDate) <= Date.now())
      fail('date', 'Scheduled date must be in the future');
    if (invalid || !scheduledDate) return;

    const payload: BookingPayload = {
      customerId: values.customerId,
      vehicleId: values.vehicleId,
      serviceType: values.serviceType.trim(),
      scheduledDate,
      status: values.status,
      notes: values.notes.trim() || null,
      technicianId: values.technicianId ? Number(values.technicianId) : null,
      duration,
    };
    const failed = (fallback: string) => (error: unknown) => {
      const issues = fieldIssues(error);
      applyServerIssues(issues, SERVER_FIELDS, form.setError);
      if (issues.scheduledDate) form.setError('date', { type: 'server', message: issues.scheduledDate });
      toast({ variant: 'destructive', title: t('toast.error'), description: failureText(error, t, 'bookings', fallback) });
    };
    const done = (description: string) => (saved: BookingSaved) => {
      savedToast(saved.conflicts, t('toast.success'), description);
      onClose();
    };
    if (editing)
      update.mutate({ id: editing.id, ...payload }, { onSuccess: done(t('toast.updated')), onError: failed(t('toast.updateFailed')) });
    else create.mutate(payload, { onSuccess: done(t('toast.created')), onError: failed(t('toast.createFailed')) });
  });

  const input = (name: 'serviceType' | 'date' | 'time' | 'duration', props: Record<string, unknown> = {}) => (
    <Input
      id={`booking-${name}`}
      aria-invalid={!!errors[name]}
      aria-describedby={describedBy(`booking-${name}`, err(name))}
      {...props}
      {...form.register(name)}
    />
  );

  return (
    <DialogFrame
      title={editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      description={editing ? t('dialog.editDescription') : t('dialog.addDescription')}
      width="lg"
      testId="booking-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="booking-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="booking-customerId" label={t('fields.customer')} error={err('customerId')}>
            <Controller
              control={form.control}
              name="customerId"
              render={({ field }) => (
                <CustomerPicker
                  id="booking-customerId"
                  value={field.value || null}
                  selected={editing?.customer}
                  onChange={(id) => {
                    if (id !== field.value) form.setValue('vehicleId', 0);
                    field.onChange(id ?? 0);
                    form.clearErrors('customerId');
                  }}
                  invalid={!!errors.customerId}
                  describedBy={describedBy('booking-customerId', err('customerId'))}
                  testId="booking-customer-select"
                />
              )}
            />
          </Field>
          <Field id="booking-vehicleId" label={t('fields.vehicle')} error={err('vehicleId')}>
            <Controller
              control={form.control}
              name="vehicleId"
              render={({ field }) => (
                <VehicleSelect
                  id="booking-vehicleId"
                  customerId={customerId || null}
                  value={field.value || null}
                  onChange={(id) => {
                    field.onChange(id ?? 0);
                    form.clearErrors('vehicleId');
                  }}
                  fallback={editing?.vehicle}
                  invalid={!!errors.vehicleId}
                  describedBy={describedBy('booking-vehicleId', err('vehicleId'))}
                  testId="booking-vehicle-select"
                />
              )}
            />
          </Field>
          <Field id="booking-serviceType" label={t('fields.serviceType')} error={err('serviceType')} className="sm:col-span-2">
            {input('serviceType', { maxLength: 100, dir: 'auto', placeholder: t('fields.serviceTypePlaceholder') })}
          </Field>
          <Field id="booking-date" label={t('fields.date')} error={err('date')}>
            {input('date', { type: 'date' })}
          </Field>
          <Field id="booking-time" label={t('fields.time')} error={err('time')}>
            {input('time', { type: 'time', step: 60 })}
          </Field>
          <Field id="booking-status" label={t('fields.status')}>
            <FormSelect
              control={form.control}
              name="status"
              id="booking-status"
              testId="booking-dialog-status"
              options={BOOKING_STATUSES}
              text={(s) => t(`status.${s}`)}
            />
          </Field>
          <Field id="booking-duration" label={t('fields.duration')} error={err('duration')}>
            {input('duration', { type: 'number', inputMode: 'numeric', min: 15, step: 15 })}
          </Field>
          <Field id="booking-technicianId" label={t('fields.technician')} optional={t('fields.optional')} className="sm:col-span-2">
            <Controller
              control={form.control}
              name="technicianId"
              render={({ field }) => (
                <TechnicianSelect
                  id="booking-technicianId"
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel={t('fields.noTechnician')}
                  testId="booking-technician"
                />
              )}
            />
          </Field>
          <Field id="booking-notes" label={t('fields.notes')} optional={t('fields.optional')} className="sm:col-span-2">
            <Textarea id="booking-notes" rows={3} maxLength={5000} dir="auto" {...form.register('notes')} />
          </Field>
        </div>
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={editing ? t('dialog.save') : t('dialog.create')}
          submitTestId="submit-booking"
        />
      </form>
    </DialogFrame>
  );
}
