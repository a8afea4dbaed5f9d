import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { Link } from 'wouter';
import { ArrowRight, Calculator } from 'lucide-react';
import type { FleetVehicle } from '@core/contracts/fleet.ts';
import { fieldIssues } from '@/lib/api';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { applyServerIssues } from '@/lib/validation';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { failureText, validationText } from '@/shared/messages';
import { ServerCombobox } from '@/components/ui/server-combobox';
import {
  FLEET_STATUSES,
  schedulesQuery,
  useCreateFleetVehicle,
  useUpdateFleetVehicle,
  vehicleSearchKey,
  type FleetPayload,
  type VehicleChoice,
} from './fleet.api';

export type FleetDialogState = { kind: 'add' } | { kind: 'edit'; vehicle: FleetVehicle };

type FormValues = {
  vehicleId: number;
  fleetNumber: string;
  department: string;
  status: FleetVehicle['status'];
  location: string;
  fuelLevel: string;
  lastServiceDate: string;
  nextServiceDate: string;
  nextServiceMileage: string;
  notes: string;
};
const FIELDS = [
  'vehicleId',
  'fleetNumber',
  'department',
  'status',
  'location',
  'fuelLevel',
  'lastServiceDate',
  'nextServiceDate',
  'nextServiceMileage',
  'notes',
] as const;

function valuesOf(vehicle?: FleetVehicle): FormValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    vehicleId: vehicle?.vehicleId ?? 0,
    fleetNumber: vehicle?.fleetNumber ?? '',
    department: text(vehicle?.department),
    status: vehicle?.status ?? 'active',
    location: text(vehicle?.location),
    fuelLevel: text(vehicle?.fuelLevel),
    lastServiceDate: text(vehicle?.lastServiceDate),
    nextServiceDate: text(vehicle?.nextServiceDate),
    nextServiceMileage: text(vehicle?.nextServiceMileage),
    notes: text(vehicle?.notes),
  };
}

/** The form's values as the API takes them (the resolver may hand back parsed values: both are read). */
function payloadOf(values: FormValues): FleetPayload {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim() || null);
  const num = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v));
  return {
    vehicleId: Number(values.vehicleId),
    fleetNumber: String(values.fleetNumber).trim(),
    department: text(values.department),
    status: values.status,
    location: text(values.location),
    fuelLevel: num(values.fuelLevel),
    lastServiceDate: text(values.lastServiceDate),
    nextServiceDate: text(values.nextServiceDate),
    nextServiceMileage: num(values.nextServiceMileage),
    notes: text(values.notes),
  };
}

