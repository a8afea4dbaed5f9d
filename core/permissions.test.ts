import { describe, expect, it } from 'vitest';
import { hasPermission, permissionsFor, PERMISSION_CATALOGUE, splitPermission, type PermissionOverride } from './permissions.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const grant = (expiresAt: string | null = null): PermissionOverride => ({ permission: 'invoices.view', allowed: true, expiresAt });

describe('permissions', () => {
  it('without overrides, each role holds its defaults', () => {
    for (const [permission, roles] of Object.entries(PERMISSION_CATALOGUE)) {
      for (const role of ['admin', 'manager', 'technician'] as const) {
        expect(hasPermission(role, permission as keyof typeof PERMISSION_CATALOGUE, [], NOW)).toBe(
          (roles as readonly string[]).includes(role),
        );
      }
    }
  });

  it('an unexpired override decides; an expired one no longer applies; an admin is never denied', () => {
    expect(hasPermission('technician', 'invoices.view', [grant()], NOW)).toBe(true);
    expect(hasPermission('technician', 'invoices.view', [grant('2026-05-01T12:00:01Z')], NOW)).toBe(true);
    expect(hasPermission('technician', 'invoices.view', [grant('2026-05-01T12:00:00Z')], NOW)).toBe(false);
    const deny: PermissionOverride = { permission: 'payments.record', allowed: false, expiresAt: null };
    expect(hasPermission('manager', 'payments.record', [deny], NOW)).toBe(false);
    expect(hasPermission('manager', 'invoices.view', [deny], NOW)).toBe(true);
    expect(hasPermission('admin', 'payments.record', [deny], NOW)).toBe(true);
  });

  it('the client flags follow the overrides where they map', () => {
    const p = permissionsFor('technician', [grant(), { permission: 'reports.view', allowed: true, expiresAt: null }], NOW);
    expect(p).toMatchObject({
      canViewInvoices: true,
      canViewReports: true,
      canEditInvoices: false,
      canEditWorkshopData: false,
      canViewStaff: false,
    });
    expect(permissionsFor('manager', [{ permission: 'reports.view', allowed: false, expiresAt: null }], NOW)).toMatchObject({
      canViewReports: false,
      canViewStaff: true,
    });
  });

  it('splits a permission into its resource and action', () => {
    expect(splitPermission('spare_parts.edit')).toEqual({ resource: 'spare_parts', action: 'edit' });
  });
});
