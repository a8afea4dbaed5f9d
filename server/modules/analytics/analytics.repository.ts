import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { AnalyticsInterval } from '../../../core/rules/analytics.ts';
import { NEEDS_ATTENTION } from '../spare-parts/spare-parts.repository.ts';

/**
 * The reports' reads: aggregates in SQL over one workshop and one period. A period arrives as the
 * workshop's days (`from`, `to`, both included) and as the instants that bound them at the
 * workshop (`fromAt` included, `toAt` excluded), so a timestamp column is compared with instants
 * (its index serves); series are grouped by day columns, which are the workshop's days already.
 * What would otherwise read every job card, invoice or payment of a year is read from the daily
 * sums the writes keep (job_card_days for the jobs report, report_days for the others,
 * report-days.table.ts), so a year's report costs about what a month's does.
 */
export type Span = { from: string; to: string; fromAt: Date; toAt: Date; interval: AnalyticsInterval; timeZone: string };

/** The workshop day's interval start of a date column, as yyyy-MM-dd. */
const dateBucket = (column: SQL, s: Span) => sql`to_char(date_trunc(${s.interval}, ${column}::timestamp), 'YYYY-MM-DD')`;
const within = (column: SQL, s: Span) => sql`${column} >= ${s.fromAt} and ${column} < ${s.toAt}`;
const onDays = (column: SQL, s: Span) => sql`${column} between ${s.from}::date and ${s.to}::date`;

/** Money out of SQL as the API writes it: a decimal string with two decimals ("0.00" for none). */
const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(14, 2)::text`;

// 1. Revenue

export async function revenueSeries(db: Tx, tenantId: number, s: Span) {
  return queryRows<{ start: string; invoiced: string; collected: string; invoices: number; payments: number }>(
    db,
    sql`select ${dateBucket(sql`day`, s)} as start,
          ${money(sql`sum(amount) filter (where measure = 'invoiced')`)} as invoiced,
          ${money(sql`sum(amount) filter (where measure = 'collected')`)} as collected,
          coalesce(sum(n) filter (where measure = 'invoiced'), 0)::int as invoices,
          coalesce(sum(n) filter (where measure = 'collected'), 0)::int as payments
        from report_days where tenant_id = ${tenantId} and measure in ('invoiced', 'collected') and ${onDays(sql`day`, s)}
        group by 1 having sum(n) <> 0 or sum(amount) <> 0`,
  );
}

// 2. Jobs

/**
 * The period's job cards from their daily summary (job_card_days, kept by triggers in the
 * writes' transactions): by interval, service type and status, how many were opened (by their
 * status now) and completed, with their open-to-complete seconds and invoices.
 */
export async function jobDays(db: Tx, tenantId: number, s: Span) {
  return queryRows<{
    start: string;
    serviceType: string;
    status: string;
    opened: number;
    completed: number;
    cycleSeconds: number;
    invoiced: number;
    revenue: string;
  }>(
    db,
    sql`select ${dateBucket(sql`day`, s)} as start, service_type as "serviceType", status,
          sum(opened)::int as opened, sum(completed)::int as completed, sum(cycle_seconds)::float8 as "cycleSeconds",
          sum(invoiced)::int as invoiced, ${money(sql`sum(revenue)`)} as revenue
        from job_card_days where tenant_id = ${tenantId} and ${onDays(sql`day`, s)}
        group by 1, 2, 3 having sum(opened) <> 0 or sum(completed) <> 0`,
  );
}

/** 2026-10-01 -> 202610 and 20261001: how report_days writes a visit's previous month and next day. */
const yearMonth = (day: string) => Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));
const yearMonthDay = (day: string) => yearMonth(day) * 100 + Number(day.slice(8, 10));

/**
 * How many customers (`visit`) or vehicles (`car`) came in the period, from report_days: their
 * first visit of the period follows none or one before the period's first month (its `visit` by
 * the previous month), or one earlier in that month (a `next_visit` from those days into the
 * period). Migration 0030 says why this adds up.
 */
const served = (tenantId: number, s: Span, visit: 'visit' | 'car', next: 'next_visit' | 'next_car') =>
  sql`(select coalesce(sum(n), 0)::int from report_days
       where tenant_id = ${tenantId} and measure = ${visit} and ${onDays(sql`day`, s)} and subject < ${yearMonth(s.from)})
    + (select coalesce(sum(n), 0)::int from report_days
       where tenant_id = ${tenantId} and measure = ${next} and day >= date_trunc('month', ${s.from}::date)::date
         and day < ${s.from}::date and subject between ${yearMonthDay(s.from)} and ${yearMonthDay(s.to)})`;

/** Distinct vehicles with a job card completed in the period. */
export async function carCount(db: Tx, tenantId: number, s: Span) {
  const [row] = await queryRows<{ n: number }>(db, sql`select ${served(tenantId, s, 'car', 'next_car')} as n`);
  return row.n;
}

// 3. Technicians

export async function technicianFigures(db: Tx, tenantId: number, s: Span) {
  return queryRows<{
    id: number;
    firstName: string;
    lastName: string;
    status: string;
    rating: number;
    tasksCompleted: number;
    jobCardsCompleted: number;
    hoursBilled: number;
    hoursClocked: number;
    revenue: string;
  }>(
    db,
    sql`with tk as (
          select subject as id, sum(n)::int as n from report_days
          where tenant_id = ${tenantId} and measure = 'task_done' and ${onDays(sql`day`, s)}
          group by 1),
        jc as (
          select subject as id, sum(n)::int as n, sum(quantity) as hours, sum(amount) as revenue from report_days
          where tenant_id = ${tenantId} and measure = 'job_done' and ${onDays(sql`day`, s)}
          group by 1),
        sh as (
          select user_id, sum(extract(epoch from check_out_time - check_in_time)) / 3600 as hours from shift_assignments
          where tenant_id = ${tenantId} and date between ${s.from}::date - 1 and ${s.to}::date
            and ${within(sql`check_in_time`, s)} and check_out_time > check_in_time
          group by 1)
        select t.id, t.first_name as "firstName", t.last_name as "lastName", t.status, t.rating::float8 as rating,
          coalesce(tk.n, 0) as "tasksCompleted", coalesce(jc.n, 0) as "jobCardsCompleted",
          round(coalesce(jc.hours, 0), 2)::float8 as "hoursBilled", round(coalesce(sh.hours, 0), 2)::float8 as "hoursClocked",
          ${money(sql`jc.revenue`)} as revenue
        from technicians t
        left join tk on tk.id = t.id
        left join jc on jc.id = t.id
        left join sh on sh.user_id = t.user_id
        where t.tenant_id = ${tenantId} and (t.status = 'active' or tk.n <> 0 or jc.n <> 0 or sh.hours > 0)
        order by t.first_name, t.last_name, t.id
        limit 500`,
  );
}

// 4. Parts

/**
 * Parts on the period's completed job cards: the ten most used and the ten most earning (each
 * ranked 1-10 in its own list, null where it is only in the other), with the totals of all.
 */
export async function partsUsed(db: Tx, tenantId: number, s: Span) {
  return queryRows<{
    id: number;
    name: string;
    sku: string;
    quantity: number;
    revenue: string;
    byQuantity: number | null;
    byRevenue: number | null;
  }>(
    db,
    sql`with used as (
          select subject as id, sum(quantity) as quantity, sum(amount) as revenue from report_days
          where tenant_id = ${tenantId} and measure = 'part_used' and ${onDays(sql`day`, s)}
          group by 1 having sum(quantity) <> 0 or sum(amount) <> 0),
        by_quantity as (
          select id, row_number() over (order by quantity desc, id) as rank
          from (select id, quantity from used order by quantity desc, id limit 10) top),
        by_revenue as (
          select id, row_number() over (order by revenue desc, id) as rank
          from (select id, revenue from used order by revenue desc, id limit 10) top)
        select p.id, p.name, p.sku, u.quantity::int as quantity, ${money(sql`u.revenue`)} as revenue,
          q.rank::int as "byQuantity", r.rank::int as "byRevenue"
        from used u
        left join by_quantity q on q.id = u.id
        left join by_revenue r on r.id = u.id
        join spare_parts p on p.tenant_id = ${tenantId} and p.id = u.id
        where q.rank is not null or r.rank is not null`,
  );
}

export async function partsUsedTotals(db: Tx, tenantId: number, s: Span) {
  const [row] = await queryRows<{ quantity: number; revenue: string }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as quantity, ${money(sql`sum(amount)`)} as revenue from report_days
        where tenant_id = ${tenantId} and measure = 'parts_total' and ${onDays(sql`day`, s)}`,
  );
  return row;
}

