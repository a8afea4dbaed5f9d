import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { hasPermission } from '../../../core/permissions.ts';
import type { Citation } from '../../../core/contracts/ai.ts';
import type { Vehicle } from '../../../core/contracts/vehicles.ts';
import type { Customer } from '../../../core/contracts/customers.ts';
import { PERIOD_KEYS, periodOf, type ChatLanguage, type Period } from '../../../core/rules/chat-entities.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import type { WorkshopClock } from '../tenants/workshop-clock.ts';
import { listCustomers } from '../customers/customers.service.ts';
import { listVehicles, serviceHistory } from '../vehicles/vehicles.service.ts';
import { listSchedules } from '../maintenance/maintenance.service.ts';
import { listSpareParts } from '../spare-parts/spare-parts.service.ts';
import { listTechnicians } from '../technicians/technicians.service.ts';
import { scheduleOf } from '../schedule/schedule.service.ts';
import { listFor as listJobCards } from '../job-cards/job-cards.service.ts';
import { listInvoices } from '../billing/invoices.service.ts';
import * as repo from './chat-tools.repository.ts';

/**
 * The chat's read-only tools. Each runs as the asking user inside their workshop (every read
 * takes the actor's workshop id), answers in the question's language with the records it used,
 * and never changes anything. Billing figures (amounts owed, revenue, invoices) are refused to
 * technicians here, whoever asks the tool to run: the offline engine or a model server. Whatever
 * a stored note, a customer's name or the question says, a tool reads only what its arguments
 * (validated below) name, in the asker's workshop.
 */

export type ToolContext = { db: Db; actor: PublicUser; language: ChatLanguage; clock: WorkshopClock };
export type ToolResult = { text: string; citations: Citation[] };

type Tool<S extends z.ZodType> = {
  description: string;
  args: S;
  billing?: boolean;
  run(ctx: ToolContext, args: z.output<S>): Promise<ToolResult>;
};
const tool = <S extends z.ZodType>(t: Tool<S>) => t;

/** English or Arabic, as the question was asked. */
const say = (ctx: ToolContext, en: string, ar: string) => (ctx.language === 'ar' ? ar : en);

