import { lazy, useState, type FormEvent } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { CalendarPlus, Check, ListPlus, Wrench } from 'lucide-react';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber, formatUnit } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { ListError } from '@/shared/list-frame';
import { predictionQuery, recordKey, usePredictMaintenance } from './ai.api';
import { toastMissing } from './ai-messages';
import { AskEmpty } from './ask-empty';
import { AskFrame } from './ask-frame';
import { useAskAnswer } from './reveal';
import type { AiUrgency, MaintenancePrediction } from './model';
import type { PredictionDialogState } from './prediction-dialogs';
import { BasedOn, ConfidenceBadge, Decision, DismissButton, Notice, RecordLink, ResultSkeleton, useResultDialogs } from './result-parts';
import { VehicleField } from './vehicle-field';
import { predictionDescription, predictionReason, predictionService } from './explain';
import { useSay } from './use-say';

const PredictionDialogs = lazy(() => import('./prediction-dialogs'));

export const URGENCY_VARIANT: Record<AiUrgency, BadgeVariant> = { overdue: 'destructive', soon: 'warning', later: 'info' };

/** "by 3 May 2030 or at 120,000 km, whichever comes first". */
export function useDueText() {
  const { t } = useTranslation('ai');
  const format = useFormatters();
  return (dueAt: MaintenancePrediction['dueAt']) => {
    const date = dueAt.date ? t('maintenance.dueDate', { date: format.date(dueAt.date) }) : null;
    const mileage =
      dueAt.mileage !== null ? t('maintenance.dueMileage', { mileage: formatUnit(dueAt.mileage, 'kilometer', format.language) }) : null;
    if (date && mileage) return t('maintenance.dueOr', { date, mileage });
    return date ?? mileage ?? t('explain.maintenance.nextVisit');
  };
}

function PredictionItem({
  prediction: p,
  onDialog,
}: {
  prediction: MaintenancePrediction;
  onDialog: (state: PredictionDialogState) => void;
}) {
  const { t } = useTranslation('ai');
  const canApply = usePermissions().canEditWorkshopData;
  const due = useDueText();
  const say = useSay();
  const description = predictionDescription(say, p);
  return (
    <li className="flex flex-col gap-3 rounded-md border p-4" data-testid="prediction" data-record-id={p.id} data-urgency={p.urgency}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold" dir="auto">
          {predictionService(say, p)}
        </h4>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={URGENCY_VARIANT[p.urgency]} data-testid="urgency">
            {t(`maintenance.urgency.${p.urgency}`)}
          </Badge>
          <ConfidenceBadge value={p.confidence} />
        </div>
      </div>
      {description && (
        <p className="text-sm" dir="auto" data-testid="prediction-description">
          {description}
        </p>
      )}
      <p className="text-sm">
        <span className="font-medium">{t('maintenance.dueAt')}: </span>
        <span data-testid="due-at">{due(p.dueAt)}</span>
      </p>
      <Notice testId="prediction-reason">
        <span dir="auto">{predictionReason(say, p)}</span>
      </Notice>
      <BasedOn citations={p.basedOn} vehicleId={p.vehicleId} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Decision
          record={p}
          links={
            <>
              {p.bookingId !== null && (
                <RecordLink href="/bookings" testId="prediction-booking">
                  {t('maintenance.openBooking')}
                </RecordLink>
              )}
              {p.maintenanceScheduleId !== null && (
                <RecordLink href={`/vehicles/${p.vehicleId}`} testId="prediction-schedule">
                  {t('maintenance.openVehicle')}
                </RecordLink>
              )}
            </>
          }
        >
          <Button
            variant="outline"
            size="sm"
            onClick={() => onDialog({ kind: 'acknowledge', prediction: p })}
            data-testid="acknowledge-prediction"
          >
            <Check aria-hidden />
            {t('maintenance.acknowledge')}
          </Button>
          {canApply && (
            <>
              <Button variant="outline" size="sm" onClick={() => onDialog({ kind: 'book', prediction: p })} data-testid="book-prediction">
                <CalendarPlus aria-hidden />
                {t('maintenance.book')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onDialog({ kind: 'schedule', prediction: p })}
                data-testid="schedule-prediction"
              >
                <ListPlus aria-hidden />
                {t('maintenance.schedule')}
              </Button>
            </>
          )}
          <DismissButton variant="ghost" onClick={() => onDialog({ kind: 'dismiss', prediction: p })} testId="dismiss-prediction" />
        </Decision>
      </div>
    </li>
  );
}

