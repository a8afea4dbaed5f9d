import { useState, type ReactNode } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { ANALYTICS_INTERVALS, ANALYTICS_PRESETS, previousPeriod, type AnalyticsPreset } from '@core/rules/analytics.ts';
import { formatDayRange } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { allowsDaily, DATE_INPUT_MAX, DATE_INPUT_MIN, rangeProblem, type PeriodChoice, type RangeProblem } from './period';

/**
 * The bar's controls are the browser's own (a select, a switch button, date inputs): the Radix
 * select and switch would add some 12 kB gzip to a page with little room left in its budget.
 */
const SELECT =
  'h-11 w-full appearance-none rounded-md border border-input bg-card ps-3 pe-9 text-base text-foreground shadow-card outline-none transition-colors focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 md:h-9 md:text-sm';

/** A labelled field with its message under it. */
function DayField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-44">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export type PeriodChange = Partial<Pick<PeriodChoice, 'preset' | 'from' | 'to' | 'compare' | 'interval'>>;

/** The two days of a custom range; a range the reports cannot show stays here, with its message, and is not applied. */
function CustomRange({ choice, onChange }: { choice: PeriodChoice; onChange: (change: PeriodChange) => void }) {
  const { t } = useTranslation('analytics');
  const [draft, setDraft] = useState({ from: choice.from, to: choice.to });
  const [seen, setSeen] = useState({ from: choice.from, to: choice.to });
  // The address changed elsewhere (a link, the back button): show its days.
  if (seen.from !== choice.from || seen.to !== choice.to) {
    setSeen({ from: choice.from, to: choice.to });
    setDraft({ from: choice.from, to: choice.to });
  }
  const problem: RangeProblem | undefined = rangeProblem(draft.from, draft.to);
  const update = (next: { from: string; to: string }) => {
    setDraft(next);
    if (!rangeProblem(next.from, next.to)) onChange({ preset: 'custom', ...next });
  };
  const message = (key: RangeProblem | undefined) => (key ? t(`validation.${key}`, { ns: 'common' }) : undefined);
  const fromError = problem === 'analyticsFromRequired' ? message(problem) : undefined;
  const toError = problem && problem !== 'analyticsFromRequired' ? message(problem) : undefined;
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="custom-range">
      <DayField id="analytics-from" label={t('period.from')} error={fromError}>
        <Input
          id="analytics-from"
          type="date"
          min={DATE_INPUT_MIN}
          max={DATE_INPUT_MAX}
          value={draft.from}
          onChange={(event) => update({ ...draft, from: event.target.value })}
          aria-invalid={fromError ? true : undefined}
          aria-describedby={fromError ? 'analytics-from-error' : undefined}
          data-testid="range-from"
        />
      </DayField>
      <DayField id="analytics-to" label={t('period.to')} error={toError}>
        <Input
          id="analytics-to"
          type="date"
          min={DATE_INPUT_MIN}
          max={DATE_INPUT_MAX}
          value={draft.to}
          onChange={(event) => update({ ...draft, to: event.target.value })}
          aria-invalid={toError ? true : undefined}
          aria-describedby={toError ? 'analytics-to-error' : undefined}
          data-testid="range-to"
        />
      </DayField>
    </div>
  );
}

/**
 * The period of every report: a preset or a custom range, the comparison with the period just
 * before, and the series' step. What it shows comes from the address (the page writes it there).
 */
export function PeriodBar({ choice, onChange }: { choice: PeriodChoice; onChange: (change: PeriodChange) => void }) {
  const { t, i18n } = useTranslation('analytics');
  const valid = !choice.problem;
  const previous = valid ? previousPeriod(choice) : null;
  const daily = valid && allowsDaily(choice);
  return (
    <div
      className="flex flex-col gap-3 rounded-md border bg-card p-3 shadow-card md:p-4 print:border-0 print:p-0 print:shadow-none"
      data-testid="period-bar"
    >
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3 print:hidden">
        <div className="flex w-full flex-col gap-1.5 sm:w-52">
          <label htmlFor="analytics-preset" className="text-sm font-medium leading-none">
            {t('period.label')}
          </label>
          <div className="relative">
            <select
              id="analytics-preset"
              value={choice.preset}
              onChange={(event) => onChange({ preset: event.target.value as AnalyticsPreset })}
              className={SELECT}
              data-testid="period-preset"
            >
              {ANALYTICS_PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {t(`period.presets.${preset}`)}
                </option>
              ))}
            </select>
            <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 opacity-60" aria-hidden />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium leading-none" id="analytics-interval-label">
            {t('period.interval')}
          </span>
          <SegmentedControl
            labelledBy="analytics-interval-label"
            className="h-11 md:h-9"
            value={choice.interval}
            onChange={(interval) => onChange({ interval })}
            segments={ANALYTICS_INTERVALS.map((interval) => ({
              value: interval,
              label: t(`period.intervals.${interval}`),
              disabled: !valid || (interval === 'day' && !daily),
              title: interval === 'day' && !daily ? t('validation.analyticsDaysMax', { ns: 'common' }) : undefined,
              testId: `interval-${interval}`,
            }))}
          />
        </div>
        <div className="flex h-11 items-center gap-2 md:h-9">
          <button
            type="button"
            role="switch"
            id="analytics-compare"
            aria-checked={choice.compare}
            aria-labelledby="analytics-compare-label"
            onClick={() => onChange({ compare: !choice.compare })}
            className={cn(
              'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              choice.compare ? 'bg-primary' : 'bg-input',
            )}
            data-testid="period-compare"
          >
            <span
              className={cn(
                'pointer-events-none block size-5 rounded-full bg-white shadow-card transition-transform',
                choice.compare ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
              )}
            />
          </button>
          <label id="analytics-compare-label" htmlFor="analytics-compare" className="cursor-pointer text-sm font-medium leading-none">
            {t('period.compare')}
          </label>
        </div>
      </div>
      {choice.preset === 'custom' && (
        <div className="print:hidden">
          <CustomRange choice={choice} onChange={onChange} />
        </div>
      )}
      {valid && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" aria-live="polite" data-testid="period-range">
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
          <span className="font-semibold">{formatDayRange(choice.from, choice.to, i18n.language)}</span>
          {choice.compare && previous && (
            <span className="text-muted-foreground" data-testid="period-previous">
              {t('period.comparedWith', { range: formatDayRange(previous.from, previous.to, i18n.language) })}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
