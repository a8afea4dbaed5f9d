import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import {
  assignTaskInput,
  bulkAssignInput,
  bulkAssignResult,
  completeTaskInput,
  suggestion,
  task,
  taskInput,
  taskListQuery,
  taskUpdateInput,
} from '../../../core/contracts/tasks.ts';
import * as service from './tasks.service.ts';

const tags = ['tasks'];

export async function taskRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'tasks' });
  const announceAssignment = async (tenantId: number, taskId: number) => {
    await changed(tenantId);
    await live.publish(tenantId, { type: 'task_assigned', taskId });
  };

  r.get(
    '/api/tasks',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, querystring: taskListQuery, response: { 200: z.array(task) } } },
    async (request, reply) => {
      const { rows, total } = await service.listFor(db, request.actor, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.get(
    '/api/tasks/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: task } } },
    async (request) => {
      const found = await service.findTask(db, request.actor.tenantId, request.params.id);
      if (!found) throw service.taskNotFound();
      return found;
    },
  );
  r.post(
    '/api/tasks',
    { config: { access: STAFF }, schema: { tags, body: taskInput, response: { 201: task } } },
    async (request, reply) => {
      const created = await service.createTask(db, request.actor, request.body);
      await app.notifier.created(request.actor, 'task', created.id);
      if (created.technicianId) await announceAssignment(request.actor.tenantId, created.id);
      else await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/tasks/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, body: taskUpdateInput, response: { 200: task } } },
    async (request) => {
      const { task: updated, assigned } = await app.notifier.watch(request.actor, 'task', request.params.id, () =>
        service.updateTask(db, request.actor, request.params.id, request.body),
      );
      if (assigned) await announceAssignment(request.actor.tenantId, updated.id);
      else await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.post(
    '/api/tasks/:id/assign',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: assignTaskInput, response: { 200: task } } },
    async (request) => {
      const updated = await app.notifier.watch(request.actor, 'task', request.params.id, () =>
        service.assignTask(db, request.actor, request.params.id, request.body.technicianId, request.body.scheduledDate),
      );
      await announceAssignment(request.actor.tenantId, updated.id);
      return updated;
    },
  );
  r.post(
    '/api/tasks/:id/complete',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, body: completeTaskInput, response: { 200: task } } },
    async (request) => {
      const updated = await app.notifier.watch(request.actor, 'task', request.params.id, () =>
        service.completeTask(db, request.actor, request.params.id, request.body.actualHours),
      );
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.get(
    '/api/tasks/:id/suggestions',
    { config: { access: STAFF }, schema: { tags, params: idParams, response: { 200: z.array(suggestion) } } },
    async (request) => service.suggestionsFor(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/tasks/bulk-assign',
    { config: { access: STAFF }, schema: { tags, body: bulkAssignInput, response: { 200: bulkAssignResult } } },
    async (request) => {
      const result = await service.bulkAssign(db, request.actor, request.body.taskIds, request.body.technicianIds);
      await changed(request.actor.tenantId);
      for (const a of result.assigned) await live.publish(request.actor.tenantId, { type: 'task_assigned', taskId: a.taskId });
      for (const a of result.assigned) await app.notifier.created(request.actor, 'task', a.taskId);
      return result;
    },
  );
}
