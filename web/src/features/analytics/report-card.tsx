import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Minus, type LucideIcon } from 'lucide-react';
import type { AnalyticsPeriod } from '@core/contracts/analytics.ts';
import { isApiError } from '@/lib/api';
import { formatFixed, formatPercent } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';
import { translateIssue } from '@/lib/validation';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { ListError } from '@/shared/list-frame';
import { failureText } from '@/shared/messages';
import { changePercent } from './labels';
import { CsvButton, type TableData } from './data-table';

export type View = 'chart' | 'table';

type Props<D extends { period: AnalyticsPeriod }> = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  query: UseQueryResult<D>;
  /** The period has nothing to show. */
  isEmpty: (data: D) => boolean;
  empty: { title: string; body: string };
  /** The card's main numbers (the CSV button of its header). */
  mainTable: (data: D) => TableData;
  /** The figures describe now, not the period (stock, fleet). */
  now?: boolean;
  view: View;
  onView: (view: View) => void;
  /** Printing: tables instead of charts, no buttons. */
  printing: boolean;
  figures: (data: D) => ReactNode;
  children: (data: D, view: View) => ReactNode;
};

/** The days a report's files are named after: its period, or today for figures of now. */
export const fileDays = (period: AnalyticsPeriod, now?: boolean) => (now ? { from: period.today, to: period.today } : period);

/**
 * One report as a card: its title, headline figures, charts or (Table) their numbers, the CSV of
 * its main numbers; a skeleton while it first loads, the failure with Try again, an empty state
 * for a period without data. Another period's answer stays, dimmed, while the next loads.
 */
export function ReportCard<D extends { period: AnalyticsPeriod }>(props: Props<D>) {
  const { id, title, description, icon: Icon, query, isEmpty, empty, mainTable, now, view, onView, printing } = props;
  const { t } = useTranslation('analytics');
  const data = query.data;
  const state = data ? (isEmpty(data) ? 'empty' : 'ready') : query.isError ? 'error' : 'loading';
  const shownView: View = printing ? 'table' : view;

  let body: ReactNode;
  if (state === 'loading') body = <CardSkeleton />;
  else if (state === 'error') body = <CardError error={query.error} onRetry={() => void query.refetch()} />;
  else if (state === 'empty') body = <EmptyState icon={Icon} title={empty.title} body={empty.body} testId={`${id}-empty`} />;
  else
    body = (
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(10.5rem,1fr))]" data-testid={`${id}-figures`}>
          {props.figures(data!)}
        </dl>
        {props.children(data!, shownView)}
      </div>
    );

  const titleId = `${id}-title`;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      aria-busy={query.isFetching || undefined}
      className="break-inside-avoid print:border-0 print:shadow-none"
      data-testid={`report-${id}`}
      data-state={state}
      data-period={data ? `${data.period.from}..${data.period.to}` : undefined}
      data-compare={data ? Boolean(data.period.previous) : undefined}
      data-view={shownView}
    >
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 print:px-0">
        <div className="flex min-w-0 items-start gap-3">
          <div className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary sm:flex print:hidden">
            <Icon className="size-4" aria-hidden />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle id={titleId} className="flex items-center gap-2">
              {title}
              {now && <Badge variant="info">{t('card.now')}</Badge>}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
        {state === 'ready' && (
          <div className="flex items-center gap-2 print:hidden">
            <SegmentedControl
              label={t('card.viewLabel', { report: title })}
              value={view}
              onChange={onView}
              segments={(['chart', 'table'] as const).map((v) => ({ value: v, label: t(`card.${v}`), testId: `${id}-view-${v}` }))}
            />
            <CsvButton table={mainTable(data!)} days={fileDays(data!.period, now)} testId={`${id}-csv`} />
          </div>
        )}
      </CardHeader>
      <CardContent className={cn('transition-opacity print:px-0', query.isPlaceholderData && 'opacity-60')}>{body}</CardContent>
    </Card>
  );
}

function CardSkeleton() {
  return (
    <div className="flex flex-col gap-5" data-testid="report-skeleton">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(10.5rem,1fr))]">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[4.5rem]" />
        ))}
      </div>
      <Skeleton className="h-60" />
    </div>
  );
}

/** A report that failed to load: the server's reason (a refused period's issues, else its message) and Try again. */
function CardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('analytics');
  const issues = isApiError(error) ? (error.issues ?? []) : [];
  const detail =
    issues.length > 0
      ? issues.map((issue) => translateIssue(issue, t)).join(' ')
      : failureText(error, t, 'analytics', t('card.loadFailed'));
  return <ListError title={t('card.loadFailed')} detail={detail} onRetry={onRetry} testId="report-error" />;
}

/** One headline figure: its label, its value, and (comparing) its change on the previous period. */
export function Figure({
  label,
  value,
  change,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  change?: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md border bg-muted/30 px-3 py-2.5 break-inside-avoid" data-testid={testId}>
      <dt className="truncate text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="text-lg font-semibold tabular-nums leading-tight" data-testid="figure-value">
          {value}
        </span>
        {change}
        {note && <span className="w-full truncate text-xs text-muted-foreground">{note}</span>}
      </dd>
    </div>
  );
}

/**
 * The change of a figure on the previous period: an arrow and the percent (or, for a rate, the
 * points), green when it went the good way, red when not; nothing when not comparing.
 */
export function Change({
  now,
  previous,
  better = 'up',
  points = false,
  previousText,
}: {
  now: number | null;
  previous: number | null | undefined;
  /** Which way is good (cycle time and no-shows: down). */
  better?: 'up' | 'down';
  /** A rate: the change in percentage points. */
  points?: boolean;
  /** The previous figure as text, for the tooltip. */
  previousText?: string;
}) {
  const { t, i18n } = useTranslation('analytics');
  if (previous === undefined) return null;
  const title = previousText ? t('change.previous', { value: previousText }) : undefined;
  if (now === null || previous === null) {
    return (
      <span className="text-xs text-muted-foreground" title={title} data-testid="change" data-change="none">
        —<span className="sr-only"> {t('change.noComparison')}</span>
      </span>
    );
  }
  const delta = points ? Math.round((now - previous) * 10) / 10 : changePercent(now, previous);
  if (delta === null) {
    // Nothing before: a new figure, or still none.
    return (
      <span className="text-xs text-muted-foreground" title={title} data-testid="change" data-change={now > 0 ? 'new' : 'same'}>
        {now > 0 ? t('change.new') : t('change.same')}
      </span>
    );
  }
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
  const good = direction === 'same' ? null : direction === better;
  const Arrow = direction === 'up' ? ArrowUp : direction === 'down' ? ArrowDown : Minus;
  const amount = points
    ? t('change.points', { value: formatFixed(Math.abs(delta), i18n.language, 1) })
    : formatPercent(Math.abs(delta), i18n.language, 1);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-medium tabular-nums [&_svg]:size-3.5',
        good === true && 'text-success',
        good === false && 'text-destructive',
        good === null && 'text-muted-foreground',
      )}
      title={title}
      data-testid="change"
      data-change={direction}
    >
      <Arrow aria-hidden />
      <span className="sr-only">{t(`change.${direction}`)} </span>
      {amount}
      <span className="sr-only"> {t('change.vsPrevious')}</span>
    </span>
  );
}
