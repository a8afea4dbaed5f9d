import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import {
  jobCard,
  jobCardDetail,
  jobCardInput,
  jobCardListQuery,
  jobCardStatusInput,
  jobCardUpdateInput,
} from '../../../core/contracts/job-cards.ts';
import * as service from './job-cards.service.ts';

const tags = ['job-cards'];

export async function jobCardRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A completion or reopening also moves stock: the inventory screens refresh too.
  const changed = async (tenantId: number, stockMoved = false) => {
    await live.publish(tenantId, { type: 'update', entity: 'job_cards' });
    if (stockMoved) await live.publish(tenantId, { type: 'update', entity: 'spare_parts' });
  };

  r.get(
    '/api/tenants/:tenantId/job-cards',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags, params: tenantParams, querystring: jobCardListQuery, response: { 200: z.array(jobCard) } },
    },
    async (request, reply) => {
      const { rows, total, exact } = await service.listFor(db, request.actor, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (!exact) reply.header(TOTAL_COUNT_EXACT_HEADER, 'false');
      return rows;
    },
  );
  r.get(
    '/api/job-cards/next-number',
    { config: { access: ANY_ROLE }, schema: { tags, response: { 200: z.object({ jobNumber: z.string() }) } } },
    async (request) => ({ jobNumber: await service.peekNextJobNumber(db, request.actor.tenantId) }),
  );
  r.get(
    '/api/job-cards/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: jobCardDetail } } },
    async (request) => service.getJobCardDetail(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/job-cards',
    { config: { access: STAFF }, schema: { tags, body: jobCardInput, response: { 201: jobCardDetail } } },
    async (request, reply) => {
      const { card, stockMoved } = await service.createJobCard(db, request.actor, request.body);
      await changed(request.actor.tenantId, stockMoved);
      await app.notifier.created(request.actor, 'job_card', card.id);
      if (stockMoved) await app.notifier.stockChanged(request.actor);
      return reply.status(201).send(card);
    },
  );
  r.put(
    '/api/job-cards/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, body: jobCardUpdateInput, response: { 200: jobCardDetail } } },
    async (request) => {
      const { card, stockMoved } = await app.notifier.watch(request.actor, 'job_card', request.params.id, () =>
        service.updateJobCard(db, request.actor, request.params.id, request.body),
      );
      await changed(request.actor.tenantId, stockMoved);
      if (stockMoved) await app.notifier.stockChanged(request.actor);
      return card;
    },
  );
  r.patch(
    '/api/job-cards/:id/status',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, body: jobCardStatusInput, response: { 200: jobCardDetail } } },
    async (request) => {
      const { card, stockMoved } = await app.notifier.watch(request.actor, 'job_card', request.params.id, () =>
        service.updateJobCard(db, request.actor, request.params.id, { status: request.body.status }),
      );
      await changed(request.actor.tenantId, stockMoved);
      if (stockMoved) await app.notifier.stockChanged(request.actor);
      return card;
    },
  );
}
