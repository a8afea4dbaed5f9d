// Workshop benchmark (not a test): 200,000 customers, 300,000 vehicles, 999,999 job cards (every
// number JC-000001 to JC-999999 the format allows) and 50,000 spare parts in one workshop.
// Measures searching each of the four lists by a 3-letter substring, plain first pages, the
// low-stock list and the dashboard metrics, and the queries a list makes at page sizes 10 and 500.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- workshop
//   npm run bench -- workshop-embedded     (the same data on PGlite, the embedded database)
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';
import { FIRST, LAST, SERVICES, pick } from './words.ts';
import { benchApp, benchDatabase, benchPglite, measure, queryCountsOf, type Figures } from './lib.ts';

const CUSTOMERS = 200_000;
const VEHICLES = 300_000;
const JOB_CARDS = 999_999;
const PARTS = 50_000;

const CITIES = [
  'Springfield',
  'Riverside',
  'Amman',
  'Dubai',
  'Cairo',
  'Austin',
  'Denver',
  'Doha',
  'Muscat',
  'Portland',
  'Madison',
  'Beirut',
  'Salem',
  'Jeddah',
  'Tucson',
];
const MAKES = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Honda', 'Accord'],
  ['Ford', 'Focus'],
  ['Ford', 'Ranger'],
  ['Nissan', 'Altima'],
  ['Hyundai', 'Elantra'],
  ['Kia', 'Sportage'],
  ['Volkswagen', 'Golf'],
  ['BMW', '320i'],
  ['Mercedes', 'C200'],
  ['Mazda', 'CX-5'],
  ['Chevrolet', 'Malibu'],
  ['Subaru', 'Outback'],
];
const CATEGORIES = ['Filters', 'Brakes', 'Engine', 'Electrical', 'Tyres', 'Fluids', 'Suspension', 'Exhaust', 'Cooling', 'Lighting'];
const BRANDS = ['Bosch', 'Denso', 'Mann', 'Brembo', 'NGK', 'Valeo', 'Mahle', 'Castrol', 'Gates', 'Monroe'];

export async function generate(database: Database, tenantId: number) {
  const db = database.db;
  await db.execute(sql`insert into customers (tenant_id, first_name, last_name, email, phone, city)
    select ${tenantId}, ${pick(FIRST, 'g')}, ${pick(LAST, 'g / 30')}, 'customer' || g || '@example.com', '+1 555 ' || lpad(g::text, 7, '0'), ${pick(CITIES, 'g / 7')}
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into vehicles (tenant_id, customer_id, make, model, year, plate_number, vin, mileage)
    select ${tenantId}, c0.min + (g % ${CUSTOMERS}), ${pick(
      MAKES.map((m) => m[0]),
      'g',
    )}, ${pick(
      MAKES.map((m) => m[1]),
      'g',
    )},
      1995 + g % 31, chr(65 + g % 26) || chr(65 + (g / 26) % 26) || '-' || lpad((g % 100000)::text, 5, '0'),
      case when g % 3 = 0 then 'VIN' || lpad(g::text, 14, '0') end, g % 250000
    from generate_series(1, ${VEHICLES}) g, (select min(id) as min from customers where tenant_id = ${tenantId}) c0`);
  await db.execute(sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, status, priority, estimated_cost)
    select ${tenantId}, v.customer_id, v.id, 'JC-' || lpad(g::text, 6, '0'), ${pick(SERVICES, 'g')},
      ${pick(['pending', 'in_progress', 'completed', 'completed', 'completed', 'cancelled'], 'g')}, ${pick(['low', 'medium', 'high', 'urgent'], 'g / 6')},
      (50 + g % 950)::numeric(10,2)
    from generate_series(1, ${JOB_CARDS}) g
    join vehicles v on v.id = (select min(id) from vehicles where tenant_id = ${tenantId}) + (g % ${VEHICLES})`);
  await db.execute(sql`insert into spare_parts (tenant_id, name, sku, category, brand, stock_quantity, minimum_stock, unit_price)
    select ${tenantId}, ${pick(CATEGORIES, 'g')} || ' part ' || g, 'SKU-' || lpad(g::text, 6, '0'), ${pick(CATEGORIES, 'g')}, ${pick(BRANDS, 'g / 10')},
      g % 40, 5, (1 + g % 500)::numeric(10,2)
    from generate_series(1, ${PARTS}) g`);
  await db.execute(sql`analyze`);
}

async function measureAll(database: Database, queries: { count: number }, n: number) {
  const { app, tenantId, get, queriesFor } = await benchApp(database, queries);
  const started = Date.now();
  await generate(database, tenantId);
  const generatedInMs = Date.now() - started;
  const list = (path: string) => `/api/tenants/${tenantId}/${path}`;
  const results: Record<string, Figures> = {
    'customers: first page': await measure(n, () => get(list('customers'))),
    'customers: q=son (3 letters)': await measure(n, () => get(list('customers?q=son'))),
    'customers: q=had (3 letters)': await measure(n, () => get(list('customers?q=had'))),
    'vehicles: first page': await measure(n, () => get(list('vehicles'))),
    'vehicles: q=cor (3 letters)': await measure(n, () => get(list('vehicles?q=cor'))),
    'vehicles: q=nas (customer name)': await measure(n, () => get(list('vehicles?q=nas'))),
    'job cards: first page': await measure(n, () => get(list('job-cards'))),
    'job cards: q=bra (3 letters)': await measure(n, () => get(list('job-cards?q=bra'))),
    'job cards: q=nas (customer name)': await measure(n, () => get(list('job-cards?q=nas'))),
    'job cards: status=in_progress': await measure(n, () => get(list('job-cards?status=in_progress'))),
    'spare parts: first page': await measure(n, () => get(list('spare-parts'))),
    'spare parts: q=bos (3 letters)': await measure(n, () => get(list('spare-parts?q=bos'))),
    'spare parts: lowStockFirst': await measure(n, () => get(list('spare-parts?lowStockFirst=true'))),
    'spare parts: low-stock list': await measure(n, () => get(list('spare-parts/low-stock'))),
    'spare parts: categories': await measure(n, () => get(list('spare-parts/categories'))),
  };
  const queryCounts =
    database.kind === 'postgres'
      ? await queryCountsOf(['customers', 'vehicles', 'job-cards', 'spare-parts'].map(list), queriesFor)
      : undefined;
  await app.close();
  return { customers: CUSTOMERS, vehicles: VEHICLES, jobCards: JOB_CARDS, spareParts: PARTS, generatedInMs, results, queryCounts };
}

export async function run() {
  const { database, queries } = await benchDatabase('workbay_bench_workshop');
  try {
    return { scenario: 'workshop', database: 'postgres', ...(await measureAll(database, queries, 300)) };
  } finally {
    await database.close();
  }
}

export async function runEmbedded() {
  const { database, queries, dispose } = await benchPglite();
  try {
    return { scenario: 'workshop-embedded', database: 'pglite', ...(await measureAll(database, queries, 50)) };
  } finally {
    await dispose();
  }
}
