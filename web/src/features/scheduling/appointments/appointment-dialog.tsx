import type { Appointment } from '@core/contracts/appointments.ts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { fieldIssues } from '@/lib/api';
import { useTenantId } from '@/lib/auth';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFormatters } from '@/lib/tenant';
import { applyServerIssues } from '@/lib/validation';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useSavedToast } from '../shared/conflicts';
import { TechnicianSelect } from '@/shared/technician-select';
import { failureText, validationText } from '@/shared/messages';
import { todayIn } from '../shared/time';
import {
  APPOINTMENT_SERVICE_TYPES,
  APPOINTMENT_STATUSES,
  DEFAULT_DURATION,
  DEFAULT_TIME,
  useCreateAppointment,
  useUpdateAppointment,
  type AppointmentPayload,
  type AppointmentSaved,
  type AppointmentServiceType,
  type AppointmentStatus,
} from './appointments.api';
import { StatusTimeline } from './appointment-history';

export type AppointmentDialogState =
  { kind: 'add'; date?: string } | { kind: 'edit'; appointment: Appointment } | { kind: 'history'; appointment: Appointment };

type FormValues = {
  status: AppointmentStatus;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  vehicleInfo: { make: string; model: string; plateNumber: string };
  serviceType: AppointmentServiceType | '';
  description: string;
  scheduledDate: string;
  scheduledTime: string;
  duration: string;
  assignedTo: string;
  notes: string;
  statusNote: string;
};
const FIELDS = [
  'status',
  'customerName',
  'customerPhone',
  'customerEmail',
  'serviceType',
  'description',
  'scheduledDate',
  'scheduledTime',
  'duration',
  'notes',
] as const;

