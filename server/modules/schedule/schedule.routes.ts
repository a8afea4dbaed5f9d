import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { schedule, scheduleQuery } from '../../../core/contracts/schedule.ts';
import { markConflicts } from '../../../core/rules/conflicts.ts';
import { addDays, dayWindow } from '../../../core/rules/scheduling.ts';
import * as repo from './schedule.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

/** /schedule: a day or week of every technician's bookings, appointments, tasks and shifts, conflicts marked. */
export async function scheduleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/schedule',
    { config: { access: ANY_ROLE }, schema: { tags: ['schedule'], querystring: scheduleQuery, response: { 200: schedule } } },
    async (request) => {
      const tenantId = request.actor.tenantId;
      const clock = await workshopClock(db, tenantId);
      const timeZone = clock.timeZone;
      const from = request.query.from ?? clock.today;
      const days = dayWindow(from, request.query.days);
      const start = clock.at(from);
      const end = clock.at(addDays(from, request.query.days));
      const { technicians, total } = await repo.activeTechnicians(db, tenantId, request.query);
      const raw = await repo.eventsBetween(db, tenantId, technicians.map((t) => t.id), start, end);
      // Shifts are when someone works, not work itself: they never conflict with the work in them.
      const work = markConflicts(raw.filter((e) => e.kind !== 'shift').map((e) => ({ ...e, owner: e.technicianId })));
      const shifts = markConflicts(raw.filter((e) => e.kind === 'shift').map((e) => ({ ...e, owner: e.technicianId })));
      const events = [...work, ...shifts]
        .map(({ owner: _o, ...e }) => e)
        .sort((a, b) => a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind));
      return { from, days, timeZone, technicians, totalTechnicians: total, events };
    },
  );
}
