/**
 * Job estimation from a workshop's own past job cards (issue 13, item 1): how similar a past job
 * is to the one asked about, how much it counts (same make and model higher, recent higher), and
 * what the similar jobs say: the typical value (weighted median) and a range (weighted quartiles)
 * of hours and costs, with a confidence from how many jobs there are and how much they vary.
 * Pure: the server finds the candidate job cards through indexes and sums their lines in SQL.
 */

/** Words that say nothing about the job ("the", "and", "replace"...). */
const STOP_WORDS = new Set(
  [
    'the',
    'and',
    'for',
    'with',
    'from',
    'into',
    'this',
    'that',
    'car',
    'vehicle',
    'customer',
    'please',
    'check',
    'needs',
    'need',
    'replace',
    'replacement',
    'job',
    'service',
    'repair',
    'new',
    'old',
    'are',
    'was',
    'has',
    'have',
    'not',
    'all',
    'its',
    'also',
    'some',
    'any',
    'when',
    'after',
    'before',
    'then',
    'there',
  ].map((w) => w.toLowerCase()),
);

/** The words of a text that can name a job or a part: letters (any script), at least three long, lower case. */
export function keywords(text: string, max = 12): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word) || out.includes(word)) continue;
    out.push(word);
    if (out.length >= max) break;
  }
  return out;
}

/** pg_trgm's trigrams of a text: each word padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Share of `needle`'s trigrams found in `haystack` (0 to 1): how much of a short text a longer one contains. */
export function containment(needle: string, haystack: string | Set<string>): number {
  const a = trigrams(needle);
  if (a.size === 0) return 0;
  const b = typeof haystack === 'string' ? trigrams(haystack) : haystack;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / a.size;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both texts (0 to 1). */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * How alike a past job is to the one asked about (0 to 1): mostly whether its service type is
 * named in the description ("front brake pads squeal" names "Brake service"), then how much its
 * own description resembles the asked one.
 */
export function jobSimilarity(asked: string | Set<string>, past: { serviceType: string; description: string | null }): number {
  const askedGrams = typeof asked === 'string' ? trigrams(asked) : asked;
  const type = containment(past.serviceType, askedGrams);
  let text = 0;
  if (past.description) {
    const own = trigrams(past.description);
    let shared = 0;
    for (const t of own) if (askedGrams.has(t)) shared++;
    const union = own.size + askedGrams.size - shared;
    text = Math.max(union ? shared / union : 0, own.size ? (shared / own.size) * 0.8 : 0);
  }
  return round3(Math.min(1, 0.65 * type + 0.35 * text + (type >= 0.99 ? 0.1 : 0)));
}

/** With this many similar jobs on the same model (or make), the estimate uses only those. */
export const ENOUGH_SAME_VEHICLE = 5;
/** Below this a past job is not similar enough to count. */
export const MIN_SIMILARITY = 0.25;
/** A past job's weight halves every this many days. */
export const RECENCY_HALF_LIFE_DAYS = 365;

/** How much a similar job counts: its similarity, doubled for the same make and model (×1.4 same make), halving yearly. */
export function jobWeight(job: { similarity: number; sameMake: boolean; sameModel: boolean; ageDays: number }): number {
  const vehicle = job.sameMake && job.sameModel ? 2 : job.sameMake ? 1.4 : 1;
  const recency = Math.max(0.15, 0.5 ** (Math.max(0, job.ageDays) / RECENCY_HALF_LIFE_DAYS));
  return job.similarity * vehicle * recency;
}

/**
 * The weighted q-quantile (0 to 1) of values: the smallest value whose cumulative weight reaches
 * q of the total (the weighted median at 0.5). Undefined for no values.
 */
export function weightedQuantile(items: Array<{ value: number; weight: number }>, q: number): number | undefined {
  const sorted = items.filter((i) => i.weight > 0 && Number.isFinite(i.value)).sort((a, b) => a.value - b.value);
  if (sorted.length === 0) return undefined;
  const total = sorted.reduce((s, i) => s + i.weight, 0);
  let cumulative = 0;
  for (const item of sorted) {
    cumulative += item.weight;
    if (cumulative >= q * total - 1e-9) return item.value;
  }
  return sorted[sorted.length - 1].value;
}

/**
 * How sure an estimate is (0.05 to 0.95): more similar jobs raise it (about ten make it count
 * fully), a wide spread (interquartile range over the typical value) lowers it.
 */
export function confidenceOf(count: number, spread: number): number {
  if (count <= 0) return 0.1;
  const amount = Math.min(1, Math.log2(1 + count) / Math.log2(11));
  const steadiness = 1 / (1 + Math.max(0, spread));
  return round3(Math.min(0.95, Math.max(0.05, amount * steadiness)));
}

/** A past job card with its lines summed (money in cents, hours as a number). */
export type PastJob = {
  id: number;
  jobNumber: string;
  serviceType: string;
  description: string | null;
  make: string;
  model: string;
  /** Days since it was completed. */
  ageDays: number;
  hours: number;
  labourCents: number;
  partsCents: number;
};

export type Range = { low: number; typical: number; high: number };
export type HistoryEstimate = {
  hours: Range;
  /** Cents. */
  total: Range;
  labourCents: number;
  partsCents: number;
  confidence: number;
  /** The jobs it stood on, most similar (heaviest) first. */
  basedOn: Array<PastJob & { similarity: number; weight: number; sameMake: boolean; sameModel: boolean }>;
};

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b) && a!.trim().toLowerCase() === b!.trim().toLowerCase();

