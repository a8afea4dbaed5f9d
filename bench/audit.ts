// Audit log benchmark (not a test), PostgreSQL.
// (1) Writes through the API with the audit triggers on, against the same writes with them off
//     (`ALTER TABLE ... DISABLE TRIGGER audit_row`), in alternating rounds: creating and changing a
//     customer, adding a vehicle, changing a part. What the audit costs a write is the difference.
// (2) GET /api/tenants/:id/audit-log at 10,000,000 entries in the workshop (two years of them, six
//     seconds apart, five people, six kinds of record): the first page, the next, a record's History
//     tab, each filter alone and together, a day and a month.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- audit
//   BENCH_REUSE=1 ... npm run bench -- audit     (on the entries a previous run left)
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { FIRST, LAST, pick } from './words.ts';
import { BENCH_REUSE, benchApp, measure, scenarioDatabase, type Figures } from './lib.ts';

const DATABASE = 'workbay_bench_audit';
const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 10_000_000);
const BATCH = 1_000_000;
const CUSTOMERS = 20_000;
const WRITES = 200;
/** `BENCH_AUDIT_ROUNDS=0` measures the log alone (on data a previous run left). */
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 3);
const AUDITED = ['customers', 'vehicles', 'spare_parts'];
const RESOURCES = ['customers', 'vehicles', 'job_cards', 'invoices', 'spare_parts', 'tasks'];
const ACTIONS = ['update', 'create', 'update', 'delete', 'update', 'sign_in', 'update', 'create'];

async function seedRecords(database: Database, tenantId: number) {
  const db = database.db;
  await db.execute(sql`insert into customers (tenant_id, first_name, last_name, phone)
    select ${tenantId}, ${pick(FIRST, 'g')}, ${pick(LAST, 'g / 30')}, '+1 555 ' || lpad(g::text, 7, '0')
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into spare_parts (tenant_id, name, sku, category, stock_quantity, unit_price, minimum_stock)
    select ${tenantId}, 'Part ' || g, 'SKU-' || lpad(g::text, 6, '0'), 'Brakes', 50, 12.5, 5 from generate_series(1, 1000) g`);
}

/**
 * The entries, generated in SQL a million at a time with the secondary indexes dropped and built
 * again after (as a restore would): oldest first, six seconds apart, ending now.
 */
async function generateEntries(database: Database, tenantId: number, userIds: number[]) {
  const db = database.db;
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  const users = `array[${userIds.join(',')}]::int[]`;
  for (let start = 1; start <= ENTRIES; start += BATCH) {
    const end = Math.min(ENTRIES, start + BATCH - 1);
    const begun = Date.now();
    await db.execute(
      sql.raw(`insert into audit_logs (tenant_id, user_id, action, resource_type, resource_id, details, ip_address, user_agent, created_at)
      select ${tenantId}, (${users})[1 + g % ${userIds.length}],
             (array['${ACTIONS.join("','")}'])[1 + g % ${ACTIONS.length}],
             (array['${RESOURCES.join("','")}'])[1 + (g / 7) % ${RESOURCES.length}],
             (1 + (g::bigint * 7919) % 200000)::text,
             jsonb_build_object('changes', jsonb_build_object('status', jsonb_build_array('open', 'done'), 'notes', jsonb_build_array(null, 'entry ' || g))),
             '10.0.' || (g % 200) || '.' || (g % 250), 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
             now() - make_interval(secs => (${ENTRIES} - g + 1) * 6)
        from generate_series(${start}, ${end}) g`),
    );
    console.log(`audit entries ${end.toLocaleString('en')} of ${ENTRIES.toLocaleString('en')} (${Date.now() - begun} ms)`);
  }
  for (const index of indexes) {
    const begun = Date.now();
    await db.execute(sql.raw(index.def));
    console.log(`${index.name} built (${Date.now() - begun} ms)`);
  }
  await db.execute(sql`analyze audit_logs`);
}

type Send = (method: 'POST' | 'PUT', url: string, payload: unknown, expect?: number) => Promise<{ id: number }>;

/** One round of each write, WRITES calls each; `n` keeps plates and names unique across rounds. */
async function writeRound(send: Send, customerIds: number[], partIds: number[], round: number) {
  let i = 0;
  const next = () => `${round}-${i++}`;
  const figures: Record<string, Figures> = {};
  figures['create a customer'] = await measure(WRITES, () =>
    send('POST', '/api/customers', { firstName: 'Bench', lastName: `Writer ${next()}`, phone: '+1 555 0100' }, 201),
  );
  figures['change a customer'] = await measure(WRITES, () => {
    const id = customerIds[i++ % customerIds.length];
    return send('PUT', `/api/customers/${id}`, { firstName: 'Changed', lastName: `Name ${next()}`, phone: '+1 555 0101' });
  });
  figures['add a vehicle'] = await measure(WRITES, () =>
    send(
      'POST',
      '/api/vehicles',
      { customerId: customerIds[i % customerIds.length], make: 'Toyota', model: 'Corolla', year: 2020, plateNumber: `B-${next()}` },
      201,
    ),
  );
  figures['change a part'] = await measure(WRITES, () => {
    const id = partIds[i++ % partIds.length];
    return send('PUT', `/api/spare-parts/${id}`, { name: `Part ${next()}`, sku: `SKU-B${id}`, category: 'Brakes', unitPrice: '13.00' });
  });
  return figures;
}

