import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// Types only from core/contracts: a value import would pull zod into the page.
import type { AnalyticsAnswer, AnalyticsReport } from '@core/contracts/analytics.ts';
import type { AnalyticsInterval } from '@core/rules/analytics.ts';

/** The reports in the order the page shows them (core/contracts/analytics.ts ANALYTICS_REPORTS). */
export const REPORTS = ['revenue', 'jobs', 'technicians', 'parts', 'customers', 'fleet'] as const satisfies readonly AnalyticsReport[];

/** What a report is asked for: its days (both included), the comparison and the series' step. */
export type ReportParams = { from: string; to: string; compare: boolean; interval: AnalyticsInterval };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/analytics/:report?from=&to=&compare=&interval= (admins and managers). */
export const reportKey = (tenantId: number, report: AnalyticsReport, params: ReportParams) =>
  [
    '/api/tenants',
    tenantId,
    'analytics',
    report,
    { from: params.from, to: params.to, compare: params.compare ? 'previous' : 'none', interval: params.interval },
  ] as const;

/**
 * One report's read. Another period's answer stays on screen (dimmed) while the next one loads,
 * so switching presets does not blank the page. A change of any record a report adds up (a live
 * message or the user's own save: lib/query-keys.ts ENTITY_READS) reads it again; so does a
 * report shown again, whose figures move with "today" (receivables age, the fleet's due dates).
 */
export const reportQuery = <R extends AnalyticsReport>(tenantId: number, report: R, params: ReportParams, enabled: boolean) =>
  queryOptions<AnalyticsAnswer[R]>({
    queryKey: reportKey(tenantId, report, params),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
