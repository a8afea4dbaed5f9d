import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { lastDays, periodOf } from '../../../core/rules/chat-entities.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

/**
 * The offline chat's evaluation: every question of chat-eval-set.json asked of a seeded
 * workshop, its expected answer computed from that workshop's records at run time through the
 * app's own list calls (and SQL for payments, which no list sums), then compared with what the
 * chat said: the right tool and every expected figure or name in the answer. Used by
 * chat-eval.test.ts and the AI bench, which print the figure.
 */

type Res = { statusCode: number; json(): unknown; headers: Record<string, unknown> };
/** An admin's client of the seeded workshop (HTTP through app.inject or a real server). */
export type EvalClient = { get(url: string): Promise<Res>; post(url: string, body: unknown): Promise<Res> };
type Answer = { response: string; tool: string | null };
type Question = { lang: 'en' | 'ar'; question: string; check: string };
type Expected = { tool: string | null; contains: string[]; firstLineOf?: string[] };

export type EvalResult = {
  total: number;
  correct: number;
  byLanguage: Record<'en' | 'ar', { total: number; correct: number }>;
  failures: Array<{ question: string; expected: Expected; got: Answer }>;
};

export const CHAT_EVAL_QUESTIONS = (
  JSON.parse(readFileSync(new URL('./chat-eval-set.json', import.meta.url), 'utf8')) as { questions: Question[] }
).questions;

const cents = (s: string | number) => Math.round(Number(s) * 100);
const amount = (c: number) => (c / 100).toFixed(2);
/** Thousands separators out, so "1,819.02" and "1819.02" compare equal. */
const plain = (s: string) => s.replace(/(\d),(?=\d{3}\b)/g, '$1');

type JobCard = {
  id: number;
  jobNumber: string;
  status: string;
  scheduledDate: string | null;
  assignedTo: number | null;
  vehicleId: number;
};
type Invoice = { invoiceNumber: string; status: string; balanceAmount: string };
type Customer = { firstName: string; lastName: string; phone: string };
type Vehicle = { id: number; plateNumber: string; vin: string | null; customer: Customer };
type Technician = { id: number; firstName: string; lastName: string; _count: { activeTasks: number } };

async function json<T>(client: EvalClient, url: string): Promise<T> {
  const res = await client.get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res.json() as T;
}
async function total(client: EvalClient, url: string): Promise<number> {
  const res = await client.get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return Number(res.headers['x-total-count']);
}

