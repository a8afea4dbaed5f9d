import type { ScheduleWorkKind } from '../contracts/ai.values.ts';
import { scoreCandidate, type AssignReason, type Candidate } from './auto-assign.ts';
import { TECHNICIAN_CAPACITY } from './workload.ts';

/**
 * Smart scheduling (issue 13, item 4), pure: places unassigned work (tasks, bookings,
 * appointments) on technicians with the auto-assign score (skills, workload, rating, location),
 * inside their shifts (or the workshop's working hours when they have none), never over their
 * existing commitments or each other, and tasks never past the technician's capacity of active
 * tasks. Work with a time keeps it; a task without one gets the earliest free slot in the range.
 *
 * It is compared with the naive way (each item in order to the first technician free at its time
 * by the diary as it stood, without looking at shifts or at what was just handed out):
 * `conflictsAvoided` counts the naive plan's items that would overlap another naive item or fall
 * outside the technician's shift, and `potentialTimeSaved` the minutes of those overlaps and of
 * that out-of-shift work (waiting or overtime the plan avoids).
 */

export type Span = { start: number; end: number };
export type PlanItem = {
  kind: ScheduleWorkKind;
  id: number;
  title: string;
  /** Fixed start (ms), or null: a task to fit in the earliest free slot. */
  start: number | null;
  minutes: number;
  skillRequired?: string | null;
  location?: string | null;
  /** Lower goes first among items without a time (priority, then due date). */
  rank?: number;
};
export type PlanTechnician = Candidate & {
  name: string;
  /** When they work in the range (shifts, or working hours), sorted. */
  windows: Span[];
  /** Existing commitments in the range. */
  busy: Span[];
};
/** Why a technician was chosen: auto-assign's reasons, and the diary's. */
export type PlanReason = AssignReason | 'in_shift' | 'no_overlap' | 'earliest_slot' | 'within_capacity';
/** Why an item could not be placed. */
export type UnplacedReason = 'no_active_technician' | 'all_at_capacity' | 'no_free_technician' | 'no_free_slot';

export type PlannedAssignment = {
  kind: ScheduleWorkKind;
  id: number;
  title: string;
  technicianId: number;
  technicianName: string;
  start: number;
  end: number;
  score: number;
  reasons: PlanReason[];
};
export type Plan = {
  suggestions: PlannedAssignment[];
  unplaced: Array<{ kind: ScheduleWorkKind; id: number; title: string; reason: UnplacedReason }>;
  potentialTimeSaved: number;
  conflictsAvoided: number;
};

export type PlanOptions = {
  /** Flexible tasks start no earlier than this (now, or the range's start). */
  notBefore: number;
  /** The range's end: no slot ends after it. */
  until: number;
  capacity?: number;
  /** Slots start on this grid (minutes). */
  stepMinutes?: number;
};

const MINUTE = 60_000;
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const inWindow = (windows: Span[], s: Span) => windows.some((w) => w.start <= s.start && s.end <= w.end);

