import type { Tx } from '../../db/client.ts';
import type {
  AnalyticsAnswer,
  AnalyticsPeriod,
  AnalyticsQuery,
  AnalyticsReport,
  CustomersReport,
  FleetReport,
  JobsReport,
  PartsReport,
  RevenueReport,
  TechniciansReport,
} from '../../../core/contracts/analytics.ts';
import {
  AGEING_BUCKETS,
  FLEET_SERVICE_DUE_DAYS,
  FUEL_BANDS,
  NO_MOVEMENT_DAYS,
  bucketStarts,
  defaultInterval,
  percentOf,
  periodDays,
  previousPeriod,
  type Period,
} from '../../../core/rules/analytics.ts';
import { fromCents, toCents } from '../../../core/rules/money.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { receivablesByAge } from '../billing/invoices.repository.ts';
import * as repo from './analytics.repository.ts';
import type { Span } from './analytics.repository.ts';

type Context = { db: Tx; tenantId: number; period: AnalyticsPeriod; span: Span; previous: Span | null };

/** One report for one period (and the one before it when asked), in the workshop's calendar and currency. */
export async function report<R extends AnalyticsReport>(
  db: Tx,
  tenantId: number,
  name: R,
  query: AnalyticsQuery,
): Promise<AnalyticsAnswer[R]> {
  const clock = await workshopClock(db, tenantId);
  const interval = query.interval ?? defaultInterval(query);
  const spanOf = (p: Period): Span => ({
    ...p,
    fromAt: zonedDateTimeToUtc(p.from, '00:00', clock.timeZone),
    toAt: zonedDateTimeToUtc(addDays(p.to, 1), '00:00', clock.timeZone),
    interval,
    timeZone: clock.timeZone,
  });
  const previous = query.compare === 'previous' ? previousPeriod(query) : null;
  const period: AnalyticsPeriod = {
    from: query.from,
    to: query.to,
    interval,
    previous,
    today: clock.today,
    timeZone: clock.timeZone,
    currency: clock.currency,
  };
  const context: Context = { db, tenantId, period, span: spanOf(query), previous: previous && spanOf(previous) };
  return (await REPORTS[name](context)) as AnalyticsAnswer[R];
}

const REPORTS: { [R in AnalyticsReport]: (c: Context) => Promise<AnalyticsAnswer[R]> } = {
  revenue: revenueReport,
  jobs: jobsReport,
  technicians: techniciansReport,
  parts: partsReport,
  customers: customersReport,
  fleet: fleetReport,
};

/** Money strings added exactly (in cents). */
const addMoney = (values: string[]) => fromCents(values.reduce((sum, v) => sum + toCents(v), 0));

/**
 * A series with a point at each of `starts` (the first days of its intervals, in order), zero
 * where nothing happened; a row counts in the last interval that starts on or before its day (a
 * row's interval that began before the period is the period's first point).
 */
function fill<T extends { start: string }>(starts: string[], rows: T[], empty: Omit<T, 'start'>, merge: (a: T, b: T) => T): T[] {
  const points = starts.map((start) => ({ ...empty, start }) as T);
  for (const row of rows) {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (starts[mid] <= row.start) low = mid;
      else high = mid - 1;
    }
    points[low] = merge(points[low], { ...row, start: starts[low] });
  }
  return points;
}

/**
 * The intervals of the period and of the period compared with: the previous period's points
 * start the same number of days before the current ones (its rows are read by day and gathered
 * into them), so the two series match point for point whatever the step.
 */
function seriesStarts(c: Context): { now: string[]; before: string[] } {
  const now = bucketStarts(c.span, c.span.interval);
  const shift = c.previous ? periodDays(c.span) : 0;
  return { now, before: now.map((start) => addDays(start, -shift)) };
}
const byDay = (span: Span): Span => ({ ...span, interval: 'day' });