async function setAuditTriggers(database: Database, on: boolean) {
  for (const table of AUDITED) {
    await database.db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger audit_row`));
  }
}

export async function run() {
  const { database, queries } = await scenarioDatabase(DATABASE);
  try {
    const { app, tenantId, get, send, queriesFor } = await benchApp(database, queries, { signIn: BENCH_REUSE });
    let generatedInMs: number | null = null;
    if (!BENCH_REUSE) {
      const begun = Date.now();
      await seedRecords(database, tenantId);
      const staff: number[] = [];
      for (const [n, role] of ['manager', 'technician', 'manager', 'technician'].entries()) {
        const user = await send(
          'POST',
          '/api/users',
          {
            username: `bench-staff-${n}`,
            firstName: 'Staff',
            lastName: `${n}`,
            email: `staff${n}@example.com`,
            role,
            password: 'bench-password-1',
          },
          201,
        );
        staff.push(user.id);
      }
      const [owner] = await queryRows<{ id: number }>(database.db, sql`select id from users where username = 'bench'`);
      await generateEntries(database, tenantId, [owner.id, ...staff]);
      generatedInMs = Date.now() - begun;
    }
    const count = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from audit_logs where tenant_id = ${tenantId}`);
    const customerIds = (
      await queryRows<{ id: number }>(database.db, sql`select id from customers where tenant_id = ${tenantId} order by id limit 500`)
    ).map((r) => r.id);
    const partIds = (
      await queryRows<{ id: number }>(database.db, sql`select id from spare_parts where tenant_id = ${tenantId} order by id limit 500`)
    ).map((r) => r.id);
    const staffIds = (
      await queryRows<{ id: number }>(database.db, sql`select id from users where tenant_id = ${tenantId} order by id`)
    ).map((r) => r.id);

    // (1) Writes, audited and not, alternating so the machine's load falls on both alike.
    const writes: Array<{ round: number; audited: boolean; figures: Record<string, Figures> }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const audited of [true, false]) {
        await setAuditTriggers(database, audited);
        writes.push({ round, audited, figures: await writeRound(send as Send, customerIds, partIds, round * 2 + (audited ? 0 : 1)) });
      }
    }
    await setAuditTriggers(database, true);

    // (2) The log at ENTRIES entries.
    const base = `/api/tenants/${tenantId}/audit-log`;
    const [middle] = await queryRows<{ day: string; month: string }>(
      database.db,
      sql`select to_char(now() - interval '365 days', 'YYYY-MM-DD') as day, to_char(now() - interval '400 days', 'YYYY-MM-DD') as month`,
    );
    const monthEnd = new Date(Date.parse(middle.month) + 30 * 86_400_000).toISOString().slice(0, 10);
    const lists: Array<[string, string]> = [
      ['first page (25)', `${base}?limit=25`],
      ['second page', `${base}?limit=25&offset=25`],
      ['page 40', `${base}?limit=25&offset=975`],
      ['a record (History tab)', `${base}?limit=20&resourceType=customers&resourceId=12345`],
      ['a kind of record', `${base}?limit=25&resourceType=invoices`],
      ['one person', `${base}?limit=25&userId=${staffIds[2]}`],
      ['one action (deletions)', `${base}?limit=25&action=delete`],
      ['one day a year ago', `${base}?limit=25&from=${middle.day}&to=${middle.day}`],
      ['a month, deletions by one person', `${base}?limit=25&from=${middle.month}&to=${monthEnd}&action=delete&userId=${staffIds[1]}`],
      [
        'a kind of record, one person, a month',
        `${base}?limit=25&from=${middle.month}&to=${monthEnd}&resourceType=tasks&userId=${staffIds[3]}`,
      ],
      ['a sign-in of one person, page 2', `${base}?limit=25&offset=25&action=sign_in&userId=${staffIds[4]}`],
    ];
    const list: Record<string, Figures & { statements: number; total: string | undefined; rows: number }> = {};
    for (const [label, url] of lists) {
      const first = await get(url);
      list[label] = {
        ...(await measure(100, () => get(url))),
        statements: await queriesFor(url),
        total: first.headers['x-total-count'] as string | undefined,
        rows: (first.json() as unknown[]).length,
      };
    }
    await app.close();
    return { scenario: 'audit', database: 'postgres', entries: count[0].n, generatedInMs, writes, list };
  } finally {
    await database.close();
  }
}
