import type { FastifyInstance } from 'fastify';
import type { AiOptions } from './ai-options.ts';
import { aiEstimateRoutes } from './ai-estimate.routes.ts';

/**
 * The AI assistant: its five calls under /api/tenants/{tenantId}/ai/..., each in a plugin of its
 * own (job estimation, maintenance prediction, parts recommendation, schedule optimisation,
 * chat), with the records they store and the confirmed steps that apply them.
 */
export async function aiRoutes(app: FastifyInstance, options: AiOptions) {
  await app.register(aiEstimateRoutes, options);
}
