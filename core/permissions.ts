/** Roles and the permission set both the server guard and the client use. */
export const ROLES = ['admin', 'manager', 'technician'] as const;
export type Role = (typeof ROLES)[number];

/** The spec shows a missing role as manager. */
export function normalizeRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'manager';
}

export type Permissions = {
  canManageTechnicians: boolean;
  canAssignTasks: boolean;
  canEditAllTasks: boolean;
  canViewReports: boolean;
  /** Create, edit and delete workshop data, estimates, invoices and payments. */
  canEditWorkshopData: boolean;
  canManageUsers: boolean;
  /** Admin tools: seed sample data, workshop settings. */
  canUseAdminTools: boolean;
};

export function permissionsFor(role: string | null | undefined): Permissions {
  const r = normalizeRole(role);
  const staff = r === 'admin' || r === 'manager';
  const admin = r === 'admin';
  return {
    canManageTechnicians: staff,
    canAssignTasks: staff,
    canEditAllTasks: staff,
    canViewReports: staff,
    canEditWorkshopData: staff,
    canManageUsers: admin,
    canUseAdminTools: admin,
  };
}
