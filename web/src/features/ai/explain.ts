import { formatNumber, formatUnit } from '@/lib/format';
import type { JobEstimation, MaintenancePrediction, PartsRecommendation, ScheduleOptimization } from './model';

/**
 * The AI answers' explanations in the screen's language, worded here from the answers'
 * structured figures (the server's English texts stay for the API and the chat). Names typed in
 * the records (parts, makes and models, job numbers, service types) keep their script and are
 * isolated (FSI…PDI, what <bdi> does) so a Latin name does not reorder an Arabic sentence. A
 * record stored before its figures were kept answers its stored text. Money only where the server
 * sent it (never to a technician).
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Say = {
  t: Translate;
  language: string;
  money: (amount: string | number | null | undefined) => string;
  date: (value: string) => string;
};

/** A typed name, isolated from the sentence around it. */
export const isolate = (name: string) => `\u2068${name}\u2069`;
const n = (say: Say, value: number) => formatNumber(value, say.language);
const km = (say: Say, value: number) => formatUnit(value, 'kilometer', say.language);
const hours = (say: Say, value: string | number) => say.t('units.hours', { n: formatNumber(value, say.language, 2) });
const list = (say: Say, items: string[]) => items.join(say.t('explain.listSeparator'));

// ---- job estimation -------------------------------------------------------------------------

/** "Based on 5 similar completed job cards (2 on Toyota Yaris), most similar JC-000146 (Brake service). Typical time …" */
export function estimationNotes(say: Say, e: JobEstimation): string {
  const x = e.explain;
  if (!x) return e.notes;
  const { t } = say;
  if (e.fallback) {
    const parts = x.parts.map((p) =>
      p.unitPrice === null
        ? t('explain.estimate.partNoPrice', { name: isolate(p.name), sku: isolate(p.sku) })
        : t('explain.estimate.part', { name: isolate(p.name), sku: isolate(p.sku), price: say.money(p.unitPrice) }),
    );
    const money = x.labourRate !== null;
    return [
      t('explain.estimate.none'),
      money ? t('explain.estimate.rate', { rate: say.money(x.labourRate) }) : null,
      parts.length
        ? t(money ? 'explain.estimate.partsNamed' : 'explain.estimate.partsNamedNoMoney', { parts: list(say, parts) })
        : t('explain.estimate.noParts'),
    ]
      .filter(Boolean)
      .join(' ');
  }
  const vehicle = x.vehicle ? isolate(x.vehicle) : t('explain.estimate.sameMakeModel');
  const same = x.sameModel ? t('explain.estimate.sameModel', { n: n(say, x.sameModel), vehicle }) : '';
  const similar = x.mostSimilar
    ? t('explain.estimate.mostSimilar', { job: isolate(x.mostSimilar.jobNumber), type: isolate(x.mostSimilar.serviceType) })
    : '';
  return [
    t(x.count === 1 ? 'explain.estimate.basisOne' : 'explain.estimate.basis', { n: n(say, x.count), same, similar }),
    t('explain.estimate.time', { typical: hours(say, e.hours.typical), low: hours(say, e.hours.low), high: hours(say, e.hours.high) }),
    e.total
      ? t('explain.estimate.total', { typical: say.money(e.total.typical), low: say.money(e.total.low), high: say.money(e.total.high) })
      : null,
  ]
    .filter(Boolean)
    .join(' ');
}

// ---- predictive maintenance -----------------------------------------------------------------

/**
 * A standard service's name or description in the screen's language: always for the standard
 * table's own, and for a workshop schedule of a known service only where its text is the
 * standard English one (a schedule without a description of its own gets the table's); a
 * workshop's own wording stays as typed.
 */
function standardText(say: Say, p: MaintenancePrediction, field: 'name' | 'description', stored: string): string {
  if (!p.serviceKey) return stored;
  const key = `services.${p.serviceKey}.${field}`;
  const isStandard = p.reasonFacts?.source !== 'schedule' || say.t(key, { lng: 'en', defaultValue: '' }) === stored;
  return isStandard ? say.t(key, { defaultValue: stored }) : stored;
}

/** The service's name: the standard service's in the screen's language, else the workshop's own. */
export function predictionService(say: Say, p: MaintenancePrediction): string {
  return standardText(say, p, 'name', p.service);
}

/** What to do: the standard service's in the screen's language, else the stored text. */
export function predictionDescription(say: Say, p: MaintenancePrediction): string {
  return standardText(say, p, 'description', p.description);
}

/** "10,000 km or 12 months". */
function every(say: Say, intervalKm: number | null, intervalMonths: number | null): string {
  const limits = [intervalKm ? km(say, intervalKm) : null, intervalMonths ? formatUnit(intervalMonths, 'month', say.language) : null];
  return limits.filter(Boolean).join(say.t('explain.maintenance.or'));
}

