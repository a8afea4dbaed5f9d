import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Translator } from '@/lib/translator';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatUnit } from '@/lib/format';
import {
  estimationNotes,
  partReason,
  partsReasoning,
  predictionDescription,
  predictionReason,
  predictionService,
  scheduleReasoning,
  type Say,
} from './explain';
import type { JobEstimation, MaintenancePrediction, PartsRecommendation, ScheduleOptimization } from './model';

const dictionary = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${language}/ai.json`, import.meta.url)), 'utf8'));
const i18n = new Translator();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'ai',
    resources: { en: { ai: dictionary('en') }, ar: { ai: dictionary('ar') } },
  });
});
const say = (language: 'en' | 'ar'): Say => ({
  t: i18n.getFixedT(language, 'ai') as Say['t'],
  language,
  money: (amount) => formatMoney(amount, 'USD', language),
  date: (value) => formatDate(value, language),
});
/** The text without the isolates around names. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
const ARABIC = /[\u0600-\u06FF]/;
/** A number as the Arabic screen writes it (the formatter's digits). */
const ar = (value: number) => formatNumber(value, 'ar');
const arKm = (value: number) => formatUnit(value, 'kilometer', 'ar');

const record = { status: 'pending' as const, decidedBy: null, decidedAt: null, createdAt: '2026-11-20T10:00:00.000Z' };
const estimation: JobEstimation = {
  id: 1,
  laborCost: '160.00',
  partsCost: '73.00',
  totalCost: '233.00',
  estimatedTime: '2.00',
  notes: 'Based on 5 similar completed job cards …',
  confidence: 0.6,
  hours: { low: '2.00', typical: '2.00', high: '2.50' },
  total: { low: '200.00', typical: '233.00', high: '250.00' },
  basedOn: [{ kind: 'job_card', id: 146, label: 'JC-000146 · Brake service · Toyota Yaris', similarity: 0.9 }],
  fallback: false,
  explain: {
    count: 5,
    sameModel: 2,
    vehicle: 'Toyota Yaris',
    mostSimilar: { jobNumber: 'JC-000146', serviceType: 'Brake service' },
    labourRate: null,
    parts: [],
  },
  appliedToJobCard: null,
  ...record,
};
/** As a technician reads it: no money anywhere. */
const forTechnician: JobEstimation = { ...estimation, laborCost: null, partsCost: null, totalCost: null, total: null };
const fallback: JobEstimation = {
  ...estimation,
  fallback: true,
  basedOn: [],
  hours: { low: '0.00', typical: '0.00', high: '0.00' },
  total: { low: '40.00', typical: '40.00', high: '40.00' },
  explain: {
    count: 0,
    sameModel: 0,
    vehicle: null,
    mostSimilar: null,
    labourRate: '70.00',
    parts: [{ name: 'Brake pads, front', sku: 'BP-100', unitPrice: '40.00' }],
  },
};
const fallbackForTechnician: JobEstimation = {
  ...fallback,
  total: null,
  totalCost: null,
  explain: { ...fallback.explain!, labourRate: null, parts: [{ name: 'Brake pads, front', sku: 'BP-100', unitPrice: null }] },
};

describe('job estimation notes', () => {
  it('say the similar job cards, the time and the total in English, as the server does', () => {
    expect(plain(estimationNotes(say('en'), estimation))).toBe(
      'Based on 5 similar completed job cards (2 on Toyota Yaris), most similar JC-000146 (Brake service). ' +
        'Typical time 2 h (2 h–2.5 h). Typical total $233.00 ($200.00–$250.00).',
    );
    expect(estimationNotes(say('en'), estimation)).toContain('\u2068Toyota Yaris\u2069');
  });

  it('say them in Arabic, names kept and isolated, numbers and money in Arabic digits', () => {
    const text = estimationNotes(say('ar'), estimation);
    expect(
      text.startsWith(
        `بناءً على ${ar(5)} من أوامر العمل المكتملة المشابهة (${ar(2)} منها على \u2068Toyota Yaris\u2069)، أقربها \u2068JC-000146\u2069`,
      ),
    ).toBe(true);
    expect(text).toContain('الوقت المعتاد');
    expect(text).toContain('الإجمالي المعتاد');
    expect(text).toContain(formatMoney('233.00', 'USD', 'ar'));
  });

  it('show no money to a technician', () => {
    for (const language of ['en', 'ar'] as const) {
      const text = estimationNotes(say(language), forTechnician);
      expect(text).not.toMatch(/\$|US|233|٢٣٣|\.00|٫٠٠/);
      expect(text).not.toMatch(/Typical total|الإجمالي/);
    }
    expect(plain(estimationNotes(say('en'), forTechnician))).toBe(
      'Based on 5 similar completed job cards (2 on Toyota Yaris), most similar JC-000146 (Brake service). Typical time 2 h (2 h–2.5 h).',
    );
  });

  it('word the fallback: the rate and the named parts at their prices, none of it for a technician', () => {
    expect(plain(estimationNotes(say('en'), fallback))).toBe(
      "No similar completed job cards in this workshop's history, so the labour time cannot be estimated from it (0 h here). " +
        "Labour is charged at the workshop's rate of $70.00 per hour. " +
        'Parts the description names, at catalogue prices: Brake pads, front (BP-100) $40.00.',
    );
    const ar = estimationNotes(say('ar'), fallback);
    expect(ar).toContain('تُحتسب العمالة بسعر الورشة البالغ');
    expect(ar).toContain('\u2068Brake pads, front\u2069 (\u2068BP-100\u2069)');
    for (const language of ['en', 'ar'] as const) {
      const text = estimationNotes(say(language), fallbackForTechnician);
      expect(text).not.toMatch(/\$|70|40|٧٠|٤٠|\.00|٫٠٠/);
    }
    expect(plain(estimationNotes(say('ar'), fallbackForTechnician))).toContain('القطع التي يذكرها الوصف: Brake pads, front (BP-100).');
  });

  it('show the stored notes of a record made before the figures were kept', () => {
    expect(estimationNotes(say('ar'), { ...estimation, explain: undefined })).toBe(estimation.notes);
  });
});

const prediction: MaintenancePrediction = {
  id: 3,
  vehicleId: 7,
  service: 'Brake pads',
  description: 'Inspect and replace the brake pads; check the discs',
  urgency: 'later',
  dueAt: { date: '2027-08-01', mileage: 70_800 },
  confidence: 0.7,
  reason: 'Last brake pads 29,200 km ago …',
  basedOn: [{ kind: 'job_card', id: 12, label: 'JC-000012' }],
  serviceKey: 'brake_pads',
  timeframe: 'by 2027-08-01 or at 70,800 km',
  reasonFacts: {
    recorded: true,
    source: 'standard',
    lastDate: '2024-11-20',
    lastMileage: 30_800,
    kmSince: 29_200,
    daysSince: 730,
    jobNumber: 'JC-000012',
    dailyKm: 40,
    intervalKm: 40_000,
    intervalMonths: null,
    mileage: 60_000,
    firstSeen: null,
  },
  bookingId: null,
  maintenanceScheduleId: null,
  ...record,
};
/** A workshop's own schedule the standard table does not know. */
const ownSchedule: MaintenancePrediction = {
  ...prediction,
  service: 'Hydraulic lift check',
  description: 'Check the tail lift',
  serviceKey: null,
  basedOn: [{ kind: 'maintenance_schedule', id: 5, label: 'Hydraulic lift check' }],
  reasonFacts: {
    ...prediction.reasonFacts!,
    source: 'schedule',
    jobNumber: null,
    lastMileage: null,
    kmSince: null,
    intervalKm: null,
    intervalMonths: 6,
  },
};
const neverDone: MaintenancePrediction = {
  ...prediction,
  serviceKey: 'timing_belt',
  service: 'Timing belt',
  reasonFacts: {
    recorded: false,
    source: 'standard',
    lastDate: null,
    lastMileage: null,
    kmSince: null,
    daysSince: null,
    jobNumber: null,
    dailyKm: null,
    intervalKm: 100_000,
    intervalMonths: 72,
    mileage: 120_000,
    firstSeen: '2025-01-15',
  },
};

describe('maintenance predictions', () => {
  it('name a standard service and say why in English, as the server does', () => {
    const en = say('en');
    expect(predictionService(en, prediction)).toBe('Brake pads');
    expect(plain(predictionReason(en, prediction))).toBe(
      'Last brake pads 29,200 km ago on Nov 20, 2024 (730 days ago) (JC-000012), at ~40 km/day; due every 40,000 km (standard interval)',
    );
    expect(plain(predictionReason(en, neverDone))).toBe(
      'No timing belt on record here since the first visit on Jan 15, 2025; at 120,000 km it is past the first 100,000 km; ' +
        'due every 100,000 km or 72 months (standard interval), no daily usage known yet: check whether it was done elsewhere',
    );
  });

  it('say them in Arabic from the service key and the figures', () => {
    const sayAr = say('ar');
    expect(predictionService(sayAr, prediction)).toBe('فحمات الفرامل');
    expect(predictionDescription(sayAr, prediction)).toBe('فحص فحمات الفرامل واستبدالها؛ وفحص الأقراص');
    const reason = predictionReason(sayAr, prediction);
    expect(reason.startsWith(`آخر خدمة فحمات الفرامل قبل ${arKm(29_200)} في `)).toBe(true);
    expect(reason).toContain('\u2068JC-000012\u2069');
    expect(reason).toContain('الفترة القياسية');
    expect(reason).not.toMatch(/[A-Za-z]{3,}(?![^\u2068]*\u2069)/);
    expect(predictionReason(sayAr, neverDone)).toMatch(/^لا يوجد سجل لخدمة سير التوقيت هنا منذ الزيارة الأولى/);
  });

  it("keep a workshop schedule's own name and text, with the sentence around it in the screen's language", () => {
    const sayAr = say('ar');
    expect(predictionService(sayAr, ownSchedule)).toBe('Hydraulic lift check');
    expect(predictionDescription(sayAr, ownSchedule)).toBe('Check the tail lift');
    const reason = predictionReason(sayAr, ownSchedule);
    expect(reason).toMatch(/^آخر خدمة \u2068Hydraulic lift check\u2069 في /);
    expect(reason).toContain('(جدول \u2068Hydraulic lift check\u2069)');
    expect(reason).toContain('جدول الورشة');
    expect(plain(predictionReason(say('en'), ownSchedule))).toBe(
      'Last hydraulic lift check on Nov 20, 2024 (730 days ago) (Hydraulic lift check schedule), at ~40 km/day; due every 6 months (workshop schedule)',
    );
  });

  it("name a workshop schedule of a standard service by the workshop's name, its standard description in the screen's language", () => {
    const oilSchedule: MaintenancePrediction = {
      ...prediction,
      service: 'Oil change',
      description: 'Replace the engine oil and the oil filter',
      serviceKey: 'oil_filter',
      reasonFacts: { ...prediction.reasonFacts!, source: 'schedule', jobNumber: null },
    };
    const sayAr = say('ar');
    expect(predictionService(sayAr, oilSchedule)).toBe('Oil change');
    expect(predictionDescription(sayAr, oilSchedule)).toBe('استبدال زيت المحرك وفلتر الزيت');
    expect(predictionDescription(sayAr, { ...oilSchedule, description: 'Use 5W-30 only' })).toBe('Use 5W-30 only');
    expect(predictionService(sayAr, { ...oilSchedule, service: 'Oil and filter change' })).toBe('تغيير الزيت والفلتر');
    expect(predictionReason(sayAr, oilSchedule)).toMatch(/^آخر خدمة \u2068Oil change\u2069 /);
  });

  it('show the stored reason of a record made before the figures were kept', () => {
    expect(predictionReason(say('ar'), { ...prediction, reasonFacts: undefined })).toBe(prediction.reason);
  });
});

const recommendation: PartsRecommendation = {
  id: 4,
  vehicleId: null,
  parts: [
    {
      sparePartId: 1,
      name: 'Brake pads, front',
      description: null,
      sku: 'BP-100',
      price: '58.00',
      stockQuantity: 1,
      quantity: 2,
      usedOn: 11,
      reason: 'Used on 11 of 11 …',
      reasonFacts: { usedOnSameVehicle: 4, companion: 'Brake fluid DOT 4, 1 L' },
    },
  ],
  reasoning: 'Based on 11 completed Brake service job cards …',
  reasoningFacts: { jobs: 11, sameVehicleJobs: 4, serviceType: 'Brake service', askedServiceType: 'brakes', vehicle: 'Toyota Corolla' },
  totalEstimatedCost: '116.00',
  confidence: 0.8,
  basedOn: [],
  appliedToJobCard: null,
  appliedToEstimate: null,
  ...record,
};

describe('parts recommendations', () => {
  it('say each part’s reason and the reasoning in English, as the server does', () => {
    const en = say('en');
    expect(plain(partReason(en, recommendation, recommendation.parts[0]))).toBe(
      'Used on 11 of 11 past Brake service job cards (4 on Toyota Corolla), usually with Brake fluid DOT 4, 1 L; typically 2 per job; only 1 in stock.',
    );
    expect(plain(partsReasoning(en, recommendation))).toBe(
      'Based on 11 completed Brake service job cards of this workshop (4 on Toyota Corolla, counted double): ' +
        'catalogue parts ranked by how often they were used, and used together. Closest service type to “brakes”: Brake service.',
    );
  });

  it('say them in Arabic, part names isolated', () => {
    const sayAr = say('ar');
    const reason = partReason(sayAr, recommendation, recommendation.parts[0]);
    expect(reason.startsWith(`استُخدمت في ${ar(11)} من ${ar(11)} من أوامر العمل السابقة لخدمة \u2068Brake service\u2069`)).toBe(true);
    expect(reason).toContain('وغالبًا مع \u2068Brake fluid DOT 4, 1 L\u2069');
    expect(partsReasoning(sayAr, recommendation).startsWith(`بناءً على ${ar(11)} من أوامر العمل المكتملة`)).toBe(true);
    const none = { ...recommendation, parts: [], reasoningFacts: { ...recommendation.reasoningFacts!, jobs: 0, sameVehicleJobs: 0 } };
    expect(partsReasoning(sayAr, none)).toBe(
      'لا توجد أوامر عمل مكتملة لخدمة \u2068brakes\u2069 في سجل هذه الورشة بعد، لذا لا توجد قطع يمكن التوصية بها منه.',
    );
  });
});

describe('schedule optimisation reasoning', () => {
  const optimization: ScheduleOptimization = {
    id: 5,
    schedule: '',
    suggestions: [],
    unplaced: [],
    reasoning: 'Placed 4 of 4 …',
    potentialTimeSaved: 30,
    conflictsAvoided: 1,
    appliedAt: null,
    request: { from: '2026-11-26', to: '2026-11-27', include: ['tasks', 'bookings'] },
    summary: { placed: 4, items: 5, technicians: 2, activeTechnicians: 3, workdayStart: '08:00', workdayEnd: '18:00', capacity: 5 },
    ...record,
  };

  it('says the plan in English and in Arabic', () => {
    expect(scheduleReasoning(say('en'), optimization)).toMatch(
      /^Placed 4 of 5 unassigned items \(Tasks, Service bookings, Nov 26, 2026 to Nov 27, 2026\) on 2 of 3 active technicians/,
    );
    expect(scheduleReasoning(say('en'), optimization)).toContain('would have made 1 conflicts and 30 minutes of overlap or overtime.');
    const text = scheduleReasoning(say('ar'), optimization);
    expect(text.startsWith(`وُزّع ${ar(4)} من ${ar(5)} من الأعمال غير المسندة`)).toBe(true);
    expect(text).toContain(`${ar(30)} دقيقة`);
    expect(text).toContain('(أو \u206808:00–18:00\u2069)');
    expect(ARABIC.test(text)).toBe(true);
    expect(scheduleReasoning(say('ar'), { ...optimization, summary: undefined })).toBe(optimization.reasoning);
  });
});
