import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notifications } from './notifications.table.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: Tx, values: NewNotification): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

export async function setDelivery(db: Tx, tenantId: number, id: number, status: 'sent' | 'queued' | 'failed', error?: string) {
  await db
    .update(notifications)
    .set({ status, error: error ?? null, sentAt: status === 'sent' ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.id, id)));
}

const mine = (tenantId: number, userId: number) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.channel, 'in_app'));

export async function listForUser(db: Tx, tenantId: number, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      taskId: notifications.taskId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(mine(tenantId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(mine(tenantId, userId));
  return { rows, total: n };
}

export async function unreadCount(db: Tx, tenantId: number, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(tenantId, userId), isNull(notifications.readAt)));
  return n;
}

export async function markRead(db: Tx, tenantId: number, userId: number, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()`, updatedAt: new Date() })
    .where(and(mine(tenantId, userId), isNull(notifications.readAt), id === undefined ? undefined : eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deliveriesForTask(db: Tx, tenantId: number, taskId: number) {
  return db
    .select({
      id: notifications.id,
      channel: notifications.channel,
      status: notifications.status,
      error: notifications.error,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.taskId, taskId)))
    .orderBy(desc(notifications.id));
}

export async function isOwn(db: Tx, tenantId: number, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine(tenantId, userId), eq(notifications.id, id)));
  return Boolean(row);
}
