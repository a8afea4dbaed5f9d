// Billing benchmark (not a test): one workshop with 100,000 customers, 150,000 vehicles, 5,000 parts,
// 250,000 estimates and 250,000 invoices with 4 lines each (2,000,000 lines) and about 600,000
// payments; a thousand days of invoices, most paid, some partly paid, unpaid, overdue, draft or
// cancelled. Measures the first pages, searching by number and by a 3-letter customer name
// substring, every status filter (the derived overdue, partially paid and paid included), one
// invoice's detail, and the queries a list makes at page sizes 10 and 500.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- billing
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { dayInZone } from '../core/rules/time-zone.ts';
import { FIRST, LAST, SERVICES, arr, pick } from './words.ts';
import { benchApp, benchDatabase, measure, queryCountsOf, type Figures } from './lib.ts';

const CUSTOMERS = 100_000;
const VEHICLES = 150_000;
const PARTS = 5_000;
const ESTIMATES = 250_000;
const INVOICES = 250_000;
const LINES_PER_DOCUMENT = 4;
/** Invoices per day: the newest is dated today, the oldest a thousand days ago. */
const PER_DAY = 250;

const METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check'];

/** A document's four lines, from its sequence number g: two labour lines, then two part lines. */
const LINE_QUANTITY = '(1 + (g + j) % 3)::numeric';
const LINE_PRICE = '(20 + (g * 7 + j * 13) % 180)::numeric(10,2)';
const amounts = sql.raw(`cross join lateral (
    select sum(q * p) filter (where j <= 2) as labor, sum(q * p) filter (where j > 2) as parts
    from (select j, ${LINE_QUANTITY} as q, ${LINE_PRICE} as p from generate_series(1, ${LINES_PER_DOCUMENT}) j) x
  ) l`);

/**
 * Invoice kinds by g % 20: 0 cancelled, 1 draft, 2-3 sent and unpaid, 4-6 sent with 40% paid in
 * two payments, 7-19 paid in three or four payments. Unpaid balances older than 30 days are overdue.
 */
const PAID = `case when g % 20 between 4 and 6 then round(total * 0.4, 2) when g % 20 >= 7 then total else 0 end`;
const PAYMENTS_OF = (g: string) => `case when ${g} % 20 between 4 and 6 then 2 else 3 + (${g} % 4 = 0)::int end`;

export async function generate(database: Database, tenantId: number, today: string) {
  const db = database.db;
  await db.execute(sql`insert into customers (tenant_id, first_name, last_name, email, phone, city)
    select ${tenantId}, ${pick(FIRST, 'g')}, ${pick(LAST, 'g / 30')}, 'customer' || g || '@example.com', '+1 555 ' || lpad(g::text, 7, '0'), 'Springfield'
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into vehicles (tenant_id, customer_id, make, model, year, plate_number, mileage)
    select ${tenantId}, c0.min + (g % ${CUSTOMERS}), 'Toyota', 'Corolla', 1995 + g % 31, 'BL-' || lpad(g::text, 6, '0'), g % 250000
    from generate_series(1, ${VEHICLES}) g, (select min(id) as min from customers where tenant_id = ${tenantId}) c0`);
  await db.execute(sql`insert into spare_parts (tenant_id, name, sku, category, stock_quantity, minimum_stock, unit_price)
    select ${tenantId}, 'Part ' || g, 'BSKU-' || lpad(g::text, 6, '0'), 'Bench', 100, 5, (1 + g % 200)::numeric(10,2)
    from generate_series(1, ${PARTS}) g`);

  await db.execute(sql`insert into estimates (tenant_id, estimate_number, customer_id, vehicle_id, description, status,
      labor_cost, parts_cost, subtotal, tax_rate, tax_amount, total_amount, valid_until, approved_at, created_at, updated_at)
    select ${tenantId}, 'EST-' || lpad(g::text, 6, '0'), v.customer_id, v.id, ${pick(SERVICES, 'g')},
      ${pick(['draft', 'sent', 'approved', 'rejected', 'expired'], 'g')},
      l.labor, l.parts, l.labor + l.parts, 10, round((l.labor + l.parts) * 0.10, 2), l.labor + l.parts + round((l.labor + l.parts) * 0.10, 2),
      ${today}::date - (${ESTIMATES} - g) / ${PER_DAY} + 30, case when g % 5 = 2 then now() end,
      now() - ((${ESTIMATES} - g) / ${PER_DAY}) * interval '1 day', now() - ((${ESTIMATES} - g) / ${PER_DAY}) * interval '1 day'
    from generate_series(1, ${ESTIMATES}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + (g::bigint * 7919) % ${VEHICLES}
    ${amounts}
    order by g`);

  await db.execute(sql`insert into invoices (tenant_id, invoice_number, customer_id, vehicle_id, estimate_id, invoice_date, due_date, paid_date,
      description, status, labor_cost, parts_cost, subtotal, tax_rate, tax_amount, total_amount, paid_amount, payment_method, created_at, updated_at)
    select ${tenantId}, 'INV-' || lpad(g::text, 6, '0'), v.customer_id, v.id, e.id, d.day, d.day + 30,
      case when g % 20 >= 7 then least(d.day + 12, ${today}::date) end,
      ${pick(SERVICES, 'g')},
      case g % 20 when 0 then 'cancelled' when 1 then 'draft' else case when g % 20 >= 7 then 'paid' else 'sent' end end,
      l.labor, l.parts, l.labor + l.parts, 10, round((l.labor + l.parts) * 0.10, 2), t.total,
      ${sql.raw(PAID)},
      case when g % 20 >= 4 then (${arr(METHODS)})[1 + (g + ${sql.raw(PAYMENTS_OF('g'))}) % 5] end,
      d.day::timestamptz, d.day::timestamptz
    from generate_series(1, ${INVOICES}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + (g::bigint * 104729) % ${VEHICLES}
    left join estimates e on g % 5 = 2 and e.tenant_id = ${tenantId} and e.estimate_number = 'EST-' || lpad(g::text, 6, '0')
    cross join lateral (select ${today}::date - (${INVOICES} - g) / ${PER_DAY} as day) d
    ${amounts}
    cross join lateral (select l.labor + l.parts + round((l.labor + l.parts) * 0.10, 2) as total) t
    order by g`);

  for (const [table, owner, prefix] of [
    ['estimate_items', 'estimate_id', 'estimate_number'],
    ['invoice_items', 'invoice_id', 'invoice_number'],
  ]) {
    const source = table === 'estimate_items' ? 'estimates' : 'invoices';
    await db.execute(sql`insert into ${sql.raw(table)} (tenant_id, ${sql.raw(owner)}, item_type, spare_part_id, description, quantity, unit_price, total_price)
      select ${tenantId}, d.id, case when j <= 2 then 'labor' else 'part' end,
        case when j > 2 then p0.min + (d.g * 3 + j) % ${PARTS} end,
        case when j <= 2 then 'Labour ' || j else 'Part line ' || j end,
        ${sql.raw(LINE_QUANTITY)}, ${sql.raw(LINE_PRICE)}, ${sql.raw(LINE_QUANTITY)} * ${sql.raw(LINE_PRICE)}
      from (select id, substr(${sql.raw(prefix)}, 5)::int as g from ${sql.raw(source)} where tenant_id = ${tenantId}) d
      cross join generate_series(1, ${LINES_PER_DOCUMENT}) j,
      (select min(id) from spare_parts where tenant_id = ${tenantId}) p0`);
  }

  await db.execute(sql`insert into payments (tenant_id, invoice_id, customer_id, amount, payment_method, payment_date, reference_number, created_at, updated_at)
    select ${tenantId}, i.id, i.customer_id,
      case when k < n then round(i.paid_amount / n, 2) else i.paid_amount - round(i.paid_amount / n, 2) * (n - 1) end,
      (${arr(METHODS)})[1 + (i.g + k) % 5], least(i.invoice_date + k * 4, ${today}::date), 'REF-' || i.g || '-' || k,
      i.invoice_date::timestamptz, i.invoice_date::timestamptz
    from (select id, customer_id, paid_amount, invoice_date, substr(invoice_number, 5)::int as g from invoices
          where tenant_id = ${tenantId} and paid_amount > 0) i
    cross join lateral (select ${sql.raw(PAYMENTS_OF('i.g'))} as n) c(n)
    cross join lateral generate_series(1, n) k`);
  await db.execute(sql`vacuum analyze`);
}

