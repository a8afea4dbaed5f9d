import { describe, expect, it } from 'vitest';
import { isAvailable, isOverloaded, isWorkloadTextAccent, workloadPercent, workloadTone } from './workload.ts';

describe('workload', () => {
  it('is active tasks / 5 × 100, capped at 100', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map(workloadPercent)).toEqual([0, 20, 40, 60, 80, 100, 100, 100]);
  });
  it('colours the bar and dot accent at 60 or more, the text at 80 or more', () => {
    expect([0, 40, 59.9, 60, 100].map(workloadTone)).toEqual(['secondary', 'secondary', 'secondary', 'accent', 'accent']);
    expect([60, 79.9, 80, 100].map(isWorkloadTextAccent)).toEqual([false, false, true, true]);
  });
  it('calls a technician available below 3 active tasks, when active, and overloaded at 5', () => {
    expect(isAvailable({ status: 'active', activeTasks: 2 })).toBe(true);
    expect(isAvailable({ status: 'active', activeTasks: 3 })).toBe(false);
    expect(isAvailable({ status: 'inactive', activeTasks: 0 })).toBe(false);
    expect(isOverloaded({ status: 'active', activeTasks: 4 })).toBe(false);
    expect(isOverloaded({ status: 'active', activeTasks: 5 })).toBe(true);
  });
});
