import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ADMIN, STAFF } from '../../plugins/access.ts';
import {
  activeUpdateInput,
  createStaffInput,
  employeeOption,
  roleUpdateInput,
  staffUser,
  userIdParams,
} from '../../../core/contracts/users.ts';
import { savedUserSettings, userSettingsPatch } from '../../../core/contracts/auth.ts';
import * as service from './users.service.ts';

const tags = ['users'];

/** Staff accounts of the signed-in admin's workshop. */
/** What deactivating an account needs of the sessions (the auth module's, given by app.ts). */
export type SessionEnder = { endAllFor(userId: number): Promise<void> };

export async function userRoutes(app: FastifyInstance, { db, sessions, live }: { db: Db; sessions: SessionEnder; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publishChange = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'users' });

  // The employee select (shift assignments, a technician's login): active accounts, id, names and role only.
  r.get('/api/users', { config: { access: STAFF }, schema: { tags, response: { 200: z.array(employeeOption) } } }, async (request) =>
    service.listEmployeeOptions(db, request.actor.tenantId),
  );

  // The Users screen: every account of the workshop, whole (admins manage them, managers read them).
  r.get('/api/users/accounts', { config: { access: STAFF }, schema: { tags, response: { 200: z.array(staffUser) } } }, async (request) =>
    service.listStaff(db, request.actor.tenantId),
  );

  r.post(
    '/api/users',
    { config: { access: ADMIN }, schema: { tags, body: createStaffInput, response: { 201: staffUser } } },
    async (request, reply) => {
      const created = await service.createStaff(db, request.actor, request.body);
      await publishChange(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/api/users/:userId/role',
    {
      config: { access: ADMIN },
      schema: { tags, params: userIdParams, body: roleUpdateInput, response: { 200: staffUser } },
    },
    async (request) => {
      const updated = await service.changeRole(db, request.actor, request.params.userId, request.body.role);
      await publishChange(request.actor.tenantId);
      return updated;
    },
  );

  // The signed-in user's own settings (language, formats, theme, font size, compact mode, sounds,
  // notifications, shortcuts): read at sign-in in any browser; a change names only what changed.
  r.get('/api/user/settings', { config: { access: 'user' }, schema: { tags, response: { 200: savedUserSettings } } }, async (request) =>
    service.getUserSettings(db, request.actor.tenantId, request.actor.id),
  );
  r.patch(
    '/api/user/settings',
    { config: { access: 'user' }, schema: { tags, body: userSettingsPatch, response: { 200: savedUserSettings } } },
    async (request) => service.saveUserSettings(db, request.actor.tenantId, request.actor.id, request.body),
  );

  r.put(
    '/api/users/:userId/active',
    {
      config: { access: ADMIN },
      schema: { tags, params: userIdParams, body: activeUpdateInput, response: { 200: staffUser } },
    },
    async (request) => {
      const endSessions = async (userId: number) => {
        await sessions.endAllFor(userId);
        await live.disconnectUser(userId);
      };
      const updated = await service.setActive(db, request.actor, request.params.userId, request.body.isActive, endSessions);
      await publishChange(request.actor.tenantId);
      return updated;
    },
  );
}
