import { TECHNICIAN_CAPACITY } from './workload.ts';

export type UtilizationLevel = 'critical' | 'high' | 'moderate' | 'low';

/** Team capacity = active technicians × 5. */
export function teamCapacity(activeTechnicians: number): number {
  return Math.max(0, activeTechnicians) * TECHNICIAN_CAPACITY;
}

/** Utilisation in percent: current tasks (assigned or in progress) / capacity; 0 with no capacity. */
export function utilizationPercent(currentTasks: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return (currentTasks / capacity) * 100;
}

/** 90 or more Critical, 70 or more High, 50 or more Moderate, otherwise Low. */
export function utilizationLevel(percent: number): UtilizationLevel {
  if (percent >= 90) return 'critical';
  if (percent >= 70) return 'high';
  if (percent >= 50) return 'moderate';
  return 'low';
}
