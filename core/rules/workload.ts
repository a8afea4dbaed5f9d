/** Technician capacity and workload (spec/core.md section 9). */
export const TECHNICIAN_CAPACITY = 5;
export const AVAILABLE_BELOW = 3;

/** Active tasks / 5 × 100, capped at 100. */
export function workloadPercent(activeTasks: number): number {
  return Math.min(100, (Math.max(0, activeTasks) / TECHNICIAN_CAPACITY) * 100);
}

/** Bar and status dot: "accent" at 60% or more, "secondary" below. */
export function workloadTone(percent: number): 'accent' | 'secondary' {
  return percent >= 60 ? 'accent' : 'secondary';
}

/** The percentage text is accent-coloured at 80% or more. */
export function isWorkloadTextAccent(percent: number): boolean {
  return percent >= 80;
}

export type TechnicianLoad = { status: string; activeTasks: number };

/** Available: active with fewer than 3 active tasks. */
export function isAvailable(t: TechnicianLoad): boolean {
  return t.status === 'active' && t.activeTasks < AVAILABLE_BELOW;
}

/** Overloaded: 5 or more active tasks. */
export function isOverloaded(t: TechnicianLoad): boolean {
  return t.activeTasks >= TECHNICIAN_CAPACITY;
}
