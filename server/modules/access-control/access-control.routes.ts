import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ADMIN } from '../../plugins/access.ts';
import { userIdParams } from '../../../core/contracts/users.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import {
  featureFlag,
  featureFlagInput,
  featureFlagParams,
  permissionOverride,
  permissionOverrideInput,
  permissionOverrideParams,
} from '../../../core/contracts/access-control.ts';
import * as service from './access-control.service.ts';

/**
 * Permission overrides (an admin grants or denies one user one permission) and the workshop's
 * optional modules (feature flags). Both reach every process through the session's user: the
 * tables' triggers tell every process to forget the sessions it kept (migration 0042).
 */
export async function accessControlRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The signed-in users of the workshop read themselves again (their permissions or modules changed).
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'access' });

  r.get(
    '/api/users/:userId/permission-overrides',
    { config: { access: ADMIN }, schema: { tags: ['users'], params: userIdParams, response: { 200: z.array(permissionOverride) } } },
    async (request) => service.listOverrides(db, request.actor, request.params.userId),
  );
  r.put(
    '/api/users/:userId/permission-overrides/:permission',
    {
      config: { access: ADMIN },
      schema: { tags: ['users'], params: permissionOverrideParams, body: permissionOverrideInput, response: { 200: permissionOverride } },
    },
    async (request) => {
      const saved = await service.saveOverride(db, request.actor, request.params.userId, request.params.permission, request.body);
      await changed(request.actor.tenantId);
      return saved;
    },
  );
  r.delete(
    '/api/users/:userId/permission-overrides/:permission',
    { config: { access: ADMIN }, schema: { tags: ['users'], params: permissionOverrideParams } },
    async (request, reply) => {
      await service.removeOverride(db, request.actor, request.params.userId, request.params.permission);
      await changed(request.actor.tenantId);
      return reply.status(204).send();
    },
  );

  // Every signed-in user of the workshop reads them (the navigation); their own session's user
  // also carries the modules turned off.
  r.get(
    '/api/tenants/:tenantId/features',
    { config: { access: 'user' }, schema: { tags: ['workshop'], params: tenantParams, response: { 200: z.array(featureFlag) } } },
    async (request) => service.listFlags(db, request.actor.tenantId),
  );
  r.put(
    '/api/tenants/:tenantId/features/:flag',
    {
      config: { access: ADMIN },
      schema: { tags: ['workshop'], params: featureFlagParams, body: featureFlagInput, response: { 200: featureFlag } },
    },
    async (request) => {
      const saved = await service.saveFlag(db, request.actor, request.params.flag, request.body.isEnabled);
      await changed(request.actor.tenantId);
      return saved;
    },
  );
}
