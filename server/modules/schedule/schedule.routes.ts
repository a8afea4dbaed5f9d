import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { schedule, scheduleQuery } from '../../../core/contracts/schedule.ts';
import { markConflicts } from '../../../core/rules/conflicts.ts';
import { addDays, dayWindow } from '../../../core/rules/scheduling.ts';
import { dayInZone, zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';
import { getSettings } from '../tenants/tenants.repository.ts';
import * as repo from './schedule.repository.ts';

/** /schedule: a day or week of every technician's bookings, appointments, tasks and shifts, conflicts marked. */
export async function scheduleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/schedule',
    { config: { access: ANY_ROLE }, schema: { tags: ['schedule'], querystring: scheduleQuery, response: { 200: schedule } } },
    async (request) => {
      const tenantId = request.user!.tenantId;
      const timeZone = (await getSettings(db, tenantId))?.timeZone ?? 'UTC';
      const from = request.query.from ?? dayInZone(new Date(), timeZone);
      const days = dayWindow(from, request.query.days);
      const start = zonedDateTimeToUtc(from, '00:00', timeZone);
      const end = zonedDateTimeToUtc(addDays(from, request.query.days), '00:00', timeZone);
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
