/**
 * `npm run bench -- ai-estimate` (part of `npm run bench -- ai`): job estimation and parts recommendation on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 *
 * 1. Quality: 50,000 completed job cards with part and labour lines, generated with realistic
 *    spreads per service type (hours vary by job and by kind of vehicle, luxury makes take longer
 *    and their parts cost more, rates and prices rise 5% a year), then a leave-one-out evaluation
 *    of job estimation on a sample: each card estimated from all the others (its own left out),
 *    the median absolute percentage error of totalCost and of hours next to the naive baseline,
 *    the workshop's median for the service type.
 * 2. Latency: the same workshop grown to 1,000,000 job cards (lines included), p50/p95/p99 of each
 *    AI call over HTTP (the real app in-process).
 *
 * The other AI calls are measured by ai-sched.ts and ai-chat.ts; ai.ts runs all three.
 */
import { sql } from 'drizzle-orm';
import { benchDatabase, measure, type Figures } from './lib.ts';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/client.ts';
import { queryRows } from '../server/db/client.ts';
import { computeEstimate } from '../server/modules/ai/ai-estimate.service.ts';

const EVAL_JOB_CARDS = Number(process.env.AI_BENCH_EVAL_CARDS ?? 50_000);
const TOTAL_JOB_CARDS = Number(process.env.AI_BENCH_TOTAL_CARDS ?? 1_000_000);
const LOO_SAMPLE = Number(process.env.AI_BENCH_LOO_SAMPLE ?? 1_000);
const VEHICLES = 5_000;
const CUSTOMERS = 2_500;
const LABOUR_RATE = 80;
const YEARS = 3;

/** A deterministic generator (mulberry32): the same history every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261125);
/** A standard normal draw (Box-Muller). */
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

