import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { applyScheduleResult, optimizeScheduleInput, scheduleOptimization } from '../../../core/contracts/ai.ts';
import type { AiOptions } from './ai-options.ts';
import * as service from './schedule-optimization.service.ts';

const tags = ['ai'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const recordParams = tenantParams.extend({ id: z.coerce.number().int().positive() });
const BASE = '/api/tenants/:tenantId/ai/schedule-optimizations/:id';

/** Smart scheduling: everyone may ask and read a plan; applying it is for admins and managers. */
export async function scheduleOptimizationRoutes(app: FastifyInstance, { db, live, callsPerMinute }: AiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/tenants/:tenantId/ai/optimize-schedule',
    {
      config: { access: ANY_ROLE },
      schema: { tags, params: tenantParams, body: optimizeScheduleInput, response: { 200: scheduleOptimization } },
    },
    async (request) => {
      const result = await service.optimize(db, request.actor, request.body, callsPerMinute);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'ai' });
      return result;
    },
  );
  r.get(
    BASE,
    { config: { access: ANY_ROLE }, schema: { tags, params: recordParams, response: { 200: scheduleOptimization } } },
    async (request) => service.getOptimization(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    `${BASE}/apply`,
    { config: { access: STAFF }, schema: { tags, params: recordParams, response: { 200: applyScheduleResult } } },
    async (request) => {
      const result = await service.apply(db, request.actor, request.params.id);
      const tenantId = request.actor.tenantId;
      for (const entity of ['ai', 'tasks', 'service_bookings', 'appointments']) await live.publish(tenantId, { type: 'update', entity });
      for (const a of result.assigned) if (a.kind === 'tasks') await live.publish(tenantId, { type: 'task_assigned', taskId: a.id });
      return result;
    },
  );
  r.post(
    `${BASE}/dismiss`,
    { config: { access: ANY_ROLE }, schema: { tags, params: recordParams, response: { 200: scheduleOptimization } } },
    async (request) => {
      const result = await service.dismiss(db, request.actor, request.params.id);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'ai' });
      return result;
    },
  );
}
