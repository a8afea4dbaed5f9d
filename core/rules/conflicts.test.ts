import { describe, expect, it } from 'vitest';
import { markConflicts } from './conflicts.ts';

const ev = (owner: number, start: string, end: string) => ({
  owner,
  start: `2026-12-01T${start}:00.000Z`,
  end: `2026-12-01T${end}:00.000Z`,
});

describe('conflicts', () => {
  it('marks overlapping events of the same owner only', () => {
    const marked = markConflicts([ev(1, '09:00', '11:00'), ev(1, '10:00', '10:30'), ev(1, '11:00', '12:00'), ev(2, '09:30', '10:30')]);
    expect(marked.map((e) => e.conflict)).toEqual([true, true, false, false]);
  });
  it('catches an overlap with a long earlier event, not just the previous one', () => {
    const marked = markConflicts([ev(1, '08:00', '17:00'), ev(1, '09:00', '10:00'), ev(1, '12:00', '13:00')]);
    expect(marked.every((e) => e.conflict)).toBe(true);
  });
});
