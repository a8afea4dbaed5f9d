import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Schedule, ScheduleQuery } from '../../../core/contracts/schedule.ts';
import { markConflicts } from '../../../core/rules/conflicts.ts';
import { addDays, dayWindow } from '../../../core/rules/scheduling.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import * as repo from './schedule.repository.ts';

/** A day or week of a page of technicians' bookings, appointments, tasks and shifts at the workshop, conflicts marked. */
export async function scheduleOf(db: Db, actor: PublicUser, query: ScheduleQuery): Promise<Schedule> {
  const tenantId = actor.tenantId;
  const clock = await workshopClock(db, tenantId);
  const from = query.from ?? clock.today;
  const { technicians, total } = await repo.activeTechnicians(db, tenantId, query);
  const raw = await repo.eventsBetween(
    db,
    tenantId,
    technicians.map((t) => t.id),
    clock.at(from),
    clock.at(addDays(from, query.days)),
  );
  // Shifts are when someone works, not work itself: they never conflict with the work in them.
  const work = markConflicts(raw.filter((e) => e.kind !== 'shift').map((e) => ({ ...e, owner: e.technicianId })));
  const shifts = markConflicts(raw.filter((e) => e.kind === 'shift').map((e) => ({ ...e, owner: e.technicianId })));
  const events = [...work, ...shifts]
    .map(({ owner: _o, ...e }) => e)
    .sort((a, b) => a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind));
  return { from, days: dayWindow(from, query.days), timeZone: clock.timeZone, technicians, totalTechnicians: total, events };
}