async function revenueReport(c: Context): Promise<RevenueReport> {
  const starts = seriesStarts(c);
  const figures = async (span: Span, pointStarts: string[]) => {
    const rows = await repo.revenueSeries(c.db, c.tenantId, span);
    const series = fill(
      pointStarts,
      rows.map((r) => ({ start: r.start, invoiced: r.invoiced, collected: r.collected })),
      { invoiced: '0.00', collected: '0.00' },
      (a, b) => ({ start: a.start, invoiced: addMoney([a.invoiced, b.invoiced]), collected: addMoney([a.collected, b.collected]) }),
    );
    const totals = {
      invoiced: addMoney(rows.map((r) => r.invoiced)),
      collected: addMoney(rows.map((r) => r.collected)),
      invoices: rows.reduce((n, r) => n + r.invoices, 0),
      payments: rows.reduce((n, r) => n + r.payments, 0),
    };
    return { series, totals };
  };
  const [now, before, open] = await Promise.all([
    figures(c.span, starts.now),
    c.previous ? figures(byDay(c.previous), starts.before) : null,
    receivablesByAge(c.db, c.tenantId, c.period.today),
  ]);
  const buckets = AGEING_BUCKETS.map((bucket) => {
    const row = open.find((r) => r.bucket === bucket);
    return { bucket, amount: row?.amount ?? '0.00', invoices: row?.invoices ?? 0 };
  });
  return {
    period: c.period,
    totals: now.totals,
    previous: before?.totals ?? null,
    series: now.series,
    previousSeries: before?.series ?? null,
    receivables: {
      outstanding: addMoney(buckets.map((b) => b.amount)),
      invoices: buckets.reduce((n, b) => n + b.invoices, 0),
      buckets,
    },
  };
}

async function jobsReport(c: Context): Promise<JobsReport> {
  const starts = seriesStarts(c);
  const figures = async (span: Span, pointStarts: string[]) => {
    const [days, cars] = await Promise.all([repo.jobDays(c.db, c.tenantId, span), repo.carCount(c.db, c.tenantId, span)]);
    const series = fill(
      pointStarts,
      days.map((r) => ({ start: r.start, opened: r.opened, completed: r.completed })),
      { opened: 0, completed: 0 },
      (a, b) => ({ start: a.start, opened: a.opened + b.opened, completed: a.completed + b.completed }),
    );
    const done = days.reduce((n, r) => n + r.completed, 0);
    const invoiced = days.reduce((n, r) => n + r.invoiced, 0);
    const revenueCents = days.reduce((sum, r) => sum + toCents(r.revenue), 0);
    const cycleSeconds = days.reduce((sum, r) => sum + r.cycleSeconds, 0);
    const totals = {
      opened: days.reduce((n, r) => n + r.opened, 0),
      completed: done,
      carCount: cars,
      revenue: fromCents(revenueCents),
      averageRepairOrder: invoiced > 0 ? fromCents(Math.round(revenueCents / invoiced)) : null,
      averageCycleHours: done > 0 ? Math.round(cycleSeconds / done / 360) / 10 : null,
    };
    return { days, series, totals };
  };
  const [now, before] = await Promise.all([figures(c.span, starts.now), c.previous ? figures(byDay(c.previous), starts.before) : null]);
  const byStatus = new Map<string, number>();
  const byType = new Map<string, { count: number; cents: number }>();
  for (const r of now.days) {
    if (r.opened) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.opened);
    if (!r.completed) continue;
    const seen = byType.get(r.serviceType) ?? { count: 0, cents: 0 };
    byType.set(r.serviceType, { count: seen.count + r.completed, cents: seen.cents + toCents(r.revenue) });
  }
  return {
    period: c.period,
    totals: now.totals,
    previous: before?.totals ?? null,
    series: now.series,
    previousSeries: before?.series ?? null,
    byStatus: [...byStatus].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    byServiceType: [...byType]
      .map(([serviceType, v]) => ({ serviceType, count: v.count, revenue: fromCents(v.cents) }))
      .sort((a, b) => b.count - a.count || a.serviceType.localeCompare(b.serviceType))
      .slice(0, 20),
  };
}

