import { lazy, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Calculator, ClipboardCheck } from 'lucide-react';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber, formatPercent } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { estimationQuery, useEstimateJob } from './ai.api';
import { toastMissing } from './ai-messages';
import { AskEmpty } from './ask-empty';
import { AskFrame, RecordResult } from './ask-frame';
import { useAskAnswer } from './reveal';
import type { JobEstimation } from './model';
import { BasedOn, ConfidenceBadge, Decision, DismissButton, Figure, Notice, RecordLink, useResultDialogs } from './result-parts';
import { VehicleField } from './vehicle-field';
import { estimationNotes } from './explain';
import { useSay } from './use-say';
import type { EstimateDialogState } from './estimate-dialogs';

const EstimateDialogs = lazy(() => import('./estimate-dialogs'));

/** "2.5 h" in the language's digits. */
export function useHours() {
  const { t, i18n } = useTranslation('ai');
  return (hours: string | number) => t('units.hours', { n: formatNumber(hours, i18n.language, 2) });
}

function EstimateResult({ estimation: e, vehicle }: { estimation: JobEstimation; vehicle: Vehicle | null }) {
  const { t, i18n } = useTranslation('ai');
  const format = useFormatters();
  const hours = useHours();
  const canApply = usePermissions().canEditWorkshopData;
  const [setDialog, dialogs] = useResultDialogs<EstimateDialogState>(EstimateDialogs);
  const range = (low: string, high: string) => t('result.range', { low, high });
  const billing = e.totalCost !== null;
  const notes = estimationNotes(useSay(), e);
  return (
    <Card data-testid="estimate-result" data-record-id={e.id} data-fallback={e.fallback}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('estimate.resultTitle')}</CardTitle>
          <ConfidenceBadge value={e.confidence} />
        </div>
        <CardDescription>
          {e.fallback ? t('estimate.fromRates') : t('estimate.fromJobs', { n: formatNumber(e.basedOn.length, i18n.language) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {e.fallback && (
          <Notice testId="estimate-fallback" tone="warning">
            {t('estimate.fallback')}
          </Notice>
        )}
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {billing && e.total && (
            <Figure
              label={t('estimate.totalCost')}
              value={format.money(e.totalCost)}
              sub={range(format.money(e.total.low), format.money(e.total.high))}
              testId="estimate-total"
            />
          )}
          {billing && <Figure label={t('estimate.laborCost')} value={format.money(e.laborCost)} testId="estimate-labor" />}
          {billing && <Figure label={t('estimate.partsCost')} value={format.money(e.partsCost)} testId="estimate-parts" />}
          <Figure
            label={t('estimate.estimatedTime')}
            value={hours(e.estimatedTime)}
            sub={range(hours(e.hours.low), hours(e.hours.high))}
            testId="estimate-hours"
          />
        </div>
        {!billing && <Notice testId="costs-hidden">{t('result.costsHidden')}</Notice>}
        {notes && (
          <p className="whitespace-pre-line text-sm" dir="auto" data-testid="estimate-notes">
            {notes}
          </p>
        )}
        <BasedOn
          citations={e.basedOn}
          title={t('estimate.basedOn')}
          aside={(c) =>
            c.similarity !== undefined && (
              <span className="text-xs text-muted-foreground">
                {t('estimate.similarity', { percent: formatPercent(c.similarity * 100, i18n.language) })}
              </span>
            )
          }
        />
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <Decision
          record={e}
          links={
            e.appliedToJobCard !== null && (
              <RecordLink href={`/job-cards/${e.appliedToJobCard}`} testId="applied-job-card">
                {t('estimate.openJobCard')}
              </RecordLink>
            )
          }
        >
          <DismissButton onClick={() => setDialog({ kind: 'dismiss', estimation: e })} testId="dismiss-estimate" />
          {canApply && (
            <Button size="sm" onClick={() => setDialog({ kind: 'apply', estimation: e, vehicle })} data-testid="apply-estimate">
              <ClipboardCheck aria-hidden />
              {t('estimate.apply')}
            </Button>
          )}
        </Decision>
      </CardFooter>
      {dialogs}
    </Card>
  );
}

/** Job estimation: a job description and a vehicle (picked, or described in words) -> costs, hours and why. */
export default function EstimateTab({ vehicle, onVehicle }: { vehicle: Vehicle | null; onVehicle: (vehicle: Vehicle | null) => void }) {
  const { t, i18n } = useTranslation('ai');
  const tenantId = useTenantId();
  const { address, resultRef: resultBox, answered } = useAskAnswer('estimate');
  const recordId = address.id('estimate');
  const [description, setDescription] = useState('');
  const [details, setDetails] = useState('');
  const ask = useEstimateJob(tenantId);
  const record = useQuery({ ...estimationQuery(tenantId, recordId ?? 0), enabled: recordId !== null && tenantId > 0 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim() || (!vehicle && !details.trim())) {
      toastMissing(t, 'estimate');
      return;
    }
    ask.mutate(
      { jobDescription: description.trim(), vehicleDetails: details.trim() || undefined, vehicleId: vehicle?.id },
      answered(
        (answer) => ({ estimate: answer.id, vehicle: vehicle?.id ?? null }),
        (answer) =>
          answer.fallback ? t('estimate.doneFallback') : t('estimate.done', { n: formatNumber(answer.basedOn.length, i18n.language) }),
      ),
    );
  };

  const result = (
    <RecordResult
      empty={<AskEmpty icon={Calculator} title={t('estimate.emptyTitle')} body={t('estimate.emptyBody')} testId="estimate-empty" />}
      asking={ask.isPending}
      recordId={recordId}
      record={record}
    >
      {(data) => <EstimateResult estimation={data} vehicle={vehicle} />}
    </RecordResult>
  );

  return (
    <AskFrame
      title={t('estimate.title')}
      description={t('estimate.description')}
      formTestId="estimate-form"
      onSubmit={submit}
      submit={{ label: t('estimate.submit'), icon: Calculator, testId: 'ask-estimate', loading: ask.isPending }}
      resultRef={resultBox}
      result={result}
    >
      <Field id="estimate-description" label={t('fields.jobDescription')}>
        <Textarea
          id="estimate-description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t('estimate.descriptionPlaceholder')}
          maxLength={2000}
          rows={4}
          dir="auto"
        />
      </Field>
      <VehicleField idPrefix="estimate" vehicle={vehicle} onChange={onVehicle} optional={t('estimate.orDescribe')} />
      <Field id="estimate-details" label={t('fields.vehicleDetails')} optional={t('fields.optional')} hint={t('estimate.detailsHint')}>
        <Input
          id="estimate-details"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          placeholder={t('estimate.detailsPlaceholder')}
          maxLength={200}
          dir="auto"
          aria-describedby="estimate-details-hint"
        />
      </Field>
    </AskFrame>
  );
}
