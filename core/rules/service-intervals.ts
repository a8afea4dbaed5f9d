/**
 * Standard service intervals by service, for predictive maintenance when a vehicle has no
 * maintenance schedule for it: due every `km` kilometres or `months` months, whichever comes first
 * (null: that limit does not apply). These are conservative figures for ordinary mixed driving,
 * in the range that owners' handbooks of common makes and trade guidance give; a workshop whose
 * cars need other intervals sets a maintenance schedule on the vehicle, which always wins over
 * this table. Severe use (short trips, heat, dust, towing) typically halves the oil, filter and
 * fluid intervals.
 *
 * `matches` recognise the service in a past job's text (service type, description, labour lines
 * and part names), in English and Arabic; `excludes` keep a near miss out (a hybrid battery's
 * check is not the 12-volt battery's replacement).
 */
export type ServiceInterval = {
  key: ServiceKey;
  /** English name, as the answer's `service` (the web translates it by `key`). */
  name: string;
  /** What to do (the answer's `description`). */
  description: string;
  km: number | null;
  months: number | null;
  matches: RegExp[];
  excludes?: RegExp[];
};

export const SERVICE_KEYS = [
  'oil_filter',
  'tyre_rotation',
  'brake_pads',
  'brake_fluid',
  'battery',
  'air_filter',
  'cabin_filter',
  'spark_plugs',
  'timing_belt',
  'coolant',
  'transmission_fluid',
  'air_conditioning',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export const SERVICE_INTERVALS: readonly ServiceInterval[] = [
  {
    // Handbooks of common makes: 10,000-15,000 km or 12 months with synthetic oil (5,000-7,500 km
    // under severe use); 10,000 km / 12 months is the usual workshop sticker.
    key: 'oil_filter',
    name: 'Oil and filter change',
    description: 'Replace the engine oil and the oil filter',
    km: 10_000,
    months: 12,
    matches: [
      /\boil (change|service|and filter|& filter)\b/i,
      /\bengine oil\b/i,
      /\boil filter\b/i,
      /\boil_change\b/i,
      /\b(full|major|minor|interim) service\b/i,
      /تغيير (ال)?زيت/,
      /زيت (ال)?محرك/,
    ],
  },
  {
    // Tyre makers and handbooks: rotate every 8,000-10,000 km, commonly with each oil change.
    key: 'tyre_rotation',
    name: 'Tyre rotation',
    description: 'Rotate and balance the tyres, check tread depth and pressures',
    km: 10_000,
    months: 12,
    matches: [/\b(tyre|tire)s? rotation\b/i, /\brotate\b.*\b(tyres|tires|wheels)\b/i, /\b(tyre|tire)_rotation\b/i, /تدوير (ال)?إطارات/],
  },
  {
    // Pads wear with use, not time: 30,000-70,000 km is the usual life; 40,000 km is a prudent
    // point to plan their replacement (inspection at every service tells the real wear).
    key: 'brake_pads',
    name: 'Brake pads',
    description: 'Inspect and replace the brake pads; check the discs',
    km: 40_000,
    months: null,
    matches: [/\bbrake pads?\b/i, /\bpads\b/i, /\bbrake (service|job|repair)\b/i, /\bbrake_service\b/i, /فحمات|تيل (ال)?فرامل/],
  },
  {
    // Brake fluid absorbs water: most handbooks say every 2 years whatever the distance.
    key: 'brake_fluid',
    name: 'Brake fluid change',
    description: 'Replace the brake fluid and bleed the system',
    km: null,
    months: 24,
    matches: [/\bbrake fluid\b/i, /\bbleed\b/i, /\bdot ?[345]\b/i, /سائل (ال)?فرامل/],
  },
  {
    // Lead-acid batteries last 3-5 years (less in hot climates): plan a test and likely replacement at 4 years.
    key: 'battery',
    name: 'Battery',
    description: 'Load-test the battery and replace it if it fails',
    km: null,
    months: 48,
    matches: [/\bbattery (replacement|replaced|change)\b/i, /\breplace(d)? (the )?battery\b/i, /\bnew battery\b/i, /تغيير (ال)?بطارية/],
    excludes: [/\bhybrid battery\b/i],
  },
  {
    // Engine air filter: 30,000-45,000 km or 2-3 years in handbooks; sooner on dusty roads.
    key: 'air_filter',
    name: 'Engine air filter',
    description: 'Replace the engine air filter',
    km: 30_000,
    months: 24,
    // "cabin air filter" is the cabin filter, not this one.
    matches: [/(?<!cabin )\bair filter\b/i, /فلتر (ال)?هواء/],
  },
  {
    // Cabin (pollen) filter: every 15,000-20,000 km or yearly.
    key: 'cabin_filter',
    name: 'Cabin air filter',
    description: 'Replace the cabin (pollen) filter',
    km: 15_000,
    months: 12,
    matches: [/\bcabin (air )?filter\b/i, /\bpollen filter\b/i, /فلتر (ال)?مكيف/],
  },
  {
    // Iridium or platinum plugs: 100,000-160,000 km in handbooks (copper plugs: 30,000 km).
    key: 'spark_plugs',
    name: 'Spark plugs',
    description: 'Replace the spark plugs',
    km: 100_000,
    months: 96,
    matches: [/\bspark ?plugs?\b/i, /\bplugs\b/i, /\btune-?up\b/i, /بواجي|شمعات (ال)?احتراق/],
  },
  {
    // Belt makers and handbooks: 100,000-160,000 km or 5-7 years (engines with a chain need none).
    key: 'timing_belt',
    name: 'Timing belt',
    description: 'Replace the timing belt kit (and the water pump when it drives it)',
    km: 100_000,
    months: 72,
    matches: [/\btiming belt\b/i, /\bcam ?belt\b/i, /سير (ال)?توقيت|سير (ال)?كاتينة/],
  },
  {
    // Long-life coolant: 100,000-160,000 km or 5 years in handbooks (older coolants: 2 years).
    key: 'coolant',
    name: 'Coolant',
    description: 'Flush and replace the engine coolant',
    km: 100_000,
    months: 60,
    matches: [/\bcoolant\b/i, /\bantifreeze\b/i, /\bradiator flush\b/i, /\bwater pump\b/i, /سائل (ال)?تبريد|ماء (ال)?رديتر/],
  },
  {
    // Automatic transmission fluid: 60,000-100,000 km in handbooks that give one ("lifetime" in
    // others, which workshops rarely trust); sooner when towing.
    key: 'transmission_fluid',
    name: 'Transmission fluid',
    description: 'Change the transmission fluid',
    km: 60_000,
    months: 48,
    matches: [/\btransmission (fluid|oil|service)\b/i, /\bgearbox (fluid|oil)\b/i, /\batf\b/i, /زيت (ال)?(ناقل (ال)?حركة|قير|جير)/],
  },
  {
    // Air-conditioning: a check and regas every 2 years is the common trade guidance.
    key: 'air_conditioning',
    name: 'Air-conditioning service',
    description: 'Check the air-conditioning for leaks and regas it',
    km: null,
    months: 24,
    matches: [
      /\bac (service|repair|regas|recharge)\b/i,
      /\ba\/c\b/i,
      /\bair ?con(ditioning)?\b/i,
      /\bregas\b/i,
      /\brefrigerant\b/i,
      /مكيف|تكييف/,
    ],
  },
];

/** The standard services a job's text shows were done (several for a combined job). */
export function servicesIn(text: string, intervals: readonly ServiceInterval[] = SERVICE_INTERVALS): ServiceKey[] {
  return intervals.filter((s) => s.matches.some((m) => m.test(text)) && !(s.excludes ?? []).some((x) => x.test(text))).map((s) => s.key);
}
