import { z } from '../zod.ts';
import { isoDate } from './fields.ts';
import { pagingQuery } from './paging.ts';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from './audit.values.ts';

export { AUDIT_ACTIONS, AUDIT_RESOURCES };
export type { AuditAction, AuditResource } from './audit.values.ts';

/** One field of a change: its value before and after (null when the row was created or removed). */
export const auditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  changes: z.array(auditChange),
  /** What an event that is no row change recorded (the username of a failed sign-in, an export's rows...). */
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const auditFilters = {
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  resourceType: z.enum(AUDIT_RESOURCES).optional(),
  resourceId: z.string().trim().min(1).max(60).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Days in the workshop's time zone, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
};
export const auditQuery = pagingQuery
  .extend(auditFilters)
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The end date must be on or after the start date', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditExportQuery = z
  .object(auditFilters)
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The end date must be on or after the start date', path: ['to'] });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;
