import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { technicians } from '../technicians/technicians.table.ts';
import { findTask } from '../tasks/tasks.repository.ts';
import { taskNotFound } from '../tasks/tasks.service.ts';
import type { Senders } from './senders.ts';
import * as repo from './notifications.repository.ts';

type Channel = 'email' | 'sms' | 'push';

/** The deliveries of a task's notifications; a task of another workshop is not found (404), like any other call on it. */
export async function deliveriesForTask(db: Db, actor: PublicUser, taskId: number) {
  if (!(await findTask(db, actor.tenantId, taskId))) throw taskNotFound();
  return repo.deliveriesForTask(db, actor.tenantId, taskId);
}

/**
 * Tells the assigned technician about a task on each chosen channel. Every channel gets a record
 * with its own status: sent, failed (with the reason) or queued when no sender is configured.
 * The linked login's in-app notification came with the assignment itself (notifications.notifier.ts).
 */
export async function notifyAssignment(db: Db, senders: Senders, actor: PublicUser, taskId: number, channels: Channel[]) {
  const task = await findTask(db, actor.tenantId, taskId);
  if (!task) throw taskNotFound();
  if (!task.technicianId) throw conflict('notifications.unassigned', 'This task is not assigned to a technician');
  const [tech] = await db
    .select({
      id: technicians.id,
      email: technicians.email,
      phone: technicians.phone,
      userId: technicians.userId,
      firstName: technicians.firstName,
    })
    .from(technicians)
    .where(and(eq(technicians.tenantId, actor.tenantId), eq(technicians.id, task.technicianId)));
  const title = 'New task assigned';
  const message = `Hello ${tech.firstName}, you have been assigned "${task.title}" (task #${task.id}).`;
  const base = {
    tenantId: actor.tenantId,
    technicianId: tech.id,
    userId: tech.userId,
    taskId: task.id,
    type: 'task_assigned',
    title,
    message,
    details: { taskTitle: task.title },
    entityType: 'task',
    entityId: task.id,
  };

  const results: Array<{ channel: Channel; status: 'sent' | 'queued' | 'failed'; error: string | null }> = [];
  for (const channel of [...new Set(channels)]) {
    const id = await repo.insertNotification(db, { ...base, channel });
    const send = senders[channel];
    const to = channel === 'email' ? tech.email : tech.phone;
    if (!send) {
      await repo.setDelivery(db, actor.tenantId, id, 'queued');
      results.push({ channel, status: 'queued', error: null });
      continue;
    }
    try {
      await send({ to, subject: title, text: message });
      await repo.setDelivery(db, actor.tenantId, id, 'sent');
      results.push({ channel, status: 'sent', error: null });
    } catch (err) {
      const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
      await repo.setDelivery(db, actor.tenantId, id, 'failed', error);
      results.push({ channel, status: 'failed', error });
    }
  }
  return results;
}

/** Plain reads the routes serve as the repository answers them. */
export { listForUser, markRead, unreadCount } from './notifications.repository.ts';

/** Marks one of the caller's own notifications read (again is fine); anyone else's is not found. */
export async function markOneRead(db: Db, actor: PublicUser, id: number): Promise<void> {
  const changed = await repo.markRead(db, actor.tenantId, actor.id, id);
  if (changed === 0 && !(await repo.isOwn(db, actor.tenantId, actor.id, id))) throw notFound('notifications', 'Notification');
}
