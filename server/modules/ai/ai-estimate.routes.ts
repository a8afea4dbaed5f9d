import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import {
  applyEstimationInput,
  applyPartsInput,
  estimateJobInput,
  jobEstimation,
  partsRecommendation,
  recommendPartsInput,
  vehicleAiHistory,
} from '../../../core/contracts/ai.ts';
import type { AiOptions } from './ai-options.ts';
import { onRecord, onRecordWith, tags } from './ai-route-parts.ts';
import * as service from './ai-estimate.service.ts';

const vehicleParams = tenantParams.extend({ vehicleId: z.coerce.number().int().positive() });

/**
 * Job estimation and parts recommendation (spec/garage.md section 7), their stored records, the
 * confirmed steps that apply or dismiss them, and a vehicle's past AI results.
 */
export async function aiEstimateRoutes(app: FastifyInstance, { db, live, callsPerMinute }: AiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/tenants/:tenantId/ai';

  r.post(
    `${base}/estimate-job`,
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: tenantParams, body: estimateJobInput, response: { 200: jobEstimation } },
    },
    async (request) => service.estimateJob(db, request.actor, request.body, callsPerMinute),
  );
  r.get(`${base}/job-estimations/:id`, onRecord(jobEstimation), async (request) =>
    service.getEstimation(db, request.actor, request.params.id),
  );
  r.post(`${base}/job-estimations/:id/apply`, onRecordWith(applyEstimationInput, jobEstimation, STAFF), async (request) => {
    const { jobCardId, newJobCard } = request.body;
    const applied = newJobCard
      ? await service.applyEstimationToNewJobCard(db, request.actor, request.params.id, newJobCard)
      : await service.applyEstimation(db, request.actor, request.params.id, jobCardId!);
    await live.publish(request.actor.tenantId, { type: 'update', entity: 'job_cards' });
    return applied;
  });
  r.post(`${base}/job-estimations/:id/dismiss`, onRecord(jobEstimation), async (request) =>
    service.dismissEstimation(db, request.actor, request.params.id),
  );

  r.post(
    `${base}/recommend-parts`,
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: tenantParams, body: recommendPartsInput, response: { 200: partsRecommendation } },
    },
    async (request) => service.recommendParts(db, request.actor, request.body, callsPerMinute),
  );
  r.get(`${base}/parts-recommendations/:id`, onRecord(partsRecommendation), async (request) =>
    service.getRecommendation(db, request.actor, request.params.id),
  );
  r.post(`${base}/parts-recommendations/:id/apply`, onRecordWith(applyPartsInput, partsRecommendation), async (request) => {
    const { recommendation, target } = await service.applyRecommendation(db, request.actor, request.params.id, request.body);
    await live.publish(request.actor.tenantId, { type: 'update', entity: target });
    await live.publish(request.actor.tenantId, { type: 'update', entity: 'spare_parts' });
    return recommendation;
  });
  r.post(`${base}/parts-recommendations/:id/dismiss`, onRecord(partsRecommendation), async (request) =>
    service.dismissRecommendation(db, request.actor, request.params.id),
  );

  r.get(
    '/api/tenants/:tenantId/vehicles/:vehicleId/ai-history',
    { config: { access: ANY_ROLE, feature: 'ai_assistant' }, schema: { tags, params: vehicleParams, response: { 200: vehicleAiHistory } } },
    async (request) => service.vehicleAiHistory(db, request.actor, request.params.vehicleId),
  );
}
