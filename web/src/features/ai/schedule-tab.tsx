import { lazy, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { CalendarCog, CalendarPlus } from 'lucide-react';
import { dayInZone } from '@core/rules/time-zone.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { optimizationQuery, useOptimizeSchedule } from './ai.api';
import { toastMissing } from './ai-messages';
import { AskEmpty } from './ask-empty';
import { AskFrame, RecordResult } from './ask-frame';
import { useAskAnswer } from './reveal';
import { SCHEDULE_WORK_KINDS, type ScheduleOptimization, type ScheduleWorkKind } from './model';
import type { ScheduleDialogState } from './schedule-dialogs';
import { Decision, DismissButton, Figure, Notice, useResultDialogs } from './result-parts';
import { scheduleReasoning } from './explain';
import { useSay } from './use-say';

const ScheduleDialogs = lazy(() => import('./schedule-dialogs'));

/** Where a piece of planned work opens. */
export const WORK_HREF: Record<ScheduleWorkKind, string> = { tasks: '/tasks', bookings: '/bookings', appointments: '/appointments' };

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function ScheduleResult({ optimization: o }: { optimization: ScheduleOptimization }) {
  const { t, i18n } = useTranslation('ai');
  const reasoning = scheduleReasoning(useSay(), o);
  const format = useFormatters();
  const canApply = usePermissions().canAssignTasks;
  const [setDialog, dialogs] = useResultDialogs<ScheduleDialogState>(ScheduleDialogs);
  const n = (value: number) => formatNumber(value, i18n.language);
  const when = (start: string | null, end: string | null) =>
    start ? `${format.dateTime(start)}${end ? ` – ${format.time(end)}` : ''}` : t('schedule.unscheduled');
  const pending = o.status === 'pending';
  return (
    <Card data-testid="schedule-result" data-record-id={o.id}>
      <CardHeader>
        <CardTitle>{t('schedule.resultTitle')}</CardTitle>
        {reasoning && (
          <CardDescription dir="auto" data-testid="schedule-reasoning">
            {reasoning}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Figure label={t('schedule.timeSaved')} value={t('units.minutes', { n: n(o.potentialTimeSaved) })} testId="time-saved" />
          <Figure label={t('schedule.conflictsAvoided')} value={n(o.conflictsAvoided)} testId="conflicts-avoided" />
        </div>
        <section className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">{t('schedule.suggestions', { n: n(o.suggestions.length) })}</h4>
          {o.suggestions.length > 0 && (
            <ul className="flex flex-col divide-y rounded-md border">
              {o.suggestions.map((s) => (
                <li
                  key={`${s.kind}-${s.id}`}
                  className="flex flex-col gap-1 p-3 text-sm"
                  data-testid="schedule-suggestion"
                  data-kind={s.kind}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex min-w-0 items-center gap-2">
                      <Badge variant="outline">{t(`schedule.kind.${s.kind}`)}</Badge>
                      <Link href={WORK_HREF[s.kind]} className="font-medium text-primary hover:underline">
                        <bdi>{s.title}</bdi>
                      </Link>
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t('schedule.table.score')}: {formatNumber(s.score, i18n.language, 2)}
                    </span>
                  </div>
                  <div className="flex flex-wrap gap-x-3 text-muted-foreground">
                    <span>
                      {t('schedule.table.technician')}:{' '}
                      <Link href="/technicians" className="text-foreground hover:underline">
                        <bdi>{s.technicianName}</bdi>
                      </Link>
                    </span>
                    <span>{when(s.start, s.end)}</span>
                  </div>
                  {s.reasons.length > 0 && (
                    <p className="text-xs text-muted-foreground" dir="auto">
                      {s.reasons.map((code) => t(`schedule.reasons.${code}`, { defaultValue: code })).join(' · ')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        {o.unplaced.length > 0 && (
          <section className="flex flex-col gap-2" data-testid="schedule-unplaced">
            <h4 className="text-sm font-semibold">{t('schedule.unplaced', { n: n(o.unplaced.length) })}</h4>
            <ul className="flex flex-col gap-1 text-sm">
              {o.unplaced.map((u) => (
                <li key={`${u.kind}-${u.id}`} className="flex flex-wrap gap-x-2">
                  <Link href={WORK_HREF[u.kind]} className="text-primary hover:underline">
                    <bdi>{u.title}</bdi>
                  </Link>
                  <span className="text-muted-foreground" dir="auto" data-testid="unplaced-reason">
                    {t(`schedule.unplacedReasons.${u.reason}`, { defaultValue: u.reason })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {o.schedule && (
          <details className="rounded-md border p-3 text-sm">
            <summary className="cursor-pointer font-medium">{t('schedule.scheduleText')}</summary>
            <p className="mt-2 whitespace-pre-line" dir="auto" data-testid="schedule-text">
              {o.schedule}
            </p>
          </details>
        )}
        {!canApply && pending && o.suggestions.length > 0 && <Notice testId="schedule-staff-only">{t('schedule.applyStaffOnly')}</Notice>}
      </CardContent>
      <CardFooter className="flex-wrap justify-between">
        <Decision record={o}>
          <DismissButton onClick={() => setDialog({ kind: 'dismiss', optimization: o })} testId="dismiss-schedule" />
          {canApply && o.suggestions.length > 0 && (
            <Button size="sm" onClick={() => setDialog({ kind: 'apply', optimization: o })} data-testid="apply-schedule">
              <CalendarPlus aria-hidden />
              {t('schedule.apply')}
            </Button>
          )}
        </Decision>
      </CardFooter>
      {dialogs}
    </Card>
  );
}

/** Smart scheduling: days and the kinds of unassigned work -> who should take what, and why. */
export default function ScheduleTab() {
  const { t, i18n } = useTranslation('ai');
  const tenantId = useTenantId();
  const format = useFormatters();
  const { address, resultRef: resultBox, answered } = useAskAnswer('schedule');
  const recordId = address.id('schedule');
  const today = dayInZone(new Date(), format.timeZone ?? 'UTC');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(() => addDays(today, 6));
  const [include, setInclude] = useState<Set<ScheduleWorkKind>>(() => new Set(SCHEDULE_WORK_KINDS));
  const [rangeError, setRangeError] = useState<string | undefined>();
  const ask = useOptimizeSchedule(tenantId);
  const record = useQuery({ ...optimizationQuery(tenantId, recordId ?? 0), enabled: recordId !== null && tenantId > 0 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || include.size === 0) {
      toastMissing(t, 'schedule');
      return;
    }
    if (to < from) {
      setRangeError(t('schedule.noRange'));
      return;
    }
    setRangeError(undefined);
    ask.mutate(
      { schedulingData: { from, to, include: SCHEDULE_WORK_KINDS.filter((kind) => include.has(kind)) } },
      answered(
        (answer) => ({ schedule: answer.id }),
        (answer) => t('schedule.done', { n: formatNumber(answer.suggestions.length, i18n.language) }),
      ),
    );
  };

  const result = (
    <RecordResult
      empty={<AskEmpty icon={CalendarCog} title={t('schedule.emptyTitle')} body={t('schedule.emptyBody')} testId="schedule-empty" />}
      asking={ask.isPending}
      recordId={recordId}
      record={record}
    >
      {(data) => <ScheduleResult optimization={data} />}
    </RecordResult>
  );

  return (
    <AskFrame
      title={t('schedule.title')}
      description={t('schedule.description')}
      formTestId="schedule-form"
      onSubmit={submit}
      submit={{ label: t('schedule.submit'), icon: CalendarCog, testId: 'ask-schedule', loading: ask.isPending }}
      resultRef={resultBox}
      result={result}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id="schedule-from" label={t('fields.from')} error={rangeError}>
          <Input
            id="schedule-from"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            data-testid="schedule-from"
          />
        </Field>
        <Field id="schedule-to" label={t('fields.to')}>
          <Input id="schedule-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} data-testid="schedule-to" />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('fields.work')}</legend>
        {SCHEDULE_WORK_KINDS.map((kind) => (
          <label key={kind} className="flex min-h-10 items-center gap-2 text-sm md:min-h-8">
            <Checkbox
              checked={include.has(kind)}
              onCheckedChange={(on) =>
                setInclude((current) => {
                  const next = new Set(current);
                  if (on === true) next.add(kind);
                  else next.delete(kind);
                  return next;
                })
              }
              data-testid={`schedule-include-${kind}`}
            />
            {t(`schedule.kinds.${kind}`)}
          </label>
        ))}
      </fieldset>
    </AskFrame>
  );
}
