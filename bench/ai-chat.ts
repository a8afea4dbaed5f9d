// AI chat benchmark (not a test): the offline chat's latency per tool at 1M job cards on
// PostgreSQL, and its evaluation set's score on a seeded workshop.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- ai-chat
// Data: the `workshop` scenario's workshop (200,000 customers, 300,000 vehicles, 999,999 job
// cards, 50,000 parts) plus the `billing` scenario's in the same workshop (100,000 customers,
// 150,000 vehicles, 250,000 estimates, 250,000 invoices, 600,000 payments), 40 technicians with
// the open job cards assigned and scheduled around today, and a service history for 200,000 of
// the completed job cards.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { dayInZone } from '../core/rules/time-zone.ts';
import { runChatEval, type EvalClient } from '../server/modules/ai/chat-eval.ts';
import { benchDatabase, measure, type Figures } from './lib.ts';
import { generate as generateWorkshop } from './workshop.ts';
import { generate as generateBilling } from './billing.ts';

async function extras(database: Database, tenantId: number) {
  const db = database.db;
  await db.execute(sql`insert into technicians (tenant_id, first_name, last_name, email, phone, title, status)
    select ${tenantId}, 'Tech' || g, 'Bench', 'tech' || g || '@example.com', '+1 555 9' || lpad(g::text, 6, '0'), 'Technician', 'active'
    from generate_series(1, 40) g`);
  await db.execute(sql`update job_cards j set scheduled_date = now() + ((j.id % 90) - 60) * interval '1 day', assigned_to = t0.min + j.id % 40
    from (select min(id) as min from technicians where tenant_id = ${tenantId}) t0
    where j.tenant_id = ${tenantId} and j.status in ('pending', 'in_progress')`);
  await db.execute(sql`insert into vehicle_service_history (tenant_id, vehicle_id, job_card_id, service_date, service_type, mileage_at_service, cost)
    select ${tenantId}, j.vehicle_id, j.id, current_date - (j.id % 1000), j.service_type, 1000 + j.id % 200000, j.estimated_cost
    from job_cards j where j.tenant_id = ${tenantId} and j.status = 'completed' and j.id % 2 = 0`);
  await db.execute(sql`vacuum analyze`);
}

export async function run() {
  const { database, queries } = await benchDatabase('workbay_bench_ai_chat');
  try {
    const app = await buildApp({ database, sessionSecret: 'bench-secret-bench-secret-bench-secret!!', aiCallsPerMinute: 1_000_000 });
    await app.ready();
    const register = async (username: string) => {
      const reg = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username, password: 'bench-password', email: `${username}@example.com`, firstName: 'Bench', lastName: 'Owner' },
      });
      const cookie = `workbay_sid=${reg.cookies.find((c) => c.name === 'workbay_sid')!.value}`;
      const client: EvalClient = {
        get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
        post: (url, body) => app.inject({ method: 'POST', url, headers: { cookie }, payload: body as object }),
      };
      return { tenantId: reg.json().tenantId as number, client };
    };
    const big = await register('bench');
    const started = Date.now();
    await generateWorkshop(database, big.tenantId);
    await generateBilling(database, big.tenantId, dayInZone(new Date(), 'UTC'));
    await extras(database, big.tenantId);
    const generatedInMs = Date.now() - started;
    const [counts] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*)::int from job_cards) as "jobCards", (select count(*)::int from customers) as customers,
        (select count(*)::int from vehicles) as vehicles, (select count(*)::int from invoices) as invoices,
        (select count(*)::int from payments) as payments, (select count(*)::int from vehicle_service_history) as "serviceHistory"`,
    );
    const [vehicle] = await queryRows<{ plate: string; vin: string }>(
      database.db,
      sql`select v.plate_number as plate, v.vin from vehicles v where v.tenant_id = ${big.tenantId} and v.vin is not null
          and exists (select 1 from vehicle_service_history h where h.tenant_id = ${big.tenantId} and h.vehicle_id = v.id) order by v.id limit 1`,
    );
    const questions: Record<string, string> = {
      'find_customer (name)': 'Find customer Layla Haddad',
      'find_customer (phone)': 'who has the phone number +1 555 0012345',
      'find_vehicle (plate)': `Whose car is ${vehicle.plate}?`,
      'find_vehicle (plate, ar)': `من صاحب اللوحة ${vehicle.plate}؟`,
      vehicle_history: `Service history of ${vehicle.plate}`,
      vehicle_due: `What is due on ${vehicle.plate}?`,
      open_job_cards: 'How many job cards are open?',
      'overdue_job_cards (ar)': 'ما بطاقات العمل المتأخرة؟',
      job_card_status: 'What is the status of JC-456789?',
      overdue_invoices: 'Show overdue invoices',
      'amounts_owed (ar)': 'كم يدين لنا العملاء؟',
      invoice_status: 'status of invoice INV-123456',
      low_stock: 'Which parts are low on stock?',
      schedule: "What's on the schedule this week?",
      technician_load: 'Who is the busiest technician?',
      'revenue (this year)': 'Revenue this year',
      'revenue (last month, ar)': 'الإيرادات الشهر الماضي',
      "can't answer": 'What is the weather tomorrow?',
    };
    const url = `/api/tenants/${big.tenantId}/ai/chat`;
    const results: Record<string, Figures & { tool: string | null; queries: number }> = {};
    for (const [name, message] of Object.entries(questions)) {
      const first = await big.client.post(url, { message });
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode}`);
      const before = queries.count;
      await big.client.post(url, { message });
      const perCall = queries.count - before;
      results[name] = {
        ...(await measure(100, () => big.client.post(url, { message }))),
        tool: (first.json() as { tool: string | null }).tool,
        queries: perCall,
      };
      console.log(name, JSON.stringify(results[name]));
    }

    // The evaluation set, on a second workshop seeded with the sample data.
    const seeded = await register('bench-eval');
    const seed = await seeded.client.post('/api/admin/seed-database', {});
    if (seed.statusCode !== 200) throw new Error(`seed: ${seed.statusCode}`);
    const evaluation = await runChatEval(seeded.client, database.db, seeded.tenantId);
    console.log(
      `chat evaluation: ${evaluation.correct}/${evaluation.total} correct (${((100 * evaluation.correct) / evaluation.total).toFixed(1)}%)`,
    );
    await app.close();
    return {
      scenario: 'ai-chat',
      database: 'postgres',
      ...counts,
      generatedInMs,
      results,
      evaluation: {
        correct: evaluation.correct,
        total: evaluation.total,
        byLanguage: evaluation.byLanguage,
        failures: evaluation.failures,
      },
    };
  } finally {
    await database.close();
  }
}
