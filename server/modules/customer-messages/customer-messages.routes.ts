import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { idParams, pagingQuery, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { customerMessage } from '../../../core/contracts/customer-messages.ts';
import { customerNotFound, findCustomer } from '../customers/customers.service.ts';
import { listMessages } from './customer-messages.service.ts';

const tags = ['customers'];

/** What Workbay wrote to a customer: anyone of the workshop reads it (the desk answers "did you tell me?"). */
export async function customerMessageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/customers/:id/messages',
    {
      config: { access: ANY_ROLE },
      schema: { tags, params: idParams, querystring: pagingQuery, response: { 200: z.array(customerMessage) } },
    },
    async (request, reply) => {
      const tenantId = request.actor.tenantId;
      if (!(await findCustomer(db, tenantId, request.params.id))) throw customerNotFound();
      const { rows, total } = await listMessages(db, tenantId, request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
}
