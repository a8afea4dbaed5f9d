import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/translation';
import type { JobCard } from '@core/contracts/job-cards.ts';
import type { Estimate } from '@core/contracts/billing.ts';
import { useTenantId } from '@/lib/auth';
import { fullName } from '@/lib/utils';
import { ServerCombobox } from '@/components/ui/server-combobox';

const LIMIT = 20;

/** A job card or estimate an answer is applied to: what the picker shows of it. */
export type PickedRecord = { id: number; number: string };

type PickerProps<T> = {
  id: string;
  value: PickedRecord | null;
  onSelect: (record: T) => void;
  vehicleId?: number | null;
  testId?: string;
};

/** A record of the workshop searched on the server (the vehicle's own first while nothing is typed). */
function RecordPicker<T extends { id: number }>({
  id,
  value,
  onSelect,
  vehicleId,
  testId,
  path,
  renderItem,
  pick,
  none,
}: PickerProps<T> & {
  testId: string;
  path: string;
  renderItem: (record: T) => { text: string; label: ReactNode; description: ReactNode };
  pick: string;
  none: string;
}) {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  return (
    <ServerCombobox<T>
      id={id}
      testId={testId}
      selectedId={value?.id ?? null}
      selectedLabel={value ? <bdi dir="ltr">{value.number}</bdi> : null}
      queryKey={(q) => ['/api/tenants', tenantId, path, { q: q || undefined, vehicleId: (!q && vehicleId) || undefined, limit: LIMIT }]}
      itemId={(record) => record.id}
      renderItem={renderItem}
      onSelect={onSelect}
      texts={{ placeholder: pick, search: pick, empty: none, loading: t('result.working'), failed: t('result.loadFailed') }}
    />
  );
}

/**
 * The job card an estimate or parts go to: searched on the server (number, service, customer,
 * make and model), the vehicle's own first when the answer names one.
 */
export function JobCardPicker({ testId = 'job-card-picker', ...props }: PickerProps<JobCard>) {
  const { t } = useTranslation('ai');
  return (
    <RecordPicker<JobCard>
      {...props}
      testId={testId}
      path="job-cards"
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
      pick={t('estimate.pickJobCard')}
      none={t('estimate.noJobCards')}
    />
  );
}

/** An estimate of the workshop, searched by number or customer (the vehicle's first). */
export function EstimatePicker({ testId = 'estimate-picker', ...props }: PickerProps<Estimate>) {
  const { t } = useTranslation('ai');
  return (
    <RecordPicker<Estimate>
      {...props}
      testId={testId}
      path="estimates"
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
      pick={t('parts.pickEstimate')}
      none={t('parts.noEstimates')}
    />
  );
}
