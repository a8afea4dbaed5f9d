import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { tenantSettings } from '../../../core/contracts/tenant.ts';
import { ADMIN } from '../../plugins/access.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './tenants.repository.ts';

/** Workshop settings: every signed-in user reads them (currency, time zone); admins change them. */
export async function tenantRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/tenant/settings',
    { config: { access: 'user' }, schema: { tags: ['workshop'], response: { 200: tenantSettings } } },
    async (request) => {
      const settings = await repo.getSettings(db, request.user!.tenantId);
      if (!settings) throw notFound('tenant', 'Workshop');
      return settings;
    },
  );
  r.put(
    '/api/tenant/settings',
    { config: { access: ADMIN }, schema: { tags: ['workshop'], body: tenantSettings, response: { 200: tenantSettings } } },
    async (request) => repo.saveSettings(db, request.user!.tenantId, request.body),
  );
}