type Service = {
  type: string;
  hours: number;
  /** Spread of hours from job to job (log-normal sigma). */
  sigma: number;
  /** [part name, price, quantity, how often used]. */
  parts: Array<[string, number, number, number]>;
  texts: string[];
};
/** Ten service types with their typical hours, spread and parts (what a mid-size workshop sees). */
const SERVICES: Service[] = [
  {
    type: 'Oil change',
    hours: 0.75,
    sigma: 0.15,
    parts: [
      ['Engine oil 5W-30 1 L', 11, 5, 1],
      ['Oil filter', 8.5, 1, 1],
      ['Drain plug washer', 1.5, 1, 0.6],
    ],
    texts: ['Oil change and filter', 'Engine oil and filter change, 30-point check', 'Oil change due, top up fluids'],
  },
  {
    type: 'Brake service',
    hours: 2,
    sigma: 0.3,
    parts: [
      ['Brake pads, front', 58, 1, 0.95],
      ['Brake fluid DOT4', 15, 1, 0.8],
      ['Brake disc, front (pair)', 120, 1, 0.35],
      ['Brake pad wear sensor', 14, 1, 0.25],
    ],
    texts: ['Brake service: front pads worn', 'Squealing brakes, brake service', 'Brake pads and discs, brake service'],
  },
  {
    type: 'Tire rotation',
    hours: 0.75,
    sigma: 0.2,
    parts: [['Wheel balance weights', 6, 1, 0.7]],
    texts: ['Tire rotation and balance', 'Rotate tires, check tread'],
  },
  {
    type: 'Battery replacement',
    hours: 0.5,
    sigma: 0.25,
    parts: [
      ['Battery 12 V 70 Ah', 215, 1, 0.7],
      ['Battery 12 V 60 Ah', 165, 1, 0.3],
    ],
    texts: ['Battery replacement, slow cranking', 'Battery failed load test, battery replacement'],
  },
  {
    type: 'Engine diagnostic',
    hours: 1.25,
    sigma: 0.45,
    parts: [
      ['Ignition coil', 64, 1, 0.4],
      ['Spark plug, iridium', 13.5, 4, 0.3],
    ],
    texts: ['Engine diagnostic: check engine light on', 'Misfire, engine diagnostic'],
  },
  {
    type: 'Transmission service',
    hours: 2.5,
    sigma: 0.3,
    parts: [
      ['ATF transmission fluid 1 L', 14, 6, 1],
      ['Transmission filter kit', 45, 1, 0.7],
    ],
    texts: ['Transmission service, fluid and filter', 'Harsh shifting, transmission service'],
  },
  {
    type: 'AC repair',
    hours: 1.5,
    sigma: 0.4,
    parts: [
      ['AC refrigerant R134a', 35, 1, 0.9],
      ['Cabin air filter', 16.5, 1, 0.6],
      ['AC compressor', 420, 1, 0.12],
    ],
    texts: ['AC repair: blows warm air', 'AC not cooling, AC repair and regas'],
  },
  {
    type: 'Wheel alignment',
    hours: 1,
    sigma: 0.15,
    parts: [],
    texts: ['Wheel alignment, pulls to the left', 'Four-wheel alignment'],
  },
  {
    type: 'Suspension repair',
    hours: 2.25,
    sigma: 0.4,
    parts: [
      ['Stabiliser link, front', 32, 2, 0.6],
      ['Shock absorber, front', 95, 2, 0.4],
      ['Control arm, lower', 110, 1, 0.25],
    ],
    texts: ['Suspension repair: knocking over bumps', 'Front suspension repair, worn links'],
  },
  {
    type: 'Timing belt replacement',
    hours: 4,
    sigma: 0.2,
    parts: [
      ['Timing belt kit', 189, 1, 1],
      ['Water pump', 165, 1, 0.6],
    ],
    texts: ['Timing belt replacement due at 100,000 km', 'Timing belt and water pump replacement'],
  },
];
/** Make, model, how much longer its jobs take, whether its parts cost more. */
const MODELS: Array<[string, string, number, boolean]> = [
  ['Toyota', 'Corolla', 0.9, false],
  ['Toyota', 'Camry', 1, false],
  ['Toyota', 'Land Cruiser', 1.25, false],
  ['Honda', 'Civic', 0.9, false],
  ['Honda', 'Accord', 1, false],
  ['Nissan', 'Patrol', 1.25, false],
  ['Nissan', 'Altima', 1, false],
  ['Hyundai', 'Elantra', 0.9, false],
  ['Kia', 'Sportage', 1.05, false],
  ['Ford', 'F-150', 1.2, false],
  ['Ford', 'Focus', 0.95, false],
  ['Chevrolet', 'Tahoe', 1.25, false],
  ['Mazda', 'CX-5', 1.05, false],
  ['Volkswagen', 'Golf', 1, false],
  ['BMW', 'X5', 1.45, true],
  ['BMW', '320i', 1.3, true],
  ['Mercedes-Benz', 'C 200', 1.35, true],
  ['Mercedes-Benz', 'GLE', 1.5, true],
  ['Audi', 'A4', 1.3, true],
  ['Lexus', 'RX 350', 1.2, true],
  ['Land Rover', 'Range Rover', 1.6, true],
  ['Porsche', 'Cayenne', 1.6, true],
  ['Subaru', 'Outback', 1.05, false],
  ['Mitsubishi', 'Pajero', 1.15, false],
  ['Jeep', 'Wrangler', 1.2, false],
  ['Tesla', 'Model 3', 0.8, true],
  ['Volvo', 'XC90', 1.3, true],
  ['Peugeot', '3008', 1, false],
  ['Renault', 'Duster', 0.95, false],
  ['GMC', 'Yukon', 1.25, false],
];
/** How often each service comes in (oil changes most). */
const SERVICE_SHARE = [0.24, 0.14, 0.1, 0.08, 0.1, 0.05, 0.08, 0.08, 0.08, 0.05];

