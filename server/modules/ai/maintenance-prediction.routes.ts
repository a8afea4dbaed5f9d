import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import {
  bookPredictionInput,
  maintenancePrediction,
  maintenancePredictions,
  predictMaintenanceInput,
  schedulePredictionInput,
} from '../../../core/contracts/ai.ts';
import type { AiOptions } from './ai-options.ts';
import { onRecord, onRecordWith, tags } from './ai-route-parts.ts';
import * as service from './maintenance-prediction.service.ts';

const BASE = '/api/tenants/:tenantId/ai/maintenance-predictions/:id';

/**
 * Predictive maintenance: the call (everyone may ask), a prediction, and its apply steps:
 * acknowledge or dismiss (everyone), a booking or a maintenance schedule from it (admins and
 * managers, as those modules' own calls). Each step decides a pending prediction once (409 after).
 */
export async function maintenancePredictionRoutes(app: FastifyInstance, { db, live, callsPerMinute }: AiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = async (tenantId: number, ...entities: string[]) => {
    for (const entity of ['ai', ...entities]) await live.publish(tenantId, { type: 'update', entity });
  };

  r.post(
    '/api/tenants/:tenantId/ai/predict-maintenance',
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: tenantParams, body: predictMaintenanceInput, response: { 200: maintenancePredictions } },
    },
    async (request) => {
      const result = await service.predict(db, request.actor, request.body, callsPerMinute);
      await changed(request.actor.tenantId, 'vehicles', 'maintenance');
      return result;
    },
  );
  r.get(BASE, onRecord(maintenancePrediction), async (request) => service.getPrediction(db, request.actor.tenantId, request.params.id));
  r.post(`${BASE}/acknowledge`, onRecord(maintenancePrediction), async (request) => {
    const result = await service.acknowledge(db, request.actor, request.params.id);
    await changed(request.actor.tenantId);
    return result;
  });
  r.post(`${BASE}/dismiss`, onRecord(maintenancePrediction), async (request) => {
    const result = await service.dismiss(db, request.actor, request.params.id);
    await changed(request.actor.tenantId);
    return result;
  });
  r.post(`${BASE}/book`, onRecordWith(bookPredictionInput, maintenancePrediction, STAFF), async (request) => {
    const result = await service.book(db, request.actor, request.params.id, request.body);
    await changed(request.actor.tenantId, 'service_bookings');
    return result;
  });
  r.post(`${BASE}/schedule`, onRecordWith(schedulePredictionInput, maintenancePrediction, STAFF), async (request) => {
    const result = await service.schedule(db, request.actor, request.params.id, request.body);
    await changed(request.actor.tenantId, 'maintenance', 'fleet');
    return result;
  });
}
