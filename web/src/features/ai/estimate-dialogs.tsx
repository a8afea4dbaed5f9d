import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useTenantId } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { Field } from '@/components/ui/label';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { appliedToast } from './ai-messages';
import { useApplyEstimation, useApplyEstimationToNewJobCard } from './ai.api';
import type { JobEstimation } from './model';
import { JobCardPicker, type PickedRecord } from './record-pickers';
import { DismissDialog } from './record-dialogs';
import { EstimateTargetChoice, NewJobCardTarget, newJobCardDraft, type EstimateTarget, type NewJobCardDraft } from './new-job-card-target';

export type EstimateDialogState =
  { kind: 'apply'; estimation: JobEstimation; vehicle: Vehicle | null } | { kind: 'dismiss'; estimation: JobEstimation };

/** Applying an estimate: pick the job card (or describe a new one), see what changes, confirm. */
function ApplyEstimateDialog({
  estimation,
  vehicle,
  onClose,
}: {
  estimation: JobEstimation;
  vehicle: Vehicle | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  const format = useFormatters();
  const apply = useApplyEstimation(tenantId);
  const [card, setCard] = useState<PickedRecord | null>(null);
  const [error, setError] = useState<string | undefined>();
  const applyNew = useApplyEstimationToNewJobCard(tenantId);
  const [target, setTarget] = useState<EstimateTarget>('existing');
  const [draft, setDraft] = useState<NewJobCardDraft>(() => newJobCardDraft(estimation, vehicle));
  const [draftErrors, setDraftErrors] = useState<{ vehicle?: string; serviceType?: string }>({});
  const pending = apply.isPending || applyNew.isPending;
  const submitNew = () => {
    const errors = {
      vehicle: draft.vehicle ? undefined : t('estimate.newPickVehicle'),
      serviceType: draft.serviceType.trim() ? undefined : t('estimate.newServiceTypeRequired'),
    };
    setDraftErrors(errors);
    if (errors.vehicle || errors.serviceType || !draft.vehicle) return;
    applyNew.mutate(
      { id: estimation.id, newJobCard: { vehicleId: draft.vehicle.id, serviceType: draft.serviceType.trim() } },
      appliedToast(t, onClose, t('estimate.appliedNewToast')),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === 'new') {
      submitNew();
      return;
    }
    if (!card) {
      setError(t('estimate.pickJobCard'));
      return;
    }
    apply.mutate(
      { id: estimation.id, jobCardId: card.id },
      appliedToast(t, onClose, t('estimate.appliedToast', { jobNumber: card.number })),
    );
  };
  return (
    <DialogFrame title={t('estimate.applyTitle')} onClose={onClose} busy={pending} testId="apply-estimate-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm" data-testid="apply-preview">
          {estimation.totalCost !== null
            ? t('estimate.applyBody', { amount: format.money(estimation.totalCost) })
            : t('estimate.applyBodyHours')}
        </p>
        <EstimateTargetChoice value={target} onChange={setTarget} />
        {target === 'new' ? (
          <NewJobCardTarget
            estimation={estimation}
            draft={draft}
            errors={draftErrors}
            onChange={(next) => {
              setDraft(next);
              setDraftErrors({});
            }}
          />
        ) : (
          <>
            <Field id="apply-job-card" label={t('fields.jobCard')} error={error}>
              <JobCardPicker
                id="apply-job-card"
                value={card}
                vehicleId={vehicle?.id ?? null}
                onSelect={(picked) => {
                  setCard({ id: picked.id, number: picked.jobNumber });
                  setError(undefined);
                }}
              />
            </Field>
            <p className="text-sm text-muted-foreground">
              {t('estimate.newJobCard')}{' '}
              <Link href="/job-cards" className="text-primary hover:underline">
                {t('estimate.openJobCards')}
              </Link>
            </p>
          </>
        )}
        <FormActions onCancel={onClose} pending={pending} submitLabel={t('actions.confirm')} submitTestId="confirm-apply" />
      </form>
    </DialogFrame>
  );
}

export default function EstimateDialogs({ state, onClose }: { state: EstimateDialogState; onClose: () => void }) {
  if (state.kind === 'dismiss') return <DismissDialog path="job-estimations" id={state.estimation.id} onClose={onClose} />;
  return <ApplyEstimateDialog estimation={state.estimation} vehicle={state.vehicle} onClose={onClose} />;
}