function pickService(): number {
  let r = random();
  for (let i = 0; i < SERVICE_SHARE.length; i++) {
    r -= SERVICE_SHARE[i];
    if (r <= 0) return i;
  }
  return 0;
}

type Workshop = {
  tenantId: number;
  inject: (method: string, url: string, body?: unknown) => Promise<{ statusCode: number; body: string }>;
};

async function openWorkshop(database: Database): Promise<Workshop & { close(): Promise<void> }> {
  const app = await buildApp({ database, sessionSecret: 'bench-secret-bench-secret-bench-secret!!', aiCallsPerMinute: 1_000_000_000 });
  await app.ready();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: 'bench', password: 'bench-password', email: 'bench@example.com', firstName: 'Bench', lastName: 'Owner' },
  });
  const cookie = `workbay_sid=${reg.cookies.find((c) => c.name === 'workbay_sid')!.value}`;
  return {
    tenantId: reg.json().tenantId,
    inject: async (method, url, body) => {
      const res = await app.inject({ method: method as 'GET', url, headers: { cookie }, ...(body ? { payload: body as object } : {}) });
      return { statusCode: res.statusCode, body: res.body };
    },
    close: () => app.close(),
  };
}

const values = (rows: unknown[][]) =>
  sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          r.map((v) => sql`${v}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

/** Customers, vehicles, the parts catalogue and the labour rate. */
async function generateWorkshop(database: Database, tenantId: number) {
  const db = database.db;
  await db.execute(sql`update tenants set labour_rate = ${LABOUR_RATE.toFixed(2)} where id = ${tenantId}`);
  await db.execute(sql`insert into customers (tenant_id, first_name, last_name, phone)
    select ${tenantId}, 'Customer', 'No. ' || g, '+1 555 ' || lpad(g::text, 7, '0') from generate_series(1, ${CUSTOMERS}) g`);
  const [{ firstCustomer }] = await queryRows<{ firstCustomer: number }>(
    db,
    sql`select min(id)::int as "firstCustomer" from customers where tenant_id = ${tenantId}`,
  );
  const vehicleRows = Array.from({ length: VEHICLES }, (_, i) => {
    const [make, model] = MODELS[i % MODELS.length];
    return [
      tenantId,
      firstCustomer + (i % CUSTOMERS),
      make,
      model,
      2010 + (i % 15),
      `BN-${String(i).padStart(5, '0')}`,
      20_000 + ((i * 37) % 150_000),
    ];
  });
  for (let i = 0; i < vehicleRows.length; i += 1000) {
    await db.execute(
      sql`insert into vehicles (tenant_id, customer_id, make, model, year, plate_number, mileage) values ${values(vehicleRows.slice(i, i + 1000))}`,
    );
  }
  const vehicles = await queryRows<{ id: number; customerId: number; make: string; model: string }>(
    db,
    sql`select id, customer_id as "customerId", make, model from vehicles where tenant_id = ${tenantId} order by id`,
  );
  const partNames = [...new Set(SERVICES.flatMap((s) => s.parts.map((p) => p[0])))];
  const partRows = partNames.map((name, i) => {
    const price = SERVICES.flatMap((s) => s.parts).find((p) => p[0] === name)![1];
    return [tenantId, name, `AI-${String(i).padStart(4, '0')}`, 'Bench', 'Bench', 10_000, 5, price.toFixed(2)];
  });
  await db.execute(
    sql`insert into spare_parts (tenant_id, name, sku, category, brand, stock_quantity, minimum_stock, unit_price) values ${values(partRows)}`,
  );
  const parts = new Map(
    (await queryRows<{ id: number; name: string }>(db, sql`select id, name from spare_parts where tenant_id = ${tenantId}`)).map((p) => [
      p.name,
      p.id,
    ]),
  );
  return { vehicles, parts };
}

type Truth = { id: number; service: number; vehicleId: number; hours: number; totalCents: number; text: string };

/**
 * Completed job cards with their lines, oldest first over three years: hours log-normal around
 * the service's typical hours times the model's factor, rates and prices rising 5% a year,
 * dearer parts for luxury makes.
 */
async function generateHistory(
  database: Database,
  tenantId: number,
  count: number,
  vehicles: Array<{ id: number; customerId: number; make: string; model: string }>,
  parts: Map<string, number>,
  firstNumber: number,
): Promise<Truth[]> {
  const db = database.db;
  const truth: Truth[] = [];
  const now = Date.now();
  const BATCH = 2000;
  for (let start = 0; start < count; start += BATCH) {
    const cards: Array<{
      row: unknown[];
      parts: Array<[number, number, string]>;
      labour: [string, string];
      service: number;
      vehicleId: number;
      text: string;
      totalCents: number;
      hours: number;
    }> = [];
    for (let k = start; k < Math.min(count, start + BATCH); k++) {
      const s = pickService();
      const service = SERVICES[s];
      const vi = Math.floor(random() * vehicles.length);
      const vehicle = vehicles[vi];
      const [, , factor, luxury] = MODELS[vi % MODELS.length];
      const age = YEARS * (1 - k / count) * 365;
      const inflation = 1 - 0.05 * (age / 365);
      const hours = Math.max(0.25, Math.round(service.hours * factor * Math.exp(service.sigma * normal()) * 4) / 4);
      const rate = Math.round(LABOUR_RATE * inflation * 100);
      const lines: Array<[number, number, string]> = [];
      let partsCents = 0;
      for (const [name, price, quantity, share] of service.parts) {
        if (random() >= share) continue;
        const unit = Math.round(price * (luxury ? 1.35 : 1) * inflation * 100);
        lines.push([parts.get(name)!, quantity, (unit / 100).toFixed(2)]);
        partsCents += unit * quantity;
      }
      const labourCents = Math.round(hours * rate);
      const completed = new Date(now - age * 24 * 3600 * 1000);
      const text = service.texts[Math.floor(random() * service.texts.length)];
      cards.push({
        row: [
          tenantId,
          vehicle.customerId,
          vehicle.id,
          `JC-${String(firstNumber + k).padStart(7, '0')}`,
          service.type,
          text,
          'completed',
          'medium',
          completed,
          completed,
          true,
        ],
        parts: lines,
        labour: [hours.toFixed(2), (rate / 100).toFixed(2)],
        service: s,
        vehicleId: vehicle.id,
        text,
        totalCents: labourCents + partsCents,
        hours,
      });
    }
    const ids = await queryRows<{ id: number }>(
      db,
      sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, description, status, priority, completed_date, updated_at, parts_consumed)
          values ${values(cards.map((c) => c.row))} returning id`,
    );
    const partLines = cards.flatMap((c, i) => c.parts.map(([partId, q, price]) => [tenantId, ids[i].id, partId, q, price]));
    if (partLines.length) {
      await db.execute(
        sql`insert into job_card_parts (tenant_id, job_card_id, spare_part_id, quantity, unit_price) values ${values(partLines)}`,
      );
    }
    await db.execute(
      sql`insert into job_card_labour (tenant_id, job_card_id, description, hours, rate) values ${values(
        cards.map((c, i) => [tenantId, ids[i].id, 'Labour', c.labour[0], c.labour[1]]),
      )}`,
    );
    cards.forEach((c, i) =>
      truth.push({ id: ids[i].id, service: c.service, vehicleId: c.vehicleId, hours: c.hours, totalCents: c.totalCents, text: c.text }),
    );
  }
  return truth;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ape = (estimate: number, actual: number) => Math.abs(estimate - actual) / actual;