/** Whether a free-text vehicle ("2019 Toyota Corolla") names a make or model. */
export function namesWord(text: string | null | undefined, word: string): boolean {
  if (!text || !word.trim()) return false;
  const words = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return words.includes(
    ` ${word
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()} `,
  );
}

/**
 * The estimate the similar past jobs give, or undefined when none is similar enough. The vehicle
 * is a make and model (a vehicle of the workshop) or free text naming them.
 */
export function estimateFromHistory(
  asked: { description: string; make?: string | null; model?: string | null; details?: string | null },
  jobs: PastJob[],
): HistoryEstimate | undefined {
  const askedGrams = trigrams(asked.description);
  // Many past jobs share their texts and vehicles: each is scored once.
  const similarities = new Map<string, number>();
  const vehicles = new Map<string, { sameMake: boolean; sameModel: boolean }>();
  const scored = jobs
    .map((job) => {
      const vehicleKey = `${job.make}\n${job.model}`;
      let vehicle = vehicles.get(vehicleKey);
      if (!vehicle) {
        const sameMake = same(job.make, asked.make) || namesWord(asked.details, job.make);
        vehicle = { sameMake, sameModel: sameMake && (same(job.model, asked.model) || namesWord(asked.details, job.model)) };
        vehicles.set(vehicleKey, vehicle);
      }
      const { sameMake, sameModel } = vehicle;
      const textKey = `${job.serviceType}\n${job.description ?? ''}`;
      let sim = similarities.get(textKey);
      if (sim === undefined) {
        sim = jobSimilarity(askedGrams, job);
        similarities.set(textKey, sim);
      }
      return {
        ...job,
        similarity: sim,
        sameMake,
        sameModel,
        weight: jobWeight({ similarity: sim, sameMake, sameModel, ageDays: job.ageDays }),
      };
    })
    .filter((j) => j.similarity >= MIN_SIMILARITY && j.hours + j.labourCents + j.partsCents > 0)
    .sort((a, b) => b.weight - a.weight || b.id - a.id);
  if (scored.length === 0) return undefined;
  // Enough jobs on the same model (else make) speak for this vehicle alone; then the closest
  // jobs decide: those weighing at least a third of the heaviest.
  const sameModel = scored.filter((j) => j.sameModel);
  const sameMake = scored.filter((j) => j.sameMake);
  const pool = sameModel.length >= ENOUGH_SAME_VEHICLE ? sameModel : sameMake.length >= ENOUGH_SAME_VEHICLE ? sameMake : scored;
  const used = pool.filter((j) => j.weight >= pool[0].weight / 3);
  const range = (value: (j: PastJob) => number): Range => {
    const items = used.map((j) => ({ value: value(j), weight: j.weight }));
    return { low: weightedQuantile(items, 0.25)!, typical: weightedQuantile(items, 0.5)!, high: weightedQuantile(items, 0.75)! };
  };
  const hours = range((j) => j.hours);
  const total = range((j) => j.labourCents + j.partsCents);
  const labour = range((j) => j.labourCents).typical;
  const parts = range((j) => j.partsCents).typical;
  // The total is the typical total; labour and parts share it as their typical values do.
  const labourCents = labour + parts > 0 ? Math.round((total.typical * labour) / (labour + parts)) : 0;
  const spread = total.typical > 0 ? (total.high - total.low) / total.typical : 1;
  return {
    hours,
    total,
    labourCents,
    partsCents: total.typical - labourCents,
    confidence: confidenceOf(used.length, spread),
    basedOn: used,
  };
}

/** Which of the asked description's words a catalogue part's name carries (plural or singular). */
export function partNamedIn(words: string[], partName: string): boolean {
  const nameWords = keywords(partName, 6).filter((w) => !/^\d/.test(w));
  if (nameWords.length === 0) return false;
  const hit = (w: string) => words.some((x) => x === w || x.replace(/s$/, '') === w.replace(/s$/, ''));
  const hits = nameWords.filter(hit).length;
  return hits >= Math.min(2, nameWords.length);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
