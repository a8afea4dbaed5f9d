import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import {
  bulkTechnicianStatusInput,
  bulkTechnicianStatusResult,
  createSkillInput,
  skill,
  technician,
  technicianInput,
  technicianListQuery,
  technicianUpdateInput,
} from '../../../core/contracts/technicians.ts';
import * as service from './technicians.service.ts';

const tags = ['technicians'];

export async function technicianRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'technicians' });

  r.get('/api/skills', { config: { access: ANY_ROLE }, schema: { tags, response: { 200: z.array(skill) } } }, async (request) =>
    service.listSkills(db, request.actor.tenantId),
  );
  r.post(
    '/api/skills',
    { config: { access: STAFF }, schema: { tags, body: createSkillInput, response: { 201: skill } } },
    async (request, reply) =>
      reply.status(201).send(await service.createSkill(db, request.actor.tenantId, request.body.name, request.body.category)),
  );

  r.get(
    '/api/technicians',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, querystring: technicianListQuery, response: { 200: z.array(technician) } },
    },
    async (request, reply) => {
      const { rows, total } = await service.listTechnicians(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.get(
    '/api/technicians/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: technician } } },
    async (request) => {
      const found = await service.findTechnician(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.technicianNotFound();
      return found;
    },
  );
  r.post(
    '/api/technicians',
    { config: { access: STAFF }, schema: { tags, body: technicianInput, response: { 201: technician } } },
    async (request, reply) => {
      const created = await service.createTechnician(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/technicians/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: technicianUpdateInput, response: { 200: technician } } },
    async (request) => {
      const updated = await service.updateTechnician(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.post(
    '/api/technicians/bulk-status',
    {
      config: { access: STAFF },
      schema: { tags, body: bulkTechnicianStatusInput, response: { 200: bulkTechnicianStatusResult } },
    },
    async (request) => {
      const result = await service.setStatuses(db, request.actor, request.body.technicianIds, request.body.status);
      await changed(request.actor.tenantId);
      return result;
    },
  );
}
