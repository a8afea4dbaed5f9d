import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { schedule, scheduleQuery } from '../../../core/contracts/schedule.ts';
import * as service from './schedule.service.ts';

/** /schedule: a day or week of every technician's bookings, appointments, tasks and shifts, conflicts marked. */
export async function scheduleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/schedule',
    { config: { access: ANY_ROLE }, schema: { tags: ['schedule'], querystring: scheduleQuery, response: { 200: schedule } } },
    async (request) => service.scheduleOf(db, request.actor, request.query),
  );
}
