// Field-service benchmark (not a test): a workshop of 2,000 technicians and 200,000 tasks on
// PostgreSQL. Measures the technician list, the task board and the dashboard stats at p99, and
// checks that list endpoints make the same number of queries whatever the page size.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- field-service
import { sql } from 'drizzle-orm';
import { benchApp, benchDatabase, measure, type Figures } from './lib.ts';

const TECHNICIANS = 2_000;
const TASKS = 200_000;

export async function run() {
  const { database, queries } = await benchDatabase('workbay_bench_field_service');
  const { app, tenantId, get, queriesFor } = await benchApp(database, queries);

  const started = Date.now();
  const db = database.db;
  await db.execute(sql`insert into skills (tenant_id, name) select ${tenantId}, 'Skill ' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into technicians (tenant_id, first_name, last_name, email, phone, title, location, status, rating)
    select ${tenantId}, 'First' || g, 'Last' || g, 'tech' || g || '@example.com', '+1555' || g, 'Technician',
      'Location ' || (g % 25), case when g % 10 = 0 then 'inactive' else 'active' end, (g % 50) / 10.0
    from generate_series(1, ${TECHNICIANS}) g`);
  await db.execute(sql`insert into technician_skills (tenant_id, technician_id, skill_id)
    select ${tenantId}, t.id, s.id from technicians t join skills s on s.tenant_id = t.tenant_id
    where t.tenant_id = ${tenantId} and (t.id + s.id) % 7 in (0, 3)`);
  await db.execute(sql`insert into tasks (tenant_id, title, priority, status, technician_id, skill_required, estimated_hours, scheduled_date)
    select ${tenantId}, 'Task ' || g, (array['low','medium','high','urgent'])[1 + g % 4],
      (array['pending','assigned','in_progress','completed','completed','completed','cancelled'])[1 + g % 7],
      case when g % 7 = 0 then null else (select min(id) from technicians where tenant_id = ${tenantId}) + (g % ${TECHNICIANS}) end,
      'Skill ' || (1 + g % 20), 1 + g % 4, now() + ((g % 60) - 30) * interval '1 day'
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`update tasks set technician_id = null, status = 'pending' where status = 'pending'`);
  await db.execute(sql`vacuum analyze`);
  const generatedIn = Date.now() - started;

  const results: Record<string, Figures> = {
    'GET /api/technicians (page of 50)': await measure(300, () => get('/api/technicians')),
    'GET /api/technicians?skill&sort=rating': await measure(300, () => get('/api/technicians?skill=Skill%207&sort=rating')),
    'GET /api/tasks?assignmentStatus=unassigned (board side panel)': await measure(300, () =>
      get('/api/tasks?assignmentStatus=unassigned'),
    ),
    'GET /api/tasks?status=in_progress': await measure(300, () => get('/api/tasks?status=in_progress')),
    'GET /api/tasks?technicianId (one board card)': await measure(300, () =>
      get('/api/tasks?technicianId=' + (1 + Math.floor(Math.random() * TECHNICIANS))),
    ),
    'GET /api/dashboard/stats': await measure(300, () => get('/api/dashboard/stats')),
    'GET /api/dashboard/capacity': await measure(100, () => get('/api/dashboard/capacity')),
    'GET /api/dashboard/leaderboard': await measure(100, () => get('/api/dashboard/leaderboard')),
  };
  const queryCounts = {
    technicians: { limit10: await queriesFor('/api/technicians?limit=10'), limit500: await queriesFor('/api/technicians?limit=500') },
    tasks: { limit10: await queriesFor('/api/tasks?limit=10'), limit500: await queriesFor('/api/tasks?limit=500') },
  };
  await app.close();
  await database.close();
  return { scenario: 'field-service', technicians: TECHNICIANS, tasks: TASKS, generatedInMs: generatedIn, results, queryCounts };
}
