import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { AnalyticsInterval } from '../../../core/rules/analytics.ts';
import { NEEDS_ATTENTION } from '../spare-parts/spare-parts.repository.ts';
import { invoiceCounts } from '../billing/invoices.table.ts';

/**
 * The reports' reads: aggregates in SQL over one workshop and one period. A period arrives as the
 * workshop's days (`from`, `to`, both included) and as the instants that bound them at the
 * workshop (`fromAt` included, `toAt` excluded), so a timestamp column is compared with instants
 * (its index serves); series are grouped by day columns, which are the workshop's days already
 * (an invoice's date, or job_card_days, whose triggers count each job card on the workshop's day).
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
    sql`with inv as (
          select ${dateBucket(sql`invoice_date`, s)} as start, sum(total_amount) as amount, count(*) as n
          from invoices where tenant_id = ${tenantId} and ${invoiceCounts()} and ${onDays(sql`invoice_date`, s)} group by 1),
        pay as (
          select ${dateBucket(sql`payment_date`, s)} as start, sum(amount) as amount, count(*) as n
          from payments where tenant_id = ${tenantId} and status = 'completed' and ${onDays(sql`payment_date`, s)} group by 1)
        select coalesce(inv.start, pay.start) as start, ${money(sql`inv.amount`)} as invoiced,
          ${money(sql`pay.amount`)} as collected, coalesce(inv.n, 0)::int as invoices, coalesce(pay.n, 0)::int as payments
        from inv full join pay on pay.start = inv.start`,
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

/** Distinct vehicles with a job card completed in the period. */
export async function carCount(db: Tx, tenantId: number, s: Span) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct vehicle_id)::int as n from job_cards
        where tenant_id = ${tenantId} and status = 'completed' and ${within(sql`completed_date`, s)}`,
  );
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
          select technician_id as id, count(*)::int as n from tasks
          where tenant_id = ${tenantId} and status = 'completed' and technician_id is not null and ${within(sql`completed_at`, s)}
          group by 1),
        jc as (
          select j.assigned_to as id, count(*)::int as n, coalesce(sum(l.hours), 0) as hours, coalesce(sum(i.total_amount), 0) as revenue
          from job_cards j
          left join lateral (select sum(hours) as hours from job_card_labour x where x.tenant_id = j.tenant_id and x.job_card_id = j.id) l on true
          left join invoices i on i.tenant_id = j.tenant_id and i.job_card_id = j.id and ${invoiceCounts('i')}
          where j.tenant_id = ${tenantId} and j.status = 'completed' and j.assigned_to is not null and ${within(sql`j.completed_date`, s)}
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
        where t.tenant_id = ${tenantId} and (t.status = 'active' or tk.n > 0 or jc.n > 0 or sh.hours > 0)
        order by t.first_name, t.last_name, t.id
        limit 500`,
  );
}

// 4. Parts

/** Parts on the period's completed job cards: the ten most used and the ten most earning, with the totals of all. */
export async function partsUsed(db: Tx, tenantId: number, s: Span) {
  return queryRows<{
    id: number;
    name: string;
    sku: string;
    quantity: number;
    revenue: string;
    byQuantity: number;
    byRevenue: number;
  }>(
    db,
    sql`with used as (
          select u.spare_part_id as id, sum(u.quantity) as quantity, sum(u.quantity * u.unit_price) as revenue
          from job_card_parts u join job_cards j on j.tenant_id = u.tenant_id and j.id = u.job_card_id
          where u.tenant_id = ${tenantId} and j.status = 'completed' and ${within(sql`j.completed_date`, s)}
          group by 1),
        ranked as (
          select used.*, row_number() over (order by quantity desc, id) as by_quantity,
            row_number() over (order by revenue desc, id) as by_revenue from used)
        select p.id, p.name, p.sku, r.quantity::int as quantity, ${money(sql`r.revenue`)} as revenue,
          r.by_quantity::int as "byQuantity", r.by_revenue::int as "byRevenue"
        from ranked r join spare_parts p on p.tenant_id = ${tenantId} and p.id = r.id
        where r.by_quantity <= 10 or r.by_revenue <= 10`,
  );
}

export async function partsUsedTotals(db: Tx, tenantId: number, s: Span) {
  const [row] = await queryRows<{ quantity: number; revenue: string }>(
    db,
    sql`select coalesce(sum(u.quantity), 0)::int as quantity, ${money(sql`sum(u.quantity * u.unit_price)`)} as revenue
        from job_card_parts u join job_cards j on j.tenant_id = u.tenant_id and j.id = u.job_card_id
        where u.tenant_id = ${tenantId} and j.status = 'completed' and ${within(sql`j.completed_date`, s)}`,
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
    sql`with served as (
          select distinct customer_id from job_cards where tenant_id = ${tenantId} and ${within(sql`created_at`, s)}),
        seen as (
          select exists (select 1 from job_cards e where e.tenant_id = ${tenantId} and e.customer_id = served.customer_id
                         and e.created_at < ${s.fromAt}) as before from served),
        est as (
          select e.total_amount, exists (select 1 from invoices i where i.tenant_id = e.tenant_id and i.estimate_id = e.id
                                         and ${invoiceCounts('i')}) as converted
          from estimates e where e.tenant_id = ${tenantId} and ${within(sql`e.created_at`, s)}),
        apt as (
          select count(*) filter (where status = 'no_show')::int as no_shows,
            count(*) filter (where status in ('completed', 'no_show'))::int as attended
          from appointments where tenant_id = ${tenantId} and ${onDays(sql`scheduled_date`, s)})
        select (select count(*) filter (where not before) from seen)::int as "newCustomers",
          (select count(*) filter (where before) from seen)::int as "returningCustomers",
          (select count(*) from est)::int as estimates,
          ${money(sql`(select sum(total_amount) from est)`)} as "estimatesValue",
          (select count(*) filter (where converted) from est)::int as converted,
          ${money(sql`(select sum(total_amount) filter (where converted) from est)`)} as "convertedValue",
          apt.no_shows as "noShows", apt.attended
        from apt`,
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
