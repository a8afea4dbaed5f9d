import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ADMIN } from '../../plugins/access.ts';
import { seedWorkshop } from './seed.service.ts';

const counts = z.object({
  customers: z.number().int(),
  vehicles: z.number().int(),
  technicians: z.number().int(),
  tasks: z.number().int(),
  jobCards: z.number().int(),
  pastJobCards: z.number().int(),
  spareParts: z.number().int(),
  estimates: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
});

export async function adminRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/admin/seed-database',
      { config: { access: ADMIN }, schema: { tags: ['admin'], response: { 200: counts } } },
      async (request) => {
        const result = await seedWorkshop(db, request.actor);
        await live.publish(request.actor.tenantId, { type: 'update', entity: 'all' });
        return result;
      },
    );
}
