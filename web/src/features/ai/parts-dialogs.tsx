import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translation';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Field } from '@/components/ui/label';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { appliedToast } from './ai-messages';
import { useApplyParts } from './ai.api';
import type { PartsRecommendation, RecommendedPart } from './model';
import { EstimatePicker, JobCardPicker, type PickedRecord } from './record-pickers';
import { DismissDialog } from './record-dialogs';

export type PartsDialogState =
  | { kind: 'apply'; recommendation: PartsRecommendation; parts: RecommendedPart[]; vehicle: Vehicle | null }
  | { kind: 'dismiss'; recommendation: PartsRecommendation };

type Target = 'jobCard' | 'estimate';

/** Adding the chosen parts: a job card or an estimate, the parts listed, then confirm. */
function ApplyPartsDialog({
  recommendation,
  parts,
  vehicle,
  onClose,
}: {
  recommendation: PartsRecommendation;
  parts: RecommendedPart[];
  vehicle: Vehicle | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('ai');
  const format = useFormatters();
  const apply = useApplyParts(useTenantId());
  const canBill = usePermissions().canEditEstimates;
  const [target, setTarget] = useState<Target>('jobCard');
  const [record, setRecord] = useState<PickedRecord | null>(null);
  const [error, setError] = useState<string | undefined>();
  const vehicleId = vehicle?.id ?? recommendation.vehicleId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!record) {
      setError(t('parts.chooseTarget'));
      return;
    }
    apply.mutate(
      {
        id: recommendation.id,
        target: target === 'jobCard' ? { jobCardId: record.id } : { estimateId: record.id },
        sparePartIds: parts.map((p) => p.sparePartId),
      },
      appliedToast(t, onClose, t('parts.appliedToast', { n: formatNumber(parts.length, i18n.language) })),
    );
  };
  const choose = (next: Target) => {
    setTarget(next);
    setRecord(null);
  };
  return (
    <DialogFrame title={t('parts.applyTitle')} onClose={onClose} busy={apply.isPending} testId="apply-parts-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm" data-testid="apply-preview">
          {t('parts.applyBody', { n: formatNumber(parts.length, i18n.language) })}
        </p>
        <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto rounded-md border p-2 text-sm">
          {parts.map((part) => (
            <li key={part.sparePartId} className="flex justify-between gap-3">
              <span>
                <bdi>{part.name}</bdi> × {formatNumber(part.quantity, i18n.language)}
              </span>
              {part.price !== null && <span className="tabular-nums">{format.money(part.price)}</span>}
            </li>
          ))}
        </ul>
        {canBill && (
          <div role="radiogroup" aria-label={t('parts.target')} className="inline-flex self-start rounded-md border bg-muted p-0.5">
            {(['jobCard', 'estimate'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={target === option}
                onClick={() => choose(option)}
                data-testid={`target-${option}`}
                className={cn(
                  'inline-flex h-10 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors md:h-8',
                  target === option ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {t(option === 'jobCard' ? 'parts.targetJobCard' : 'parts.targetEstimate')}
              </button>
            ))}
          </div>
        )}
        {target === 'jobCard' ? (
          <Field id="apply-parts-job-card" label={t('fields.jobCard')} error={error}>
            <JobCardPicker
              id="apply-parts-job-card"
              value={record}
              vehicleId={vehicleId}
              onSelect={(card) => {
                setRecord({ id: card.id, number: card.jobNumber });
                setError(undefined);
              }}
            />
          </Field>
        ) : (
          <Field id="apply-parts-estimate" label={t('fields.estimate')} error={error}>
            <EstimatePicker
              id="apply-parts-estimate"
              value={record}
              vehicleId={vehicleId}
              onSelect={(estimate) => {
                setRecord({ id: estimate.id, number: estimate.estimateNumber });
                setError(undefined);
              }}
            />
          </Field>
        )}
        <FormActions onCancel={onClose} pending={apply.isPending} submitLabel={t('actions.confirm')} submitTestId="confirm-apply" />
      </form>
    </DialogFrame>
  );
}

export default function PartsDialogs({ state, onClose }: { state: PartsDialogState; onClose: () => void }) {
  if (state.kind === 'dismiss') return <DismissDialog path="parts-recommendations" id={state.recommendation.id} onClose={onClose} />;
  return <ApplyPartsDialog recommendation={state.recommendation} parts={state.parts} vehicle={state.vehicle} onClose={onClose} />;
}