/** "Last brake pads 29,200 km ago on … (730 days ago) (JC-000012), at ~40 km/day; due every 40,000 km (standard interval)". */
export function predictionReason(say: Say, p: MaintenancePrediction): string {
  const f = p.reasonFacts;
  if (!f) return p.reason;
  const { t } = say;
  // English says "Last brake pads …" in lower case, as the server does; Arabic has no case.
  const lower = (name: string) => (say.language === 'en' ? name.toLocaleLowerCase('en') : name);
  const named = predictionService(say, p);
  // A name of the workshop's own (kept as typed) is isolated inside the sentence.
  const service = named === p.service && say.language !== 'en' ? isolate(named) : lower(named);
  const usage = f.dailyKm ? t('explain.maintenance.usage', { km: km(say, f.dailyKm) }) : t('explain.maintenance.noUsage');
  const source = t(`explain.maintenance.source.${f.source}`);
  const interval = every(say, f.intervalKm, f.intervalMonths);
  if (f.recorded && f.lastDate) {
    const when = t('explain.maintenance.on', { date: say.date(f.lastDate), days: n(say, f.daysSince ?? 0) });
    const ago = f.kmSince !== null ? t('explain.maintenance.kmAgo', { km: km(say, f.kmSince), when }) : when;
    const cited = f.jobNumber
      ? t('explain.maintenance.citedJob', { job: isolate(f.jobNumber) })
      : f.source === 'schedule'
        ? t('explain.maintenance.citedSchedule', { name: isolate(p.service) })
        : '';
    return t('explain.maintenance.last', { service, ago, cited, usage, every: interval, source });
  }
  const since = f.firstSeen ? t('explain.maintenance.since', { date: say.date(f.firstSeen) }) : '';
  const passed =
    f.intervalKm && f.mileage != null && f.mileage >= f.intervalKm
      ? t('explain.maintenance.passed', { mileage: km(say, f.mileage), interval: km(say, f.intervalKm) })
      : '';
  return t('explain.maintenance.never', { service, since, passed, every: interval, source, usage });
}

// ---- parts recommendation -------------------------------------------------------------------

type Part = PartsRecommendation['parts'][number];

/** "Used on 11 of 11 past Brake service job cards (4 on Toyota Corolla), usually with Brake fluid DOT 4, 1 L." */
export function partReason(say: Say, r: PartsRecommendation, part: Part): string {
  const facts = r.reasoningFacts;
  const own = part.reasonFacts;
  if (!facts || !own) return part.reason;
  const { t } = say;
  const extras = [
    own.usedOnSameVehicle ? t('explain.parts.sameVehicle', { n: n(say, own.usedOnSameVehicle), vehicle: isolate(facts.vehicle) }) : '',
    own.companion ? t('explain.parts.with', { name: isolate(own.companion) }) : '',
    part.quantity > 1 ? t('explain.parts.perJob', { n: n(say, part.quantity) }) : '',
    part.stockQuantity <= 0
      ? t('explain.parts.outOfStock')
      : part.stockQuantity < part.quantity
        ? t('explain.parts.lowStock', { n: n(say, part.stockQuantity) })
        : '',
  ];
  return t('explain.parts.reason', {
    used: n(say, part.usedOn),
    jobs: n(say, facts.jobs),
    type: isolate(facts.serviceType),
    extras: extras.join(''),
  });
}

/** "Based on 6 completed Brake service job cards of this workshop (4 on Toyota Corolla, counted double): …" */
export function partsReasoning(say: Say, r: PartsRecommendation): string {
  const f = r.reasoningFacts;
  if (!f) return r.reasoning;
  const { t } = say;
  if (f.jobs === 0) return t('explain.parts.noJobs', { type: isolate(f.askedServiceType) });
  const same = f.sameVehicleJobs ? t('explain.parts.counted', { n: n(say, f.sameVehicleJobs), vehicle: isolate(f.vehicle) }) : '';
  const closest =
    f.serviceType.trim().toLowerCase() !== f.askedServiceType.trim().toLowerCase()
      ? t('explain.parts.closest', { asked: isolate(f.askedServiceType), type: isolate(f.serviceType) })
      : null;
  return [
    t(f.jobs === 1 ? 'explain.parts.basisOne' : 'explain.parts.basis', { n: n(say, f.jobs), type: isolate(f.serviceType), same }),
    closest,
    r.parts.length ? null : t('explain.parts.noneInCatalogue'),
  ]
    .filter(Boolean)
    .join(' ');
}

// ---- smart scheduling -----------------------------------------------------------------------

/** "Placed 4 of 4 unassigned items (tasks, bookings, 12 Jan to 13 Jan) on 2 of 2 active technicians …" */
export function scheduleReasoning(say: Say, o: ScheduleOptimization): string {
  const s = o.summary;
  if (!s || !o.request) return o.reasoning;
  const { t } = say;
  return t('explain.schedule.reasoning', {
    placed: n(say, s.placed),
    items: n(say, s.items),
    kinds: list(
      say,
      o.request.include.map((k) => t(`schedule.kinds.${k}`)),
    ),
    from: say.date(o.request.from),
    to: say.date(o.request.to),
    technicians: n(say, s.technicians),
    active: n(say, s.activeTechnicians),
    // Isolated: inside Arabic, "08:00–18:00" would otherwise show as "18:00–08:00".
    hours: isolate(`${s.workdayStart}–${s.workdayEnd}`),
    capacity: n(say, s.capacity),
    conflicts: n(say, o.conflictsAvoided),
    minutes: n(say, o.potentialTimeSaved),
  });
}
