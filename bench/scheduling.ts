// Scheduling benchmark (not a test): one workshop with 20,000 fleet vehicles, 250,000 service
// bookings and 250,000 appointments, 100,000 shift assignments over 200 technicians.
// Measures the lists (plain and searched), the upcoming card, fleet stats and the week view.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- scheduling
import { sql } from 'drizzle-orm';
import { benchApp, benchDatabase, measure, queryCountsOf, type Figures } from './lib.ts';

const CUSTOMERS = 50_000;
const FLEET = 20_000;
const BOOKINGS = 250_000;
const APPOINTMENTS = 250_000;
const ASSIGNMENTS = 100_000;
const TECHNICIANS = 200;

export async function run() {
  const { database, queries } = await benchDatabase('workbay_bench_scheduling');
  const { app, tenantId, get, queriesFor } = await benchApp(database, queries);
  const db = database.db;
  const started = Date.now();
  await db.execute(sql`insert into customers (tenant_id, first_name, last_name, phone)
    select ${tenantId}, (array['Ali','Sara','John','Maria','Omar','Layla'])[1 + g % 6], 'Family' || g, '+1555' || g
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into vehicles (tenant_id, customer_id, make, model, year, plate_number, mileage)
    select ${tenantId}, c.min + (g % ${CUSTOMERS}), (array['Ford','Toyota','Isuzu','Nissan'])[1 + g % 4], (array['Transit','Hilux','D-Max','Navara'])[1 + g % 4],
      2015 + g % 10, 'FL-' || g, 10000 + g % 200000
    from generate_series(1, ${CUSTOMERS}) g, (select min(id) from customers where tenant_id = ${tenantId}) c`);
  await db.execute(sql`insert into fleet_vehicles (tenant_id, vehicle_id, fleet_number, department, status, location, fuel_level, next_service_date)
    select ${tenantId}, v.min + g - 1, 'F-' || lpad(g::text, 6, '0'), (array['Delivery','Sales','Service','Logistics','Executive'])[1 + g % 5],
      (array['active','active','active','maintenance','out_of_service'])[1 + g % 5], 'Depot ' || (g % 40), g % 101, current_date + (g % 120) - 10
    from generate_series(1, ${FLEET}) g, (select min(id) from vehicles where tenant_id = ${tenantId}) v`);
  await db.execute(sql`insert into technicians (tenant_id, first_name, last_name, email, phone, title)
    select ${tenantId}, 'Tech' || g, 'Bench', 'tech' || g || '@example.com', '555' || g, 'Technician' from generate_series(1, ${TECHNICIANS}) g`);
  await db.execute(sql`insert into service_bookings (tenant_id, customer_id, vehicle_id, service_type, scheduled_date, duration, status, technician_id)
    select ${tenantId}, v.customer_id, v.id, (array['Oil change','Brake service','Tire rotation','Inspection','AC repair'])[1 + g % 5],
      now() + ((g % 720) - 360) * interval '1 day' + (g % 10) * interval '1 hour', 60,
      (array['scheduled','confirmed','in_progress','completed','cancelled'])[1 + g % 5], t.min + g % ${TECHNICIANS}
    from generate_series(1, ${BOOKINGS}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + g % ${CUSTOMERS},
    (select min(id) from technicians where tenant_id = ${tenantId}) t`);
  await db.execute(sql`insert into appointments (tenant_id, appointment_number, customer_name, customer_phone, vehicle_info, service_type,
      scheduled_date, scheduled_time, starts_at, duration, status, assigned_to)
    select ${tenantId}, 'APT-' || lpad(g::text, 6, '0'), 'Customer ' || g, '+1555' || g,
      jsonb_build_object('make', 'Ford', 'model', 'Focus', 'plateNumber', 'AP-' || g),
      (array['oil_change','tire_rotation','brake_service','engine_diagnostic','general_inspection','other'])[1 + g % 6],
      current_date + (g % 720) - 360, lpad((8 + g % 9)::text, 2, '0') || ':00',
      (current_date + (g % 720) - 360) + (8 + g % 9) * interval '1 hour', 60,
      (array['pending','confirmed','in_progress','completed','cancelled','no_show'])[1 + g % 6], t.min + g % ${TECHNICIANS}
    from generate_series(1, ${APPOINTMENTS}) g, (select min(id) from technicians where tenant_id = ${tenantId}) t`);
  await db.execute(sql`insert into users (tenant_id, username, password, role, first_name, last_name)
    select ${tenantId}, 'bench-tech-' || g, 'x', 'technician', 'Tech' || g, 'Bench' from generate_series(1, ${TECHNICIANS}) g`);
  await db.execute(sql`update technicians t set user_id = u.id from users u
    where t.tenant_id = ${tenantId} and u.tenant_id = ${tenantId} and u.username = 'bench-tech-' || substr(t.first_name, 5)`);
  await db.execute(
    sql`insert into shifts (tenant_id, name, start_time, end_time) values (${tenantId}, 'Morning', '07:00', '15:00'), (${tenantId}, 'Evening', '15:00', '23:00')`,
  );
  await db.execute(sql`insert into shift_assignments (tenant_id, shift_id, user_id, date, starts_at, ends_at, status)
    select ${tenantId}, s.min + g % 2, u.min + g % ${TECHNICIANS}, current_date + (g / ${TECHNICIANS}) - 250,
      (current_date + (g / ${TECHNICIANS}) - 250) + (7 + 8 * (g % 2)) * interval '1 hour',
      (current_date + (g / ${TECHNICIANS}) - 250) + (15 + 8 * (g % 2)) * interval '1 hour', 'scheduled'
    from generate_series(1, ${ASSIGNMENTS}) g,
      (select min(id) from shifts where tenant_id = ${tenantId}) s,
      (select min(id) from users where tenant_id = ${tenantId} and username like 'bench-tech-%') u`);
  // Vacuum too: otherwise autovacuum reaches the freshly loaded tables while the calls are timed (bursts of 100-150 ms).
  await db.execute(sql`vacuum analyze`);
  const generatedInMs = Date.now() - started;
  const t = (path: string) => `/api/tenants/${tenantId}/${path}`;
  const results: Record<string, Figures> = {
    'fleet: first page': await measure(300, () => get(t('fleet'))),
    'fleet: q=deliv': await measure(300, () => get(t('fleet?q=deliv'))),
    'fleet: status=maintenance&department=Sales': await measure(300, () => get(t('fleet?status=maintenance&department=Sales'))),
    'fleet: stats': await measure(300, () => get(t('fleet/stats'))),
    'bookings: first page': await measure(300, () => get(t('service-bookings'))),
    'bookings: q=brak': await measure(300, () => get(t('service-bookings?q=brak'))),
    'bookings: upcoming 7 days': await measure(300, () => get(t('service-bookings/upcoming'))),
    'appointments: first page': await measure(300, () => get(t('appointments'))),
    'appointments: q=AP-12': await measure(300, () => get(t('appointments?q=AP-12'))),
    'appointments: calendar week': await measure(300, () =>
      get(
        t(
          `appointments?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10)}&limit=500`,
        ),
      ),
    ),
    'shift assignments: first page': await measure(300, () => get(t('shift-assignments'))),
    'shift assignments: q=tech1': await measure(300, () => get(t('shift-assignments?q=tech1'))),
    'schedule: week view': await measure(100, () => get('/api/schedule?days=7')),
  };
  const queryCounts = await queryCountsOf(['fleet', 'service-bookings', 'appointments', 'shift-assignments'].map(t), queriesFor);
  await app.close();
  await database.close();
  return {
    scenario: 'scheduling',
    fleetVehicles: FLEET,
    bookings: BOOKINGS,
    appointments: APPOINTMENTS,
    shiftAssignments: ASSIGNMENTS,
    generatedInMs,
    results,
    queryCounts,
  };
}
