import { useTranslation } from '@/lib/translation';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { VehiclePicker } from '@/shared/vehicle-picker';
import type { JobEstimation } from './model';

/** What the new job card is made from: the vehicle (its customer comes with it) and the service type. */
export type NewJobCardDraft = { vehicle: Vehicle | null; serviceType: string };

/** The estimation's vehicle (when the tab's vehicle is the one it was made for) and its service type. */
export function newJobCardDraft(estimation: JobEstimation, vehicle: Vehicle | null): NewJobCardDraft {
  const same = vehicle !== null && (estimation.vehicleId === undefined || estimation.vehicleId === vehicle.id);
  return { vehicle: same ? vehicle : null, serviceType: estimation.serviceType ?? '' };
}

/** The new job card's fields and a preview of what will be created (the estimate's total as its estimated cost). */
export function NewJobCardTarget({
  estimation,
  draft,
  onChange,
  errors,
}: {
  estimation: JobEstimation;
  draft: NewJobCardDraft;
  onChange: (draft: NewJobCardDraft) => void;
  errors: { vehicle?: string; serviceType?: string };
}) {
  const { t } = useTranslation('ai');
  const format = useFormatters();
  const { vehicle, serviceType } = draft;
  return (
    <div className="flex flex-col gap-4" data-testid="new-job-card">
      <Field id="apply-new-vehicle" label={t('fields.vehicle')} error={errors.vehicle}>
        <VehiclePicker
          id="apply-new-vehicle"
          testId="new-job-card-vehicle"
          value={vehicle}
          invalid={Boolean(errors.vehicle)}
          onSelect={(picked) => onChange({ ...draft, vehicle: picked })}
        />
      </Field>
      <Field id="apply-new-service-type" label={t('estimate.newServiceType')} error={errors.serviceType}>
        <Input
          id="apply-new-service-type"
          value={serviceType}
          maxLength={100}
          aria-invalid={Boolean(errors.serviceType)}
          onChange={(event) => onChange({ ...draft, serviceType: event.target.value })}
          data-testid="new-job-card-service-type"
        />
      </Field>
      <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="new-job-card-preview">
        <p className="font-medium">{t('estimate.newPreviewTitle')}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{t('estimate.newPreviewCustomer')}</dt>
          <dd>{vehicle ? <bdi>{fullName(vehicle.customer.firstName, vehicle.customer.lastName)}</bdi> : '—'}</dd>
          <dt className="text-muted-foreground">{t('fields.vehicle')}</dt>
          <dd>
            {vehicle ? (
              <span>
                <bdi>{`${vehicle.make} ${vehicle.model}`}</bdi> · <bdi dir="ltr">{vehicle.plateNumber}</bdi>
              </span>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-muted-foreground">{t('estimate.newServiceType')}</dt>
          <dd>
            <bdi>{serviceType.trim() || '—'}</bdi>
          </dd>
          <dt className="text-muted-foreground">{t('estimate.newPreviewCost')}</dt>
          <dd className="tabular-nums">{estimation.totalCost !== null ? format.money(estimation.totalCost) : '—'}</dd>
          <dt className="text-muted-foreground">{t('estimate.newPreviewStatus')}</dt>
          <dd>{t('estimate.newPreviewPending')}</dd>
        </dl>
        <p className="mt-2 text-muted-foreground">{t('estimate.newPreviewDescription')}</p>
      </div>
    </div>
  );
}

export type EstimateTarget = 'existing' | 'new';

/** An existing job card or a new one, as a two-way switch (parts-dialogs.tsx has the same look). */
export function EstimateTargetChoice({ value, onChange }: { value: EstimateTarget; onChange: (next: EstimateTarget) => void }) {
  const { t } = useTranslation('ai');
  return (
    <div role="radiogroup" aria-label={t('estimate.target')} className="inline-flex self-start rounded-md border bg-muted p-0.5">
      {(['existing', 'new'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          onClick={() => onChange(option)}
          data-testid={`estimate-target-${option}`}
          className={cn(
            'inline-flex h-10 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors md:h-8',
            value === option ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(option === 'existing' ? 'estimate.targetExisting' : 'estimate.targetNew')}
        </button>
      ))}
    </div>
  );
}
