import { describe, expect, it } from 'vitest';
import { performanceOf } from './performance';

const done = (
  estimatedHours: number | null,
  actualHours: number | null,
  dueDate: string | null = null,
  timeCompleted: string | null = null,
) => ({
  status: 'completed',
  estimatedHours,
  actualHours,
  dueDate,
  timeCompleted,
});

describe('performanceOf', () => {
  it('averages efficiency over tasks with both hours and counts on-time completions', () => {
    const p = performanceOf(12, 4.5, [
      done(2, 2, '2026-01-10T17:00:00Z', '2026-01-10T12:00:00Z'),
      done(3, 6, '2026-01-10T17:00:00Z', '2026-01-11T09:00:00Z'),
      done(null, 4),
      { ...done(1, 1), status: 'in_progress' },
    ]);
    expect(p.averageEfficiency).toBe(75);
    expect(p.onTimeRate).toBe(50);
    expect(p.score).toBe(12 * 10 + 4.5 * 20);
    expect(p.badge).toBe('skilled');
    expect(p.completedTasks).toBe(12);
  });

  it('has no figures without measured tasks', () => {
    const p = performanceOf(0, 0, []);
    expect(p).toMatchObject({ averageEfficiency: null, onTimeRate: null, score: 0, badge: 'beginner' });
  });
});
