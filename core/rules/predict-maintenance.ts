import type { AiUrgency } from '../contracts/ai.values.ts';
import { nextDue } from './maintenance.ts';
import { addDays, daysBetween } from './scheduling.ts';
import { SERVICE_INTERVALS, servicesIn, type ServiceInterval, type ServiceKey } from './service-intervals.ts';

/**
 * Predictive maintenance (issue 13, item 2), pure: what a vehicle is due for, from its service
 * history, its maintenance schedules (which win over the standard table for their service), its
 * mileage readings over time (daily usage) and the standard intervals of `service-intervals.ts`.
 * Every figure comes from a record or the table; nothing is invented: a service never recorded
 * here is at most "soon" (it may have been done elsewhere), with low confidence.
 */

/** A past service of the vehicle: its history entry, with the text a service is recognised in. */
export type PastService = {
  date: string;
  mileage: number | null;
  /** Service type, description, notes and the job card's labour and part lines. */
  text: string;
  jobCardId: number | null;
  jobNumber: string | null;
};
export type VehicleSchedule = {
  id: number;
  serviceName: string;
  description: string | null;
  intervalMileage: number | null;
  intervalMonths: number | null;
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
};
/** The reason's figures, for a screen to say it in its own language. */
export type PredictionFacts = {
  /** Whether the service is on record here (else: never seen, check). */
  recorded: boolean;
  source: 'schedule' | 'standard';
  lastDate: string | null;
  lastMileage: number | null;
  kmSince: number | null;
  daysSince: number | null;
  jobNumber: string | null;
  dailyKm: number | null;
  intervalKm: number | null;
  intervalMonths: number | null;
  /** The odometer asked with. */
  mileage: number;
  /** The vehicle's first visit here (null: none), for a service never recorded. */
  firstSeen: string | null;
};
export type PredictionCitation = { kind: 'job_card' | 'vehicle' | 'maintenance_schedule'; id: number; label: string };
export type PredictionDraft = {
  /** The standard service, or null for a workshop schedule the table does not know. */
  serviceKey: ServiceKey | null;
  service: string;
  description: string;
  urgency: AiUrgency;
  dueDate: string | null;
  dueMileage: number | null;
  confidence: number;
  reason: string;
  /** "by 2027-01-10 or at 45,000 km". */
  timeframe: string;
  intervalKm: number | null;
  intervalMonths: number | null;
  basedOn: PredictionCitation[];
  facts: PredictionFacts;
};

export type PredictionInput = {
  vehicleId: number;
  /** How the vehicle is cited ("Toyota Corolla ABC-123"). */
  vehicleLabel?: string;
  today: string;
  /** The odometer now (as asked; never below the last reading). */
  mileage: number;
  /** Average km a day from the readings, null when they do not allow one. */
  dailyMileage: number | null;
  /** How many readings the daily usage stands on. */
  readings: number;
  history: PastService[];
  schedules: VehicleSchedule[];
  intervals?: readonly ServiceInterval[];
};

/** Due within this many days (or this many days of driving) is "soon". */
export const SOON_DAYS = 30;
/** Without a daily usage, due within this distance is "soon". */
export const SOON_KM = 1_000;

const km = (n: number) => `${Math.round(n).toLocaleString('en-US')} km`;

function timeframe(dueDate: string | null, dueMileage: number | null): string {
  const parts = [dueDate ? `by ${dueDate}` : null, dueMileage !== null ? `at ${km(dueMileage)}` : null].filter(Boolean);
  return parts.length ? parts.join(' or ') : 'at the next visit';
}

function every(intervalKm: number | null, intervalMonths: number | null): string {
  return [intervalKm ? km(intervalKm) : null, intervalMonths ? `${intervalMonths} months` : null].filter(Boolean).join(' or ');
}

function urgencyOf(
  today: string,
  mileage: number,
  dailyMileage: number | null,
  dueDate: string | null,
  dueMileage: number | null,
): AiUrgency {
  if ((dueDate && dueDate <= today) || (dueMileage !== null && dueMileage <= mileage)) return 'overdue';
  const soonKm = dailyMileage ? Math.max(SOON_KM, dailyMileage * SOON_DAYS) : SOON_KM;
  if ((dueDate && daysBetween(today, dueDate) <= SOON_DAYS) || (dueMileage !== null && dueMileage - mileage <= soonKm)) return 'soon';
  return 'later';
}

