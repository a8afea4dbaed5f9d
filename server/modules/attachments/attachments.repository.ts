import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { attachments } from './attachments.table.ts';

const listColumns = {
  id: attachments.id,
  entityType: attachments.entityType,
  entityId: attachments.entityId,
  originalName: attachments.originalName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  createdAt: attachments.createdAt,
  uploadedById: attachments.uploadedById,
};

export async function insertAttachment(db: Tx, values: typeof attachments.$inferInsert) {
  const [row] = await db.insert(attachments).values(values).returning(listColumns);
  return row;
}

export async function listAttachments(db: Tx, tenantId: number, entityType: string, entityId: number) {
  return db
    .select(listColumns)
    .from(attachments)
    .where(and(eq(attachments.tenantId, tenantId), eq(attachments.entityType, entityType), eq(attachments.entityId, entityId)))
    .orderBy(desc(attachments.id));
}

export async function findAttachment(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(attachments)
    .where(and(eq(attachments.tenantId, tenantId), eq(attachments.id, id)));
  return row;
}

export async function readContent(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select({ content: attachments.content })
    .from(attachments)
    .where(and(eq(attachments.tenantId, tenantId), eq(attachments.id, id)));
  return row?.content;
}

export async function deleteAttachment(db: Tx, tenantId: number, id: number) {
  await db.delete(attachments).where(and(eq(attachments.tenantId, tenantId), eq(attachments.id, id)));
}
