import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { booking, bookingInput, bookingListQuery, bookingSaved, bookingUpdateInput } from '../../../core/contracts/bookings.ts';
import * as service from './bookings.service.ts';

const tags = ['bookings'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });

export async function bookingRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'service_bookings' });

  r.get(
    '/api/tenants/:tenantId/service-bookings',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: bookingListQuery, response: { 200: z.array(booking) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listBookings(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/service-bookings/upcoming',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, params: tenantParams, response: { 200: z.array(booking) } } },
    async (request, reply) => {
      const { rows, total } = await service.upcoming(db, request.actor.tenantId);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.get(
    '/api/service-bookings/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: booking } } },
    async (request) => {
      const found = await service.findBooking(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.bookingNotFound();
      return found;
    },
  );
  r.post(
    '/api/service-bookings',
    { config: { access: STAFF }, schema: { tags, body: bookingInput, response: { 201: bookingSaved } } },
    async (request, reply) => {
      const created = await service.createBooking(db, request.actor.tenantId, request.body);
      await changed(request.actor.tenantId);
      await app.notifier.created(request.actor, 'booking', created.id);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/service-bookings/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: bookingUpdateInput, response: { 200: bookingSaved } } },
    async (request) => {
      const updated = await app.notifier.watch(request.actor, 'booking', request.params.id, () =>
        service.updateBooking(db, request.actor.tenantId, request.params.id, request.body),
      );
      await changed(request.actor.tenantId);
      return updated;
    },
  );
}
