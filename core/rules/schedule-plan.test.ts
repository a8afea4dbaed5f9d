import { describe, expect, it } from 'vitest';
import { earliestSlot, planSchedule, planText, type PlanItem, type PlanTechnician } from './schedule-plan.ts';

const at = (hhmm: string, day = '2026-06-01') => Date.parse(`${day}T${hhmm}:00Z`);
const span = (a: string, b: string, day?: string) => ({ start: at(a, day), end: at(b, day) });
const tech = (id: number, over: Partial<PlanTechnician> = {}): PlanTechnician => ({
  id,
  name: `Tech ${id}`,
  status: 'active',
  skills: [],
  activeTasks: 0,
  location: null,
  rating: 3,
  windows: [span('08:00', '17:00')],
  busy: [],
  ...over,
});
const options = { notBefore: at('08:00'), until: at('23:59') };
const booking = (id: number, start: string, minutes = 60, over: Partial<PlanItem> = {}): PlanItem => ({
  kind: 'bookings',
  id,
  title: `Booking ${id}`,
  start: at(start),
  minutes,
  ...over,
});

describe('earliestSlot', () => {
  it('finds the first free slot on the grid inside the windows', () => {
    const windows = [span('08:00', '12:00'), span('13:00', '17:00')];
    expect(earliestSlot(windows, [span('08:00', '09:10')], 60, at('07:00'), at('23:00'))).toEqual(span('09:15', '10:15'));
    expect(earliestSlot(windows, [span('08:00', '11:30')], 60, at('07:00'), at('23:00'))).toEqual(span('13:00', '14:00'));
    expect(earliestSlot(windows, [span('08:00', '17:00')], 60, at('07:00'), at('23:00'))).toBeNull();
    // Commitments overlapping one another, unsorted: past the latest end of those in the way.
    expect(earliestSlot(windows, [span('08:30', '09:00'), span('08:00', '10:00')], 30, at('07:00'), at('23:00'))).toEqual(
      span('10:00', '10:30'),
    );
    expect(earliestSlot(windows, [], 60, at('16:30'), at('23:00'))).toBeNull();
  });
});

describe('planSchedule', () => {
  it('places work on the best-scoring technician who is free and in shift, never overlapping', () => {
    const techs = [tech(1), tech(2, { skills: ['Brakes'], rating: 5 })];
    const plan = planSchedule(
      [booking(10, '09:00', 60, { skillRequired: 'Brakes' }), booking(11, '09:30', 60, { skillRequired: 'Brakes' })],
      techs,
      options,
    );
    expect(plan.suggestions.map((s) => [s.id, s.technicianId])).toEqual([
      [10, 2],
      [11, 1],
    ]);
    expect(plan.suggestions[0].reasons).toEqual(expect.arrayContaining(['skill_match', 'high_rating', 'in_shift', 'no_overlap']));
    expect(plan.unplaced).toEqual([]);
    // The first free technician would have made no conflict here either (only a worse match).
    expect(plan.conflictsAvoided).toBe(0);
    expect(plan.potentialTimeSaved).toBe(0);
  });

  it('measures what assigning in order to the first free technician would have cost', () => {
    // Technician 1 works from 12:00; technician 2 all day. At 09:00, 1 is "free" by the diary.
    const techs = [tech(1, { windows: [span('12:00', '17:00')] }), tech(2)];
    const plan = planSchedule([booking(10, '09:00')], techs, options);
    expect(plan.suggestions.map((s) => s.technicianId)).toEqual([2]);
    expect(plan).toMatchObject({ conflictsAvoided: 1, potentialTimeSaved: 60 });
    // Nobody free at 09:30: naively double-booked on technician 1 (30 minutes of overlap).
    const busy = planSchedule([booking(10, '09:00'), booking(11, '09:00'), booking(12, '09:30', 30)], [tech(1), tech(2)], options);
    expect(busy.unplaced.map((u) => u.id)).toEqual([12]);
    expect(busy).toMatchObject({ conflictsAvoided: 1, potentialTimeSaved: 30 });
    // A task given to a technician already at capacity.
    const full = planSchedule(
      [{ kind: 'tasks', id: 1, title: 'T', start: null, minutes: 60 }],
      [tech(1, { activeTasks: 5 }), tech(2)],
      options,
    );
    expect(full.suggestions.map((s) => s.technicianId)).toEqual([2]);
    expect(full).toMatchObject({ conflictsAvoided: 1, potentialTimeSaved: 0 });
  });

  it('respects existing commitments and shifts, and says why it could not place', () => {
    const techs = [tech(1, { busy: [span('09:00', '10:00')] }), tech(2, { windows: [span('12:00', '17:00')] })];
    const plan = planSchedule([booking(10, '09:00'), booking(11, '18:00')], techs, options);
    expect(plan.suggestions).toEqual([]);
    expect(plan.unplaced.map((u) => [u.id, u.reason])).toEqual([
      [10, 'no_free_technician'],
      [11, 'no_free_technician'],
    ]);
    // Naively: 10 goes to technician 2 outside their shift (60 min), 11 to technician 1 after hours (60 min).
    expect(plan.conflictsAvoided).toBe(2);
    expect(plan.potentialTimeSaved).toBe(120);
  });

  it('fits tasks without a time into the earliest free slot, within capacity', () => {
    const techs = [tech(1, { activeTasks: 5 }), tech(2, { busy: [span('08:00', '10:00')] })];
    const tasks: PlanItem[] = [
      { kind: 'tasks', id: 1, title: 'Inspect', start: null, minutes: 90, rank: 1 },
      { kind: 'tasks', id: 2, title: 'Wash', start: null, minutes: 60, rank: 0 },
    ];
    const plan = planSchedule(tasks, techs, options);
    expect(plan.suggestions.map((s) => [s.id, s.technicianId, new Date(s.start).toISOString().slice(11, 16)])).toEqual([
      [2, 2, '10:00'],
      [1, 2, '11:00'],
    ]);
    expect(plan.suggestions[0].reasons).toEqual(expect.arrayContaining(['earliest_slot', 'within_capacity']));
    const full = planSchedule(tasks, [tech(1, { activeTasks: 5 })], options);
    expect(full.unplaced.map((u) => u.reason)).toEqual(['all_at_capacity', 'all_at_capacity']);
    expect(planSchedule(tasks, [], options).unplaced.map((u) => u.reason)).toEqual(['no_active_technician', 'no_active_technician']);
  });

  it('reads as text, by technician and time', () => {
    const plan = planSchedule([booking(10, '09:00')], [tech(1)], options);
    expect(planText(plan, 'UTC')).toBe('Tech 1:\n  1 Jun 2026, 09:00–10:00 Booking 10 (booking #10)');
    expect(planText(planSchedule([], [tech(1)], options), 'UTC')).toContain('Nothing to plan');
  });
});
