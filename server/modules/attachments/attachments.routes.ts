import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { idParams } from '../../../core/contracts/paging.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, attachment, attachmentScope } from '../../../core/contracts/attachments.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import * as service from './attachments.service.ts';

const tags = ['attachments'];
const tooLarge = () => new AppError(413, 'attachments.too_large', `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);

/**
 * The one file of a multipart upload, read whole, of an allowed type and size. A body cut off
 * half-way or not well formed is the client's fault: 400, not a failure of ours.
 */
async function readUpload(request: FastifyRequest): Promise<service.UploadedFile> {
  try {
    const file = await request.file();
    if (!file) throw badRequest('attachments.no_file', 'Choose a file to upload');
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.mimetype)) {
      file.file.resume();
      throw new AppError(
        415,
        'attachments.type_not_allowed',
        `Files of type ${file.mimetype} cannot be attached (photos, PDF, text and CSV can)`,
      );
    }
    const content = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    return { filename: file.filename, mimetype: file.mimetype, content };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('attachments.malformed', 'The upload was cut off or is not well-formed multipart/form-data; send the file again');
  }
}

export async function attachmentRoutes(app: FastifyInstance, { db, live }: { db: Db; live: Live }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (tenantId: number) => live.publish(tenantId, { type: 'update', entity: 'attachments' });

  r.get(
    '/api/attachments',
    { config: { access: ANY_ROLE }, schema: { tags, querystring: attachmentScope, response: { 200: z.array(attachment) } } },
    async (request) => service.listFor(db, request.actor, request.query),
  );

  r.get('/api/attachments/:id/download', { config: { access: ANY_ROLE }, schema: { tags, params: idParams } }, async (request, reply) => {
    const { meta, content } = await service.download(db, request.actor, request.params.id);
    return reply
      .header('content-type', meta.mimeType)
      .header('content-length', String(meta.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(meta.originalName)}`)
      .send(content);
  });

  r.delete('/api/attachments/:id', { config: { access: ANY_ROLE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.remove(db, request.actor, request.params.id);
    await changed(request.actor.tenantId);
    return reply.status(204).send();
  });

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
        const saved = await service.upload(db, request.actor, request.query, () => {
          if (!request.isMultipart()) throw new AppError(415, 'attachments.not_multipart', 'Send the file as multipart/form-data');
          return readUpload(request);
        });
        await changed(request.actor.tenantId);
        return reply.status(201).send(saved);
      },
    );
  });
}
