import { z } from '../zod.ts';
import { isoDate } from './fields.ts';
import { pagingQuery } from './paging.ts';

/**
 * What an audit entry records: a row created, changed or removed (written by the database's
 * triggers), or an event that is no row change (written by the app).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'export',
  'import',
  'retention_purge',
  'two_factor_on',
  'two_factor_off',
  'two_factor_reset',
  'two_factor_refused',
  'session_revoked',
  'other_sessions_revoked',
  'download',
  /** A customer's personal data erased (server/modules/data-rights). */
  'erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The records the audit log names (the audited tables, and what events concern). */
export const AUDIT_RESOURCES = [
  'appointments',
  'attachments',
  'customer_notes',
  'customers',
  'estimate_items',
  'estimates',
  'feature_flags',
  'fleet_vehicles',
  'gdpr_data_requests',
  'invoice_items',
  'invoices',
  'job_card_labour',
  'job_card_parts',
  'job_cards',
  'maintenance_schedules',
  'payments',
  'permission_overrides',
  'service_bookings',
  'shift_assignments',
  'shifts',
  'skills',
  'spare_parts',
  'task_dependencies',
  'tasks',
  'technician_skills',
  'technicians',
  'tenants',
  'user_preferences',
  'user_settings',
  'user_consents',
  'users',
  'vehicle_service_history',
  'vehicles',
  'audit_logs',
  'backup_jobs',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

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