export async function stockValue(db: Tx, tenantId: number) {
  const [row] = await queryRows<{ parts: number; value: string }>(
    db,
    sql`select count(*)::int as parts, ${money(sql`sum(stock_quantity * unit_price)`)} as value
        from spare_parts where tenant_id = ${tenantId} and status = 'active'`,
  );
  return row;
}

type StockRow = {
  id: number;
  name: string;
  sku: string;
  stockQuantity: number;
  minimumStock: number;
  value: string;
  lastMovement: string | null;
  total: number;
};
const stockColumns = (timeZone: string) =>
  sql`p.id, p.name, p.sku, p.stock_quantity as "stockQuantity", p.minimum_stock as "minimumStock",
      ${money(sql`p.stock_quantity * p.unit_price`)} as value,
      (select to_char(max(a.created_at) at time zone ${timeZone}, 'YYYY-MM-DD') from inventory_audit_trail a
        where a.tenant_id = p.tenant_id and a.spare_part_id = p.id) as "lastMovement",
      count(*) over ()::int as total`;

/** Parts below their minimum or at zero (the dashboard's low-stock condition), furthest below first. */
export async function partsBelowMinimum(db: Tx, tenantId: number, timeZone: string) {
  return queryRows<StockRow>(
    db,
    sql`select ${stockColumns(timeZone)} from spare_parts p
        where p.tenant_id = ${tenantId} and ${NEEDS_ATTENTION}
        order by p.stock_quantity - p.minimum_stock, p.name, p.id limit 10`,
  );
}