async function techniciansReport(c: Context): Promise<TechniciansReport> {
  const figures = async (span: Span) => {
    const rows = await repo.technicianFigures(c.db, c.tenantId, span);
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
    // Hours carry two decimals each: their sum is rounded back to two.
    const hoursBilled = Math.round(sum((r) => r.hoursBilled) * 100) / 100;
    const hoursClocked = Math.round(sum((r) => r.hoursClocked) * 100) / 100;
    return {
      rows,
      totals: {
        hoursBilled,
        hoursClocked,
        efficiency: percentOf(hoursBilled, hoursClocked),
        tasksCompleted: sum((r) => r.tasksCompleted),
        jobCardsCompleted: sum((r) => r.jobCardsCompleted),
      },
    };
  };
  const [now, before] = await Promise.all([figures(c.span), c.previous ? figures(c.previous) : null]);
  return {
    period: c.period,
    technicians: now.rows.map((r) => ({ ...r, efficiency: percentOf(r.hoursBilled, r.hoursClocked) })),
    totals: now.totals,
    previous: before?.totals ?? null,
  };
}

/** The rows that hold a place in a top list, in its order. */
function ranked<T>(rows: T[], rank: (row: T) => number | null): T[] {
  return rows.filter((r) => rank(r) !== null).sort((a, b) => rank(a)! - rank(b)!);
}

async function partsReport(c: Context): Promise<PartsReport> {
  const noMovementSince = zonedDateTimeToUtc(addDays(c.period.today, -NO_MOVEMENT_DAYS), '00:00', c.period.timeZone);
  const [used, usedTotals, previousUsed, stock, below, still] = await Promise.all([
    repo.partsUsed(c.db, c.tenantId, c.span),
    repo.partsUsedTotals(c.db, c.tenantId, c.span),
    c.previous ? repo.partsUsedTotals(c.db, c.tenantId, c.previous) : null,
    repo.stockValue(c.db, c.tenantId),
    repo.partsBelowMinimum(c.db, c.tenantId, c.period.timeZone),
    repo.partsWithoutMovement(c.db, c.tenantId, noMovementSince, c.period.timeZone),
  ]);
  const use = ({ byQuantity: _q, byRevenue: _r, ...part }: (typeof used)[number]) => part;
  const stockRow = ({ total: _total, ...part }: (typeof below)[number]) => part;
  return {
    period: c.period,
    topByQuantity: ranked(used, (r) => r.byQuantity).map(use),
    topByRevenue: ranked(used, (r) => r.byRevenue).map(use),
    used: usedTotals,
    previousUsed,
    stock,
    belowMinimum: below[0]?.total ?? 0,
    belowMinimumParts: below.map(stockRow),
    noMovement: still[0]?.total ?? 0,
    noMovementParts: still.map(stockRow),
  };
}

async function customersReport(c: Context): Promise<CustomersReport> {
  const figures = async (span: Span) => {
    const { noShows, attended, ...r } = await repo.customerFigures(c.db, c.tenantId, span);
    return { ...r, conversionRate: percentOf(r.converted, r.estimates), noShowRate: percentOf(noShows, attended) };
  };
  const [now, before, bookings, appointments] = await Promise.all([
    figures(c.span),
    c.previous ? figures(c.previous) : null,
    repo.bookingsByStatus(c.db, c.tenantId, c.span),
    repo.appointmentsByStatus(c.db, c.tenantId, c.span),
  ]);
  return { period: c.period, totals: now, previous: before, bookingsByStatus: bookings, appointmentsByStatus: appointments };
}

async function fleetReport(c: Context): Promise<FleetReport> {
  const until = addDays(c.period.today, FLEET_SERVICE_DUE_DAYS);
  const [byStatus, fuel, due] = await Promise.all([
    repo.fleetByStatus(c.db, c.tenantId),
    repo.fleetFuelBands(c.db, c.tenantId),
    repo.fleetServiceDue(c.db, c.tenantId, c.period.today, until),
  ]);
  return {
    period: c.period,
    total: byStatus.reduce((n, r) => n + r.count, 0),
    byStatus,
    serviceDue: {
      count: due[0]?.total ?? 0,
      overdue: due[0]?.overdue ?? 0,
      vehicles: due.map(({ total: _total, overdue: _overdue, ...v }) => v),
    },
    fuelLevels: FUEL_BANDS.map((key) => ({ key, count: fuel.find((r) => r.key === key)?.count ?? 0 })),
  };
}
