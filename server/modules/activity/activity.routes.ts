import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { pagingQuery, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import * as service from './activity.service.ts';

/** The feed, or one user's part of it (the profile's activity tab: their own latest actions). */
const activityQuery = pagingQuery.extend({ userId: z.coerce.number().int().positive().optional() });

const entry = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});

export async function activityRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activity',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: { tags: ['activity'], querystring: activityQuery, response: { 200: z.array(entry) } },
    },
    async (request, reply) => {
      const { limit, offset, userId } = request.query;
      const tenantId = request.actor.tenantId;
      const { rows, total } = await service.listActivity(db, tenantId, limit, offset, userId);
      const count = rows.length === 0 && offset > 0 ? await service.countActivity(db, tenantId, userId) : total;
      reply.header(TOTAL_COUNT_HEADER, String(count));
      return rows;
    },
  );
}
