// Predictive maintenance and smart scheduling benchmark (not a test): one workshop with 1,000,000
// completed job cards (a labour line and a service history entry each, five per vehicle, half a
// year apart), 200,000 vehicles, 200 technicians with shifts for the next 31 days, 250,000
// bookings, 100,000 appointments and 100,000 tasks (a tenth of each unassigned).
// Measures POST ai/predict-maintenance (a different vehicle each call) and ai/optimize-schedule
// over a day, a week and 31 days, and one apply, through the real app.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- ai-sched
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.ts';
import { BENCH_REUSE, benchApp, measure, scenarioDatabase, type Figures } from './lib.ts';

/** BENCH_SCALE=0.01 for a quick check of the scenario itself. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CUSTOMERS = Math.round(100_000 * SCALE);
const VEHICLES = Math.round(200_000 * SCALE);
const JOB_CARDS = VEHICLES * 5;
const TECHNICIANS = 200;
const BOOKINGS = Math.round(250_000 * SCALE);
const APPOINTMENTS = Math.round(100_000 * SCALE);
const TASKS = Math.round(100_000 * SCALE);
const SERVICES = [
  'Oil change',
  'Brake service',
  'Tyre rotation',
  'Battery replacement',
  'AC service',
  'Air filter',
  'Coolant flush',
  'Timing belt',
];
const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

export async function run() {
  const { database, queries } = await scenarioDatabase('workbay_bench_ai_sched');
  const { app, tenantId, post } = await benchApp(database, queries, { signIn: BENCH_REUSE, aiCallsPerMinute: 1_000_000 });
  const db = database.db;
  const started = Date.now();
  if (!BENCH_REUSE) {
    await db.execute(sql`insert into customers (tenant_id, first_name, last_name, phone)
    select ${tenantId}, (array['Ali','Sara','John','Maria','Omar','Layla'])[1 + g % 6], 'Family' || g, '+1555' || g
    from generate_series(1, ${CUSTOMERS}) g`);
    await db.execute(sql`insert into vehicles (tenant_id, customer_id, make, model, year, plate_number, mileage)
    select ${tenantId}, c.min + (g % ${CUSTOMERS}), (array['Toyota','Nissan','Ford','Kia'])[1 + g % 4], (array['Corolla','Sunny','Focus','Rio'])[1 + g % 4],
      2010 + g % 15, 'AI-' || g, 10000 + (g % 50000) + 5 * 8000
    from generate_series(1, ${VEHICLES}) g, (select min(id) from customers where tenant_id = ${tenantId}) c`);
    // Job card g is the (g / VEHICLES)-th visit of vehicle (g % VEHICLES): 8,000 km and 180 days apart.
    await db.execute(sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, status, created_at)
    select ${tenantId}, v.customer_id, v.id, 'JC-' || lpad(g::text, 7, '0'), (${arr(SERVICES)})[1 + g % ${SERVICES.length}], 'completed',
      now() - (5 - g / ${VEHICLES}) * interval '180 days'
    from generate_series(0, ${JOB_CARDS - 1}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + g % ${VEHICLES}`);
    await db.execute(sql`insert into job_card_labour (tenant_id, job_card_id, description, hours, rate)
    select ${tenantId}, j.id, j.service_type || ' labour', 1.5, 80 from job_cards j where j.tenant_id = ${tenantId}`);
    await db.execute(sql`insert into vehicle_service_history (tenant_id, vehicle_id, job_card_id, service_date, service_type, description, mileage_at_service)
    select ${tenantId}, j.vehicle_id, j.id, j.created_at::date, j.service_type, j.service_type || ' done',
      v.mileage - 5 * 8000 + (substr(j.job_number, 4)::int / ${VEHICLES}) * 8000
    from job_cards j join vehicles v on v.id = j.vehicle_id and v.tenant_id = j.tenant_id where j.tenant_id = ${tenantId}`);
    await db.execute(sql`insert into users (tenant_id, username, password, role, first_name, last_name)
    select ${tenantId}, 'bench-tech-' || g, 'x', 'technician', 'Tech' || g, 'Bench' from generate_series(1, ${TECHNICIANS}) g`);
    await db.execute(sql`insert into technicians (tenant_id, first_name, last_name, email, phone, title, rating, location, user_id)
    select ${tenantId}, 'Tech' || g, 'Bench', 'tech' || g || '@example.com', '555' || g, 'Technician', (g % 6)::numeric, 'Bay ' || (g % 4),
      (select id from users where tenant_id = ${tenantId} and username = 'bench-tech-' || g)
    from generate_series(1, ${TECHNICIANS}) g`);
    await db.execute(sql`insert into skills (tenant_id, name) select ${tenantId}, s from unnest(${arr(SERVICES)}) s`);
    await db.execute(sql`insert into technician_skills (tenant_id, technician_id, skill_id)
    select ${tenantId}, t.id, s.id from technicians t join skills s on s.tenant_id = t.tenant_id and (s.id + t.id) % 3 = 0 where t.tenant_id = ${tenantId}`);
    await db.execute(
      sql`insert into shifts (tenant_id, name, start_time, end_time) values (${tenantId}, 'Morning', '07:00', '15:00'), (${tenantId}, 'Evening', '11:00', '19:00')`,
    );
    await db.execute(sql`insert into shift_assignments (tenant_id, shift_id, user_id, date, starts_at, ends_at, status)
    select ${tenantId}, s.min + u.id % 2, u.id, current_date + d, (current_date + d) + (7 + 4 * (u.id % 2)) * interval '1 hour',
      (current_date + d) + (15 + 4 * (u.id % 2)) * interval '1 hour', 'scheduled'
    from generate_series(0, 32) d, users u, (select min(id) from shifts where tenant_id = ${tenantId}) s
    where u.tenant_id = ${tenantId} and u.username like 'bench-tech-%'`);
    await db.execute(sql`insert into service_bookings (tenant_id, customer_id, vehicle_id, service_type, scheduled_date, duration, status, technician_id)
    select ${tenantId}, v.customer_id, v.id, (${arr(SERVICES)})[1 + g % ${SERVICES.length}],
      date_trunc('hour', now()) + ((g % 720) - 360) * interval '1 day' + (g % 10) * interval '1 hour', 60,
      (array['scheduled','confirmed','in_progress','completed','cancelled'])[1 + g % 5], case when g % 10 <> 0 then t.min + g % ${TECHNICIANS} end
    from generate_series(1, ${BOOKINGS}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + g % ${VEHICLES},
    (select min(id) from technicians where tenant_id = ${tenantId}) t`);
    await db.execute(sql`insert into appointments (tenant_id, appointment_number, customer_name, customer_phone, vehicle_info, service_type,
      scheduled_date, scheduled_time, starts_at, duration, status, assigned_to)
    select ${tenantId}, 'APT-' || lpad(g::text, 6, '0'), 'Customer ' || g, '+1555' || g,
      jsonb_build_object('make', 'Ford', 'model', 'Focus', 'plateNumber', 'AP-' || g),
      (array['oil_change','tire_rotation','brake_service','engine_diagnostic','general_inspection','other'])[1 + g % 6],
      current_date + (g % 720) - 360, lpad((8 + g % 9)::text, 2, '0') || ':00',
      (current_date + (g % 720) - 360) + (8 + g % 9) * interval '1 hour', 60,
      (array['pending','confirmed','in_progress','completed','cancelled','no_show'])[1 + g % 6], case when g % 10 <> 0 then t.min + g % ${TECHNICIANS} end
    from generate_series(1, ${APPOINTMENTS}) g, (select min(id) from technicians where tenant_id = ${tenantId}) t`);
    await db.execute(sql`insert into tasks (tenant_id, title, priority, status, technician_id, skill_required, estimated_hours, scheduled_date, due_date)
    select ${tenantId}, 'Task ' || g, (array['low','medium','high','urgent'])[1 + g % 4],
      case when g % 10 = 0 then 'pending' else (array['assigned','in_progress','completed','completed'])[1 + g % 4] end,
      case when g % 10 <> 0 then t.min + g % ${TECHNICIANS} end, (${arr(SERVICES)})[1 + g % ${SERVICES.length}], 1 + g % 3,
      case when g % 20 = 0 then null else date_trunc('hour', now()) + ((g % 720) - 360) * interval '1 day' + (g % 9) * interval '1 hour' end,
      now() + ((g % 720) - 300) * interval '1 day'
    from generate_series(1, ${TASKS}) g, (select min(id) from technicians where tenant_id = ${tenantId}) t`);
    await db.execute(sql`vacuum analyze`);
  }
  const generatedInMs = Date.now() - started;

  const base = `/api/tenants/${tenantId}/ai`;
  const [{ min: firstVehicle }] = await queryRows<{ min: number }>(
    db,
    sql`select min(id)::int as min from vehicles where tenant_id = ${tenantId}`,
  );
  let nextVehicle = 0;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const sample = await post(`${base}/optimize-schedule`, { schedulingData: { from: day(1), to: day(7) } });
  const results: Record<string, Figures> = {
    'predict-maintenance (a vehicle with 5 services)': await measure(200, () =>
      post(`${base}/predict-maintenance`, { vehicleId: firstVehicle + 7 * nextVehicle++, mileage: 5_000_000 }),
    ),
    'optimize-schedule: 1 day': await measure(50, () =>
      post(`${base}/optimize-schedule`, { schedulingData: { from: day(1), to: day(1) } }),
    ),
    'optimize-schedule: 7 days': await measure(30, () =>
      post(`${base}/optimize-schedule`, { schedulingData: { from: day(1), to: day(7) } }),
    ),
    'optimize-schedule: 31 days': await measure(20, () =>
      post(`${base}/optimize-schedule`, { schedulingData: { from: day(1), to: day(31) } }),
    ),
  };
  const applyStarted = performance.now();
  const applied = await post(`${base}/schedule-optimizations/${sample.id}/apply`, {});
  const applyMs = Number((performance.now() - applyStarted).toFixed(1));
  await app.close();
  await database.close();
  return {
    scenario: 'ai-sched',
    jobCards: JOB_CARDS,
    vehicles: VEHICLES,
    technicians: TECHNICIANS,
    bookings: BOOKINGS,
    appointments: APPOINTMENTS,
    tasks: TASKS,
    generatedInMs: BENCH_REUSE ? null : generatedInMs,
    reused: BENCH_REUSE,
    results,
    sevenDayPlan: {
      suggestions: sample.suggestions.length,
      unplaced: sample.unplaced.length,
      conflictsAvoided: sample.conflictsAvoided,
      potentialTimeSaved: sample.potentialTimeSaved,
    },
    apply: { ms: applyMs, assigned: applied.assigned.length, skipped: applied.skipped.length },
  };
}
