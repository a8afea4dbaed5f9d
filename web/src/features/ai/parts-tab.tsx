import { lazy, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { ListPlus, Package } from 'lucide-react';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { recommendationQuery, useRecommendParts } from './ai.api';
import { toastMissing } from './ai-messages';
import { AskEmpty } from './ask-empty';
import { AskFrame, RecordResult } from './ask-frame';
import { useAskAnswer } from './reveal';
import { partHref } from './citations';
import type { PartsRecommendation } from './model';
import type { PartsDialogState } from './parts-dialogs';
import { BasedOn, ConfidenceBadge, Decision, DismissButton, Figure, Notice, RecordLink, useResultDialogs } from './result-parts';
import { VehicleField } from './vehicle-field';
import { partReason, partsReasoning } from './explain';
import { useSay } from './use-say';

const PartsDialogs = lazy(() => import('./parts-dialogs'));

function PartsResult({ recommendation: r, vehicle }: { recommendation: PartsRecommendation; vehicle: Vehicle | null }) {
  const { t, i18n } = useTranslation('ai');
  const format = useFormatters();
  // Anyone may add parts to a job card (a technician to their own: the server decides); estimates are staff's.
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(r.parts.map((p) => p.sparePartId)));
  const [setDialog, dialogs] = useResultDialogs<PartsDialogState>(PartsDialogs);
  const billing = r.totalEstimatedCost !== null;
  const say = useSay();
  const reasoning = partsReasoning(say, r);
  const pending = r.status === 'pending';
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Card data-testid="parts-result" data-record-id={r.id}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('parts.resultTitle')}</CardTitle>
          <ConfidenceBadge value={r.confidence} />
        </div>
        {reasoning && (
          <CardDescription dir="auto" data-testid="parts-reasoning">
            {reasoning}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {r.parts.length === 0 ? (
          <Notice testId="parts-none" tone="warning">
            {t('parts.none')}
          </Notice>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {r.parts.map((part) => (
              <li key={part.sparePartId} className="flex items-start gap-3 p-3" data-testid="recommended-part" data-sku={part.sku}>
                {pending && (
                  <Checkbox
                    className="mt-0.5"
                    checked={chosen.has(part.sparePartId)}
                    onCheckedChange={(on) => toggle(part.sparePartId, on === true)}
                    aria-label={part.name}
                    data-testid="choose-part"
                  />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <Link href={partHref(part.sku)} className="font-medium text-primary hover:underline" data-testid="part-link">
                      <bdi>{part.name}</bdi>
                    </Link>
                    {part.price !== null && (
                      <span className="font-medium tabular-nums" data-testid="part-price">
                        {format.money(part.price)}
                      </span>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    <span>
                      {t('parts.table.sku')}: <bdi dir="ltr">{part.sku}</bdi>
                    </span>
                    <span data-testid="part-stock">
                      {t('parts.table.stock')}: {formatNumber(part.stockQuantity, i18n.language)}
                    </span>
                    <span data-testid="part-quantity">{t('parts.quantity', { n: formatNumber(part.quantity, i18n.language) })}</span>
                    <span>{t('parts.usedOn', { n: formatNumber(part.usedOn, i18n.language) })}</span>
                  </div>
                  {part.description && (
                    <p className="text-sm" dir="auto">
                      {part.description}
                    </p>
                  )}
                  <p className="text-sm text-muted-foreground" dir="auto" data-testid="part-reason">
                    {partReason(say, r, part)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {billing ? (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Figure label={t('parts.totalEstimatedCost')} value={format.money(r.totalEstimatedCost)} testId="parts-total" />
          </div>
        ) : (
          <Notice testId="costs-hidden">{t('result.costsHidden')}</Notice>
        )}
        <BasedOn citations={r.basedOn} vehicleId={r.vehicleId} />
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <Decision
          record={r}
          links={
            <>
              {r.appliedToJobCard !== null && (
                <RecordLink href={`/job-cards/${r.appliedToJobCard}`} testId="applied-job-card">
                  {t('estimate.openJobCard')}
                </RecordLink>
              )}
              {r.appliedToEstimate !== null && (
                <RecordLink href={`/estimates/${r.appliedToEstimate}`} testId="applied-estimate">
                  {t('parts.openEstimate')}
                </RecordLink>
              )}
            </>
          }
        >
          <DismissButton onClick={() => setDialog({ kind: 'dismiss', recommendation: r })} testId="dismiss-parts" />
          {r.parts.length > 0 && (
            <Button
              size="sm"
              disabled={chosen.size === 0}
              onClick={() =>
                setDialog({ kind: 'apply', recommendation: r, parts: r.parts.filter((p) => chosen.has(p.sparePartId)), vehicle })
              }
              data-testid="apply-parts"
            >
              <ListPlus aria-hidden />
              {t('parts.apply')}
            </Button>
          )}
        </Decision>
      </CardFooter>
      {dialogs}
    </Card>
  );
}

/** Parts recommendation: a service type, make and model (from a picked vehicle) -> catalogue parts and why. */
export default function PartsTab({ vehicle, onVehicle }: { vehicle: Vehicle | null; onVehicle: (vehicle: Vehicle | null) => void }) {
  const { t, i18n } = useTranslation('ai');
  const tenantId = useTenantId();
  const { address, resultRef: resultBox, answered } = useAskAnswer('parts');
  const recordId = address.id('parts');
  const [serviceType, setServiceType] = useState('');
  const [make, setMake] = useState(vehicle?.make ?? '');
  const [model, setModel] = useState(vehicle?.model ?? '');
  // A newly picked vehicle fills make and model.
  const [shownVehicle, setShownVehicle] = useState(vehicle?.id ?? null);
  if ((vehicle?.id ?? null) !== shownVehicle) {
    setShownVehicle(vehicle?.id ?? null);
    if (vehicle) {
      setMake(vehicle.make);
      setModel(vehicle.model);
    }
  }
  const ask = useRecommendParts(tenantId);
  const record = useQuery({ ...recommendationQuery(tenantId, recordId ?? 0), enabled: recordId !== null && tenantId > 0 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serviceType.trim() || !make.trim() || !model.trim()) {
      toastMissing(t, 'parts');
      return;
    }
    ask.mutate(
      { serviceType: serviceType.trim(), vehicleMake: make.trim(), vehicleModel: model.trim(), vehicleId: vehicle?.id },
      answered(
        (answer) => ({ parts: answer.id, vehicle: vehicle?.id ?? null }),
        (answer) => t('parts.done', { n: formatNumber(answer.parts.length, i18n.language) }),
      ),
    );
  };

  const result = (
    <RecordResult
      empty={<AskEmpty icon={Package} title={t('parts.emptyTitle')} body={t('parts.emptyBody')} testId="parts-empty" />}
      asking={ask.isPending}
      recordId={recordId}
      record={record}
    >
      {(data) => <PartsResult key={data.id} recommendation={data} vehicle={vehicle} />}
    </RecordResult>
  );

  return (
    <AskFrame
      title={t('parts.title')}
      description={t('parts.description')}
      formTestId="parts-form"
      onSubmit={submit}
      submit={{ label: t('parts.submit'), icon: Package, testId: 'ask-parts', loading: ask.isPending }}
      resultRef={resultBox}
      result={result}
    >
      <VehicleField idPrefix="parts" vehicle={vehicle} onChange={onVehicle} optional={t('fields.optional')} />
      <Field id="parts-service" label={t('fields.serviceType')}>
        <Input
          id="parts-service"
          value={serviceType}
          onChange={(event) => setServiceType(event.target.value)}
          placeholder={t('parts.serviceTypePlaceholder')}
          maxLength={100}
          dir="auto"
          data-testid="parts-service"
        />
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id="parts-make" label={t('fields.make')}>
          <Input
            id="parts-make"
            value={make}
            onChange={(event) => setMake(event.target.value)}
            placeholder={t('parts.makePlaceholder')}
            maxLength={50}
            dir="auto"
            data-testid="parts-make"
          />
        </Field>
        <Field id="parts-model" label={t('fields.model')}>
          <Input
            id="parts-model"
            value={model}
            onChange={(event) => setModel(event.target.value)}
            placeholder={t('parts.modelPlaceholder')}
            maxLength={50}
            dir="auto"
            data-testid="parts-model"
          />
        </Field>
      </div>
      <p className="text-xs text-muted-foreground">{t('parts.fromVehicle')}</p>
    </AskFrame>
  );
}
