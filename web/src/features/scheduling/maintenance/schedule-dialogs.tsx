import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { fieldIssues } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues } from '@/lib/validation';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { failureText, validationText } from '@/shared/messages';
import {
  DEFAULT_REMINDER_DAYS,
  useCreateSchedule,
  useDeleteSchedule,
  useUpdateSchedule,
  type MaintenanceSchedule,
  type SchedulePayload,
} from './maintenance.api';

export type ScheduleDialogState =
  | { kind: 'add'; vehicleId: number }
  | { kind: 'edit'; vehicleId: number; schedule: MaintenanceSchedule }
  | { kind: 'remove'; schedule: MaintenanceSchedule };

type FormValues = {
  serviceName: string;
  description: string;
  intervalMileage: string;
  intervalMonths: string;
  lastServiceDate: string;
  lastServiceMileage: string;
  reminderDays: string;
  isActive: boolean;
};
const FIELDS = [
  'serviceName',
  'description',
  'intervalMileage',
  'intervalMonths',
  'lastServiceDate',
  'lastServiceMileage',
  'reminderDays',
  'isActive',
] as const;

function valuesOf(s?: MaintenanceSchedule): FormValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    serviceName: s?.serviceName ?? '',
    description: text(s?.description),
    intervalMileage: text(s?.intervalMileage),
    intervalMonths: text(s?.intervalMonths),
    lastServiceDate: text(s?.lastServiceDate),
    lastServiceMileage: text(s?.lastServiceMileage),
    reminderDays: String(s?.reminderDays ?? DEFAULT_REMINDER_DAYS),
    isActive: s?.isActive ?? true,
  };
}

/** The form's values as the API takes them (the resolver may hand back parsed values: both are read). */
function payloadOf(values: FormValues): SchedulePayload {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim() || null);
  const num = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v));
  return {
    serviceName: String(values.serviceName).trim(),
    description: text(values.description),
    intervalMileage: num(values.intervalMileage),
    intervalMonths: num(values.intervalMonths),
    lastServiceDate: text(values.lastServiceDate),
    lastServiceMileage: num(values.lastServiceMileage),
    reminderDays: num(values.reminderDays) ?? DEFAULT_REMINDER_DAYS,
    isActive: Boolean(values.isActive),
  };
}

/** Add / edit a maintenance schedule: the contract's schema and messages, the server's issues under the fields. */
function ScheduleFormDialog({ vehicleId, schedule, onClose }: { vehicleId: number; schedule?: MaintenanceSchedule; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const create = useCreateSchedule(vehicleId);
  const update = useUpdateSchedule();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormValues>({
    defaultValues: valuesOf(schedule),
    resolver: lazyZodResolver<FormValues>(() => import('./maintenance.schemas').then((m) => m.scheduleForm)),
  });
  const { errors } = form.formState;
  const err = (name: keyof FormValues) => validationText(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) => {
    const payload = payloadOf(values);
    const options = (success: string, fallback: string) => ({
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.success'), description: success });
        onClose();
      },
      onError: (error: unknown) => {
        applyServerIssues(fieldIssues(error), FIELDS, form.setError);
        toast({ variant: 'destructive', title: t('toast.error'), description: failureText(error, t, 'maintenance', fallback) });
      },
    });
    if (schedule) update.mutate({ id: schedule.id, ...payload }, options(t('toast.updated'), t('toast.updateFailed')));
    else create.mutate(payload, options(t('toast.created'), t('toast.createFailed')));
  });

  const input = (name: Exclude<keyof FormValues, 'isActive' | 'description'>, props: Record<string, unknown> = {}, hint?: string) => (
    <Input
      id={`schedule-${name}`}
      aria-invalid={!!errors[name]}
      aria-describedby={describedBy(`schedule-${name}`, err(name), hint)}
      {...props}
      {...form.register(name)}
    />
  );
  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 };

  return (
    <DialogFrame
      title={schedule ? t('dialog.editTitle') : t('dialog.addTitle')}
      description={t('dialog.description')}
      width="lg"
      testId="schedule-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="schedule-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="schedule-serviceName" label={t('fields.serviceName')} error={err('serviceName')} className="sm:col-span-2">
            {input('serviceName', { maxLength: 200, dir: 'auto', autoComplete: 'off', placeholder: t('fields.serviceNamePlaceholder') })}
          </Field>
          <Field id="schedule-description" label={t('fields.description')} optional={t('fields.optional')} className="sm:col-span-2">
            <Textarea id="schedule-description" rows={2} maxLength={2000} dir="auto" {...form.register('description')} />
          </Field>
          <Field id="schedule-intervalMileage" label={t('fields.intervalMileage')} error={err('intervalMileage')}>
            {input('intervalMileage', number)}
          </Field>
          <Field id="schedule-intervalMonths" label={t('fields.intervalMonths')} error={err('intervalMonths')}>
            {input('intervalMonths', number)}
          </Field>
          <Field
            id="schedule-lastServiceDate"
            label={t('fields.lastServiceDate')}
            optional={t('fields.optional')}
            error={err('lastServiceDate')}
            hint={t('fields.lastServiceHint')}
          >
            {input('lastServiceDate', { type: 'date' }, t('fields.lastServiceHint'))}
          </Field>
          <Field
            id="schedule-lastServiceMileage"
            label={t('fields.lastServiceMileage')}
            optional={t('fields.optional')}
            error={err('lastServiceMileage')}
          >
            {input('lastServiceMileage', number)}
          </Field>
          <Field
            id="schedule-reminderDays"
            label={t('fields.reminderDays')}
            error={err('reminderDays')}
            hint={t('fields.reminderDaysHint')}
          >
            {input('reminderDays', { ...number, max: 365 }, t('fields.reminderDaysHint'))}
          </Field>
          <label className="flex cursor-pointer items-center gap-3 self-center text-sm font-medium sm:mt-5">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} data-testid="schedule-active" />}
            />
            {t('fields.isActive')}
          </label>
        </div>
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={schedule ? t('dialog.save') : t('dialog.create')}
          submitTestId="submit-schedule"
        />
      </form>
    </DialogFrame>
  );
}

/** Remove a schedule after a confirmation; its reminders go with it, the service history stays. */
function RemoveScheduleDialog({ schedule, onClose }: { schedule: MaintenanceSchedule; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const remove = useDeleteSchedule();
  // The dialog stays open (the button busy) until the call has answered.
  const confirm = () => {
    remove.mutate(schedule.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.success'), description: t('toast.removed') });
        onClose();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('toast.error'),
          description: failureText(error, t, 'maintenance', t('toast.removeFailed')),
        });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      title={t('remove.title', { name: schedule.serviceName })}
      body={t('remove.body')}
      confirmLabel={t('remove.confirm')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="remove-schedule-dialog"
      confirmTestId="confirm-remove-schedule"
    />
  );
}

/** The schedule dialogs, loaded the first time one opens. */
export default function ScheduleDialogs({ state, onClose }: { state: ScheduleDialogState; onClose: () => void }) {
  switch (state.kind) {
    case 'add':
      return <ScheduleFormDialog vehicleId={state.vehicleId} onClose={onClose} />;
    case 'edit':
      return <ScheduleFormDialog vehicleId={state.vehicleId} schedule={state.schedule} onClose={onClose} />;
    case 'remove':
      return <RemoveScheduleDialog schedule={state.schedule} onClose={onClose} />;
  }
}
