import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE, STAFF } from '../../plugins/access.ts';
import { idParams, pagingQuery, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { maintenanceSchedule, maintenanceScheduleInput, REMINDER_STATUSES, serviceReminder } from '../../../core/contracts/maintenance.ts';
import * as service from './maintenance.service.ts';

const tags = ['maintenance'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const DAY = 24 * 3600 * 1000;

/** The first look for reminders come due after a start. */
export const FIRST_CHECK_AFTER_MS = 20_000;

export async function maintenanceRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = async (tenantId: number) => {
    await live.publish(tenantId, { type: 'update', entity: 'maintenance' });
    await live.publish(tenantId, { type: 'update', entity: 'fleet' });
  };

  r.get(
    '/api/vehicles/:id/maintenance-schedules',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams, response: { 200: z.array(maintenanceSchedule) } } },
    async (request) => service.listSchedules(db, request.actor.tenantId, request.params.id),
  );
  r.post(
    '/api/vehicles/:id/maintenance-schedules',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, body: maintenanceScheduleInput, response: { 201: maintenanceSchedule } },
    },
    async (request, reply) => {
      const created = await service.addSchedule(db, request.actor.tenantId, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    '/api/maintenance-schedules/:id',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, body: maintenanceScheduleInput, response: { 200: maintenanceSchedule } },
    },
    async (request) => {
      const updated = await service.editSchedule(db, request.actor.tenantId, request.params.id, request.body);
      await changed(request.actor.tenantId);
      return updated;
    },
  );
  r.delete('/api/maintenance-schedules/:id', { config: { access: STAFF }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.removeSchedule(db, request.actor.tenantId, request.params.id);
    await changed(request.actor.tenantId);
    return reply.status(204).send();
  });
  r.get(
    '/api/tenants/:tenantId/service-reminders',
    {
      config: { access: ANY_ROLE, keepAnswer: true },
      schema: {
        tags,
        params: tenantParams,
        querystring: pagingQuery.extend({
          vehicleId: z.coerce.number().int().positive().optional(),
          status: z.enum(REMINDER_STATUSES).optional(),
        }),
        response: { 200: z.array(serviceReminder) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await service.listReminders(db, request.actor.tenantId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
  r.patch(
    '/api/service-reminders/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: z.object({ status: z.enum(REMINDER_STATUSES) }) } },
    async (request, reply) => {
      await service.setReminderStatus(db, request.actor.tenantId, request.params.id, request.body.status);
      await changed(request.actor.tenantId);
      return reply.status(204).send();
    },
  );

  // Reminders come due with the calendar: check soon after start-up and once a day (every app
  // server may run it; the one-open-reminder index keeps the result the same). Not at once: the
  // check walks every vehicle with a schedule, a transaction each, and a starting server answers
  // its first requests first (on the embedded database it held the start back by up to a second).
  let timer: NodeJS.Timeout | undefined;
  const check = () => service.refreshAll(db).catch((err) => app.log.error({ err }, 'maintenance check failed'));
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      void check();
      timer = setInterval(check, DAY);
      timer.unref();
    }, FIRST_CHECK_AFTER_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