const pct = (x: number) => Number((x * 100).toFixed(1));

/** Leave-one-out: a sample of cards, each estimated from the others; the baseline is the service type's median. */
async function leaveOneOut(database: Database, tenantId: number, truth: Truth[]) {
  const byService = new Map<number, Truth[]>();
  for (const t of truth) byService.set(t.service, [...(byService.get(t.service) ?? []), t]);
  const baseline = new Map(
    [...byService].map(([s, ts]) => [s, { total: median(ts.map((t) => t.totalCents)), hours: median(ts.map((t) => t.hours)) }]),
  );
  const sample: Truth[] = [];
  const step = truth.length / LOO_SAMPLE;
  for (let i = 0; i < LOO_SAMPLE; i++) sample.push(truth[Math.floor(i * step + step / 2)]);
  const errors = { total: [] as number[], hours: [] as number[], baselineTotal: [] as number[], baselineHours: [] as number[] };
  let fallbacks = 0;
  const started = Date.now();
  for (const card of sample) {
    const est = await computeEstimate(database.db, tenantId, { jobDescription: card.text, vehicleId: card.vehicleId }, card.id);
    if (est.data.fallback) fallbacks++;
    const b = baseline.get(card.service)!;
    errors.total.push(ape(est.labourCents + est.partsCents, card.totalCents));
    errors.hours.push(ape(est.hours, card.hours));
    errors.baselineTotal.push(ape(b.total, card.totalCents));
    errors.baselineHours.push(ape(b.hours, card.hours));
  }
  const result = {
    jobCards: truth.length,
    sample: sample.length,
    fallbacks,
    mdapeTotalCostPct: pct(median(errors.total)),
    baselineMdapeTotalCostPct: pct(median(errors.baselineTotal)),
    mdapeHoursPct: pct(median(errors.hours)),
    baselineMdapeHoursPct: pct(median(errors.baselineHours)),
    msPerEstimate: Number(((Date.now() - started) / sample.length).toFixed(1)),
  };
  return {
    ...result,
    beatsBaseline: result.mdapeTotalCostPct < result.baselineMdapeTotalCostPct && result.mdapeHoursPct < result.baselineMdapeHoursPct,
  };
}

