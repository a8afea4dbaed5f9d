import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { STAFF } from '../../plugins/access.ts';
import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import {
  estimate,
  estimateDetail,
  estimateInput,
  estimateListQuery,
  estimateUpdateInput,
  invoiceDetail,
} from '../../../core/contracts/billing.ts';
import * as service from './estimates.service.ts';

const tags = ['estimates'];
const itemParams = tenantParams.extend({ id: z.coerce.number().int().positive() });

/** Estimates (spec/garage.md section 7): admins and managers only (PRODUCT.md roles). */
export async function estimateRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'estimates' });

  r.get(
    '/api/tenants/:tenantId/estimates',
    {
      config: { access: STAFF, permission: 'estimates.view', keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: estimateListQuery, response: { 200: z.array(estimate) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listEstimates(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/tenants/:tenantId/estimates/next-number',
    {
      config: { access: STAFF, permission: 'estimates.view' },
      schema: { tags, params: tenantParams, response: { 200: z.object({ estimateNumber: z.string() }) } },
    },
    async (request) => ({ estimateNumber: await service.peekNextEstimateNumber(db, request.actor.tenantId) }),
  );
  r.get(
    '/api/tenants/:tenantId/estimates/:id',
    { config: { access: STAFF, permission: 'estimates.view' }, schema: { tags, params: itemParams, response: { 200: estimateDetail } } },
    async (request) => service.getEstimateDetail(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/tenants/:tenantId/estimates',
    {
      config: { access: STAFF, permission: 'estimates.edit' },
      schema: { tags, params: tenantParams, body: estimateInput, response: { 201: estimateDetail } },
    },
    async (request, reply) => {
      const created = await service.createEstimate(db, request.actor, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/tenants/:tenantId/estimates/:id',
    {
      config: { access: STAFF, permission: 'estimates.edit' },
      schema: { tags, params: itemParams, body: estimateUpdateInput, response: { 200: estimateDetail } },
    },
    async (request) => {
      const updated = await service.updateEstimate(db, request.actor, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.post(
    '/api/tenants/:tenantId/estimates/:id/convert-to-invoice',
    // It makes an invoice: whoever may not edit invoices may not make one this way either.
    {
      config: { access: STAFF, permission: ['estimates.edit', 'invoices.edit'] },
      schema: { tags, params: itemParams, response: { 201: invoiceDetail } },
    },
    async (request, reply) => {
      const invoice = await service.convertToInvoice(db, request.actor, request.params.id);
      await changed(request.actor.tenantId);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'invoices' });
      return reply.status(201).send(invoice);
    },
  );
}
