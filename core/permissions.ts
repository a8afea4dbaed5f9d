/** Roles, the permissions an admin may override per user, the optional modules, and the permission set both the server guard and the client use. */
export const ROLES = ['admin', 'manager', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** The spec shows a missing role as manager. */
export function normalizeRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'manager';
}

const STAFF_ROLES: readonly Role[] = ['admin', 'manager'];

/**
 * What an admin may grant or deny one user (`permission_overrides`), each a resource and an
 * action, with the roles that hold it without an override. A route governed by one declares it
 * (`config.permission`) beside `config.access`, whose role list must be these roles (the server
 * refuses to start otherwise), so nothing changes for a user without an override.
 *
 * Not here on purpose: managing users, overrides, workshop settings, modules and the audit log
 * (admin powers an override must never hand out, and nothing can deny an admin); refunds do not
 * exist in billing (recording a payment does).
 */
export const PERMISSION_CATALOGUE = {
  'invoices.view': STAFF_ROLES,
  'invoices.edit': STAFF_ROLES,
  'payments.record': STAFF_ROLES,
  'estimates.view': STAFF_ROLES,
  'estimates.edit': STAFF_ROLES,
  'reports.view': STAFF_ROLES,
  'customers.edit': STAFF_ROLES,
  'customers.delete': STAFF_ROLES,
  'spare_parts.edit': STAFF_ROLES,
  'spare_parts.delete': STAFF_ROLES,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSION_CATALOGUE;
export const PERMISSIONS = Object.keys(PERMISSION_CATALOGUE) as Permission[];

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSION_CATALOGUE, value);

/** A permission's resource and action, as the table stores them ('spare_parts.edit' is spare_parts, edit). */
export function splitPermission(permission: Permission): { resource: string; action: string } {
  const dot = permission.lastIndexOf('.');
  return { resource: permission.slice(0, dot), action: permission.slice(dot + 1) };
}

/** One user's override as the session's user carries it (the server already left out expired ones). */
export type PermissionOverride = { permission: Permission; allowed: boolean; expiresAt: string | null };

/** Whether an override still applies at `now` (ms): one without an end date always does. */
export const isOverrideActive = (override: Pick<PermissionOverride, 'expiresAt'>, now: number) =>
  override.expiresAt === null || Date.parse(override.expiresAt) > now;

/**
 * Whether a user holds a permission: an admin always does (an admin cannot be denied out of
 * anything); otherwise an override that has not expired decides, else the role's default.
 */
export function hasPermission(
  role: string | null | undefined,
  permission: Permission,
  overrides: readonly PermissionOverride[] = [],
  now: number = Date.now(),
): boolean {
  const r = normalizeRole(role);
  if (r === 'admin') return true;
  const override = overrides.find((o) => o.permission === permission && isOverrideActive(o, now));
  if (override) return override.allowed;
  return (PERMISSION_CATALOGUE[permission] as readonly Role[]).includes(r);
}

/**
 * The optional modules a workshop can turn off (`feature_flags`; all on by default): a module
 * turned off leaves the navigation and its API answers 404. The value is the flag's name as stored.
 */
export const FEATURES = ['ai_assistant', 'analytics', 'fleet'] as const;
export type Feature = (typeof FEATURES)[number];
export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);

export type Permissions = {
  canManageTechnicians: boolean;
  canAssignTasks: boolean;
  canEditAllTasks: boolean;
  /** The owner's reports (analytics): `reports.view`. */
  canViewReports: boolean;
  /** Admins and managers: the staff list (read-only for managers). */
  canViewStaff: boolean;
  /** Create, edit and delete workshop data (job cards, vehicles, bookings...): admins and managers. */
  canEditWorkshopData: boolean;
  canViewInvoices: boolean;
  canEditInvoices: boolean;
  canRecordPayments: boolean;
  canViewEstimates: boolean;
  canEditEstimates: boolean;
  canEditCustomers: boolean;
  canDeleteCustomers: boolean;
  canEditSpareParts: boolean;
  canDeleteSpareParts: boolean;
  canManageUsers: boolean;
  /** Admin tools: seed sample data, workshop settings. */
  canUseAdminTools: boolean;
};

/** What a user may do: their role, with their permission overrides applied where they map. */
export function permissionsFor(
  role: string | null | undefined,
  overrides: readonly PermissionOverride[] = [],
  now: number = Date.now(),
): Permissions {
  const r = normalizeRole(role);
  const staff = r === 'admin' || r === 'manager';
  const admin = r === 'admin';
  const has = (permission: Permission) => hasPermission(r, permission, overrides, now);
  return {
    canManageTechnicians: staff,
    canAssignTasks: staff,
    canEditAllTasks: staff,
    canViewReports: has('reports.view'),
    canViewStaff: staff,
    canEditWorkshopData: staff,
    canViewInvoices: has('invoices.view'),
    canEditInvoices: has('invoices.edit'),
    canRecordPayments: has('payments.record'),
    canViewEstimates: has('estimates.view'),
    canEditEstimates: has('estimates.edit'),
    canEditCustomers: has('customers.edit'),
    canDeleteCustomers: has('customers.delete'),
    canEditSpareParts: has('spare_parts.edit'),
    canDeleteSpareParts: has('spare_parts.delete'),
    canManageUsers: admin,
    canUseAdminTools: admin,
  };
}
