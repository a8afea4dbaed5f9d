import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Sessions } from './session.ts';
import {
  changePasswordInput,
  foldUsername,
  loginWithCodeInput,
  preferences,
  profileUpdateInput,
  publicUser,
  registerInput,
} from '../../../core/contracts/auth.ts';
import * as users from '../users/users.service.ts';
import * as service from './auth.service.ts';
import { recordAudit, recordFailedSignIn } from '../audit/audit.service.ts';
import { currentActor } from '../../db/statement-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeviceTokens } from './device-tokens.ts';
import type { TwoFactor } from './two-factor.service.ts';
import { recordRefusedSignIn } from './sessions.service.ts';

const tags = ['auth'];

export type AuthOptions = {
  db: Db;
  sessions: Sessions;
  devices: DeviceTokens;
  twoFactor: TwoFactor;
  /** New workshops one address may open per hour. */
  registrationsPerHour: number;
};

export async function authRoutes(app: FastifyInstance, { db, sessions, devices, twoFactor, registrationsPerHour }: AuthOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const self = { access: 'user' as const, allowPasswordChangePending: true, allowTwoFactorSetupPending: true };

  r.post(
    '/api/register',
    { config: { access: 'public' }, schema: { tags, body: registerInput, response: { 201: publicUser } } },
    async (request, reply) => {
      const userId = await service.register(db, request.body, { ip: request.ip }, registrationsPerHour);
      const user = await service.requireUser(db, userId);
      await sessions.start(request, reply, user);
      devices.remember(request, reply, foldUsername(request.body.username));
      return reply.status(201).send(user);
    },
  );

  r.post(
    '/api/login',
    { config: { access: 'public' }, schema: { tags, body: loginWithCodeInput, response: { 200: publicUser } } },
    async (request, reply) => {
      const username = foldUsername(request.body.username);
      let userId: number;
      try {
        userId = await service.authenticate(db, request.body, { ip: request.ip, deviceId: devices.find(request, username) }, (user) =>
          twoFactor.checkSignIn(user, request.body.code),
        );
      } catch (err) {
        // A wrong password or code, or a deactivated account, for a username that exists; not the
        // throttle's 429s, nor the answer that a code is needed (the password was right).
        if (err instanceof AppError && (err.status === 401 || err.status === 403) && err.code !== 'auth.two_factor_required') {
          await recordFailedSignIn(db, username, err.code);
          await recordRefusedSignIn(db, username, err.code, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
        }
        throw err;
      }
      // What this request writes from here on is the user's.
      const actor = currentActor();
      if (actor) actor.userId = userId;
      const user = await service.requireUser(db, userId);
      await sessions.start(request, reply, user);
      devices.remember(request, reply, username);
      await recordAudit(db, { tenantId: user.tenantId, userId, action: 'sign_in', resourceType: 'users', resourceId: String(userId) });
      return user;
    },
  );

  r.post('/api/logout', { config: { access: 'public' }, schema: { tags } }, async (request, reply) => {
    const user = request.user;
    if (user)
      await recordAudit(db, {
        tenantId: user.tenantId,
        userId: user.id,
        action: 'sign_out',
        resourceType: 'users',
        resourceId: String(user.id),
      });
    await sessions.end(request, reply);
    return reply.status(204).send();
  });

  const currentUser = async (request: FastifyRequest) => request.actor;
  r.get('/api/user', { config: self, schema: { tags, response: { 200: publicUser } } }, currentUser);
  r.get('/api/auth/user', { config: self, schema: { tags, response: { 200: publicUser } } }, currentUser);

  r.put(
    '/api/user/profile',
    { config: { access: 'user' }, schema: { tags, body: profileUpdateInput, response: { 200: publicUser } } },
    async (request) => {
      await users.updateUser(db, request.actor.tenantId, request.actor.id, request.body);
      return service.requireUser(db, request.actor.id);
    },
  );

  r.post('/api/user/password', { config: self, schema: { tags, body: changePasswordInput } }, async (request, reply) => {
    await service.changePassword(db, request.actor, request.body);
    // A new session id after a credential change; other sessions of this user end.
    await sessions.endAllFor(request.actor.id, 'password_change');
    await sessions.start(request, reply, request.actor);
    return reply.status(204).send();
  });

  r.get('/api/user/preferences', { config: { access: 'user' }, schema: { tags, response: { 200: preferences } } }, async (request) =>
    users.getPreferences(db, request.actor.id),
  );
  r.put(
    '/api/user/preferences',
    { config: { access: 'user' }, schema: { tags, body: preferences, response: { 200: preferences } } },
    async (request) => users.savePreferences(db, request.actor.id, request.body),
  );
}
