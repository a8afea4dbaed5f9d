import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import { pingDatabase, type Db } from '../../db/client.ts';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: health, 503: health } } },
      async (_request, reply) => {
        const up = await pingDatabase(db);
        return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
      },
    );
}
