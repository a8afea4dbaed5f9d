import { useTranslation } from 'react-i18next';
import type { JobCard } from '@core/contracts/job-cards.ts';
import type { Estimate } from '@core/contracts/billing.ts';
import { useTenantId } from '@/lib/auth';
import { fullName } from '@/lib/utils';
import { ServerCombobox } from '@/components/ui/server-combobox';

const LIMIT = 20;

/** A job card or estimate an answer is applied to: what the picker shows of it. */
export type PickedRecord = { id: number; number: string };

/**
 * The job card an estimate or parts go to: searched on the server (number, service, customer,
 * make and model), the vehicle's own first when the answer names one.
 */
export function JobCardPicker({
  id,
  value,
  onSelect,
  vehicleId,
  testId = 'job-card-picker',
}: {
  id: string;
  value: PickedRecord | null;
  onSelect: (card: JobCard) => void;
  vehicleId?: number | null;
  testId?: string;
}) {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  return (
    <ServerCombobox<JobCard>
      id={id}
      testId={testId}
      selectedId={value?.id ?? null}
      selectedLabel={value ? <bdi dir="ltr">{value.number}</bdi> : null}
      queryKey={(q) => [
        '/api/tenants',
        tenantId,
        'job-cards',
        { q: q || undefined, vehicleId: (!q && vehicleId) || undefined, limit: LIMIT },
      ]}
      itemId={(card) => card.id}
      renderItem={(card) => ({
        text: `${card.jobNumber} ${card.serviceType}`,
        label: (
          <span>
            <bdi dir="ltr">{card.jobNumber}</bdi> · <bdi>{card.serviceType}</bdi>
          </span>
        ),
        description: (
          <span>
            <bdi>{fullName(card.customer.firstName, card.customer.lastName)}</bdi> ·{' '}
            <bdi>{`${card.vehicle.make} ${card.vehicle.model}`}</bdi> <bdi dir="ltr">{card.vehicle.plateNumber}</bdi>
          </span>
        ),
      })}
      onSelect={onSelect}
      texts={{
        placeholder: t('estimate.pickJobCard'),
        search: t('estimate.pickJobCard'),
        empty: t('estimate.noJobCards'),
        loading: t('result.working'),
        failed: t('result.loadFailed'),
      }}
    />
  );
}

/** An estimate of the workshop, searched by number or customer (the vehicle's first). */
export function EstimatePicker({
  id,
  value,
  onSelect,
  vehicleId,
  testId = 'estimate-picker',
}: {
  id: string;
  value: PickedRecord | null;
  onSelect: (estimate: Estimate) => void;
  vehicleId?: number | null;
  testId?: string;
}) {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  return (
    <ServerCombobox<Estimate>
      id={id}
      testId={testId}
      selectedId={value?.id ?? null}
      selectedLabel={value ? <bdi dir="ltr">{value.number}</bdi> : null}
      queryKey={(q) => [
        '/api/tenants',
        tenantId,
        'estimates',
        { q: q || undefined, vehicleId: (!q && vehicleId) || undefined, limit: LIMIT },
      ]}
      itemId={(estimate) => estimate.id}
      renderItem={(estimate) => ({
        text: estimate.estimateNumber,
        label: <bdi dir="ltr">{estimate.estimateNumber}</bdi>,
        description: (
          <span>
            <bdi>{fullName(estimate.customer.firstName, estimate.customer.lastName)}</bdi> ·{' '}
            <bdi>{`${estimate.vehicle.make} ${estimate.vehicle.model}`}</bdi>
          </span>
        ),
      })}
      onSelect={onSelect}
      texts={{
        placeholder: t('parts.pickEstimate'),
        search: t('parts.pickEstimate'),
        empty: t('parts.noEstimates'),
        loading: t('result.working'),
        failed: t('result.loadFailed'),
      }}
    />
  );
}