function PredictionsResult({ predictions }: { predictions: MaintenancePrediction[] }) {
  const { t, i18n } = useTranslation('ai');
  const [setDialog, dialogs] = useResultDialogs<PredictionDialogState>(PredictionDialogs);
  return (
    <Card data-testid="maintenance-result">
      <CardHeader>
        <CardTitle>{t('maintenance.resultTitle')}</CardTitle>
        <CardDescription>{t('maintenance.count', { n: formatNumber(predictions.length, i18n.language) })}</CardDescription>
      </CardHeader>
      <CardContent>
        {predictions.length === 0 ? (
          <Notice testId="maintenance-none">{t('maintenance.none')}</Notice>
        ) : (
          <ul className="flex flex-col gap-3">
            {predictions.map((prediction) => (
              <PredictionItem key={prediction.id} prediction={prediction} onDialog={setDialog} />
            ))}
          </ul>
        )}
      </CardContent>
      {dialogs}
    </Card>
  );
}

/** Predictive maintenance: a vehicle and its mileage -> what is due, how urgently, and why. */
export default function MaintenanceTab({ vehicle, onVehicle }: { vehicle: Vehicle | null; onVehicle: (vehicle: Vehicle | null) => void }) {
  const { t, i18n } = useTranslation('ai');
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  const { address, resultRef: resultBox, answered } = useAskAnswer('maintenance');
  const ids = address.ids('predictions');
  const ask = usePredictMaintenance(tenantId);
  const [mileage, setMileage] = useState(vehicle?.mileage != null ? String(vehicle.mileage) : '');
  // A newly picked vehicle brings its last mileage reading.
  const [shownVehicle, setShownVehicle] = useState(vehicle?.id ?? null);
  if ((vehicle?.id ?? null) !== shownVehicle) {
    setShownVehicle(vehicle?.id ?? null);
    setMileage(vehicle?.mileage != null ? String(vehicle.mileage) : '');
  }
  const records = useQueries({
    queries: ids.map((id) => ({ ...predictionQuery(tenantId, id), enabled: tenantId > 0 })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = mileage.trim();
    if (!vehicle || !value || !/^\d+$/.test(value)) {
      toastMissing(t, 'maintenance');
      return;
    }
    ask.mutate(
      { vehicleId: vehicle.id, mileage: Number(value) },
      answered(
        (answer) => {
          // Each prediction is its own record: cached, so the result shows without reading them again.
          for (const prediction of answer.predictions)
            queryClient.setQueryData(recordKey(tenantId, 'maintenance-predictions', prediction.id), prediction);
          return { predictions: answer.predictions.map((p) => p.id), vehicle: vehicle.id };
        },
        (answer) => t('maintenance.done', { n: formatNumber(answer.predictions.length, i18n.language) }),
      ),
    );
  };

  const failed = records.find((r) => r.isError);
  let result = <AskEmpty icon={Wrench} title={t('maintenance.emptyTitle')} body={t('maintenance.emptyBody')} testId="maintenance-empty" />;
  if (ask.isPending || records.some((r) => r.isPending)) result = <ResultSkeleton />;
  else if (failed) result = <ListError error={failed.error} title={t('result.loadFailed')} onRetry={() => failed.refetch()} />;
  else if (ids.length > 0) result = <PredictionsResult predictions={records.flatMap((r) => (r.data ? [r.data] : []))} />;
  else if (ask.data && ask.data.predictions.length === 0) result = <PredictionsResult predictions={[]} />;

  return (
    <AskFrame
      title={t('maintenance.title')}
      description={t('maintenance.description')}
      formTestId="maintenance-form"
      onSubmit={submit}
      submit={{ label: t('maintenance.submit'), icon: Wrench, testId: 'ask-maintenance', loading: ask.isPending }}
      resultRef={resultBox}
      result={result}
    >
      <VehicleField idPrefix="maintenance" vehicle={vehicle} onChange={onVehicle} />
      <Field id="maintenance-mileage" label={t('fields.mileage')} hint={t('maintenance.mileageHint')}>
        <Input
          id="maintenance-mileage"
          inputMode="numeric"
          value={mileage}
          onChange={(event) => setMileage(event.target.value.replace(/[^\d]/g, ''))}
          dir="ltr"
          aria-describedby="maintenance-mileage-hint"
          data-testid="maintenance-mileage"
        />
      </Field>
    </AskFrame>
  );
}
