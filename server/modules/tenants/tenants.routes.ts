import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Live } from '../live/live.routes.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { tenantParams, tenantSettings, tenantSettingsInput } from '../../../core/contracts/tenant.ts';
import { ADMIN } from '../../plugins/access.ts';
import { notFound } from '../../lib/app-error.ts';
import * as service from './tenants.service.ts';

/** Workshop settings: every signed-in user reads them (currency, time zone); admins change them. */
export async function tenantRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = async (request: FastifyRequest) => {
    const settings = await service.getSettings(db, request.actor.tenantId);
    if (!settings) throw notFound('tenant', 'Workshop');
    return settings;
  };
  r.get('/api/tenant/settings', { config: { access: 'user' }, schema: { tags: ['workshop'], response: { 200: tenantSettings } } }, read);
  // The spec's tenant-scoped path form; the access guard answers 404 for another workshop's id.
  r.get(
    '/api/tenants/:tenantId/settings',
    {
      config: { access: 'user' },
      schema: { tags: ['workshop'], params: tenantParams, response: { 200: tenantSettings } },
    },
    read,
  );
  r.put(
    '/api/tenant/settings',
    { config: { access: ADMIN }, schema: { tags: ['workshop'], body: tenantSettingsInput, response: { 200: tenantSettings } } },
    async (request) => {
      const saved = await service.saveSettings(db, request.actor.tenantId, request.body);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'settings' });
      return saved;
    },
  );
}
