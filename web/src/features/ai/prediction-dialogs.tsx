import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translation';
import { dayInZone, zonedDateTimeToUtc } from '@core/rules/time-zone.ts';
import { useTenantId } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { notifyFailure, notifySuccess } from '@/shared/messages';
import { appliedToast } from './ai-messages';
import { TechnicianSelect } from '@/shared/technician-select';
import { useAcknowledgePrediction, useBookPrediction, useSchedulePrediction } from './ai.api';
import type { MaintenancePrediction } from './model';
import { DismissDialog } from './record-dialogs';
import { predictionService } from './explain';
import { useSay } from './use-say';

export type PredictionDialogState = { kind: 'acknowledge' | 'book' | 'schedule' | 'dismiss'; prediction: MaintenancePrediction };

function AcknowledgeDialog({ prediction, onClose }: { prediction: MaintenancePrediction; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const service = predictionService(useSay(), prediction);
  const acknowledge = useAcknowledgePrediction(useTenantId());
  return (
    <ConfirmDialog
      title={t('maintenance.acknowledgeTitle')}
      body={t('maintenance.acknowledgeBody', { service })}
      confirmLabel={t('maintenance.acknowledge')}
      destructive={false}
      pending={acknowledge.isPending}
      onConfirm={() =>
        acknowledge.mutate(prediction.id, {
          onSuccess: () => {
            onClose();
            notifySuccess(t('actions.applied'), t('maintenance.acknowledged'));
          },
          onError: (error) => {
            onClose();
            notifyFailure(t('failed.apply'), error, t, 'ai');
          },
        })
      }
      onClose={onClose}
      testId="acknowledge-dialog"
      confirmTestId="confirm-acknowledge"
    />
  );
}

/** A booking at the workshop's wall clock: the due date when it is ahead, else today; 09:00. */
function BookDialog({ prediction, onClose }: { prediction: MaintenancePrediction; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const service = predictionService(useSay(), prediction);
  const format = useFormatters();
  const zone = format.timeZone ?? 'UTC';
  const book = useBookPrediction(useTenantId());
  const today = dayInZone(new Date(), zone);
  const [day, setDay] = useState(prediction.dueAt.date && prediction.dueAt.date > today ? prediction.dueAt.date : today);
  const [time, setTime] = useState('09:00');
  const [technician, setTechnician] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) {
      setError(t('maintenance.dateRequired'));
      return;
    }
    const scheduledDate = zonedDateTimeToUtc(day, time, zone).toISOString();
    book.mutate(
      { id: prediction.id, scheduledDate, technicianId: technician ? Number(technician) : null },
      appliedToast(t, onClose, t('maintenance.booked')),
    );
  };
  return (
    <DialogFrame
      title={t('maintenance.bookTitle', { service })}
      description={t('maintenance.bookBody')}
      onClose={onClose}
      busy={book.isPending}
      testId="book-dialog"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id="book-date" label={t('fields.date')} error={error}>
            <Input id="book-date" type="date" value={day} onChange={(event) => setDay(event.target.value)} data-testid="book-date" />
          </Field>
          <Field id="book-time" label={t('fields.time')}>
            <Input id="book-time" type="time" value={time} onChange={(event) => setTime(event.target.value)} data-testid="book-time" />
          </Field>
        </div>
        <Field id="book-technician" label={t('fields.technician')} optional={t('fields.optional')}>
          <TechnicianSelect
            id="book-technician"
            value={technician}
            onChange={setTechnician}
            noneLabel={t('fields.anyTechnician')}
            testId="book-technician"
          />
        </Field>
        <FormActions onCancel={onClose} pending={book.isPending} submitLabel={t('maintenance.book')} submitTestId="confirm-book" />
      </form>
    </DialogFrame>
  );
}

const wholeOrNull = (text: string) => (/^\d+$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

function ScheduleDialog({ prediction, onClose }: { prediction: MaintenancePrediction; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const service = predictionService(useSay(), prediction);
  const schedule = useSchedulePrediction(useTenantId());
  const [mileage, setMileage] = useState('');
  const [months, setMonths] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const intervalMileage = wholeOrNull(mileage);
    const intervalMonths = wholeOrNull(months);
    if (intervalMileage === null && intervalMonths === null) {
      setError(t('maintenance.intervalRequired'));
      return;
    }
    schedule.mutate({ id: prediction.id, intervalMileage, intervalMonths }, appliedToast(t, onClose, t('maintenance.scheduled')));
  };
  return (
    <DialogFrame
      title={t('maintenance.scheduleTitle', { service })}
      description={t('maintenance.scheduleBody')}
      onClose={onClose}
      busy={schedule.isPending}
      testId="schedule-prediction-dialog"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id="interval-mileage" label={t('fields.intervalMileage')} error={error}>
            <Input
              id="interval-mileage"
              inputMode="numeric"
              dir="ltr"
              value={mileage}
              onChange={(event) => setMileage(event.target.value.replace(/[^\d]/g, ''))}
              data-testid="interval-mileage"
            />
          </Field>
          <Field id="interval-months" label={t('fields.intervalMonths')}>
            <Input
              id="interval-months"
              inputMode="numeric"
              dir="ltr"
              value={months}
              onChange={(event) => setMonths(event.target.value.replace(/[^\d]/g, ''))}
              data-testid="interval-months"
            />
          </Field>
        </div>
        <FormActions onCancel={onClose} pending={schedule.isPending} submitLabel={t('actions.confirm')} submitTestId="confirm-schedule" />
      </form>
    </DialogFrame>
  );
}

export default function PredictionDialogs({ state, onClose }: { state: PredictionDialogState; onClose: () => void }) {
  switch (state.kind) {
    case 'acknowledge':
      return <AcknowledgeDialog prediction={state.prediction} onClose={onClose} />;
    case 'book':
      return <BookDialog prediction={state.prediction} onClose={onClose} />;
    case 'schedule':
      return <ScheduleDialog prediction={state.prediction} onClose={onClose} />;
    default:
      return <DismissDialog path="maintenance-predictions" id={state.prediction.id} onClose={onClose} />;
  }
}
