import { z } from '../zod.ts';
import { BACKUP_KEPT_DAYS, BACKUP_STATUSES } from './backups.values.ts';

export { BACKUP_KEPT_DAYS, BACKUP_STATUSES };
export type { BackupStatus } from './backups.values.ts';

/** One export of a workshop (every table of its records, with the attachments' files). */
export const backupJob = z.object({
  id: z.number().int(),
  jobType: z.enum(['export', 'restore']),
  status: z.enum(BACKUP_STATUSES),
  /** 0 to 100: the rows written of those counted at the start. */
  progress: z.number().int(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  dataTypes: z.array(z.string()),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type BackupJob = z.infer<typeof backupJob>;

export const backupParams = z.object({
  tenantId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