const urgencyRank: Record<AiUrgency, number> = { overdue: 0, soon: 1, later: 2 };

type Item = {
  serviceKey: ServiceKey | null;
  name: string;
  description: string;
  intervalKm: number | null;
  intervalMonths: number | null;
  schedule: VehicleSchedule | null;
  /** The history entries this service was done in, newest first. */
  done: PastService[];
};

/** The items to forecast: the vehicle's schedules, then the standard services no schedule covers. */
function itemsOf(input: PredictionInput): Item[] {
  const intervals = input.intervals ?? SERVICE_INTERVALS;
  const newestFirst = [...input.history].sort((a, b) => b.date.localeCompare(a.date));
  const items: Item[] = [];
  const covered = new Set<ServiceKey>();
  for (const s of input.schedules) {
    const [key] = servicesIn(s.serviceName, intervals);
    if (key) covered.add(key);
    const name = s.serviceName.trim().toLocaleLowerCase();
    items.push({
      serviceKey: key ?? null,
      name: s.serviceName,
      description: s.description ?? intervals.find((i) => i.key === key)?.description ?? s.serviceName,
      intervalKm: s.intervalMileage,
      intervalMonths: s.intervalMonths,
      schedule: s,
      done: newestFirst.filter((h) => (key ? servicesIn(h.text, intervals).includes(key) : h.text.toLocaleLowerCase().includes(name))),
    });
  }
  for (const i of intervals) {
    if (covered.has(i.key)) continue;
    items.push({
      serviceKey: i.key,
      name: i.name,
      description: i.description,
      intervalKm: i.km,
      intervalMonths: i.months,
      schedule: null,
      done: newestFirst.filter((h) => servicesIn(h.text, intervals).includes(i.key)),
    });
  }
  return items;
}

