import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { FormActions } from '@/shared/dialog-frame';
import { ScanLine, Wand2 } from 'lucide-react';
import { decodeVin } from '@core/rules/vin.ts';
import { fieldIssues } from '@/lib/api';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { CustomerPicker, type CustomerOption } from '@/shared/customer-picker';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { validationText } from '@/shared/messages';
import { vinCountryLabel } from './vin-country';
import { VEHICLE_FIELDS, vehiclePayloadOf, vehicleValuesOf, type VehicleFormValues } from './vehicle-values';
import { useCreateVehicle, useUpdateVehicle, VEHICLE_STATUSES, type Vehicle } from './vehicles.api';

type FieldName = (typeof VEHICLE_FIELDS)[number];

/** A 17-character VIN decoded offline: maker, country and model year, with a button to fill make and year. */
function VinDecoder({
  vin,
  make,
  year,
  onFill,
}: {
  vin: string;
  make: string;
  year: string;
  onFill: (make: string | null, year: number | null) => void;
}) {
  const { t, i18n } = useTranslation('vehicles');
  // Decoded in the browser (core/rules/vin.ts, the server's own rule): no call, no wait.
  const info = useMemo(() => (vin.length === 17 ? decodeVin(vin) : null), [vin]);
  if (!info) return null;
  if (!info.valid) {
    return (
      <p className="text-xs font-medium text-warning" data-testid="vin-problem">
        {validationText(info.error ?? undefined, t) ?? t('vin.invalid')}
      </p>
    );
  }
  const parts = [info.manufacturer, info.modelYear ? String(info.modelYear) : null, vinCountryLabel(info.country, i18n.language)].filter(
    Boolean,
  );
  if (parts.length === 0) return <p className="text-xs text-muted-foreground">{t('vin.unknown')}</p>;
  const fills = (info.manufacturer && info.manufacturer !== make.trim()) || (info.modelYear && String(info.modelYear) !== year.trim());
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-info/30 bg-info/10 p-2.5 text-sm sm:flex-row sm:items-center"
      data-testid="vin-decoded"
    >
      <p className="flex min-w-0 flex-1 items-center gap-2">
        <ScanLine className="size-4 shrink-0 text-info" aria-hidden />
        <span className="min-w-0">
          <span className="font-medium">{t('vin.decoded')}</span> {parts.join(' · ')}
        </span>
      </p>
      {fills && (
        <Button variant="outline" size="sm" onClick={() => onFill(info.manufacturer, info.modelYear)} data-testid="vin-fill">
          <Wand2 aria-hidden />
          {t('vin.fill')}
        </Button>
      )}
    </div>
  );
}

/** Add or edit a vehicle: its customer through the customer search, VIN decoding, the spec's messages. */
export function VehicleForm({
  vehicle,
  customer,
  onClose,
  onSaved,
}: {
  vehicle?: Vehicle;
  /** The owner of a new vehicle, chosen already (from a customer's view). */
  customer?: CustomerOption;
  onClose: () => void;
  onSaved?: (vehicle: Vehicle) => void;
}) {
  const { t } = useTranslation('vehicles');
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const form = useForm<VehicleFormValues>({
    resolver: lazyZodResolver<VehicleFormValues>(() => import('./vehicles.schemas').then((m) => m.vehicleForm)),
    defaultValues: vehicleValuesOf(vehicle, customer?.id),
  });
  const { errors, isSubmitted } = form.formState;
  const err = (name: FieldName) => validationText(errors[name]?.message, t);
  const pending = create.isPending || update.isPending;
  const [vin, make, year] = form.watch(['vin', 'make', 'year']);

  const onError = (fallback: string) => (error: unknown) => {
    applyServerIssues(fieldIssues(error), VEHICLE_FIELDS, form.setError);
    toastFailure(t, error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const payload = vehiclePayloadOf(values);
    const done = (saved: Vehicle, message: string) => {
      onSaved?.(saved);
      onClose();
      toastSuccess(t, message);
    };
    if (vehicle) {
      update.mutate(
        { id: vehicle.id, ...payload },
        { onSuccess: (saved) => done(saved, t('toast.updated')), onError: onError(t('toast.updateFailed')) },
      );
    } else {
      create.mutate(payload, { onSuccess: (saved) => done(saved, t('toast.created')), onError: onError(t('toast.createFailed')) });
    }
  });

  const fill = (maker: string | null, modelYear: number | null) => {
    if (maker) form.setValue('make', maker, { shouldValidate: isSubmitted, shouldDirty: true });
    if (modelYear) form.setValue('year', String(modelYear), { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const text = (
    name: Exclude<FieldName, 'customerId' | 'status' | 'notes'>,
    props: {
      type?: string;
      ltr?: boolean;
      optional?: boolean;
      maxLength?: number;
      inputMode?: 'numeric';
      upper?: boolean;
      hint?: string;
    } = {},
  ) => {
    const id = `vehicle-${name}`;
    const error = err(name);
    return (
      <Field id={id} label={t(`fields.${name}`)} error={error} hint={props.hint} optional={props.optional ? t('form.optional') : undefined}>
        <Input
          id={id}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          dir={props.ltr ? 'ltr' : undefined}
          className={[props.ltr ? 'text-start' : '', props.upper ? 'font-mono uppercase' : ''].join(' ')}
          maxLength={props.maxLength}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(id, error, props.hint)}
          {...form.register(name)}
        />
      </Field>
    );
  };

  const customerError = err('customerId');
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="vehicle-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="vehicle-customer" label={t('fields.customer')} error={customerError} className="sm:col-span-2">
          <Controller
            control={form.control}
            name="customerId"
            render={({ field }) => (
              <CustomerPicker
                id="vehicle-customer"
                value={field.value}
                onChange={(id) => field.onChange(id)}
                selected={vehicle ? { ...vehicle.customer } : customer}
                invalid={!!customerError}
                describedBy={describedBy('vehicle-customer', customerError)}
              />
            )}
          />
        </Field>
        {text('make', { maxLength: 100 })}
        {text('model', { maxLength: 100 })}
        {text('year', { type: 'text', inputMode: 'numeric', maxLength: 4, ltr: true })}
        {text('plateNumber', { maxLength: 50, ltr: true, upper: true })}
        <div className="flex flex-col gap-2 sm:col-span-2">
          {text('vin', { optional: true, maxLength: 17, ltr: true, upper: true, hint: t('vin.hint') })}
          <VinDecoder vin={vin.trim()} make={make} year={year} onFill={fill} />
        </div>
        {text('color', { optional: true, maxLength: 50 })}
        {text('mileage', { optional: true, inputMode: 'numeric', maxLength: 9, ltr: true })}
        <Field id="vehicle-status" label={t('fields.status')}>
          <FormSelect
            control={form.control}
            name="status"
            id="vehicle-status"
            testId="vehicle-status-select"
            options={VEHICLE_STATUSES}
            text={(status) => t(`status.${status}`)}
          />
        </Field>
        <Field id="vehicle-notes" label={t('fields.notes')} optional={t('form.optional')} className="sm:col-span-2" error={err('notes')}>
          <Textarea id="vehicle-notes" rows={3} maxLength={5000} aria-invalid={!!errors.notes} {...form.register('notes')} />
        </Field>
      </div>
      <FormActions
        onCancel={onClose}
        pending={pending}
        submitLabel={vehicle ? t('form.submitEdit') : t('form.submitAdd')}
        submitTestId="submit-vehicle"
      />
    </form>
  );
}