/** The records the questions name and every expected answer, from the workshop as it is now. */
async function expectations(client: EvalClient, db: Db, tenantId: number) {
  const base = `/api/tenants/${tenantId}`;
  const clock = await workshopClock(db, tenantId);
  const today = clock.today;
  const open = [
    ...(await json<JobCard[]>(client, `${base}/job-cards?status=pending&limit=500`)),
    ...(await json<JobCard[]>(client, `${base}/job-cards?status=in_progress&limit=500`)),
  ];
  const startOfToday = clock.at(today).getTime();
  const overdueCards = open.filter((j) => j.scheduledDate !== null && Date.parse(j.scheduledDate) < startOfToday).length;
  const job = open.find((j) => j.status === 'in_progress') ?? open[0];

  const invoices = await json<Invoice[]>(client, `${base}/invoices?limit=500`);
  const overdue = invoices.filter((i) => i.status === 'overdue');
  const owing = invoices.filter((i) => ['draft', 'sent', 'partially_paid', 'overdue'].includes(i.status) && cents(i.balanceAmount) > 0);
  const invoice = invoices.find((i) => i.status === 'partially_paid') ?? invoices.find((i) => i.status === 'sent') ?? invoices[0];

  const [latin] = await json<Customer[]>(client, `${base}/customers?q=Layla`);
  const [arabic] = await json<Customer[]>(client, `${base}/customers?q=${encodeURIComponent('العتيبي')}`);
  const [completed] = await json<JobCard[]>(client, `${base}/job-cards?status=completed&limit=1`);
  const vehicle = await json<Vehicle>(client, `/api/vehicles/${completed.vehicleId}`);
  const history = await json<Array<{ serviceDate: string }>>(client, `/api/vehicles/${vehicle.id}/service-history`);
  const withVin = (await json<Vehicle[]>(client, `${base}/vehicles?limit=100`)).find((v) => v.vin)!;

  const events = async (from: string, days: number) =>
    (await json<{ events: Array<{ kind: string }> }>(client, `/api/schedule?from=${from}&days=${days}&limit=200`)).events.filter(
      (e) => e.kind !== 'shift',
    ).length;
  const week = periodOf('this_week', today);
  const tomorrow = periodOf('tomorrow', today);
  const nextWeek = periodOf('next_week', today);

  const technicians = await json<Technician[]>(client, `/api/technicians?status=active&limit=500`);
  const loads = technicians.map((t) => ({
    name: `${t.firstName} ${t.lastName}`,
    active: t._count.activeTasks,
    load: t._count.activeTasks + open.filter((j) => j.assignedTo === t.id).length,
  }));
  const most = Math.max(...loads.map((l) => l.load));
  const busy = loads.find((l) => l.active > 0) ?? loads[0];

  const received = async (key: 'this_month' | 'last_month' | 'this_year' | 'last_30_days') => {
    const p = key === 'last_30_days' ? lastDays(30, today) : periodOf(key, today);
    const [row] = await queryRows<{ c: string }>(
      db,
      sql`select coalesce(sum(amount * 100), 0)::bigint::text as c from payments
          where tenant_id = ${tenantId} and status = 'completed' and payment_date between ${p.from}::date and (${p.to}::date - 1)`,
    );
    return amount(Number(row.c));
  };

  const name = (c: Customer) => `${c.firstName} ${c.lastName}`;
  const values = {
    job: job.jobNumber,
    invoice: invoice.invoiceNumber,
    customer: name(latin),
    customerAr: name(arabic),
    phone: latin.phone,
    plate: vehicle.plateNumber,
    vin: withVin.vin!,
    technician: busy.name,
  };
  const checks: Record<string, (lang: 'en' | 'ar') => Expected> = {
    openJobCards: () => ({ tool: 'open_job_cards', contains: [String(open.length)] }),
    overdueJobCards: () => ({ tool: 'overdue_job_cards', contains: overdueCards ? [String(overdueCards)] : [] }),
    jobStatus: (lang) => ({
      tool: 'job_card_status',
      contains: [
        job.jobNumber,
        lang === 'ar' ? (job.status === 'in_progress' ? 'قيد التنفيذ' : 'قيد الانتظار') : job.status.replace('_', ' '),
      ],
    }),
    overdueInvoices: () => ({
      tool: 'overdue_invoices',
      contains: overdue.length ? [String(overdue.length), amount(overdue.reduce((s, i) => s + cents(i.balanceAmount), 0))] : [],
    }),
    owed: () => ({ tool: 'amounts_owed', contains: [String(owing.length), amount(owing.reduce((s, i) => s + cents(i.balanceAmount), 0))] }),
    lowStock: () => ({ tool: 'low_stock', contains: [] }),
    customerByName: () => ({ tool: 'find_customer', contains: [latin.phone] }),
    customerByNameAr: () => ({ tool: 'find_customer', contains: [arabic.phone] }),
    customerByPhone: () => ({ tool: 'find_customer', contains: [name(latin)] }),
    vehicleOwner: () => ({ tool: 'find_vehicle', contains: [name(vehicle.customer)] }),
    vehicleOwnerVin: () => ({ tool: 'find_vehicle', contains: [name(withVin.customer)] }),
    vehicleDue: () => ({ tool: 'vehicle_due', contains: [vehicle.plateNumber] }),
    lastService: () => ({ tool: 'vehicle_history', contains: [history[0]?.serviceDate ?? 'no service history'] }),
    scheduleToday: () => ({ tool: 'schedule', contains: [today] }),
    scheduleWeek: () => ({ tool: 'schedule', contains: [week.from] }),
    busiest: () => ({ tool: 'technician_load', contains: [], firstLineOf: loads.filter((l) => l.load === most).map((l) => l.name) }),
    technicianLoad: () => ({ tool: 'technician_load', contains: [busy.name, String(busy.active)] }),
    revenueThisMonth: () => ({ tool: 'revenue', contains: [] }),
    revenueLastMonth: () => ({ tool: 'revenue', contains: [] }),
    revenueThisYear: () => ({ tool: 'revenue', contains: [] }),
    invoiceStatus: () => ({ tool: 'invoice_status', contains: [invoice.invoiceNumber, amount(cents(invoice.balanceAmount))] }),
    cannot: (lang) => ({ tool: null, contains: [lang === 'ar' ? 'لا أستطيع الإجابة عن ذلك بعد' : "I can't answer that yet"] }),
    help: () => ({ tool: null, contains: [] }),
  };
  // Figures that need a query of their own are read once.
  const lowStock = await total(client, `${base}/spare-parts/low-stock?limit=1`);
  const [todayEvents, weekEvents] = [await events(today, 1), await events(week.from, 7)];
  const [tomorrowEvents, nextWeekEvents] = [await events(tomorrow.from, 1), await events(nextWeek.from, 7)];
  const revenue = {
    revenueThisMonth: await received('this_month'),
    revenueLastMonth: await received('last_month'),
    revenueThisYear: await received('this_year'),
    revenueLast30Days: await received('last_30_days'),
  };
  const withFigures: Record<string, (lang: 'en' | 'ar') => Expected> = {
    ...checks,
    lowStock: () => ({ tool: 'low_stock', contains: [String(lowStock)] }),
    scheduleToday: () => ({ tool: 'schedule', contains: todayEvents ? [String(todayEvents), today] : [] }),
    scheduleWeek: () => ({ tool: 'schedule', contains: weekEvents ? [String(weekEvents), week.from] : [] }),
    revenueThisMonth: () => ({ tool: 'revenue', contains: [revenue.revenueThisMonth] }),
    revenueLastMonth: () => ({ tool: 'revenue', contains: [revenue.revenueLastMonth] }),
    revenueThisYear: () => ({ tool: 'revenue', contains: [revenue.revenueThisYear] }),
    revenueLast30Days: () => ({ tool: 'revenue', contains: [revenue.revenueLast30Days] }),
    scheduleTomorrow: () => ({ tool: 'schedule', contains: tomorrowEvents ? [String(tomorrowEvents), tomorrow.from] : [] }),
    scheduleNextWeek: () => ({ tool: 'schedule', contains: nextWeekEvents ? [String(nextWeekEvents), nextWeek.from] : [] }),
  };
  return { values, checks: withFigures };
}

