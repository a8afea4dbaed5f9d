import { useTranslation } from '@/lib/translation';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { DialogFrame } from '@/shared/dialog-frame';
import { DialogFooter } from '@/components/ui/dialog';
import { notifyFailure, notifySuccess } from '@/shared/messages';
import { useApplySchedule } from './ai.api';
import type { ApplyScheduleResult, ScheduleOptimization } from './model';
import { DismissDialog } from './record-dialogs';

export type ScheduleDialogState =
  | { kind: 'apply'; optimization: ScheduleOptimization }
  | { kind: 'applied'; optimization: ScheduleOptimization; result: ApplyScheduleResult }
  | { kind: 'dismiss'; optimization: ScheduleOptimization };

/** "Assign the proposed work?": re-checked and assigned in one step by the server. */
function ApplyScheduleDialog({
  optimization,
  onState,
  onClose,
}: {
  optimization: ScheduleOptimization;
  onState: (state: ScheduleDialogState) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('ai');
  const apply = useApplySchedule(useTenantId());
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <ConfirmDialog
      title={t('schedule.applyTitle')}
      body={t('schedule.applyBody', { n: n(optimization.suggestions.length) })}
      confirmLabel={t('schedule.apply')}
      destructive={false}
      pending={apply.isPending}
      onConfirm={() =>
        apply.mutate(optimization.id, {
          onSuccess: (result) => {
            onState({ kind: 'applied', optimization, result });
            notifySuccess(
              t('schedule.appliedTitle'),
              `${t('schedule.assigned', { n: n(result.assigned.length) })} · ${t('schedule.skipped', { n: n(result.skipped.length) })}`,
            );
          },
          onError: (error) => {
            onClose();
            notifyFailure(t('failed.apply'), error, t, 'ai');
          },
        })
      }
      onClose={onClose}
      testId="apply-schedule-dialog"
      confirmTestId="confirm-apply"
    />
  );
}

/** What applying did: the work assigned, and what was skipped with why. */
function AppliedDialog({
  optimization,
  result,
  onClose,
}: {
  optimization: ScheduleOptimization;
  result: ApplyScheduleResult;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('ai');
  const n = (value: number) => formatNumber(value, i18n.language);
  const title = (kind: string, id: number) => optimization.suggestions.find((s) => s.kind === kind && s.id === id)?.title ?? `#${id}`;
  const technician = (id: number) => optimization.suggestions.find((s) => s.technicianId === id)?.technicianName ?? `#${id}`;
  return (
    <DialogFrame title={t('schedule.appliedTitle')} onClose={onClose} testId="schedule-applied-dialog">
      <div className="flex flex-col gap-4 text-sm">
        <section>
          <h4 className="mb-1 font-semibold" data-testid="applied-count">
            {t('schedule.assigned', { n: n(result.assigned.length) })}
          </h4>
          <ul className="flex flex-col gap-1">
            {result.assigned.map((a) => (
              <li key={`${a.kind}-${a.id}`}>
                <bdi>{title(a.kind, a.id)}</bdi> → <bdi>{technician(a.technicianId)}</bdi>
              </li>
            ))}
          </ul>
        </section>
        {result.skipped.length > 0 && (
          <section>
            <h4 className="mb-1 font-semibold" data-testid="skipped-count">
              {t('schedule.skipped', { n: n(result.skipped.length) })}
            </h4>
            <ul className="flex flex-col gap-1">
              {result.skipped.map((s) => (
                <li key={`${s.kind}-${s.id}`}>
                  <bdi>{title(s.kind, s.id)}</bdi>:{' '}
                  <span dir="auto">{t(`schedule.skipReasons.${s.reason}`, { defaultValue: s.reason })}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <DialogFooter>
          <Button onClick={onClose} data-testid="close-applied">
            {t('actions.close')}
          </Button>
        </DialogFooter>
      </div>
    </DialogFrame>
  );
}

export default function ScheduleDialogs({
  state,
  onState,
  onClose,
}: {
  state: ScheduleDialogState;
  onState: (state: ScheduleDialogState) => void;
  onClose: () => void;
}) {
  if (state.kind === 'dismiss') return <DismissDialog path="schedule-optimizations" id={state.optimization.id} onClose={onClose} />;
  if (state.kind === 'applied') return <AppliedDialog optimization={state.optimization} result={state.result} onClose={onClose} />;
  return <ApplyScheduleDialog optimization={state.optimization} onState={onState} onClose={onClose} />;
}