/** Grows the workshop to `total` job cards in SQL (the same services, models and kinds of lines). */
async function growTo(database: Database, tenantId: number, total: number, from: number) {
  const db = database.db;
  const types = sql.raw(`array[${SERVICES.map((s) => `'${s.type}'`).join(',')}]`);
  const texts = sql.raw(`array[${SERVICES.map((s) => `'${s.texts[0].replace(/'/g, "''")}'`).join(',')}]`);
  const [{ firstVehicle }] = await queryRows<{ firstVehicle: number }>(
    db,
    sql`select min(id)::int as "firstVehicle" from vehicles where tenant_id = ${tenantId}`,
  );
  const [{ firstPart, partCount }] = await queryRows<{ firstPart: number; partCount: number }>(
    db,
    sql`select min(id)::int as "firstPart", count(*)::int as "partCount" from spare_parts where tenant_id = ${tenantId}`,
  );
  const CHUNK = 100_000;
  for (let start = from; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK);
    // Older than the evaluation history: three to ten years ago.
    await db.execute(sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, description, status, priority, completed_date, updated_at, parts_consumed)
      select ${tenantId}, v.customer_id, v.id, 'JC-' || lpad(g::text, 7, '0'), (${types})[1 + g % 10], (${texts})[1 + g % 10],
        case when (g / 10) % 10 < 8 then 'completed' else 'pending' end, 'medium',
        now() - ((3 * 365 + (g % 2555)) || ' days')::interval, now() - ((3 * 365 + (g % 2555)) || ' days')::interval, (g / 10) % 10 < 8
      from generate_series(${start + 1}::int, ${end}::int) g
      join vehicles v on v.tenant_id = ${tenantId} and v.id = ${firstVehicle} + ((g::int8 * 7919) % ${VEHICLES})::int`);
    await db.execute(sql`insert into job_card_labour (tenant_id, job_card_id, description, hours, rate)
      select tenant_id, id, 'Labour', (0.5 + (id % 16) * 0.25)::numeric(6,2), 72.00 from job_cards
      where tenant_id = ${tenantId} and job_number > ${'JC-' + String(start).padStart(7, '0')} and job_number <= ${'JC-' + String(end).padStart(7, '0')}`);
    await db.execute(sql`insert into job_card_parts (tenant_id, job_card_id, spare_part_id, quantity, unit_price)
      select tenant_id, id, ${firstPart} + (id % ${partCount}), 1 + id % 3, (10 + id % 150)::numeric(10,2) from job_cards
      where tenant_id = ${tenantId} and job_number > ${'JC-' + String(start).padStart(7, '0')} and job_number <= ${'JC-' + String(end).padStart(7, '0')}
        and id % 5 <> 0`);
  }
  await db.execute(sql`analyze`);
}

/** p50/p95/p99 of estimate-job and recommend-parts over HTTP. */
async function measureLatency(ws: Workshop, vehicleIds: number[], n: number) {
  let i = 0;
  const nextVehicle = () => vehicleIds[i++ % vehicleIds.length];
  const post = async (path: string, body: unknown) => {
    const res = await ws.inject('POST', `/api/tenants/${ws.tenantId}/ai/${path}`, body);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  };
  const latencyAt1M: Record<string, Figures> = {
    'estimate-job (vehicle id)': await measure(n, () =>
      post('estimate-job', { jobDescription: SERVICES[i % SERVICES.length].texts[0], vehicleId: nextVehicle() }),
    ),
    'estimate-job (free text, plural words)': await measure(n, () =>
      post('estimate-job', { jobDescription: 'Squealing brakes and worn pads', vehicleDetails: '2019 Toyota Corolla' }),
    ),
    'estimate-job (no history: fallback)': await measure(n, () =>
      post('estimate-job', { jobDescription: 'Paint the bonnet, polish', vehicleDetails: '2019 Toyota Corolla' }),
    ),
    'recommend-parts': await measure(n, () => {
      const [make, model] = MODELS[i++ % MODELS.length];
      return post('recommend-parts', { serviceType: SERVICES[i % SERVICES.length].type, vehicleMake: make, vehicleModel: model });
    }),
  };
  return latencyAt1M;
}

export async function run() {
  const { database } = await benchDatabase('workbay_bench_ai');
  const ws = await openWorkshop(database);
  try {
    let started = Date.now();
    const { vehicles, parts } = await generateWorkshop(database, ws.tenantId);
    const truth = await generateHistory(database, ws.tenantId, EVAL_JOB_CARDS, vehicles, parts, TOTAL_JOB_CARDS - EVAL_JOB_CARDS + 1);
    await database.db.execute(sql`analyze`);
    const generatedEvalInMs = Date.now() - started;
    const evaluation = await leaveOneOut(database, ws.tenantId, truth);
    console.error('leave-one-out:', JSON.stringify(evaluation));
    started = Date.now();
    await growTo(database, ws.tenantId, TOTAL_JOB_CARDS - EVAL_JOB_CARDS, 0);
    const grownInMs = Date.now() - started;
    const [{ jobCards, partLines, labourLines }] = await queryRows<{ jobCards: number; partLines: number; labourLines: number }>(
      database.db,
      sql`select (select count(*)::int from job_cards where tenant_id = ${ws.tenantId}) as "jobCards",
            (select count(*)::int from job_card_parts where tenant_id = ${ws.tenantId}) as "partLines",
            (select count(*)::int from job_card_labour where tenant_id = ${ws.tenantId}) as "labourLines"`,
    );
    const latencyAt1M = await measureLatency(
      ws,
      vehicles.map((v) => v.id),
      200,
    );
    return {
      scenario: 'ai-estimate',
      database: 'postgres',
      generatedEvalInMs,
      grownInMs,
      sizes: { jobCards, partLines, labourLines, vehicles: VEHICLES },
      estimationLeaveOneOut: evaluation,
      latencyAt1M,
    };
  } finally {
    await ws.close();
    await database.close();
  }
}
