import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { twoFactorBackupCodes, twoFactorDisableInput, twoFactorEnableInput, twoFactorSetup } from '../../../core/contracts/auth.ts';
import { userIdParams } from '../../../core/contracts/users.ts';
import type { Live } from '../live/live.routes.ts';
import { ADMIN } from '../../plugins/access.ts';
import type { TwoFactor } from './two-factor.service.ts';

const tags = ['auth'];

/**
 * Two-factor sign-in (issue 17): the signed-in user sets it up (a QR code of the new secret,
 * confirmed by a first code), turns it off (password and code); an admin resets a user's.
 * Setting up is allowed to a user whose workshop requires it and who has not done so yet.
 */
export async function twoFactorRoutes(app: FastifyInstance, { twoFactor, live }: { twoFactor: TwoFactor; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settingUp = { access: 'user' as const, allowTwoFactorSetupPending: true };
  const publishChange = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'users' });

  r.post('/api/user/2fa/setup', { config: settingUp, schema: { tags, response: { 200: twoFactorSetup } } }, async (request) =>
    twoFactor.setup(request.actor),
  );

  r.post(
    '/api/user/2fa/enable',
    { config: settingUp, schema: { tags, body: twoFactorEnableInput, response: { 200: twoFactorBackupCodes } } },
    async (request) => {
      const backupCodes = await twoFactor.enable(request.actor, request.body.code);
      await publishChange(request.actor.tenantId);
      return { backupCodes };
    },
  );

  r.post('/api/user/2fa/disable', { config: { access: 'user' }, schema: { tags, body: twoFactorDisableInput } }, async (request, reply) => {
    await twoFactor.disable(request.actor, request.body);
    await publishChange(request.actor.tenantId);
    return reply.status(204).send();
  });

  r.post('/api/users/:userId/2fa/reset', { config: { access: ADMIN }, schema: { tags, params: userIdParams } }, async (request, reply) => {
    await twoFactor.reset(request.actor, request.params.userId);
    await publishChange(request.actor.tenantId);
    return reply.status(204).send();
  });
}