/** 1234.5 → "1,234.50" (Western digits in both languages, as the app shows amounts). */
export function money(amount: string | number): string {
  return Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
const km = (n: number) => n.toLocaleString('en-US');
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const vehicleLabel = (v: Pick<Vehicle, 'make' | 'model' | 'year' | 'plateNumber'>) => `${v.year} ${v.make} ${v.model} (${v.plateNumber})`;
const list = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

const STATUS_AR: Record<string, string> = {
  pending: 'قيد الانتظار',
  in_progress: 'قيد التنفيذ',
  completed: 'مكتملة',
  cancelled: 'ملغاة',
  draft: 'مسودة',
  sent: 'مرسلة',
  paid: 'مدفوعة',
  partially_paid: 'مدفوعة جزئيا',
  overdue: 'متأخرة',
};
const status = (ctx: ToolContext, s: string) => say(ctx, s.replace('_', ' '), STATUS_AR[s] ?? s);

const PERIOD_NAMES: Record<string, [string, string]> = {
  today: ['today', 'اليوم'],
  tomorrow: ['tomorrow', 'غدا'],
  yesterday: ['yesterday', 'أمس'],
  this_week: ['this week', 'هذا الأسبوع'],
  next_week: ['next week', 'الأسبوع القادم'],
  last_week: ['last week', 'الأسبوع الماضي'],
  this_month: ['this month', 'هذا الشهر'],
  last_month: ['last month', 'الشهر الماضي'],
  next_month: ['next month', 'الشهر القادم'],
  this_year: ['this year', 'هذا العام'],
  last_year: ['last year', 'العام الماضي'],
};
function periodName(ctx: ToolContext, p: Period): string {
  const named = PERIOD_NAMES[p.key];
  const span = `${p.from} – ${addDays(p.to, -1)}`;
  if (named) return `${say(ctx, named[0], named[1])} (${p.from === addDays(p.to, -1) ? p.from : span})`;
  const days = /^last_(\d+)_days$/.exec(p.key);
  if (days) return `${say(ctx, `the last ${days[1]} days`, `آخر ${days[1]} يوما`)} (${span})`;
  return span;
}

/** A period as a tool's argument: a named one, or from/to days (to exclusive). */
const periodArgs = z.object({
  period: z.enum(PERIOD_KEYS).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
function periodFrom(ctx: ToolContext, a: z.output<typeof periodArgs>, fallback: (typeof PERIOD_KEYS)[number]): Period {
  if (a.from && a.to && a.from < a.to) return { key: `${a.from}_${a.to}`, from: a.from, to: a.to };
  return periodOf(a.period ?? fallback, ctx.clock.today);
}

const textArg = (description: string) => z.string().trim().min(1).max(100).describe(description);

// ---- Finding a customer or a vehicle ----------------------------------------------------------

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Customers matching a name, e-mail or phone (a phone matched on its digits, whatever its spacing). */
async function findCustomers(ctx: ToolContext, query: string): Promise<Customer[]> {
  const digits = digitsOf(query);
  if (digits.length >= 7 && digits.length >= query.replace(/[\s+()-]/g, '').length - 1) {
    const tail = digits.slice(-7);
    const { rows } = await listCustomers(ctx.db, ctx.actor.tenantId, { q: digits.slice(-4), limit: 50, offset: 0 });
    return rows.filter((c) => digitsOf(c.phone).endsWith(tail));
  }
  const { rows } = await listCustomers(ctx.db, ctx.actor.tenantId, { q: query, limit: 5, offset: 0 });
  return rows;
}

const compact = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** Vehicles matching a plate, VIN, make and model or owner's name; an exact plate or VIN alone when there is one. */
async function findVehicles(ctx: ToolContext, query: string): Promise<Vehicle[]> {
  let { rows } = await listVehicles(ctx.db, ctx.actor.tenantId, { q: query, limit: 10, offset: 0 });
  if (rows.length === 0 && /\s/.test(query)) {
    // "DXB A 12345" typed as "DXB 12345": the longest word still finds it.
    const longest = query.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    if (longest.length >= 3) rows = (await listVehicles(ctx.db, ctx.actor.tenantId, { q: longest, limit: 20, offset: 0 })).rows;
    const wanted = compact(query);
    rows = rows.filter((v) => compact(v.plateNumber).includes(wanted) || wanted.includes(compact(v.plateNumber)));
  }
  const exact = rows.filter((v) => compact(v.plateNumber) === compact(query) || (v.vin ?? '').toUpperCase() === query.toUpperCase());
  return exact.length ? exact : rows;
}

const vehicleCitation = (v: Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber'>): Citation => ({
  kind: 'vehicle',
  id: v.id,
  label: `${v.make} ${v.model} ${v.plateNumber}`,
});
const customerCitation = (c: { id: number; firstName: string; lastName: string }): Citation => ({
  kind: 'customer',
  id: c.id,
  label: fullName(c),
});

/** One vehicle for a question about it, or the answer that says there is none or several. */
async function oneVehicle(ctx: ToolContext, query: string | undefined, id?: number): Promise<Vehicle | ToolResult> {
  if (id !== undefined || !query) {
    const [v] = id === undefined ? [] : (await listVehicles(ctx.db, ctx.actor.tenantId, { ids: [id], limit: 1, offset: 0 })).rows;
    return v ?? { text: say(ctx, 'There is no such vehicle.', 'لا توجد مثل هذه المركبة.'), citations: [] };
  }
  const found = await findVehicles(ctx, query);
  if (found.length === 1) return found[0];
  if (found.length === 0) return { text: say(ctx, `No vehicle matches "${query}".`, `لا توجد مركبة تطابق "${query}".`), citations: [] };
  return {
    text: `${say(ctx, `Several vehicles match "${query}"; which one?`, `عدة مركبات تطابق "${query}"، أيها تقصد؟`)}\n${list(found.slice(0, 5).map(vehicleLabel))}`,
    citations: found.slice(0, 5).map(vehicleCitation),
  };
}

/** A vehicle named by plate, VIN or make and model, or by its id (a vehicle an earlier answer cited). */
const vehicleArgs = z
  .object({
    vehicle: textArg('The plate, VIN or make and model').optional(),
    vehicleId: z.number().int().positive().optional().describe('The id of a vehicle cited earlier'),
  })
  .refine((a) => a.vehicle !== undefined || a.vehicleId !== undefined, { message: 'Name a vehicle' });

// ---- The tools ------------------------------------------------------------------------------

export const CHAT_TOOLS = {
  find_customer: tool({
    description: 'Find a customer of the workshop by name, e-mail or phone number; lists their vehicles.',
    args: z.object({ query: textArg('A name, e-mail or phone number') }),
    async run(ctx, { query }) {
      const found = await findCustomers(ctx, query);
      if (found.length === 0) return { text: say(ctx, `No customer matches "${query}".`, `لا يوجد عميل يطابق "${query}".`), citations: [] };
      const shown = found.slice(0, 5);
      const citations: Citation[] = shown.map(customerCitation);
      const lines: string[] = [];
      const vehicles = await repo.vehiclesOfCustomers(
        ctx.db,
        ctx.actor.tenantId,
        shown.map((c) => c.id),
        5,
      );
      for (const c of shown) {
        const cars = vehicles.filter((v) => v.customerId === c.id);
        citations.push(...cars.map(vehicleCitation));
        const carText = cars.length ? cars.map(vehicleLabel).join(', ') : say(ctx, 'no vehicles', 'لا مركبات');
        lines.push(`${fullName(c)}, ${c.phone}${c.email ? `, ${c.email}` : ''}${c.city ? `, ${c.city}` : ''}: ${carText}`);
      }
      const head =
        found.length === 1
          ? say(ctx, 'Found 1 customer:', 'تم العثور على عميل واحد:')
          : say(ctx, `Found ${found.length} customers:`, `تم العثور على ${found.length} عملاء:`);
      return { text: `${head}\n${list(lines)}`, citations };
    },
  }),

  find_vehicle: tool({
    description: "Find a vehicle by number plate, VIN, make and model, or its owner's name; says whose it is.",
    args: z.object({ query: textArg('A plate, VIN, make and model, or owner name') }),
    async run(ctx, { query }) {
      const found = await findVehicles(ctx, query);
      if (found.length === 0) return { text: say(ctx, `No vehicle matches "${query}".`, `لا توجد مركبة تطابق "${query}".`), citations: [] };
      const shown = found.slice(0, 5);
      const lines = shown.map(
        (v) =>
          `${vehicleLabel(v)}${v.vin ? `, VIN ${v.vin}` : ''}${v.mileage !== null ? `, ${km(v.mileage)} km` : ''}: ${say(ctx, 'owner', 'المالك')} ${fullName(v.customer)}, ${v.customer.phone}`,
      );
      const head =
        found.length === 1
          ? say(ctx, 'Found 1 vehicle:', 'تم العثور على مركبة واحدة:')
          : say(ctx, `Found ${found.length} vehicles:`, `تم العثور على ${found.length} مركبات:`);
      return {
        text: `${head}\n${list(lines)}`,
        citations: shown.flatMap((v) => [vehicleCitation(v), customerCitation(v.customer)]),
      };
    },
  }),

  vehicle_history: tool({
    description: "A vehicle's service history (newest first), by plate, VIN or make and model.",
    args: vehicleArgs,
    async run(ctx, { vehicle: query, vehicleId }) {
      const v = await oneVehicle(ctx, query, vehicleId);
      if ('text' in v) return v;
      const { rows, total } = await serviceHistory(ctx.db, ctx.actor.tenantId, v.id, { limit: 5, offset: 0 });
      if (total === 0)
        return {
          text: say(ctx, `${vehicleLabel(v)} has no service history yet.`, `لا يوجد سجل صيانة للمركبة ${vehicleLabel(v)} بعد.`),
          citations: [vehicleCitation(v)],
        };
      const lines = rows.map(
        (h) =>
          `${h.serviceDate}: ${h.serviceType}${h.mileageAtService !== null ? `, ${km(h.mileageAtService)} km` : ''}${h.jobNumber ? ` (${h.jobNumber})` : ''}`,
      );
      const head = say(
        ctx,
        `${vehicleLabel(v)} has ${total} service record${total === 1 ? '' : 's'}; last serviced ${rows[0].serviceDate}:`,
        `للمركبة ${vehicleLabel(v)} ${total} سجل خدمة، آخر خدمة في ${rows[0].serviceDate}:`,
      );
      return {
        text: `${head}\n${list(lines)}`,
        citations: [
          vehicleCitation(v),
          ...rows
            .filter((h) => h.jobCardId && h.jobNumber)
            .map((h) => ({ kind: 'job_card' as const, id: h.jobCardId!, label: h.jobNumber! })),
        ],
      };
    },
  }),

  vehicle_due: tool({
    description:
      "What maintenance is due on a vehicle (its maintenance schedules' next due date and mileage), by plate, VIN or make and model.",
    args: vehicleArgs,
    async run(ctx, { vehicle: query, vehicleId }) {
      const v = await oneVehicle(ctx, query, vehicleId);
      if ('text' in v) return v;
      const schedules = (await listSchedules(ctx.db, ctx.actor.tenantId, v.id)).filter((s) => s.isActive);
      if (schedules.length === 0)
        return {
          text: say(
            ctx,
            `${vehicleLabel(v)} has no maintenance schedule, so nothing is due by schedule. The Predictive maintenance tab can forecast from its history.`,
            `لا يوجد جدول صيانة للمركبة ${vehicleLabel(v)}، فلا شيء مستحق حسب الجدول. يمكن لتبويب الصيانة التنبؤية التوقع من سجلها.`,
          ),
          citations: [vehicleCitation(v)],
        };
      const today = ctx.clock.today;
      const sorted = [...schedules].sort((a, b) =>
        (a.forecastDueDate ?? a.nextDueDate ?? '9').localeCompare(b.forecastDueDate ?? b.nextDueDate ?? '9'),
      );
      const lines = sorted.map((s) => {
        const date = s.dueBy === 'mileage' ? s.forecastDueDate : s.nextDueDate;
        const overdue =
          (s.nextDueDate !== null && s.nextDueDate < today) || (s.nextDueMileage !== null && (v.mileage ?? 0) >= s.nextDueMileage);
        const when = [s.nextDueDate, s.nextDueMileage !== null ? `${km(s.nextDueMileage)} km` : null]
          .filter(Boolean)
          .join(say(ctx, ' or ', ' أو '));
        const flag = overdue ? say(ctx, 'OVERDUE', 'متأخرة') : date ? say(ctx, `due ~${date}`, `مستحقة ~${date}`) : '';
        return `${s.serviceName}: ${when}${flag ? ` (${flag})` : ''}`;
      });
      return {
        text: `${say(ctx, `What is due on ${vehicleLabel(v)}:`, `المستحق على ${vehicleLabel(v)}:`)}\n${list(lines)}`,
        citations: [vehicleCitation(v), ...sorted.map((s) => ({ kind: 'maintenance_schedule' as const, id: s.id, label: s.serviceName }))],
      };
    },
  }),

  open_job_cards: tool({
    description: 'Open job cards (pending or in progress): how many, and the newest.',
    args: z.object({}),
    async run(ctx) {
      const { rows, total } = await repo.openJobCards(ctx.db, ctx.actor.tenantId, { limit: 10 });
      if (total === 0) return { text: say(ctx, 'There are no open job cards.', 'لا توجد بطاقات عمل مفتوحة.'), citations: [] };
      const lines = rows.map((j) => `${j.jobNumber}: ${j.serviceType}, ${j.customerName}, ${j.plateNumber} (${status(ctx, j.status)})`);
      return {
        text: `${say(ctx, `There are ${total} open job cards${total > rows.length ? `; the newest ${rows.length}` : ''}:`, `توجد ${total} بطاقة عمل مفتوحة${total > rows.length ? `، أحدث ${rows.length} منها` : ''}:`)}\n${list(lines)}`,
        citations: rows.map((j) => ({ kind: 'job_card' as const, id: j.id, label: j.jobNumber })),
      };
    },
  }),

  overdue_job_cards: tool({
    description: 'Open job cards scheduled before today (late), newest first.',
    args: z.object({}),
    async run(ctx) {
      const { rows, total } = await repo.openJobCards(ctx.db, ctx.actor.tenantId, {
        scheduledBefore: ctx.clock.at(ctx.clock.today),
        limit: 10,
      });
      if (total === 0) return { text: say(ctx, 'No job cards are overdue.', 'لا توجد بطاقات عمل متأخرة.'), citations: [] };
      const lines = rows.map(
        (j) =>
          `${j.jobNumber}: ${j.serviceType}, ${j.customerName}, ${say(ctx, 'scheduled', 'مجدولة في')} ${ctx.clock.dayOf(new Date(j.scheduledDate!))} (${status(ctx, j.status)})`,
      );
      return {
        text: `${
          total > repo.COUNT_CAP
            ? say(
                ctx,
                `More than ${km(repo.COUNT_CAP)} job cards are overdue; the newest:`,
                `أكثر من ${km(repo.COUNT_CAP)} بطاقة عمل متأخرة، أحدثها:`,
              )
            : say(ctx, `${total} job card${total === 1 ? ' is' : 's are'} overdue:`, `${total} بطاقة عمل متأخرة:`)
        }\n${list(lines)}`,
        citations: rows.map((j) => ({ kind: 'job_card' as const, id: j.id, label: j.jobNumber })),
      };
    },
  }),

  job_card_status: tool({
    description: 'The status of one job card by its number (JC-000123).',
    args: z.object({ jobNumber: z.string().regex(/^JC-\d{6}$/i) }),
    async run(ctx, { jobNumber }) {
      const number = jobNumber.toUpperCase();
      const { rows } = await listJobCards(ctx.db, ctx.actor, { q: number, limit: 5, offset: 0 });
      const j = rows.find((r) => r.jobNumber === number);
      if (!j) return { text: say(ctx, `There is no job card ${number}.`, `لا توجد بطاقة عمل ${number}.`), citations: [] };
      const tech = j.technician ? fullName(j.technician) : say(ctx, 'nobody yet', 'لا أحد بعد');
      return {
        text: say(
          ctx,
          `${j.jobNumber} (${j.serviceType}) for ${fullName(j.customer)}, ${j.vehicle.make} ${j.vehicle.model} ${j.vehicle.plateNumber}: ${status(ctx, j.status)}, assigned to ${tech}.`,
          `${j.jobNumber} (${j.serviceType}) للعميل ${fullName(j.customer)}، ${j.vehicle.make} ${j.vehicle.model} ${j.vehicle.plateNumber}: ${status(ctx, j.status)}، مسندة إلى ${tech}.`,
        ),
        citations: [
          { kind: 'job_card', id: j.id, label: j.jobNumber },
          customerCitation(j.customer),
          { kind: 'vehicle', id: j.vehicle.id, label: `${j.vehicle.make} ${j.vehicle.model} ${j.vehicle.plateNumber}` },
        ],
      };
    },
  }),

  overdue_invoices: tool({
    description: 'Invoices past their due date and not fully paid: how many, the amount overdue, the customers owing most.',
    args: z.object({}),
    billing: true,
    async run(ctx) {
      const today = ctx.clock.today;
      const [sums, page] = await Promise.all([
        repo.openBalances(ctx.db, ctx.actor.tenantId, { overdueBefore: today, top: 0 }),
        listInvoices(ctx.db, ctx.actor.tenantId, { status: 'overdue', today, limit: 10, offset: 0 }),
      ]);
      if (sums.count === 0) return { text: say(ctx, 'No invoices are overdue.', 'لا توجد فواتير متأخرة.'), citations: [] };
      const lines = page.rows.map(
        (i) => `${i.invoiceNumber}: ${fullName(i.customer)}, ${money(i.balanceAmount)} ${say(ctx, 'due', 'مستحقة منذ')} ${i.dueDate}`,
      );
      return {
        text: `${say(ctx, `${sums.count} invoice${sums.count === 1 ? ' is' : 's are'} overdue, ${money(sums.balance)} in all:`, `${sums.count} فاتورة متأخرة، بإجمالي ${money(sums.balance)}:`)}\n${list(lines)}`,
        citations: page.rows.map((i) => ({ kind: 'invoice' as const, id: i.id, label: i.invoiceNumber })),
      };
    },
  }),

  amounts_owed: tool({
    description: 'How much customers owe on open invoices in all, and who owes the most.',
    args: z.object({}),
    billing: true,
    async run(ctx) {
      const sums = await repo.openBalances(ctx.db, ctx.actor.tenantId, { top: 5 });
      if (sums.count === 0)
        return {
          text: say(ctx, 'Nobody owes anything: no open invoice has a balance.', 'لا أحد يدين بشيء: لا توجد فاتورة مفتوحة برصيد.'),
          citations: [],
        };
      const lines = sums.debtors.map(
        (d) => `${d.customerName}: ${money(d.balance)} (${d.invoices} ${say(ctx, d.invoices === 1 ? 'invoice' : 'invoices', 'فاتورة')})`,
      );
      return {
        text: `${say(ctx, `Customers owe ${money(sums.balance)} on ${sums.count} open invoice${sums.count === 1 ? '' : 's'}. Owing most:`, `يدين العملاء بمبلغ ${money(sums.balance)} على ${sums.count} فاتورة مفتوحة. الأكثر مديونية:`)}\n${list(lines)}`,
        citations: sums.debtors.map((d) => ({ kind: 'customer' as const, id: d.customerId, label: d.customerName })),
      };
    },
  }),

  invoice_status: tool({
    description: 'The status and balance of one invoice by its number (INV-000123).',
    args: z.object({ invoiceNumber: z.string().regex(/^INV-\d{6}$/i) }),
    billing: true,
    async run(ctx, { invoiceNumber }) {
      const number = invoiceNumber.toUpperCase();
      const { rows } = await listInvoices(ctx.db, ctx.actor.tenantId, { q: number, today: ctx.clock.today, limit: 5, offset: 0 });
      const i = rows.find((r) => r.invoiceNumber === number);
      if (!i) return { text: say(ctx, `There is no invoice ${number}.`, `لا توجد فاتورة ${number}.`), citations: [] };
      return {
        text: say(
          ctx,
          `${i.invoiceNumber} for ${fullName(i.customer)}: ${status(ctx, i.status)}, total ${money(i.totalAmount)}, paid ${money(i.paidAmount)}, balance ${money(i.balanceAmount)}${i.dueDate ? `, due ${i.dueDate}` : ''}.`,
          `${i.invoiceNumber} للعميل ${fullName(i.customer)}: ${status(ctx, i.status)}، الإجمالي ${money(i.totalAmount)}، المدفوع ${money(i.paidAmount)}، الرصيد ${money(i.balanceAmount)}${i.dueDate ? `، تاريخ الاستحقاق ${i.dueDate}` : ''}.`,
        ),
        citations: [{ kind: 'invoice', id: i.id, label: i.invoiceNumber }, customerCitation(i.customer)],
      };
    },
  }),

  low_stock: tool({
    description: 'Parts of the catalogue at or below their minimum stock (to reorder).',
    args: z.object({}),
    async run(ctx) {
      const { rows, total } = await listSpareParts(ctx.db, ctx.actor.tenantId, { attentionOnly: true, limit: 10, offset: 0 });
      if (total === 0) return { text: say(ctx, 'No parts are low on stock.', 'لا توجد قطع منخفضة المخزون.'), citations: [] };
      const lines = rows.map(
        (p) => `${p.name} (${p.sku}): ${p.stockQuantity} ${say(ctx, 'in stock, minimum', 'في المخزون، الحد الأدنى')} ${p.minimumStock}`,
      );
      return {
        text: `${say(ctx, `${total} part${total === 1 ? ' is' : 's are'} low on stock:`, `${total} قطعة منخفضة المخزون:`)}\n${list(lines)}`,
        citations: rows.map((p) => ({ kind: 'spare_part' as const, id: p.id, label: p.name })),
      };
    },
  }),

  schedule: tool({
    description: "The workshop's bookings, appointments and tasks for a day or week (today by default).",
    args: periodArgs,
    async run(ctx, args) {
      const period = periodFrom(ctx, args, 'today');
      const days = Math.min(31, Math.max(1, Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000)));
      const schedule = await scheduleOf(ctx.db, ctx.actor, { from: period.from, days, limit: 200, offset: 0 });
      const work = schedule.events.filter((e) => e.kind !== 'shift');
      const names = new Map(schedule.technicians.map((t) => [t.id, fullName(t)]));
      if (work.length === 0)
        return {
          text: say(ctx, `Nothing is scheduled ${periodName(ctx, period)}.`, `لا شيء مجدول ${periodName(ctx, period)}.`),
          citations: [],
        };
      const count = (kind: string) => work.filter((e) => e.kind === kind).length;
      const summary = say(
        ctx,
        `${work.length} scheduled ${periodName(ctx, period)}: ${count('booking')} bookings, ${count('appointment')} appointments, ${count('task')} tasks.`,
        `${work.length} مجدولة ${periodName(ctx, period)}: ${count('booking')} حجوزات، ${count('appointment')} مواعيد، ${count('task')} مهام.`,
      );
      const shown = work.slice(0, 10);
      const time = (iso: string) =>
        new Date(iso).toLocaleTimeString('en-GB', { timeZone: ctx.clock.timeZone, hour: '2-digit', minute: '2-digit', hour12: false });
      const lines = shown.map(
        (e) => `${ctx.clock.dayOf(new Date(e.start))} ${time(e.start)} ${e.title} (${names.get(e.technicianId) ?? ''})`,
      );
      const kinds = { booking: 'booking', appointment: 'appointment', task: 'task' } as const;
      return {
        text: `${summary}\n${list(lines)}`,
        citations: shown.map((e) => ({ kind: kinds[e.kind as keyof typeof kinds], id: e.id, label: e.title })),
      };
    },
  }),

  technician_load: tool({
    description: "A technician's current load (active tasks and open job cards) by name, or the whole team's, busiest first.",
    args: z.object({ name: textArg('The technician name').optional() }),
    async run(ctx, { name }) {
      // A name with a stray word around it ("loaded Omar Haddad"): the longest run of its words that names someone.
      const words = name?.split(/\s+/) ?? [];
      const candidates = name
        ? words.flatMap((_, n) => words.map((_, i) => words.slice(i, i + words.length - n).join(' '))).filter((c) => c.length >= 3)
        : [undefined];
      let rows: Awaited<ReturnType<typeof listTechnicians>>['rows'] = [];
      for (const q of [...new Set(candidates)].slice(0, 6)) {
        rows = (await listTechnicians(ctx.db, ctx.actor.tenantId, { q, status: q ? undefined : 'active', limit: 200, offset: 0 })).rows;
        if (rows.length) break;
      }
      if (rows.length === 0)
        return { text: say(ctx, `No technician matches "${name ?? ''}".`, `لا يوجد فني يطابق "${name ?? ''}".`), citations: [] };
      const open = await repo.openJobCardsOf(
        ctx.db,
        ctx.actor.tenantId,
        rows.map((t) => t.id),
      );
      const loads = rows
        .map((t) => ({ t, tasks: t._count.activeTasks, jobs: open.get(t.id) ?? 0 }))
        .sort((a, b) => b.tasks + b.jobs - (a.tasks + a.jobs) || a.t.id - b.t.id);
      const line = (l: (typeof loads)[number]) =>
        say(
          ctx,
          `${fullName(l.t)}: ${l.tasks} active tasks, ${l.jobs} open job cards`,
          `${fullName(l.t)}: ${l.tasks} مهام نشطة، ${l.jobs} بطاقات عمل مفتوحة`,
        );
      const shown = loads.slice(0, 10);
      const head = name
        ? say(ctx, 'Workload:', 'عبء العمل:')
        : say(
            ctx,
            `Team workload, busiest first (${fullName(loads[0].t)} is the busiest):`,
            `عبء عمل الفريق، الأكثر انشغالا أولا (${fullName(loads[0].t)} الأكثر انشغالا):`,
          );
      return {
        text: `${head}\n${list(shown.map(line))}`,
        citations: shown.map((l) => ({ kind: 'technician' as const, id: l.t.id, label: fullName(l.t) })),
      };
    },
  }),

  revenue: tool({
    description: 'Revenue for a period (this month by default): payments received and invoices issued.',
    args: periodArgs,
    billing: true,
    async run(ctx, args) {
      const period = periodFrom(ctx, args, 'this_month');
      const r = await repo.revenueBetween(ctx.db, ctx.actor.tenantId, period.from, period.to);
      return {
        text: say(
          ctx,
          `Revenue ${periodName(ctx, period)}: ${money(r.received)} received in ${r.payments} payment${r.payments === 1 ? '' : 's'}; ${money(r.invoiced)} invoiced on ${r.invoices} invoice${r.invoices === 1 ? '' : 's'}.`,
          `الإيرادات ${periodName(ctx, period)}: ${money(r.received)} مستلمة في ${r.payments} دفعة؛ ${money(r.invoiced)} مفوترة في ${r.invoices} فاتورة.`,
        ),
        citations: [],
      };
    },
  }),
};

export type ToolName = keyof typeof CHAT_TOOLS;
export const TOOL_NAMES = Object.keys(CHAT_TOOLS) as ToolName[];

export const isToolName = (name: string): name is ToolName => Object.hasOwn(CHAT_TOOLS, name);

/** Billing figures follow the invoices' permission: admins and managers, less a denial, plus a grant. */
const seesBilling = (actor: PublicUser) => hasPermission(actor.role, 'invoices.view', actor.permissionOverrides);

/**
 * Runs one tool as the asking user: its arguments validated (a model's or the offline engine's),
 * billing tools refused to technicians.
 */
export async function runTool(ctx: ToolContext, name: ToolName, rawArgs: unknown): Promise<ToolResult & { refused?: boolean }> {
  const t = CHAT_TOOLS[name] as Tool<z.ZodType>;
  if (t.billing && !seesBilling(ctx.actor)) {
    return {
      text: say(
        ctx,
        'Billing figures (invoices, amounts owed, revenue) are not available to technicians. Ask a manager or an admin.',
        'الأرقام المالية (الفواتير والمبالغ المستحقة والإيرادات) غير متاحة للفنيين. اسأل مديرا أو مسؤولا.',
      ),
      citations: [],
      refused: true,
    };
  }
  const args = t.args.parse(rawArgs ?? {});
  return t.run(ctx, args);
}

/** The tools as OpenAI-compatible function definitions (the model server mode). */
export function toolDefinitions(actor: PublicUser) {
  return TOOL_NAMES.filter((name) => !CHAT_TOOLS[name].billing || seesBilling(actor)).map((name) => ({
    type: 'function' as const,
    function: {
      name,
      description: CHAT_TOOLS[name].description,
      parameters: z.toJSONSchema(CHAT_TOOLS[name].args as z.ZodType, { io: 'input' }),
    },
  }));
}
