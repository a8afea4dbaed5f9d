import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { applyScheduleResult, optimizeScheduleInput, scheduleOptimization } from '../../../core/contracts/ai.ts';
import type { AiOptions } from './ai-options.ts';
import { onRecord, tags } from './ai-route-parts.ts';
import * as service from './schedule-optimization.service.ts';

const BASE = '/api/tenants/:tenantId/ai/schedule-optimizations/:id';

/** Smart scheduling: everyone may ask and read a plan; applying it is for admins and managers. */
export async function scheduleOptimizationRoutes(app: FastifyInstance, { db, live, callsPerMinute }: AiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/tenants/:tenantId/ai/optimize-schedule',
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: tenantParams, body: optimizeScheduleInput, response: { 200: scheduleOptimization } },
    },
    async (request) => {
      const result = await service.optimize(db, request.actor, request.body, callsPerMinute);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'ai' });
      return result;
    },
  );
  r.get(BASE, onRecord(scheduleOptimization), async (request) => service.getOptimization(db, request.actor.tenantId, request.params.id));
  r.post(`${BASE}/apply`, onRecord(applyScheduleResult, STAFF), async (request) => {
    const result = await service.apply(db, request.actor, request.params.id);
    const tenantId = request.actor.tenantId;
    for (const entity of ['ai', 'tasks', 'service_bookings', 'appointments']) await live.publish(tenantId, { type: 'update', entity });
    for (const a of result.assigned) if (a.kind === 'tasks') await live.publish(tenantId, { type: 'task_assigned', taskId: a.id });
    return result;
  });
  r.post(`${BASE}/dismiss`, onRecord(scheduleOptimization), async (request) => {
    const result = await service.dismiss(db, request.actor, request.params.id);
    await live.publish(request.actor.tenantId, { type: 'update', entity: 'ai' });
    return result;
  });
}