/** Whether an answer is the expected one. */
function isCorrect(expected: Expected, got: Answer): boolean {
  if (got.tool !== expected.tool) return false;
  const text = plain(got.response);
  if (!expected.contains.every((s) => text.includes(plain(s)))) return false;
  if (expected.firstLineOf) {
    const first = got.response.split('\n')[1] ?? '';
    if (!expected.firstLineOf.some((n) => first.startsWith(`- ${n}:`))) return false;
  }
  return true;
}

/** Asks every question of the set (as the client's user) and scores the answers. */
export async function runChatEval(client: EvalClient, db: Db, tenantId: number, questions = CHAT_EVAL_QUESTIONS): Promise<EvalResult> {
  const { values, checks } = await expectations(client, db, tenantId);
  const result: EvalResult = {
    total: 0,
    correct: 0,
    byLanguage: { en: { total: 0, correct: 0 }, ar: { total: 0, correct: 0 } },
    failures: [],
  };
  for (const q of questions) {
    const question = q.question.replace(/\{(\w+)\}/g, (_, k: keyof typeof values) => values[k]);
    const res = await client.post(`/api/tenants/${tenantId}/ai/chat`, { message: question });
    const got = (res.statusCode === 200 ? res.json() : { response: `HTTP ${res.statusCode}`, tool: 'error' }) as Answer;
    const expected = checks[q.check](q.lang);
    const ok = isCorrect(expected, got);
    result.total++;
    result.byLanguage[q.lang].total++;
    if (ok) {
      result.correct++;
      result.byLanguage[q.lang].correct++;
    } else result.failures.push({ question, expected, got });
  }
  return result;
}
