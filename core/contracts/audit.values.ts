/** The audit log's value lists, without zod: the web app's eager code (the audit page's prefetch) reads them. */
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
