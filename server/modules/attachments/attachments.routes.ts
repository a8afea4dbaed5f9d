import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { idParams } from '../../../core/contracts/paging.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, attachment, attachmentScope } from '../../../core/contracts/attachments.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { findTechnician, findTechnicianIdForUser } from '../technicians/technicians.repository.ts';
import { findTask } from '../tasks/tasks.repository.ts';
import * as repo from './attachments.repository.ts';

const tags = ['attachments'];
const attachmentNotFound = () => notFound('attachments', 'Attachment');
const tooLarge = () =>
  new AppError(413, 'attachments.too_large', `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);

/** The entity must exist in the workshop; staff change any, a technician their own record and tasks. */
async function checkEntity(db: Db, actor: PublicUser, entityType: 'technician' | 'task', entityId: number, changing: boolean) {
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
  name.replace(/[\p{Cc}\p{Cs}]/gu, '').slice(0, 255).trim() || 'file';

/**
 * The one file of a multipart upload, read whole, of an allowed type and size. A body cut off
 * half-way or not well formed is the client's fault: 400, not a failure of ours.
 */
async function readUpload(request: FastifyRequest) {
  try {
    const file = await request.file();
    if (!file) throw badRequest('attachments.no_file', 'Choose a file to upload');
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.mimetype)) {
      file.file.resume();
      throw new AppError(415, 'attachments.type_not_allowed', `Files of type ${file.mimetype} cannot be attached (photos, PDF, text and CSV can)`);
    }
    const content = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    return { file, content };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('attachments.malformed', 'The upload was cut off or is not well-formed multipart/form-data; send the file again');
  }
}

const toJson = (row: Awaited<ReturnType<typeof repo.findAttachment>>) => ({ ...row!, createdAt: row!.createdAt.toISOString() });

export async function attachmentRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'attachments' });

  r.get(
    '/api/attachments',
    { config: { access: ANY_ROLE }, schema: { tags, querystring: attachmentScope, response: { 200: z.array(attachment) } } },
    async (request) => {
      const { entityType, entityId } = request.query;
      await checkEntity(db, request.actor, entityType, entityId, false);
      return (await repo.listAttachments(db, request.actor.tenantId, entityType, entityId)).map(toJson);
    },
  );

  r.get(
    '/api/attachments/:id/download',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams } },
    async (request, reply) => {
      const meta = await repo.findAttachment(db, request.actor.tenantId, request.params.id);
      if (!meta) throw attachmentNotFound();
      const content = await repo.readContent(db, request.actor.tenantId, request.params.id);
      return reply
        .header('content-type', meta.mimeType)
        .header('content-length', String(meta.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(meta.originalName)}`)
        .send(content);
    },
  );

  r.delete(
    '/api/attachments/:id',
    { config: { access: ANY_ROLE }, schema: { tags, params: idParams } },
    async (request, reply) => {
      const meta = await repo.findAttachment(db, request.actor.tenantId, request.params.id);
      if (!meta) throw attachmentNotFound();
      const isStaff = request.actor.role !== 'technician';
      if (!isStaff && meta.uploadedById !== request.actor.id) {
        throw forbidden('attachments.not_yours', 'You can only delete files you attached');
      }
      await repo.deleteAttachment(db, request.actor.tenantId, request.params.id);
      await changed(request.actor.tenantId);
      return reply.status(204).send();
    },
  );

  // Uploads are the one multipart route: the parser lives only in this scope.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/attachments',
      {
        config: { access: ANY_ROLE },
        schema: { tags, querystring: attachmentScope, response: { 201: attachment }, consumes: ['multipart/form-data'] },
      },
      async (request, reply) => {
        const { entityType, entityId } = request.query;
        await checkEntity(db, request.actor, entityType, entityId, true);
        if (!request.isMultipart()) throw new AppError(415, 'attachments.not_multipart', 'Send the file as multipart/form-data');
        const { file, content } = await readUpload(request);
        const row = await repo.insertAttachment(db, {
          tenantId: request.actor.tenantId,
          entityType,
          entityId,
          filename: randomUUID(),
          originalName: storableFileName(file.filename),
          mimeType: file.mimetype,
          size: content.length,
          content,
          uploadedById: request.actor.id,
        });
        await changed(request.actor.tenantId);
        return reply.status(201).send(toJson(row));
      },
    );
  });
}