export async function run() {
  const { database, queries } = await benchDatabase('workbay_bench_billing');
  try {
    const { app, tenantId, get, queriesFor } = await benchApp(database, queries);
    const today = dayInZone(new Date(), 'UTC');
    const started = Date.now();
    await generate(database, tenantId, today);
    const generatedInMs = Date.now() - started;
    const [rows] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*)::int from estimates) as estimates, (select count(*)::int from invoices) as invoices,
        (select count(*)::int from estimate_items) + (select count(*)::int from invoice_items) as lines,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from invoices where status in ('draft', 'sent') and due_date < ${today} and paid_amount < total_amount) as overdue`,
    );
    const list = (path: string) => `/api/tenants/${tenantId}/${path}`;
    const n = 300;
    const results: Record<string, Figures> = {
      'estimates: first page': await measure(n, () => get(list('estimates'))),
      'estimates: q=EST-12345 (number)': await measure(n, () => get(list('estimates?q=EST-12345'))),
      'estimates: q=nas (customer name)': await measure(n, () => get(list('estimates?q=nas'))),
      'estimates: status=approved': await measure(n, () => get(list('estimates?status=approved'))),
      'invoices: first page': await measure(n, () => get(list('invoices'))),
      'invoices: q=INV-12345 (number)': await measure(n, () => get(list('invoices?q=INV-12345'))),
      'invoices: q=nas (customer name)': await measure(n, () => get(list('invoices?q=nas'))),
      'invoices: q=had (customer name)': await measure(n, () => get(list('invoices?q=had'))),
      'invoices: status=overdue': await measure(n, () => get(list('invoices?status=overdue'))),
      'invoices: status=partially_paid': await measure(n, () => get(list('invoices?status=partially_paid'))),
      'invoices: status=paid': await measure(n, () => get(list('invoices?status=paid'))),
      'invoices: status=sent': await measure(n, () => get(list('invoices?status=sent'))),
      'invoices: status=draft': await measure(n, () => get(list('invoices?status=draft'))),
      'invoices: status=cancelled': await measure(n, () => get(list('invoices?status=cancelled'))),
      'invoices: q=nas&status=overdue': await measure(n, () => get(list('invoices?q=nas&status=overdue'))),
      'invoices: one (detail with lines and payments)': await measure(n, () => get(list(`invoices/${Math.floor(INVOICES / 2)}`))),
    };
    const queryCounts = await queryCountsOf(
      ['estimates', 'estimates?q=nas', 'invoices', 'invoices?q=nas', 'invoices?status=overdue', 'invoices?status=partially_paid'].map(list),
      queriesFor,
    );
    await app.close();
    return { scenario: 'billing', database: 'postgres', ...rows, generatedInMs, results, queryCounts };
  } finally {
    await database.close();
  }
}