/** Active parts in stock, older than `since`, with no stock change since then: the most valuable first. */
export async function partsWithoutMovement(db: Tx, tenantId: number, since: Date, timeZone: string) {
  return queryRows<StockRow>(
    db,
    sql`select ${stockColumns(timeZone)} from spare_parts p
        where p.tenant_id = ${tenantId} and p.status = 'active' and p.stock_quantity > 0 and p.created_at < ${since}
          and not exists (select 1 from inventory_audit_trail a
                          where a.tenant_id = p.tenant_id and a.spare_part_id = p.id and a.created_at >= ${since})
        order by p.stock_quantity * p.unit_price desc, p.name, p.id limit 10`,
  );
}

// 5. Customers and bookings

/** New customers are the period's first visits; returning ones, the others it served. */
export async function customerFigures(db: Tx, tenantId: number, s: Span) {
  const [row] = await queryRows<{
    newCustomers: number;
    returningCustomers: number;
    estimates: number;
    estimatesValue: string;
    converted: number;
    convertedValue: string;
    noShows: number;
    attended: number;
  }>(
    db,
    sql`with sums as (
          select measure, sum(n)::int as n, sum(amount) as amount from report_days
          where tenant_id = ${tenantId} and (measure in ('estimate', 'converted') or (measure = 'visit' and subject = 0))
            and ${onDays(sql`day`, s)}
          group by 1),
        sum_of as (
          select coalesce(sum(n) filter (where measure = 'visit'), 0)::int as first_visits,
            ${served(tenantId, s, 'visit', 'next_visit')} as served,
            coalesce(sum(n) filter (where measure = 'estimate'), 0)::int as estimates,
            sum(amount) filter (where measure = 'estimate') as estimates_value,
            coalesce(sum(n) filter (where measure = 'converted'), 0)::int as converted,
            sum(amount) filter (where measure = 'converted') as converted_value
          from sums),
        apt as (
          select count(*) filter (where status = 'no_show')::int as no_shows,
            count(*) filter (where status in ('completed', 'no_show'))::int as attended
          from appointments where tenant_id = ${tenantId} and ${onDays(sql`scheduled_date`, s)})
        select sum_of.first_visits as "newCustomers", sum_of.served - sum_of.first_visits as "returningCustomers",
          sum_of.estimates, ${money(sql`sum_of.estimates_value`)} as "estimatesValue",
          sum_of.converted, ${money(sql`sum_of.converted_value`)} as "convertedValue",
          apt.no_shows as "noShows", apt.attended
        from apt, sum_of`,
  );
  return row;
}

export async function bookingsByStatus(db: Tx, tenantId: number, s: Span) {
  return queryRows<{ key: string; count: number }>(
    db,
    sql`select status as key, count(*)::int as count from service_bookings
        where tenant_id = ${tenantId} and ${within(sql`scheduled_date`, s)} group by 1 order by 2 desc, 1`,
  );
}

export async function appointmentsByStatus(db: Tx, tenantId: number, s: Span) {
  return queryRows<{ key: string; count: number }>(
    db,
    sql`select status as key, count(*)::int as count from appointments
        where tenant_id = ${tenantId} and ${onDays(sql`scheduled_date`, s)} group by 1 order by 2 desc, 1`,
  );
}

// 6. Fleet

export async function fleetByStatus(db: Tx, tenantId: number) {
  return queryRows<{ key: string; count: number }>(
    db,
    sql`select status as key, count(*)::int as count from fleet_vehicles where tenant_id = ${tenantId} group by 1 order by 2 desc, 1`,
  );
}

export async function fleetFuelBands(db: Tx, tenantId: number) {
  return queryRows<{ key: string; count: number }>(
    db,
    sql`select case when fuel_level is null then 'unknown' when fuel_level <= 25 then '0-25' when fuel_level <= 50 then '26-50'
                    when fuel_level <= 75 then '51-75' else '76-100' end as key, count(*)::int as count
        from fleet_vehicles where tenant_id = ${tenantId} group by 1`,
  );
}

/** Fleet vehicles whose next service date is on or before `until`, the soonest first, with how many are overdue on `today`. */
export async function fleetServiceDue(db: Tx, tenantId: number, today: string, until: string) {
  return queryRows<{
    id: number;
    vehicleId: number;
    fleetNumber: string;
    plateNumber: string;
    make: string;
    model: string;
    nextServiceDate: string;
    status: string;
    total: number;
    overdue: number;
  }>(
    db,
    sql`select f.id, f.vehicle_id as "vehicleId", f.fleet_number as "fleetNumber", v.plate_number as "plateNumber", v.make, v.model,
          to_char(f.next_service_date, 'YYYY-MM-DD') as "nextServiceDate", f.status,
          count(*) over ()::int as total, (count(*) filter (where f.next_service_date < ${today}::date) over ())::int as overdue
        from fleet_vehicles f join vehicles v on v.tenant_id = f.tenant_id and v.id = f.vehicle_id
        where f.tenant_id = ${tenantId} and f.next_service_date <= ${until}::date
        order by f.next_service_date, f.fleet_number, f.id limit 10`,
  );
}
