import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { fleetListQuery, fleetStats, fleetVehicle, fleetVehicleInput, fleetVehicleUpdateInput } from '../../../core/contracts/fleet.ts';
import * as service from './fleet.service.ts';

const tags = ['fleet'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });

export async function fleetRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'fleet' });

  r.get(
    '/api/tenants/:tenantId/fleet',
    {
      config: { access: ANY_ROLE, feature: 'fleet', keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: fleetListQuery, response: { 200: z.array(fleetVehicle) } },
    },
    async (request, reply) => {
      const { rows, total } = await service.listFleet(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/fleet/stats',
    { config: { access: ANY_ROLE, feature: 'fleet' }, schema: { tags, params: tenantParams, response: { 200: fleetStats } } },
    async (request) => service.stats(db, request.actor.tenantId),
  );
  r.get(
    '/api/fleet-vehicles/:id',
    { config: { access: ANY_ROLE, feature: 'fleet' }, schema: { tags, params: idParams, response: { 200: fleetVehicle } } },
    async (request) => {
      const found = await service.findFleetVehicle(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.fleetVehicleNotFound();
      return found;
    },
  );
  r.post(
    '/api/fleet-vehicles',
    { config: { access: STAFF, feature: 'fleet' }, schema: { tags, body: fleetVehicleInput, response: { 201: fleetVehicle } } },
    async (request, reply) => {
      const created = await service.createFleetVehicle(db, request.actor.tenantId, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/fleet-vehicles/:id',
    {
      config: { access: STAFF, feature: 'fleet' },
      schema: { tags, params: idParams, body: fleetVehicleUpdateInput, response: { 200: fleetVehicle } },
    },
    async (request) => {
      const updated = await service.updateFleetVehicle(db, request.actor.tenantId, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
}