/** New / Edit Appointment (spec section 2 fields, section 5 messages, section 8 toasts). */
export default function AppointmentDialog({ state, onClose }: { state: AppointmentDialogState; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const tenantId = useTenantId();
  const format = useFormatters();
  const editing = state.kind === 'edit' ? state.appointment : undefined;
  const create = useCreateAppointment(tenantId);
  const update = useUpdateAppointment(tenantId);
  const pending = create.isPending || update.isPending;
  const savedToast = useSavedToast('appointments');
  const form = useForm<FormValues>({
    defaultValues: {
      status: editing?.status ?? 'pending',
      customerName: editing?.customerName ?? '',
      customerPhone: editing?.customerPhone ?? '',
      customerEmail: editing?.customerEmail ?? '',
      vehicleInfo: {
        make: editing?.vehicleInfo.make ?? '',
        model: editing?.vehicleInfo.model ?? '',
        plateNumber: editing?.vehicleInfo.plateNumber ?? '',
      },
      serviceType: editing?.serviceType ?? '',
      description: editing?.description ?? '',
      scheduledDate: editing?.scheduledDate ?? (state.kind === 'add' && state.date ? state.date : todayIn(format.timeZone)),
      scheduledTime: editing?.scheduledTime ?? DEFAULT_TIME,
      duration: String(editing?.duration ?? DEFAULT_DURATION),
      assignedTo: editing?.assignedTo ? String(editing.assignedTo) : '',
      notes: editing?.notes ?? '',
      statusNote: '',
    },
    resolver: lazyZodResolver<FormValues>(() => import('./appointments.schemas').then((m) => m.appointmentForm)),
  });
  const { errors } = form.formState;
  const statusChanged = editing !== undefined && form.watch('status') !== editing.status;
  const err = (name: (typeof FIELDS)[number]) => validationText(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) => {
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim() || null);
    const payload: AppointmentPayload = {
      status: values.status,
      customerName: String(values.customerName).trim(),
      customerPhone: String(values.customerPhone).trim(),
      customerEmail: text(values.customerEmail),
      vehicleInfo: {
        make: String(values.vehicleInfo.make ?? '').trim(),
        model: String(values.vehicleInfo.model ?? '').trim(),
        plateNumber: String(values.vehicleInfo.plateNumber ?? '').trim(),
      },
      serviceType: values.serviceType as AppointmentServiceType,
      description: text(values.description),
      scheduledDate: values.scheduledDate,
      scheduledTime: values.scheduledTime,
      duration: Number(values.duration),
      assignedTo: values.assignedTo ? Number(values.assignedTo) : null,
      notes: text(values.notes),
    };
    const statusNote = text(values.statusNote);
    if (editing && values.status !== editing.status && statusNote) payload.statusNote = statusNote;
    const failed = (title: string) => (error: unknown) => {
      applyServerIssues(fieldIssues(error), FIELDS, form.setError);
      toast({ variant: 'destructive', title, description: failureText(error, t, 'appointments', title) });
    };
    const done = (title: string) => (saved: AppointmentSaved) => {
      savedToast(saved.conflicts, title, t('toast.savedNumber', { number: saved.appointmentNumber }));
      onClose();
    };
    if (editing)
      update.mutate({ id: editing.id, ...payload }, { onSuccess: done(t('toast.updated')), onError: failed(t('toast.updateFailed')) });
    else create.mutate(payload, { onSuccess: done(t('toast.created')), onError: failed(t('toast.createFailed')) });
  });

  const input = (name: Exclude<(typeof FIELDS)[number], 'status' | 'serviceType'>, props: Record<string, unknown> = {}) => (
    <Input
      id={`apt-${name}`}
      aria-invalid={!!errors[name]}
      aria-describedby={describedBy(`apt-${name}`, err(name))}
      {...props}
      {...form.register(name)}
    />
  );
  const vehicleInput = (name: 'make' | 'model' | 'plateNumber', props: Record<string, unknown> = {}) => (
    <Input
      id={`apt-vehicle-${name}`}
      maxLength={name === 'plateNumber' ? 50 : 100}
      dir="auto"
      {...props}
      {...form.register(`vehicleInfo.${name}`)}
    />
  );

  return (
    <DialogFrame
      title={editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      description={editing ? t('dialog.editDescription') : t('dialog.addDescription')}
      width="lg"
      testId="appointment-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="appointment-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="apt-number" label={t('fields.number')}>
            <Input
              id="apt-number"
              readOnly
              value={editing?.appointmentNumber ?? t('fields.numberAuto')}
              dir="ltr"
              className="bg-muted"
              data-testid="appointment-number"
            />
          </Field>
          <Field id="apt-status" label={t('fields.status')}>
            <FormSelect
              control={form.control}
              name="status"
              id="apt-status"
              testId="appointment-status"
              options={APPOINTMENT_STATUSES}
              text={(s) => t(`status.${s}`)}
            />
          </Field>
          {statusChanged && (
            <Field id="apt-statusNote" label={t('fields.statusNote')} optional={t('fields.optional')} className="sm:col-span-2">
              <Input
                id="apt-statusNote"
                maxLength={500}
                dir="auto"
                autoComplete="off"
                data-testid="appointment-status-note"
                {...form.register('statusNote')}
              />
            </Field>
          )}
          <Field id="apt-customerName" label={t('fields.customerName')} error={err('customerName')}>
            {input('customerName', { maxLength: 200, dir: 'auto', autoComplete: 'off' })}
          </Field>
          <Field id="apt-customerPhone" label={t('fields.phone')} error={err('customerPhone')}>
            {input('customerPhone', { type: 'tel', maxLength: 20, dir: 'ltr', autoComplete: 'off' })}
          </Field>
          <Field
            id="apt-customerEmail"
            label={t('fields.email')}
            optional={t('fields.optional')}
            error={err('customerEmail')}
            className="sm:col-span-2"
          >
            {input('customerEmail', { type: 'email', maxLength: 255, dir: 'ltr', autoComplete: 'off' })}
          </Field>
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <Field id="apt-vehicle-make" label={t('fields.make')}>
              {vehicleInput('make')}
            </Field>
            <Field id="apt-vehicle-model" label={t('fields.model')}>
              {vehicleInput('model')}
            </Field>
            <Field id="apt-vehicle-plateNumber" label={t('fields.plate')}>
              {vehicleInput('plateNumber')}
            </Field>
          </div>
          <Field id="apt-serviceType" label={t('fields.serviceType')} error={err('serviceType')} className="sm:col-span-2">
            <FormSelect
              control={form.control}
              name="serviceType"
              id="apt-serviceType"
              testId="appointment-service-type"
              options={APPOINTMENT_SERVICE_TYPES}
              text={(s) => t(`serviceTypes.${s}`)}
              placeholder={t('fields.serviceTypePlaceholder')}
              invalid={!!errors.serviceType}
            />
          </Field>
          <Field id="apt-description" label={t('fields.description')} optional={t('fields.optional')} className="sm:col-span-2">
            <Textarea id="apt-description" rows={2} maxLength={5000} dir="auto" {...form.register('description')} />
          </Field>
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <Field id="apt-scheduledDate" label={t('fields.date')} error={err('scheduledDate')}>
              {input('scheduledDate', { type: 'date' })}
            </Field>
            <Field id="apt-scheduledTime" label={t('fields.time')} error={err('scheduledTime')}>
              {input('scheduledTime', { type: 'text', inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5, dir: 'ltr' })}
            </Field>
            <Field id="apt-duration" label={t('fields.duration')} error={err('duration')}>
              {input('duration', { type: 'number', inputMode: 'numeric', min: 15, step: 15 })}
            </Field>
          </div>
          <Field id="apt-assignedTo" label={t('fields.technician')} optional={t('fields.optional')} className="sm:col-span-2">
            <Controller
              control={form.control}
              name="assignedTo"
              render={({ field }) => (
                <TechnicianSelect
                  id="apt-assignedTo"
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel={t('fields.noTechnician')}
                  testId="appointment-technician"
                />
              )}
            />
          </Field>
          <Field id="apt-notes" label={t('fields.notes')} optional={t('fields.optional')} className="sm:col-span-2">
            <Textarea id="apt-notes" rows={2} maxLength={5000} dir="auto" {...form.register('notes')} />
          </Field>
        </div>
        {editing && <StatusTimeline appointmentId={editing.id} />}
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={editing ? t('dialog.save') : t('dialog.create')}
          submitTestId="submit-appointment"
        />
      </form>
    </DialogFrame>
  );
}
