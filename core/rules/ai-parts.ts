/**
 * Parts recommendation from a workshop's own past job cards (issue 13, item 3): the catalogue
 * parts used on past jobs of a service type, ranked by how often they were used (jobs on the same
 * make and model count double) and how often together with the other parts of those jobs. Pure:
 * the server finds the job cards and their part lines through indexes.
 */

/** A past job card of the service type with the catalogue parts on it (part id → quantity). */
export type PartsJob = { id: number; jobNumber: string; sameVehicle: boolean; parts: Map<number, number> };

export type RankedPart = {
  sparePartId: number;
  /** Job cards that used it. */
  usedOn: number;
  /** Of those, on the same make and model. */
  usedOnSameVehicle: number;
  /** Weighted share of the jobs that used it (0 to 1). */
  support: number;
  /** The typical (median) quantity per job. */
  quantity: number;
  /** The part most often used with it, and on how many jobs. */
  companion: { sparePartId: number; jobs: number } | null;
  score: number;
  /** Job cards it was used on, newest first (a few). */
  jobs: Array<{ id: number; jobNumber: string }>;
};

/** A job on the same make and model counts this much more. */
export const SAME_VEHICLE_WEIGHT = 2;
/** Parts used on less than this weighted share of the jobs are left out. */
export const MIN_SUPPORT = 0.1;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};

/**
 * Ranks the parts of the jobs: support (weighted share of the jobs that used the part) plus a
 * co-usage bonus (how strongly it goes with the other well-supported parts), highest first.
 */
export function rankParts(jobs: PartsJob[], max = 10): RankedPart[] {
  if (jobs.length === 0) return [];
  const weight = (j: PartsJob) => (j.sameVehicle ? SAME_VEHICLE_WEIGHT : 1);
  const totalWeight = jobs.reduce((s, j) => s + weight(j), 0);
  const byPart = new Map<number, { w: number; jobs: PartsJob[]; quantities: number[] }>();
  for (const job of jobs) {
    for (const [partId, quantity] of job.parts) {
      const entry = byPart.get(partId) ?? { w: 0, jobs: [], quantities: [] };
      entry.w += weight(job);
      entry.jobs.push(job);
      entry.quantities.push(quantity);
      byPart.set(partId, entry);
    }
  }
  const supported = [...byPart.entries()].filter(([, e]) => e.w / totalWeight >= MIN_SUPPORT);
  const supportedIds = new Set(supported.map(([id]) => id));
  const ranked = supported.map(([partId, e]): RankedPart => {
    // Co-usage: of the jobs using this part, the share also using each other supported part.
    const together = new Map<number, number>();
    for (const job of e.jobs) {
      for (const other of job.parts.keys()) {
        if (other !== partId && supportedIds.has(other)) together.set(other, (together.get(other) ?? 0) + 1);
      }
    }
    let companion: RankedPart['companion'] = null;
    for (const [other, n] of together) {
      if (!companion || n > companion.jobs || (n === companion.jobs && other < companion.sparePartId)) {
        companion = { sparePartId: other, jobs: n };
      }
    }
    const support = e.w / totalWeight;
    const coUsage = companion ? companion.jobs / e.jobs.length : 0;
    return {
      sparePartId: partId,
      usedOn: e.jobs.length,
      usedOnSameVehicle: e.jobs.filter((j) => j.sameVehicle).length,
      support: Math.round(support * 1000) / 1000,
      quantity: Math.max(1, median(e.quantities)),
      companion,
      score: Math.round((support + 0.25 * support * coUsage) * 1000) / 1000,
      jobs: [...e.jobs]
        .sort((a, b) => b.id - a.id)
        .slice(0, 5)
        .map((j) => ({ id: j.id, jobNumber: j.jobNumber })),
    };
  });
  return ranked.sort((a, b) => b.score - a.score || b.usedOn - a.usedOn || a.sparePartId - b.sparePartId).slice(0, max);
}

/** How sure the recommendation is: how many jobs it stands on and how clearly the top part stands out. */
export function partsConfidence(jobs: number, topSupport: number): number {
  if (jobs <= 0) return 0;
  const amount = Math.min(1, Math.log2(1 + jobs) / Math.log2(11));
  return Math.round(Math.min(0.95, amount * (0.4 + 0.6 * topSupport)) * 1000) / 1000;
}
