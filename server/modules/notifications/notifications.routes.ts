import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { STAFF } from '../../plugins/access.ts';
import { idParams, TOTAL_COUNT_HEADER } from '../../../core/contracts/paging.ts';
import { delivery, notification, notificationListQuery, notifyInput, type Notification } from '../../../core/contracts/notifications.ts';
import type { Senders } from './senders.ts';
import type { Notifier, ScheduleOptions } from './notifications.notifier.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

export async function notificationRoutes(
  app: FastifyInstance,
  {
    db,
    live,
    senders,
    notifier,
    schedule,
  }: { db: Db; live: Live; senders: Senders; notifier: Notifier; schedule: boolean | ScheduleOptions },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The minute check of digests, overdue invoices and due reminders runs in the server process
  // (main.ts turns it on); tests call notifier.runDue with their own clock instead.
  if (schedule) app.addHook('onReady', async () => notifier.start(schedule === true ? {} : schedule));
  // Closing waits for e-mails on their way, before the database closes.
  app.addHook('onClose', async () => notifier.stop());

  r.post(
    '/api/tasks/:id/notify',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: notifyInput, response: { 200: z.array(delivery) } } },
    async (request) => {
      const result = await service.notifyAssignment(db, senders, request.actor, request.params.id, request.body.channels);
      await live.publish(request.actor.tenantId, { type: 'update', entity: 'notifications' });
      return result;
    },
  );
  r.get(
    '/api/tasks/:id/notifications',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, response: { 200: z.array(delivery.extend({ id: z.number().int(), createdAt: z.string() })) } },
    },
    async (request) =>
      (await service.deliveriesForTask(db, request.actor, request.params.id)).map((d) => ({
        ...d,
        status: d.status as z.infer<typeof delivery>['status'],
        createdAt: d.createdAt.toISOString(),
      })),
  );

  r.get(
    '/api/notifications',
    {
      config: { access: 'user', keepAnswer: true },
      schema: { tags, querystring: notificationListQuery, response: { 200: z.array(notification) } },
    },
    async (request, reply) => {
      const { rows, total } = await service.listForUser(db, request.actor.tenantId, request.actor.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map((n) => ({
        ...n,
        details: Object.fromEntries(Object.entries(n.details).map(([name, value]) => [name, String(value)])),
        // Notifications from before kinds named their record had only a task.
        entityType: (n.entityType ?? (n.taskId ? 'task' : null)) as Notification['entityType'],
        entityId: n.entityId ?? n.taskId,
        createdAt: n.createdAt.toISOString(),
        readAt: n.readAt?.toISOString() ?? null,
      }));
    },
  );
  r.get(
    '/api/notifications/unread-count',
    { config: { access: 'user', keepAnswer: true }, schema: { tags, response: { 200: z.object({ count: z.number().int() }) } } },
    async (request) => ({ count: await service.unreadCount(db, request.actor.tenantId, request.actor.id) }),
  );
  r.post('/api/notifications/:id/read', { config: { access: 'user' }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.markOneRead(db, request.actor, request.params.id);
    return reply.status(204).send();
  });
  r.post('/api/notifications/read-all', { config: { access: 'user' }, schema: { tags } }, async (request, reply) => {
    await service.markRead(db, request.actor.tenantId, request.actor.id);
    return reply.status(204).send();
  });
}
