import { z } from '../zod.ts';

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What can be attached: photos of the work, PDFs and plain documents. */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;
/** Technicians' and tasks' files; a customer's (documents they handed in), which their erasure removes. */
export const attachmentEntity = z.enum(['technician', 'task', 'customer']);
export const attachmentScope = z.object({ entityType: attachmentEntity, entityId: z.coerce.number().int().positive() });
export const attachment = z.object({
  id: z.number().int(),
  entityType: z.string(),
  entityId: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachment>;
