import { TECHNICIAN_CAPACITY } from './workload.ts';

/** Why a technician scores: shown beside the score as translated labels. */
export type AssignReason = 'skill_match' | 'low_workload' | 'same_location' | 'high_rating' | 'active';

export type AssignableTask = { skillRequired?: string | null; location?: string | null };
export type Candidate = {
  id: number;
  status: string;
  skills: string[];
  activeTasks: number;
  location?: string | null;
  rating: number;
};

export type Suggestion = {
  technicianId: number;
  score: number;
  /** The displayed percentage: the score rounded and capped at 100. */
  percent: number;
  reasons: AssignReason[];
  bestMatch: boolean;
};

const same = (a?: string | null, b?: string | null) => !!a && !!b && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The spec's score: +40 when a skill matches the required skill; workload points
 * max(0, 30 − 10 × active tasks) ("Low workload" above 20); +20 for the same location;
 * rating × 2 ("High rating" at 4 or more); +10 for active status.
 */
export function scoreCandidate(task: AssignableTask, c: Candidate): { score: number; reasons: AssignReason[] } {
  const reasons: AssignReason[] = [];
  let score = 0;
  if (task.skillRequired && c.skills.some((s) => same(s, task.skillRequired))) {
    score += 40;
    reasons.push('skill_match');
  }
  const workloadPoints = Math.max(0, 30 - 10 * c.activeTasks);
  score += workloadPoints;
  if (workloadPoints > 20) reasons.push('low_workload');
  if (same(task.location, c.location)) {
    score += 20;
    reasons.push('same_location');
  }
  score += c.rating * 2;
  if (c.rating >= 4) reasons.push('high_rating');
  if (c.status === 'active') {
    score += 10;
    reasons.push('active');
  }
  return { score, reasons };
}

/** Only active technicians, best first; the top `limit` shown, the first tagged Best Match. */
export function suggestTechnicians(task: AssignableTask, candidates: Candidate[], limit = 3): Suggestion[] {
  return candidates
    .filter((c) => c.status === 'active')
    .map((c) => ({ c, ...scoreCandidate(task, c) }))
    .sort((a, b) => b.score - a.score || a.c.activeTasks - b.c.activeTasks || a.c.id - b.c.id)
    .slice(0, limit)
    .map((s, i) => ({
      technicianId: s.c.id,
      score: s.score,
      percent: Math.min(100, Math.round(s.score)),
      reasons: s.reasons,
      bestMatch: i === 0,
    }));
}

export type Distribution = {
  assignments: Array<{ taskId: number; technicianId: number; score: number }>;
  /** Tasks no chosen technician had room for. */
  unplaced: number[];
};

/**
 * Bulk assignment: each task (in the order given, e.g. by priority) goes to the best-scoring
 * chosen technician who still has room below the capacity of 5 active tasks; scores are
 * recomputed as each technician's load grows.
 */
export function distributeTasks(
  tasks: Array<AssignableTask & { id: number }>,
  candidates: Candidate[],
  capacity = TECHNICIAN_CAPACITY,
): Distribution {
  const load = new Map(candidates.map((c) => [c.id, c.activeTasks]));
  const result: Distribution = { assignments: [], unplaced: [] };
  for (const task of tasks) {
    const open = candidates
      .filter((c) => c.status === 'active' && (load.get(c.id) ?? 0) < capacity)
      .map((c) => ({ ...c, activeTasks: load.get(c.id) ?? 0 }));
    const [best] = suggestTechnicians(task, open, 1);
    if (!best) {
      result.unplaced.push(task.id);
      continue;
    }
    load.set(best.technicianId, (load.get(best.technicianId) ?? 0) + 1);
    result.assignments.push({ taskId: task.id, technicianId: best.technicianId, score: best.score });
  }
  return result;
}
