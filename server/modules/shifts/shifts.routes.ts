import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import {
  shift,
  shiftAssignment,
  shiftAssignmentInput,
  shiftAssignmentListQuery,
  shiftAssignmentSaved,
  shiftAssignmentUpdateInput,
  shiftInput,
} from '../../../core/contracts/shifts.ts';
import * as service from './shifts.service.ts';

const tags = ['shifts'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });

export async function shiftRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'shifts' });

  r.get(
    '/api/tenants/:tenantId/shifts',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, response: { 200: z.array(shift) } } },
    async (request) => service.listShifts(db, request.actor.tenantId),
  );
  r.post(
    '/api/shifts',
    { config: { access: STAFF }, schema: { tags, body: shiftInput, response: { 201: shift } } },
    async (request, reply) => {
      const created = await service.createShift(db, request.actor.tenantId, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/shifts/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: shiftInput, response: { 200: shift } } },
    async (request) => {
      const updated = await service.updateShift(db, request.actor.tenantId, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.delete('/api/shifts/:id', { config: { access: STAFF }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.deleteShift(db, request.actor.tenantId, request.params.id);
    await changed(request.actor.tenantId);
    return reply.status(204).send();
  });

  r.get(
    '/api/tenants/:tenantId/shift-assignments',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: shiftAssignmentListQuery, response: { 200: z.array(shiftAssignment) } },
    },
    async (request, reply) => {
      const { mine, ...query } = request.query;
      if (mine === 'true') query.userId = request.actor.id;
      const { rows, total, exact } = await service.listAssignments(db, request.actor.tenantId, query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.post(
    '/api/shift-assignments',
    { config: { access: STAFF }, schema: { tags, body: shiftAssignmentInput, response: { 201: shiftAssignmentSaved } } },
    async (request, reply) => {
      const created = await service.createAssignment(db, request.actor.tenantId, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/shift-assignments/:id',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, body: shiftAssignmentUpdateInput, response: { 200: shiftAssignmentSaved } },
    },
    async (request) => {
      const updated = await service.updateAssignment(db, request.actor.tenantId, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  for (const action of ['check_in', 'check_out'] as const) {
    r.post(
      `/api/shift-assignments/:id/${action.replace('_', '-')}`,
      { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: shiftAssignment } } },
      async (request) => {
        const updated = await service.checkInOrOut(db, request.actor, request.params.id, action);
        await changed(request.actor.tenantId);
        return updated;
      },
    );
  }
}
