import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { ScheduleOptimization } from '../../../core/contracts/ai.ts';
import type { ScheduleWorkKind } from '../../../core/contracts/ai.values.ts';
import { planSchedule, planText, type PlanItem, type PlanTechnician, type Span } from '../../../core/rules/schedule-plan.ts';
import { addDays, daysBetween } from '../../../core/rules/scheduling.ts';
import { TECHNICIAN_CAPACITY } from '../../../core/rules/workload.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { eventSpansBetween } from '../schedule/schedule.repository.ts';
import { technicianConflicts } from '../schedule/conflicts.repository.ts';
import { assignTask } from '../tasks/tasks.service.ts';
import { activeCandidates } from '../tasks/tasks.repository.ts';
import { updateBooking } from '../bookings/bookings.service.ts';
import { updateAppointment } from '../appointments/appointments.service.ts';
import { takeAiCall } from './ai-limits.ts';
import { decision } from './ai-record.ts';
import * as repo from './schedule-optimization.repository.ts';

/**
 * Smart scheduling (issue 13, item 4): plans a range's unassigned tasks, bookings and
 * appointments on the technicians (core/rules/schedule-plan.ts) and stores the plan as a pending
 * record; applying it (admins and managers) assigns each suggestion in one transaction through
 * the tasks, bookings and appointments services, re-checking each first (still unassigned and
 * open, same time, technician active and within capacity, no new conflict): what is no longer
 * possible is skipped with its reason, never double-booked.
 *
 * A technician with shifts in the range works in them; one without any works the workshop's
 * usual hours (WORKDAY, the workshop's time zone) on every day of the range.
 */

export const MAX_PLAN_DAYS = 31;
export const WORKDAY = { start: '08:00', end: '18:00' };
const PRIORITY_RANK: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

export const optimizationNotFound = () => notFound('ai_schedule_optimizations', 'Schedule optimisation');
const joined = (tx: Tx) => tx as Db;
const singular = (kind: ScheduleWorkKind) => (kind === 'tasks' ? 'task' : kind === 'bookings' ? 'booking' : 'appointment');

type StoredRequest = NonNullable<ScheduleOptimization['request']> & { summary?: ScheduleOptimization['summary'] };

function toOptimization(r: repo.OptimizationRow): ScheduleOptimization {
  const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
  // The reasoning's figures live beside the request in its jsonb column (no column of their own).
  const { summary, ...request } = (r.request ?? {}) as StoredRequest;
  return {
    id: r.id,
    schedule: r.scheduleText,
    suggestions: r.suggestions.map(({ fixed: _f, ...s }) => s),
    unplaced: r.unplaced,
    reasoning: r.reasoning,
    potentialTimeSaved: r.potentialTimeSaved,
    conflictsAvoided: r.conflictsAvoided,
    appliedAt: iso(r.appliedAt),
    request: r.request ? request : undefined,
    summary,
    ...decision(r),
  };
}

export async function optimize(
  db: Db,
  actor: PublicUser,
  input: { schedulingData: { from: string; to: string; include: ScheduleWorkKind[] } },
  perMinute: number,
  now = new Date(),
): Promise<ScheduleOptimization> {
  const tenantId = await takeAiCall(db, actor, perMinute);
  const { from, to, include } = input.schedulingData;
  if (to < from) throw badRequest('ai.range_invalid', 'The end date must be on or after the start date');
  if (daysBetween(from, to) + 1 > MAX_PLAN_DAYS) {
    throw badRequest('ai.range_too_long', `Plan at most ${MAX_PLAN_DAYS} days at a time`, { maxDays: MAX_PLAN_DAYS });
  }
  return db.transaction(async (tx) => {
    const clock = await workshopClock(tx, tenantId, now);
    const start = clock.at(from);
    const end = clock.at(addDays(to, 1));
    const work = await repo.unassignedWork(tx, tenantId, { from: start, to: end, fromDay: from, toDay: to }, include);
    const technicians = (await activeCandidates(tx, tenantId)).map(({ firstName, lastName, ...t }) => ({
      ...t,
      name: `${firstName} ${lastName}`,
    }));
    const events = await eventSpansBetween(
      tx,
      tenantId,
      technicians.map((t) => t.id),
      start,
      end,
    );
    const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
    const workday: Span[] = days.map((d) => ({ start: clock.at(d, WORKDAY.start).getTime(), end: clock.at(d, WORKDAY.end).getTime() }));
    const span = (e: Span): Span => ({ start: e.start, end: e.end });
    const byTechnician = new Map<number, typeof events>();
    for (const e of events) {
      const list = byTechnician.get(e.technicianId);
      if (list) list.push(e);
      else byTechnician.set(e.technicianId, [e]);
    }
    const planTechs: PlanTechnician[] = technicians.map((t) => {
      const mine = byTechnician.get(t.id) ?? [];
      const shifts = mine.filter((e) => e.kind === 'shift').map(span);
      return {
        ...t,
        rating: Number(t.rating),
        windows: (shifts.length ? shifts : workday).sort((a, b) => a.start - b.start),
        busy: mine.filter((e) => e.kind !== 'shift' && e.status !== 'completed').map(span),
      };
    });
    const items: PlanItem[] = work.map((w) => ({
      kind: w.kind,
      id: w.id,
      title: w.title,
      start: w.start === null ? null : Date.parse(w.start),
      minutes: Math.max(1, w.minutes),
      skillRequired: w.skill,
      location: w.location,
      rank: (PRIORITY_RANK[w.priority ?? 'medium'] ?? 2) * 1e13 + (w.dueDate ? Date.parse(w.dueDate) : 9e12),
    }));
    const plan = planSchedule(items, planTechs, { notBefore: Math.max(now.getTime(), start.getTime()), until: end.getTime() });
    const fixed = new Set(items.filter((i) => i.start !== null).map((i) => `${i.kind}:${i.id}`));
    const suggestions: repo.StoredSuggestion[] = plan.suggestions.map((s) => ({
      kind: s.kind,
      id: s.id,
      title: s.title,
      technicianId: s.technicianId,
      technicianName: s.technicianName,
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
      score: s.score,
      reasons: s.reasons,
      fixed: fixed.has(`${s.kind}:${s.id}`),
    }));
    const summary = {
      placed: plan.suggestions.length,
      items: items.length,
      technicians: new Set(plan.suggestions.map((s) => s.technicianId)).size,
      activeTechnicians: technicians.length,
      workdayStart: WORKDAY.start,
      workdayEnd: WORKDAY.end,
      capacity: TECHNICIAN_CAPACITY,
    };
    const reasoning =
      `Placed ${plan.suggestions.length} of ${items.length} unassigned items (${include.join(', ')}, ${from} to ${to}) ` +
      `on ${new Set(plan.suggestions.map((s) => s.technicianId)).size} of ${technicians.length} active technicians by the ` +
      `auto-assign score (skills, workload, rating, location), inside their shifts (or ${WORKDAY.start}–${WORKDAY.end}) ` +
      `and around their existing commitments, tasks within ${TECHNICIAN_CAPACITY} active each. Assigning in order to the ` +
      `first free technician would have made ${plan.conflictsAvoided} conflicts and ${plan.potentialTimeSaved} minutes of overlap or overtime.`;
    const id = await repo.insertOptimization(tx, {
      tenantId,
      request: { from, to, include, summary },
      suggestions,
      unplaced: plan.unplaced,
      scheduleText: planText(plan, clock.timeZone),
      reasoning,
      potentialTimeSaved: plan.potentialTimeSaved,
      conflictsAvoided: plan.conflictsAvoided,
      createdBy: actor.id,
    });
    return toOptimization((await repo.findOptimization(tx, tenantId, id))!);
  });
}

