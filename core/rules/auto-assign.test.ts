import { describe, expect, it } from 'vitest';
import { distributeTasks, scoreCandidate, suggestTechnicians, type Candidate } from './auto-assign.ts';

const tech = (over: Partial<Candidate> & { id: number }): Candidate => ({
  status: 'active',
  skills: [],
  activeTasks: 0,
  location: null,
  rating: 0,
  ...over,
});

describe('auto-assign score', () => {
  it('adds the spec points: skill 40, workload max(0, 30 − 10 × active), location 20, rating × 2, active 10', () => {
    const task = { skillRequired: 'Brakes', location: 'Dubai' };
    const full = scoreCandidate(task, tech({ id: 1, skills: ['brakes'], activeTasks: 0, location: ' dubai ', rating: 4.5 }));
    expect(full.score).toBe(40 + 30 + 20 + 9 + 10);
    expect(full.reasons).toEqual(['skill_match', 'low_workload', 'same_location', 'high_rating', 'active']);

    const busy = scoreCandidate(task, tech({ id: 2, skills: ['Engine'], activeTasks: 2, location: 'Sharjah', rating: 3 }));
    expect(busy.score).toBe(0 + 10 + 0 + 6 + 10);
    expect(busy.reasons).toEqual(['active']);

    expect(scoreCandidate(task, tech({ id: 3, activeTasks: 4 })).score).toBe(10); // workload points floor at 0
    expect(scoreCandidate(task, tech({ id: 4, activeTasks: 1 })).reasons).not.toContain('low_workload'); // 20 is not above 20
  });

  it('suggests only active technicians, top 3, the first as Best Match, percent rounded and capped at 100', () => {
    const task = { skillRequired: 'Brakes', location: 'Dubai' };
    const list = suggestTechnicians(task, [
      tech({ id: 1, skills: ['Brakes'], location: 'Dubai', rating: 5 }), // 110
      tech({ id: 2, skills: ['Brakes'], rating: 3.25 }), // 86.5
      tech({ id: 3, status: 'inactive', skills: ['Brakes'], location: 'Dubai', rating: 5 }),
      tech({ id: 4, rating: 1 }), // 42
      tech({ id: 5, activeTasks: 3 }), // 10
    ]);
    expect(list.map((s) => s.technicianId)).toEqual([1, 2, 4]);
    expect(list.map((s) => s.percent)).toEqual([100, 87, 42]);
    expect(list.map((s) => s.bestMatch)).toEqual([true, false, false]);
    expect(list[0].score).toBe(110);
  });
});

describe('bulk distribution', () => {
  it('spreads tasks by score without pushing anyone past 5 active tasks, and reports the rest', () => {
    const tasks = [1, 2, 3, 4, 5, 6].map((id) => ({ id, skillRequired: 'Brakes', location: null }));
    const result = distributeTasks(tasks, [
      tech({ id: 10, skills: ['Brakes'], activeTasks: 3 }),
      tech({ id: 20, activeTasks: 4 }),
      tech({ id: 30, status: 'inactive' }),
    ]);
    const per = (id: number) => result.assignments.filter((a) => a.technicianId === id).length;
    expect(per(10)).toBe(2); // 3 → 5
    expect(per(20)).toBe(1); // 4 → 5
    expect(per(30)).toBe(0);
    expect(result.unplaced).toEqual([4, 5, 6]);
  });
});
