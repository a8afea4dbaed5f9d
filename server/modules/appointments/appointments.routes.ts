import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import {
  appointment,
  appointmentInput,
  appointmentListQuery,
  appointmentSaved,
  appointmentUpdateInput,
  statusHistoryEntry,
} from '../../../core/contracts/appointments.ts';
import * as service from './appointments.service.ts';

const tags = ['appointments'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const itemParams = tenantParams.extend({ id: z.coerce.number().int().positive() });

export async function appointmentRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'appointments' });

  r.get(
    '/api/tenants/:tenantId/appointments',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: appointmentListQuery, response: { 200: z.array(appointment) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listAppointments(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/appointments/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: itemParams, response: { 200: appointment } } },
    async (request) => {
      const found = await service.findAppointment(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.appointmentNotFound();
      return found;
    },
  );
  r.get(
    '/api/tenants/:tenantId/appointments/:id/status-history',
    { config: { access: ANY_ROLE }, schema: { tags, params: itemParams, response: { 200: z.array(statusHistoryEntry) } } },
    async (request) => service.history(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/tenants/:tenantId/appointments',
    { config: { access: STAFF }, schema: { tags, params: tenantParams, body: appointmentInput, response: { 201: appointmentSaved } } },
    async (request, reply) => {
      const created = await service.createAppointment(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      await app.notifier.created(request.actor, 'appointment', created.id);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/tenants/:tenantId/appointments/:id',
    { config: { access: STAFF }, schema: { tags, params: itemParams, body: appointmentUpdateInput, response: { 200: appointmentSaved } } },
    async (request) => {
      const updated = await app.notifier.watch(request.actor, 'appointment', request.params.id, () =>
        service.updateAppointment(db, request.actor, request.params.id, request.body),
      );
      await changed(request.actor.tenantId);
      return updated;
    },
  );
}
