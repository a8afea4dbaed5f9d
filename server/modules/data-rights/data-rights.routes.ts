import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ADMIN, STAFF } from '../../plugins/access.ts';
import { idParams } from '../../../core/contracts/paging.ts';
import { dataRequest, eraseInput, eraseResult } from '../../../core/contracts/data-rights.ts';
import { customerNotFound, findCustomer } from '../customers/customers.service.ts';
import * as service from './data-rights.service.ts';

const tags = ['customers'];

/**
 * A customer's data rights: the export of everything held about them (admins and managers: the
 * desk answers a customer who asks) and the erasure of their personal data (admins only), both
 * recorded as data requests, listed for admins and managers.
 */
export async function dataRightsRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/customers/:id/data-requests',
    { config: { access: STAFF }, schema: { tags, params: idParams, response: { 200: z.array(dataRequest) } } },
    async (request) => {
      if (!(await findCustomer(db, request.actor.tenantId, request.params.id))) throw customerNotFound();
      return service.listRequests(db, request.actor.tenantId, request.params.id);
    },
  );
  r.post('/api/customers/:id/data-export', { config: { access: STAFF }, schema: { tags, params: idParams } }, async (request, reply) => {
    const { fileName, archive } = await service.exportCustomer(db, request.actor, request.params.id);
    await live.publish(request.actor.tenantId, { type: 'update', entity: 'customers' });
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(archive.length))
      .send(Buffer.from(archive.buffer, archive.byteOffset, archive.length));
  });
  r.post(
    '/api/customers/:id/erase',
    { config: { access: ADMIN }, schema: { tags, params: idParams, body: eraseInput, response: { 200: eraseResult } } },
    async (request) => {
      const result = await service.eraseCustomer(db, request.actor, request.params.id, request.body);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'customers' });
      return result;
    },
  );
}
