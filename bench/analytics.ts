// Analytics benchmark (not a test): every report of /analytics for "last 12 months" and "this
// month", each compared with the period before (as the page asks), on one large workshop.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- analytics
//   npm run bench -- analytics-embedded      (the same data on PGlite, fewer runs)
// Data: the `workshop` scenario (200,000 customers, 300,000 vehicles, 999,999 job cards, 50,000
// parts) and the `billing` scenario (250,000 estimates, 250,000 invoices over a thousand days,
// 600,000 payments) in one workshop; the job cards opened over three years, the completed ones
// (half) closed 1 to 72 hours later, assigned to 40 technicians with a labour line each and a part
// line on every third, 200,000 of them invoiced (the billing invoices linked); 200,000 tasks
// completed over the same three years; 40 technician accounts with two years of checked-in shifts.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { dayInZone } from '../core/rules/time-zone.ts';
import { presetPeriod } from '../core/rules/analytics.ts';
import { ANALYTICS_REPORTS } from '../core/contracts/analytics.ts';
import { BENCH_REUSE, benchApp, benchPglite, measure, scenarioDatabase, type Figures } from './lib.ts';
import { generate as generateWorkshop } from './workshop.ts';
import { generate as generateBilling } from './billing.ts';

const TECHNICIANS = 40;
const TASKS = 200_000;
const DAYS = 3 * 365;
const SLICE = 20_000;

async function extras(database: Database, tenantId: number) {
  const db = database.db;
  await db.execute(sql`insert into users (tenant_id, username, password, email, first_name, last_name, role)
    select ${tenantId}, 'tech' || g, 'not-a-hash', 'tech' || g || '@example.com', 'Tech' || g, 'Bench', 'technician'
    from generate_series(1, ${TECHNICIANS}) g`);
  await db.execute(sql`insert into technicians (tenant_id, user_id, first_name, last_name, email, phone, title, status, rating)
    select ${tenantId}, u.id, u.first_name, u.last_name, u.email, '+1 555 9' || lpad(u.id::text, 6, '0'), 'Technician', 'active', (u.id % 50) / 10.0
    from users u where u.tenant_id = ${tenantId} and u.role = 'technician'`);
  // Job cards, their lines and invoices a slice of ids at a time: the summaries' triggers hold each
  // statement's changed rows, which the embedded database cannot do for a million at once.
  const [{ low, high, technician, part }] = await queryRows<{ low: number; high: number; technician: number; part: number }>(
    db,
    sql`select min(id)::int as low, max(id)::int as high,
          (select min(id)::int from technicians where tenant_id = ${tenantId}) as technician,
          (select min(id)::int from spare_parts where tenant_id = ${tenantId}) as part
        from job_cards where tenant_id = ${tenantId}`,
  );
  const slices = async (statement: (from: number, to: number) => SQL) => {
    for (let from = low; from <= high; from += SLICE) await db.execute(statement(from, from + SLICE));
  };
  // Opened over three years; half completed 1 to 72 hours later, by one of the 40.
  await slices(
    (from, to) => sql`update job_cards j set created_at = now() - (j.id % ${DAYS}) * interval '1 day' - (j.id % 24) * interval '1 hour',
      completed_date = case when j.status = 'completed'
        then now() - (j.id % ${DAYS}) * interval '1 day' - (j.id % 24) * interval '1 hour' + (1 + j.id % 72) * interval '1 hour' end,
      assigned_to = ${technician} + j.id % ${TECHNICIANS}
    where j.tenant_id = ${tenantId} and j.id >= ${from} and j.id < ${to}`,
  );
  await db.execute(
    sql`update job_cards set status = 'in_progress', completed_date = null where tenant_id = ${tenantId} and completed_date > now()`,
  );
  await slices(
    (from, to) => sql`insert into job_card_labour (tenant_id, job_card_id, description, hours, rate)
    select ${tenantId}, id, 'Labour', 0.5 + (id % 8) / 2.0, 50 from job_cards
    where tenant_id = ${tenantId} and status = 'completed' and id >= ${from} and id < ${to}`,
  );
  await slices(
    (from, to) => sql`insert into job_card_parts (tenant_id, job_card_id, spare_part_id, quantity, unit_price)
    select ${tenantId}, j.id, ${part} + j.id % 50000, 1 + j.id % 4, (5 + j.id % 200)::numeric(10,2)
    from job_cards j where j.tenant_id = ${tenantId} and j.status = 'completed' and j.id % 3 = 0 and j.id >= ${from} and j.id < ${to}`,
  );
  // 200,000 of the completed job cards invoiced: the billing invoices, newest with newest.
  await db.execute(sql`create temporary table bench_invoiced as
    with c as (select id, row_number() over (order by completed_date desc) as n from job_cards
               where tenant_id = ${tenantId} and status = 'completed'),
         i as (select id, row_number() over (order by invoice_date desc, id desc) as n from invoices where tenant_id = ${tenantId})
    select i.id as invoice_id, c.id as job_card_id from i join c on c.n = i.n where i.n <= 200000`);
  for (let from = 0; from < 200_000; from += SLICE) {
    await db.execute(sql`update invoices x set job_card_id = b.job_card_id
      from (select * from bench_invoiced order by invoice_id offset ${from} limit ${SLICE}) b where x.id = b.invoice_id`);
  }
  await db.execute(sql`drop table bench_invoiced`);
  const [estimates] = await queryRows<{ low: number; high: number }>(
    db,
    sql`select min(id)::int as low, max(id)::int as high from estimates where tenant_id = ${tenantId}`,
  );
  for (let from = estimates.low; from <= estimates.high; from += SLICE) {
    await db.execute(sql`update estimates set created_at = now() - (id % 1000) * interval '1 day'
      where tenant_id = ${tenantId} and id >= ${from} and id < ${from + SLICE}`);
  }
  for (let from = 1; from <= TASKS; from += SLICE) {
    await db.execute(sql`insert into tasks (tenant_id, title, priority, status, technician_id, completed_at)
      select ${tenantId}, 'Task ' || g, 'medium', case when g % 5 = 0 then 'pending' else 'completed' end, ${technician} + g % ${TECHNICIANS},
        case when g % 5 <> 0 then now() - (g % ${DAYS}) * interval '1 day' end
      from generate_series(${from}::int, ${Math.min(TASKS, from + SLICE - 1)}::int) g`);
  }
  await db.execute(sql`insert into shifts (tenant_id, name, start_time, end_time) values (${tenantId}, 'Day', '08:00', '16:00')`);
  await db.execute(sql`insert into shift_assignments (tenant_id, shift_id, user_id, date, starts_at, ends_at, status, check_in_time, check_out_time)
    select ${tenantId}, s.id, u.id, d::date, d + interval '8 hours', d + interval '16 hours', 'completed',
      d + interval '8 hours' + (u.id % 20) * interval '1 minute', d + interval '16 hours' - (u.id % 30) * interval '1 minute'
    from users u, shifts s, generate_series(current_date - 730, current_date - 1, interval '1 day') d
    where u.tenant_id = ${tenantId} and u.role = 'technician' and s.tenant_id = ${tenantId} and extract(isodow from d) < 6`);
  await db.execute(sql`vacuum analyze`);
}