export async function getOptimization(db: Db, tenantId: number, id: number): Promise<ScheduleOptimization> {
  const row = await repo.findOptimization(db, tenantId, id);
  if (!row) throw optimizationNotFound();
  return toOptimization(row);
}

async function pending(tx: Tx, tenantId: number, id: number) {
  const row = await repo.lockOptimization(tx, tenantId, id);
  if (!row) throw optimizationNotFound();
  if (row.status !== 'pending') {
    throw conflict('ai.already_decided', `This schedule optimisation is already ${row.status}`, { status: row.status });
  }
  return row;
}

type Skip = { kind: ScheduleWorkKind; id: number; reason: string };

/** Why a suggestion can no longer be applied as planned, or null when it still can. */
async function recheck(tx: Tx, tenantId: number, s: repo.StoredSuggestion): Promise<string | null> {
  const item = await repo.lockItem(tx, tenantId, s.kind, s.id);
  if (!item) return 'gone';
  if (item.technicianId !== null) return 'already_assigned';
  if (['cancelled', 'completed', 'no_show'].includes(item.status)) return 'closed';
  if (s.fixed ? item.start !== s.start : item.start !== null) return 'time_changed';
  const tech = await repo.lockTechnician(tx, tenantId, s.technicianId);
  if (!tech || tech.status !== 'active') return 'technician_inactive';
  if (s.kind === 'tasks' && tech.activeTasks >= TECHNICIAN_CAPACITY) return 'over_capacity';
  const clash = await technicianConflicts(tx, tenantId, s.technicianId, new Date(s.start), new Date(s.end), {
    kind: singular(s.kind),
    id: s.id,
  });
  return clash.length ? 'conflict' : null;
}

/** Assigns every suggestion still possible, in one transaction; the record is applied once (409 after). */
export async function apply(db: Db, actor: PublicUser, id: number) {
  const tenantId = actor.tenantId;
  return db.transaction(async (tx) => {
    const row = await pending(tx, tenantId, id);
    const assigned: Array<{ kind: ScheduleWorkKind; id: number; technicianId: number }> = [];
    const skipped: Skip[] = [];
    for (const s of row.suggestions) {
      const reason = await recheck(tx, tenantId, s);
      if (reason) {
        skipped.push({ kind: s.kind, id: s.id, reason });
        continue;
      }
      if (s.kind === 'tasks') await assignTask(joined(tx), actor, s.id, s.technicianId, s.fixed ? undefined : s.start);
      else if (s.kind === 'bookings') await updateBooking(joined(tx), tenantId, s.id, { technicianId: s.technicianId });
      else await updateAppointment(joined(tx), actor, s.id, { assignedTo: s.technicianId });
      assigned.push({ kind: s.kind, id: s.id, technicianId: s.technicianId });
    }
    if (!(await repo.decideOptimization(tx, tenantId, id, 'applied', actor.id))) {
      throw conflict('ai.already_decided', 'This schedule optimisation is already decided');
    }
    return { assigned, skipped };
  });
}

export async function dismiss(db: Db, actor: PublicUser, id: number): Promise<ScheduleOptimization> {
  return db.transaction(async (tx) => {
    await pending(tx, actor.tenantId, id);
    await repo.decideOptimization(tx, actor.tenantId, id, 'dismissed', actor.id);
    return toOptimization((await repo.findOptimization(tx, actor.tenantId, id))!);
  });
}
