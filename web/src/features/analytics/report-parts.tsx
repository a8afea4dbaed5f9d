import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, AnalyticsReport } from '@core/contracts/analytics.ts';
import { formatMoney, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/translation';
import { reportQuery, type ReportParams } from './analytics.api';
import { pointDays, pointLabel, pointTitle } from './labels';
import type { View } from './report-card';
import type { TableData } from './data-table';

/** What every report section gets from the page. */
export type SectionProps = { tenantId: number; params: ReportParams; enabled: boolean; printing: boolean };

/** A report's read and its card's view (chart or table). */
export function useReport<R extends AnalyticsReport>(report: R, { tenantId, params, enabled }: SectionProps) {
  const query = useQuery(reportQuery(tenantId, report, params, enabled));
  const [view, setView] = useState<View>('chart');
  return { query, view, setView };
}

/** Numbers and money in the interface language and the workshop's currency (the report's own). */
export function useReportFormat(period: AnalyticsPeriod | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const currency = period?.currency ?? 'USD';
  return {
    language,
    currency,
    money: (value: string | number | null | undefined) => formatMoney(value, currency, language),
    count: (value: number | null | undefined) => formatNumber(value, language),
    decimal: (value: number | null | undefined) => formatNumber(value, language, 1),
  };
}

/** A series' points as the chart and its table name them: short labels, full titles and the days each holds. */
export function seriesAxis(period: AnalyticsPeriod, starts: string[], language: string, lastDay = period.to) {
  const days = starts.map((_, i) => pointDays(starts, i, lastDay));
  return {
    days,
    labels: starts.map((start) => pointLabel(start, period.interval, language)),
    titles: days.map((d) => pointTitle(d, period.interval, language)),
  };
}

type Point = { start: string };
/** A report with a series per interval and, when compared, the previous period's. */
type SeriesReport<P extends Point> = { period: AnalyticsPeriod; series: P[]; previousSeries: P[] | null };

/** The axes of a report's series and of the previous period's (null when not compared). */
export function seriesAxes<P extends Point>(data: SeriesReport<P>, language: string) {
  const starts = (points: P[]) => points.map((p) => p.start);
  return {
    now: seriesAxis(data.period, starts(data.series), language),
    before:
      data.previousSeries && data.period.previous
        ? seriesAxis(data.period, starts(data.previousSeries), language, data.period.previous.to)
        : null,
  };
}

/** One measure of a series' points: its column titles, now and before, and its value as CSV and as text. */
export type Measure<P> = { label: string; previousLabel: string; csv: (point: P) => string | number; text: (point: P) => string };

/** A series' table: each point's days and measures, and beside them the previous period's point for point. */
export function seriesTable<P extends Point>(
  data: SeriesReport<P>,
  language: string,
  table: { name: string; title: string; start: string; previousStart: string },
  measures: Measure<P>[],
): TableData {
  const { now, before } = seriesAxes(data, language);
  const previous = data.previousSeries;
  return {
    name: table.name,
    title: table.title,
    columns: [
      { label: table.start },
      ...measures.map((m) => ({ label: m.label, numeric: true })),
      ...(previous ? [{ label: table.previousStart }, ...measures.map((m) => ({ label: m.previousLabel, numeric: true }))] : []),
    ],
    rows: data.series.map((point, i) => {
      const then = previous?.[i];
      return [
        { csv: point.start, text: now.titles[i] },
        ...measures.map((m) => ({ csv: m.csv(point), text: m.text(point) })),
        ...(previous
          ? [
              { csv: then?.start ?? null, text: before?.titles[i] ?? '—' },
              ...measures.map((m) => ({ csv: then ? m.csv(then) : null, text: then ? m.text(then) : '—' })),
            ]
          : []),
      ];
    }),
  };
}

/** A sub-heading inside a card, with an optional action (a link to the records). */
export function PartTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h4 className="text-sm font-semibold">{children}</h4>
      {action}
    </div>
  );
}

/** Text typed by users (names, service types) inside translated text keeps its own direction. */
export function Typed({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}