/** What a computed next service comes from: the vehicle's maintenance schedules. */
function ComputedService({ vehicle }: { vehicle: FleetVehicle }) {
  const { t, i18n } = useTranslation('fleet');
  const format = useFormatters();
  const schedules = useQuery(schedulesQuery(vehicle.vehicleId));
  const lang = i18n.language;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-info/30 bg-info/5 p-3 sm:col-span-2" data-testid="computed-service">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Calculator className="size-4 text-info" aria-hidden />
        {t('computed.title')}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('fields.nextServiceDate')}</dt>
          <dd data-testid="computed-date">{vehicle.nextServiceDate ? format.date(vehicle.nextServiceDate) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('fields.nextServiceMileage')}</dt>
          <dd data-testid="computed-mileage">
            {vehicle.nextServiceMileage !== null ? formatNumber(vehicle.nextServiceMileage, lang) : '—'}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t('computed.note')}</p>
      {schedules.data && schedules.data.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs">
          {schedules.data
            .filter((s) => s.isActive)
            .map((s) => (
              <li key={s.id} className="flex flex-wrap gap-x-2">
                <bdi className="font-medium">{s.serviceName}</bdi>
                <span className="text-muted-foreground">
                  {[
                    s.nextDueDate ? format.date(s.nextDueDate) : null,
                    s.nextDueMileage !== null ? t('mileage', { n: formatNumber(s.nextDueMileage, lang) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
        </ul>
      )}
      {vehicle.reminderCount > 0 && (
        <p className="text-xs font-medium text-warning">{t('reminders', { n: formatNumber(vehicle.reminderCount, lang) })}</p>
      )}
      <Link
        href={`/vehicles/${vehicle.vehicleId}`}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
        data-testid="open-schedules"
      >
        {t('computed.open')}
        <ArrowRight className="size-3.5 rtl:-scale-x-100" aria-hidden />
      </Link>
    </div>
  );
}

/** Add / edit a fleet vehicle (spec section 2 fields, section 5 messages, section 8 toasts). */
export default function FleetDialog({ state, onClose }: { state: FleetDialogState; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const tenantId = useTenantId();
  const editing = state.kind === 'edit' ? state.vehicle : undefined;
  const computed = editing?.nextServiceComputed ?? false;
  const create = useCreateFleetVehicle();
  const update = useUpdateFleetVehicle();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormValues>({
    defaultValues: valuesOf(editing),
    resolver: lazyZodResolver<FormValues>(() => import('./fleet.schemas').then((m) => m.fleetVehicleInput)),
  });
  const { errors } = form.formState;
  const err = (name: keyof FormValues) => validationText(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) => {
    const payload = payloadOf(values);
    const failed = (fallback: string) => (error: unknown) => {
      applyServerIssues(fieldIssues(error), FIELDS, form.setError);
      toast({ variant: 'destructive', title: t('toast.error'), description: failureText(error, t, 'fleet', fallback) });
    };
    if (editing) {
      // Computed values come from the maintenance schedules: they are not sent.
      const patch: Partial<FleetPayload> = { ...payload };
      if (computed) {
        delete patch.nextServiceDate;
        delete patch.nextServiceMileage;
      }
      update.mutate(
        { id: editing.id, ...patch },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: t('toast.success'), description: t('toast.updated') });
            onClose();
          },
          onError: failed(t('toast.updateFailed')),
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('toast.success'), description: t('toast.created') });
          onClose();
        },
        onError: failed(t('toast.createFailed')),
      });
    }
  });

  const input = (name: Exclude<keyof FormValues, 'vehicleId' | 'status'>, props: Record<string, unknown> = {}) => (
    <Input
      id={`fleet-${name}`}
      aria-invalid={!!errors[name]}
      aria-describedby={describedBy(`fleet-${name}`, err(name))}
      {...props}
      {...form.register(name)}
    />
  );

  return (
    <DialogFrame
      title={editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      description={<>{editing ? t('dialog.editDescription', { name: editing.fleetNumber }) : t('dialog.addDescription')}</>}
      width="lg"
      testId="fleet-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="fleet-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="fleet-vehicleId" label={t('fields.vehicle')} error={err('vehicleId')} className="sm:col-span-2">
            <Controller
              control={form.control}
              name="vehicleId"
              render={({ field }) => (
                <SelectedVehicle
                  initial={editing?.vehicle}
                  value={field.value}
                  onChange={field.onChange}
                  tenantId={tenantId}
                  invalid={!!errors.vehicleId}
                  describedBy={describedBy('fleet-vehicleId', err('vehicleId'))}
                />
              )}
            />
          </Field>
          <Field id="fleet-fleetNumber" label={t('fields.fleetNumber')} error={err('fleetNumber')}>
            {input('fleetNumber', { maxLength: 50, dir: 'auto' })}
          </Field>
          <Field id="fleet-status" label={t('fields.status')}>
            <FormSelect control={form.control} name="status" id="fleet-status" options={FLEET_STATUSES} text={(s) => t(`status.${s}`)} />
          </Field>
          <Field id="fleet-department" label={t('fields.department')}>
            {input('department', { maxLength: 100, dir: 'auto' })}
          </Field>
          <Field id="fleet-location" label={t('fields.location')}>
            {input('location', { maxLength: 200, dir: 'auto' })}
          </Field>
          <Field id="fleet-fuelLevel" label={t('fields.fuelLevel')} error={err('fuelLevel')}>
            {input('fuelLevel', { type: 'number', inputMode: 'numeric', min: 0, max: 100, step: 1 })}
          </Field>
          <Field id="fleet-lastServiceDate" label={t('fields.lastServiceDate')}>
            {input('lastServiceDate', { type: 'date' })}
          </Field>
          {computed && editing ? (
            <ComputedService vehicle={editing} />
          ) : (
            <>
              <Field id="fleet-nextServiceDate" label={t('fields.nextServiceDate')}>
                {input('nextServiceDate', { type: 'date' })}
              </Field>
              <Field id="fleet-nextServiceMileage" label={t('fields.nextServiceMileage')} error={err('nextServiceMileage')}>
                {input('nextServiceMileage', { type: 'number', inputMode: 'numeric', step: 1 })}
              </Field>
            </>
          )}
          <Field id="fleet-notes" label={t('fields.notes')} className="sm:col-span-2">
            <Textarea id="fleet-notes" rows={3} maxLength={5000} dir="auto" {...form.register('notes')} />
          </Field>
        </div>
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={editing ? t('dialog.save') : t('dialog.create')}
          submitTestId="submit-fleet"
        />
      </form>
    </DialogFrame>
  );
}

/** The vehicle select: searched on the server; shows the chosen vehicle's make, model and plate. */
function SelectedVehicle({
  initial,
  value,
  onChange,
  tenantId,
  invalid,
  describedBy: described,
}: {
  initial?: FleetVehicle['vehicle'];
  value: number;
  onChange: (id: number) => void;
  tenantId: number;
  invalid: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('fleet');
  const [chosen, setChosen] = useState<Pick<VehicleChoice, 'make' | 'model' | 'plateNumber'> | null>(initial ?? null);
  return (
    <ServerCombobox<VehicleChoice>
      id="fleet-vehicleId"
      selectedId={value || null}
      selectedLabel={
        value && chosen ? (
          <span>
            <bdi>{`${chosen.make} ${chosen.model}`}</bdi> · <bdi dir="ltr">{chosen.plateNumber}</bdi>
          </span>
        ) : null
      }
      queryKey={(q) => vehicleSearchKey(tenantId, q)}
      itemId={(v) => v.id}
      renderItem={(v) => ({
        label: (
          <span>
            <bdi>{`${v.make} ${v.model}`}</bdi> <span className="text-muted-foreground">({v.year})</span>
          </span>
        ),
        description: (
          <span>
            <bdi dir="ltr">{v.plateNumber}</bdi>
            {v.customer ? (
              <>
                {' '}
                · <bdi>{fullName(v.customer.firstName, v.customer.lastName)}</bdi>
              </>
            ) : null}
          </span>
        ),
        text: `${v.make} ${v.model} ${v.plateNumber}`,
      })}
      onSelect={(v) => {
        setChosen(v);
        onChange(v.id);
      }}
      texts={{
        placeholder: t('vehicleSelect.placeholder'),
        search: t('vehicleSelect.search'),
        empty: t('vehicleSelect.empty'),
        loading: t('vehicleSelect.loading'),
        failed: t('vehicleSelect.failed'),
      }}
      invalid={invalid}
      describedBy={described}
      testId="fleet-vehicle-select"
    />
  );
}