/** How many spans of `sorted` (by start) start before `at`. */
function startingBefore(sorted: Span[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const insertSorted = (sorted: Span[], s: Span) => sorted.splice(startingBefore(sorted, s.start), 0, s);

/** Commitments are at most this long (a shift or a day's job): older ones cannot reach a later slot. */
const LONGEST = 36 * 3600 * 1000;

/** The latest end of the spans of `sorted` (by start) overlapping `slot`, or null when it is free. */
function clashEnd(sorted: Span[], slot: Span): number | null {
  let end: number | null = null;
  for (let i = startingBefore(sorted, slot.end) - 1; i >= 0; i--) {
    const b = sorted[i];
    if (b.start + LONGEST <= slot.start) break;
    if (b.end > slot.start && (end === null || b.end > end)) end = b.end;
  }
  return end;
}

/** The earliest slot of `minutes` in the windows, free of `busy`, from `notBefore`, on the step grid. */
export function earliestSlot(windows: Span[], busy: Span[], minutes: number, notBefore: number, until: number, step = 15): Span | null {
  const length = minutes * MINUTE;
  const grid = step * MINUTE;
  const sorted = isSorted(busy) ? busy : [...busy].sort((a, b) => a.start - b.start);
  for (const w of windows) {
    if (w.end <= notBefore) continue;
    let start = Math.max(w.start, notBefore);
    start = w.start + Math.ceil((start - w.start) / grid) * grid;
    while (start + length <= Math.min(w.end, until)) {
      const slot = { start, end: start + length };
      const clash = clashEnd(sorted, slot);
      if (clash === null) return slot;
      // Any start before the latest clashing end still overlaps it.
      start = w.start + Math.ceil((clash - w.start) / grid) * grid;
    }
  }
  return null;
}

/**
 * earliestSlot for each technician, remembered by length until their diary changes: a plan asks
 * every equally scored technician for every task, and most diaries did not change since the last.
 */
function slotFinder(diaries: Map<number, Span[]>, options: PlanOptions) {
  const memo = new Map<number, Map<number, Span | null>>();
  return {
    find(t: PlanTechnician, minutes: number): Span | null {
      let mine = memo.get(t.id);
      if (!mine) memo.set(t.id, (mine = new Map()));
      let slot = mine.get(minutes);
      if (slot === undefined) {
        slot = earliestSlot(t.windows, diaries.get(t.id)!, minutes, options.notBefore, options.until, options.stepMinutes);
        mine.set(minutes, slot);
      }
      return slot;
    },
    /** Their diary changed: what was found for them no longer holds. */
    changed(technicianId: number) {
      memo.delete(technicianId);
    },
  };
}

function isSorted(spans: Span[]): boolean {
  for (let i = 1; i < spans.length; i++) if (spans[i - 1].start > spans[i].start) return false;
  return true;
}

/** Items with a time first (by time), then tasks without one (by rank); stable by kind and id. */
function ordered(items: PlanItem[]): PlanItem[] {
  return [...items].sort(
    (a, b) =>
      (a.start === null ? 1 : 0) - (b.start === null ? 1 : 0) ||
      (a.start ?? 0) - (b.start ?? 0) ||
      (a.rank ?? 0) - (b.rank ?? 0) ||
      a.kind.localeCompare(b.kind) ||
      a.id - b.id,
  );
}

export function planSchedule(items: PlanItem[], technicians: PlanTechnician[], options: PlanOptions): Plan {
  const capacity = options.capacity ?? TECHNICIAN_CAPACITY;
  const active = technicians.filter((t) => t.status === 'active').sort((a, b) => a.id - b.id);
  const busy = new Map(active.map((t) => [t.id, [...t.busy].sort((a, b) => a.start - b.start)]));
  const booked = new Map(active.map((t) => [t.id, t.busy.reduce((sum, b) => sum + (b.end - b.start), 0)]));
  const load = new Map(active.map((t) => [t.id, t.activeTasks]));
  // What auto-assign scores each technician on, with their load as the plan grows (one object each, not one per item).
  const scoring = new Map(
    active.map((t) => [
      t.id,
      { id: t.id, status: t.status, skills: t.skills, location: t.location, rating: t.rating, activeTasks: t.activeTasks },
    ]),
  );
  const plan: Plan = { suggestions: [], unplaced: [], potentialTimeSaved: 0, conflictsAvoided: 0 };
  const queue = ordered(items);
  const slots = slotFinder(busy, options);

  for (const item of queue) {
    const unplaced = (reason: UnplacedReason) => plan.unplaced.push({ kind: item.kind, id: item.id, title: item.title, reason });
    if (active.length === 0) {
      unplaced('no_active_technician');
      continue;
    }
    const open = item.kind === 'tasks' ? active.filter((t) => (load.get(t.id) ?? 0) < capacity) : active;
    if (open.length === 0) {
      unplaced('all_at_capacity');
      continue;
    }
    // Best score first; among equal scores the earliest slot, then the lighter diary, then the lowest id.
    const wanted = { skillRequired: item.skillRequired, location: item.location };
    const scored = open
      .map((t) => {
        const { score, reasons } = scoreCandidate(wanted, scoring.get(t.id)!);
        return { t, score, reasons };
      })
      .sort((a, b) => b.score - a.score || a.t.id - b.t.id);
    let best: { t: PlanTechnician; slot: Span; score: number; reasons: AssignReason[]; booked: number } | null = null;
    for (const c of scored) {
      if (best && c.score < best.score) break;
      const diary = busy.get(c.t.id)!;
      const slot = item.start !== null ? { start: item.start, end: item.start + item.minutes * MINUTE } : slots.find(c.t, item.minutes);
      if (!slot || !inWindow(c.t.windows, slot) || clashEnd(diary, slot) !== null) continue;
      const candidate = { ...c, slot, booked: booked.get(c.t.id)! };
      if (!best || slot.start < best.slot.start || (slot.start === best.slot.start && candidate.booked < best.booked)) best = candidate;
    }
    if (!best) {
      unplaced(item.start === null ? 'no_free_slot' : 'no_free_technician');
      continue;
    }
    insertSorted(busy.get(best.t.id)!, best.slot);
    slots.changed(best.t.id);
    booked.set(best.t.id, booked.get(best.t.id)! + (best.slot.end - best.slot.start));
    if (item.kind === 'tasks') {
      load.set(best.t.id, (load.get(best.t.id) ?? 0) + 1);
      scoring.get(best.t.id)!.activeTasks = load.get(best.t.id)!;
    }
    const reasons: PlanReason[] = [...best.reasons, 'in_shift', 'no_overlap'];
    if (item.start === null) reasons.push('earliest_slot');
    if (item.kind === 'tasks') reasons.push('within_capacity');
    plan.suggestions.push({
      kind: item.kind,
      id: item.id,
      title: item.title,
      technicianId: best.t.id,
      technicianName: best.t.name,
      start: best.slot.start,
      end: best.slot.end,
      score: best.score,
      reasons,
    });
  }

  const naive = naivePlan(queue, active, options);
  plan.conflictsAvoided = naive.conflicts;
  plan.potentialTimeSaved = naive.minutesLost;
  return plan;
}

/**
 * The naive way, a dispatcher assigning in order to the first free technician: each item with a
 * time to the first technician (by id) free then by the diary and what was handed out before it
 * (the first one, double-booked, when nobody is), a task without one at the earliest free slot of
 * the first technician who has one; skills, shifts and capacity not looked at. Counts its items
 * that overlap earlier work, fall outside a shift, or take a technician past capacity, and the
 * minutes of those overlaps and of that out-of-shift work.
 */
export function naivePlan(
  items: PlanItem[],
  technicians: PlanTechnician[],
  options: PlanOptions,
): { conflicts: number; minutesLost: number } {
  if (technicians.length === 0) return { conflicts: 0, minutesLost: 0 };
  const capacity = options.capacity ?? TECHNICIAN_CAPACITY;
  const diaries = new Map(technicians.map((t) => [t.id, [...t.busy].sort((a, b) => a.start - b.start)]));
  const load = new Map(technicians.map((t) => [t.id, t.activeTasks]));
  const slots = slotFinder(diaries, options);
  let conflicts = 0;
  let lost = 0;
  for (const item of items) {
    let tech: PlanTechnician | undefined;
    let slot: Span | null = null;
    if (item.start !== null) {
      const fixed = { start: item.start, end: item.start + item.minutes * MINUTE };
      tech = technicians.find((t) => clashEnd(diaries.get(t.id)!, fixed) === null) ?? technicians[0];
      slot = fixed;
    } else {
      for (const t of technicians) {
        slot = slots.find(t, item.minutes);
        if (slot) {
          tech = t;
          break;
        }
      }
    }
    if (!tech || !slot) continue;
    const diary = diaries.get(tech.id)!;
    const overlapMs = diary.reduce((sum, b) => sum + overlap(b, slot), 0);
    const inside = tech.windows.reduce((sum, w) => sum + overlap(w, slot), 0);
    const outside = Math.max(0, slot.end - slot.start - inside);
    const overCapacity = item.kind === 'tasks' && (load.get(tech.id) ?? 0) >= capacity;
    if (overlapMs > 0 || outside > 0 || overCapacity) conflicts++;
    lost += overlapMs + outside;
    insertSorted(diary, slot);
    slots.changed(tech.id);
    if (item.kind === 'tasks') load.set(tech.id, (load.get(tech.id) ?? 0) + 1);
  }
  return { conflicts, minutesLost: Math.round(lost / MINUTE) };
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function hhmm(ms: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(timeZone, format);
  }
  return format.format(ms);
}

/** The plan as the spec reads it: one line per assignment, by technician and time. */
export function planText(plan: Plan, timeZone: string): string {
  if (plan.suggestions.length === 0 && plan.unplaced.length === 0) return 'Nothing to plan: no unassigned work in this range.';
  const lines: string[] = [];
  const byTech = new Map<string, PlannedAssignment[]>();
  for (const s of plan.suggestions) byTech.set(s.technicianName, [...(byTech.get(s.technicianName) ?? []), s]);
  for (const [name, list] of [...byTech.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`${name}:`);
    for (const s of [...list].sort((a, b) => a.start - b.start)) {
      lines.push(
        `  ${hhmm(s.start, timeZone)}–${hhmm(s.end, timeZone).split(', ').pop()} ${s.title} (${s.kind.replace(/s$/, '')} #${s.id})`,
      );
    }
  }
  if (plan.unplaced.length) {
    lines.push('Not placed:');
    for (const u of plan.unplaced) lines.push(`  ${u.title} (${u.kind.replace(/s$/, '')} #${u.id}): ${u.reason.replace(/_/g, ' ')}`);
  }
  return lines.join('\n');
}