async function measureReports(get: (url: string) => Promise<unknown>, tenantId: number, n: number) {
  const today = dayInZone(new Date(), 'UTC');
  const results: Record<string, Figures> = {};
  for (const preset of ['last_12_months', 'this_month'] as const) {
    const { from, to } = presetPeriod(preset, today)!;
    for (const report of ANALYTICS_REPORTS) {
      const url = `/api/tenants/${tenantId}/analytics/${report}?from=${from}&to=${to}&compare=previous`;
      results[`${report}: ${preset}`] = await measure(n, () => get(url));
    }
  }
  return results;
}

async function counts(database: Database) {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    sql`select (select count(*)::int from job_cards) as "jobCards", (select count(*)::int from invoices) as invoices,
      (select count(*)::int from payments) as payments, (select count(*)::int from tasks) as tasks,
      (select count(*)::int from job_card_labour) as "labourLines", (select count(*)::int from shift_assignments) as shifts`,
  );
  return row;
}

const phase = (started: number, what: string) =>
  process.stderr.write(`analytics bench: ${what} after ${Math.round((Date.now() - started) / 1000)} s\n`);

/**
 * Generates the data. `quietly` switches the triggers off while it does (session_replication_role
 * = replica, so no summary is kept row by row) and then rebuilds the summaries in one pass each
 * with the migrations' own rebuild functions: the embedded database ran 83 minutes without
 * finishing the million job cards through the triggers. The summaries are the same either way
 * (the PostgreSQL run compares the rebuilt ones with the kept ones).
 */
export async function generate(database: Database, tenantId: number, quietly: boolean) {
  const started = Date.now();
  if (quietly) await database.db.execute(sql`set session_replication_role = replica`);
  await generateWorkshop(database, tenantId);
  phase(started, 'workshop generated');
  await generateBilling(database, tenantId, dayInZone(new Date(), 'UTC'));
  phase(started, 'billing generated');
  await extras(database, tenantId);
  phase(started, 'job cards, tasks and shifts generated');
  if (quietly) {
    await database.db.execute(sql`reset session_replication_role`);
    await database.db.execute(sql`select job_card_days_rebuild(${tenantId})`);
    phase(started, 'job_card_days rebuilt');
    await database.db.execute(sql`select report_days_rebuild(${tenantId})`);
    await database.db.execute(sql`vacuum analyze`);
    phase(started, 'report_days rebuilt');
  }
  return Date.now() - started;
}

async function scenario(database: Database, queries: { count: number }, n: number, options: { reuse?: boolean; quietly?: boolean }) {
  const { app, tenantId, get } = await benchApp(database, queries, { signIn: options.reuse });
  const generatedInMs = options.reuse ? null : await generate(database, tenantId, options.quietly ?? false);
  const results = await measureReports(get, tenantId, n);
  await app.close();
  return { ...(await counts(database)), generatedInMs, results };
}

/** The PostgreSQL database of this scenario, which the `search` scenario measures too. */
export const ANALYTICS_DATABASE = 'workbay_bench_analytics';

export async function run() {
  const { database, queries } = await scenarioDatabase(ANALYTICS_DATABASE);
  try {
    return { scenario: 'analytics', database: 'postgres', ...(await scenario(database, queries, 30, { reuse: BENCH_REUSE })) };
  } finally {
    await database.close();
  }
}

export async function runEmbedded() {
  const { database, queries, dispose } = await benchPglite();
  try {
    return { scenario: 'analytics-embedded', database: 'pglite', ...(await scenario(database, queries, 10, { quietly: true })) };
  } finally {
    await dispose();
  }
}
