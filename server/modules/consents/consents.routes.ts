import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams } from '../../../core/contracts/paging.ts';
import { consentsInput, customerConsents } from '../../../core/contracts/data-rights.ts';
import * as service from './consents.service.ts';

const tags = ['customers'];

/** A customer's marketing consents: anyone reads them (technicians too: they talk to customers), staff record them. */
export async function consentRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/customers/:id/consents',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: customerConsents } } },
    async (request) => service.getConsents(db, request.actor.tenantId, request.params.id),
  );
  r.put(
    '/api/customers/:id/consents',
    {
      config: { access: STAFF, permission: 'customers.edit' },
      schema: { tags, params: idParams, body: consentsInput, response: { 200: customerConsents } },
    },
    async (request) => {
      const saved = await service.setConsents(db, request.actor, request.params.id, request.body);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'customers' });
      return saved;
    },
  );
}