function forecast(input: PredictionInput, item: Item): PredictionDraft | null {
  const { today, mileage, dailyMileage } = input;
  if (!item.intervalKm && !item.intervalMonths) return null;
  const last = item.done[0];
  // The schedule's own last service wins when it is more recent than the history's.
  const fromSchedule =
    item.schedule?.lastServiceDate && (!last || item.schedule.lastServiceDate >= last.date)
      ? { date: item.schedule.lastServiceDate, mileage: item.schedule.lastServiceMileage }
      : null;
  const lastDate = fromSchedule?.date ?? last?.date ?? null;
  const lastMileage = fromSchedule ? fromSchedule.mileage : (last?.mileage ?? null);
  const basedOn: PredictionCitation[] = [];
  if (item.schedule) basedOn.push({ kind: 'maintenance_schedule', id: item.schedule.id, label: item.schedule.serviceName });
  if (!fromSchedule && last?.jobCardId)
    basedOn.push({ kind: 'job_card', id: last.jobCardId, label: last.jobNumber ?? `#${last.jobCardId}` });
  const usage = dailyMileage ? `at ~${Math.round(dailyMileage).toLocaleString('en-US')} km/day` : 'no daily usage known yet';
  const source = item.schedule ? 'workshop schedule' : 'standard interval';
  const name = item.name.toLocaleLowerCase();

  if (lastDate) {
    const due = nextDue(
      { intervalMileage: item.intervalKm, intervalMonths: item.intervalMonths, lastServiceDate: lastDate, lastServiceMileage: lastMileage },
      { mileage, dailyMileage },
      today,
    );
    // A mileage interval with no mileage at the last service counts from the date only.
    const dueMileage = lastMileage !== null ? due.nextDueMileage : null;
    const dueDate = lastMileage !== null ? due.dueDate : due.nextDueDate;
    const ago = [
      lastMileage !== null ? `${km(Math.max(0, mileage - lastMileage))} ago` : null,
      `on ${lastDate} (${Math.max(0, daysBetween(lastDate, today))} days ago)`,
    ]
      .filter(Boolean)
      .join(' ');
    const cited = fromSchedule ? ` (${item.schedule!.serviceName} schedule)` : last?.jobNumber ? ` (${last.jobNumber})` : '';
    let confidence = item.schedule ? 0.8 : 0.6;
    if (item.intervalKm && lastMileage !== null && dailyMileage && input.readings >= 3) confidence += 0.1;
    if (item.intervalKm && lastMileage !== null && !dailyMileage) confidence -= 0.1;
    return {
      serviceKey: item.serviceKey,
      service: item.name,
      description: item.description,
      urgency: urgencyOf(today, mileage, dailyMileage, dueDate, dueMileage),
      dueDate,
      dueMileage,
      confidence: Math.min(0.95, Math.round(confidence * 100) / 100),
      reason: `Last ${name} ${ago}${cited}, ${usage}; due every ${every(item.intervalKm, item.intervalMonths)} (${source})`,
      timeframe: timeframe(dueDate, dueMileage),
      intervalKm: item.intervalKm,
      intervalMonths: item.intervalMonths,
      basedOn,
      facts: {
        recorded: true,
        source: item.schedule ? 'schedule' : 'standard',
        lastDate,
        lastMileage,
        kmSince: lastMileage !== null ? Math.max(0, mileage - lastMileage) : null,
        daysSince: Math.max(0, daysBetween(lastDate, today)),
        jobNumber: fromSchedule ? null : (last?.jobNumber ?? null),
        dailyKm: dailyMileage ? Math.round(dailyMileage) : null,
        intervalKm: item.intervalKm,
        intervalMonths: item.intervalMonths,
        mileage,
        firstSeen: null,
      },
    };
  }

  // Never recorded here. From new, a mileage interval is due at its first multiple; a vehicle
  // past it may have had it done elsewhere: "soon" (check), never "overdue". A time interval
  // counts from the vehicle's first visit at the latest.
  const firstSeen = input.history.length ? input.history.reduce((a, h) => (h.date < a ? h.date : a), input.history[0].date) : null;
  let dueMileage: number | null = null;
  let dueDate: string | null = null;
  if (item.intervalKm) {
    dueMileage = mileage >= item.intervalKm ? mileage : item.intervalKm;
    if (mileage < item.intervalKm && dailyMileage) dueDate = addDays(today, Math.floor((item.intervalKm - mileage) / dailyMileage));
  }
  // Without a first visit, a time limit says nothing when the distance does.
  if (item.intervalMonths && (firstSeen || !item.intervalKm)) {
    const byTime = firstSeen ? addMonthsClamped(firstSeen, item.intervalMonths, today) : today;
    if (!dueDate || byTime < dueDate) dueDate = byTime;
  }
  if (mileage >= (item.intervalKm ?? Infinity)) dueDate = today;
  const urgency = urgencyOf(today, mileage, dailyMileage, dueDate, dueMileage);
  const passed = item.intervalKm && mileage >= item.intervalKm ? `; at ${km(mileage)} it is past the first ${km(item.intervalKm)}` : '';
  return {
    serviceKey: item.serviceKey,
    service: item.name,
    description: item.description,
    urgency: urgency === 'overdue' ? 'soon' : urgency,
    dueDate,
    dueMileage,
    confidence: firstSeen ? 0.35 : 0.3,
    reason:
      `No ${name} on record here${firstSeen ? ` since the first visit on ${firstSeen}` : ''}${passed}; ` +
      `due every ${every(item.intervalKm, item.intervalMonths)} (${source}), ${usage}: check whether it was done elsewhere`,
    timeframe: timeframe(dueDate, dueMileage),
    intervalKm: item.intervalKm,
    intervalMonths: item.intervalMonths,
    basedOn,
    facts: {
      recorded: false,
      source: item.schedule ? 'schedule' : 'standard',
      lastDate: null,
      lastMileage: null,
      kmSince: null,
      daysSince: null,
      jobNumber: null,
      dailyKm: dailyMileage ? Math.round(dailyMileage) : null,
      intervalKm: item.intervalKm,
      intervalMonths: item.intervalMonths,
      mileage,
      firstSeen,
    },
  };
}

function addMonthsClamped(day: string, months: number, today: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  const out = d.toISOString().slice(0, 10);
  return out < today ? today : out;
}

/** What the vehicle is due for, most urgent first (then the soonest). */
export function predictMaintenance(input: PredictionInput): PredictionDraft[] {
  const vehicle: PredictionCitation = { kind: 'vehicle', id: input.vehicleId, label: input.vehicleLabel ?? 'Vehicle' };
  return itemsOf(input)
    .map((item) => forecast(input, item))
    .filter((p): p is PredictionDraft => p !== null)
    .map((p) => ({ ...p, basedOn: [...p.basedOn, vehicle] }))
    .sort(
      (a, b) =>
        urgencyRank[a.urgency] - urgencyRank[b.urgency] ||
        (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
        (a.dueMileage ?? Infinity) - (b.dueMileage ?? Infinity) ||
        a.service.localeCompare(b.service),
    );
}
