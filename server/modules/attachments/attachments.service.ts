import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Attachment } from '../../../core/contracts/attachments.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { findTechnician, findTechnicianIdForUser } from '../technicians/technicians.repository.ts';
import { findTask } from '../tasks/tasks.repository.ts';
import { findCustomer } from '../customers/customers.repository.ts';
import { customerErased, customerNotFound, lockLiveCustomer } from '../customers/customers.service.ts';
import * as repo from './attachments.repository.ts';

type Scope = { entityType: 'technician' | 'task' | 'customer'; entityId: number };
/** A file as the upload carried it: its name and type as sent, and its bytes. */
export type UploadedFile = { filename: string; mimetype: string; content: Buffer };

const attachmentNotFound = () => notFound('attachments', 'Attachment');

/** The entity must exist in the workshop; staff change any (but an erased customer's), a technician their own record and tasks (no customer's). */
async function checkEntity(db: Db, actor: PublicUser, { entityType, entityId }: Scope, changing: boolean) {
  // A customer's files: anyone reads them, staff change them.
  if (entityType === 'customer') {
    const customer = await findCustomer(db, actor.tenantId, entityId);
    if (!customer) throw customerNotFound();
    if (changing && actor.role === 'technician')
      throw forbidden('attachments.not_yours', "Only admins and managers change a customer's files");
    if (changing && customer.erasedAt) throw customerErased();
    return;
  }
  const owner =
    entityType === 'task'
      ? (await findTask(db, actor.tenantId, entityId))?.technicianId
      : (await findTechnician(db, actor.tenantId, entityId))?.id;
  if (owner === undefined) throw notFound(entityType === 'task' ? 'tasks' : 'technicians', entityType === 'task' ? 'Task' : 'Technician');
  if (!changing || actor.role !== 'technician') return;
  const own = await findTechnicianIdForUser(db, actor.tenantId, actor.id);
  if (!own || own !== owner) throw forbidden('attachments.not_yours', 'You can only attach files to your own tasks and profile');
}

/** A file name as sent, without characters no column stores (NUL, half characters) nor control characters. */
const storableFileName = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .slice(0, 255)
    .trim() || 'file';

const toJson = (row: NonNullable<Awaited<ReturnType<typeof repo.findAttachment>>>): Attachment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function listFor(db: Db, actor: PublicUser, scope: Scope): Promise<Attachment[]> {
  await checkEntity(db, actor, scope, false);
  return (await repo.listAttachments(db, actor.tenantId, scope.entityType, scope.entityId)).map(toJson);
}

/** The file's description and bytes, for a download. */
export async function download(db: Db, actor: PublicUser, id: number) {
  const meta = await repo.findAttachment(db, actor.tenantId, id);
  if (!meta) throw attachmentNotFound();
  return { meta, content: await repo.readContent(db, actor.tenantId, id) };
}

/** Staff delete any file; a technician only the files they attached. */
export async function remove(db: Db, actor: PublicUser, id: number): Promise<void> {
  const meta = await repo.findAttachment(db, actor.tenantId, id);
  if (!meta) throw attachmentNotFound();
  if (actor.role === 'technician' && meta.uploadedById !== actor.id) {
    throw forbidden('attachments.not_yours', 'You can only delete files you attached');
  }
  await repo.deleteAttachment(db, actor.tenantId, id);
}

/**
 * Attaches a file: the entity is checked before the body is read (`read` parses the upload), so a
 * call on another workshop's record or someone else's task reads nothing.
 */
export async function upload(db: Db, actor: PublicUser, scope: Scope, read: () => Promise<UploadedFile>): Promise<Attachment> {
  await checkEntity(db, actor, scope, true);
  const file = await read();
  const row = await db.transaction(async (tx) => {
    // A customer's file is written under their row's lock: an erasure that ran while the body
    // was read (it removes their files) is seen, and one that starts now waits for this.
    if (scope.entityType === 'customer') await lockLiveCustomer(tx, actor.tenantId, scope.entityId, 'key share');
    return repo.insertAttachment(tx, {
      tenantId: actor.tenantId,
      entityType: scope.entityType,
      entityId: scope.entityId,
      filename: randomUUID(),
      originalName: storableFileName(file.filename),
      mimeType: file.mimetype,
      size: file.content.length,
      content: file.content,
      uploadedById: actor.id,
    });
  });
  return toJson(row);
}
