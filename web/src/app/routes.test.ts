import { describe, expect, it } from 'vitest';
import { permissionsFor } from '@core/permissions.ts';
import { APP_ROUTES, findRoute, NAV_GROUPS } from './routes';

describe('route table', () => {
  it('serves every page the navigation names, in its group', () => {
    const byGroup = Object.fromEntries(
      [...NAV_GROUPS.map((g) => g.id), 'personal'].map((group) => [group, APP_ROUTES.filter((r) => r.group === group).map((r) => r.path)]),
    );
    expect(byGroup).toEqual({
      overview: ['/', '/analytics', '/activity'],
      fieldService: ['/technicians', '/tasks', '/schedule', '/shifts'],
      garage: ['/job-cards', '/bookings', '/appointments', '/customers', '/vehicles', '/inventory'],
      fleet: ['/fleet'],
      financial: ['/estimates', '/invoices'],
      ai: ['/ai-assistant'],
      admin: ['/users', '/audit-log', '/settings'],
      personal: ['/profile', '/notifications'],
    });
    expect(NAV_GROUPS.filter((g) => !g.collapsible).map((g) => g.id)).toEqual(['overview']);
    // The full activity feed opens from the dashboard; the navigation does not list it.
    expect(findRoute('/activity')?.visible?.(permissionsFor('admin'))).toBe(false);
  });

  it('finds routes with or without a trailing slash; anything else is not found', () => {
    expect(findRoute('/')?.key).toBe('dashboard');
    expect(findRoute('/users/')?.key).toBe('users');
    expect(findRoute('/job-cards')?.key).toBe('jobCards');
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/users/5')).toBeUndefined();
  });

  it('serves the record views of pages with details: a positive whole-number id only', () => {
    expect(findRoute('/customers/12')?.key).toBe('customers');
    expect(findRoute('/customers/12/')?.key).toBe('customers');
    expect(findRoute('/vehicles/7')?.key).toBe('vehicles');
    expect(findRoute('/customers/0')).toBeUndefined();
    expect(findRoute('/customers/abc')).toBeUndefined();
    expect(findRoute('/customers/12/notes')).toBeUndefined();
    expect(findRoute('/customers/99999999999999999')).toBeUndefined();
  });

  it('serves the printable documents of estimates and invoices only', () => {
    expect(findRoute('/estimates/3/print')?.key).toBe('estimates');
    expect(findRoute('/invoices/12/print/')?.key).toBe('invoices');
    expect(findRoute('/invoices/12')?.key).toBe('invoices');
    expect(findRoute('/customers/12/print')).toBeUndefined();
    expect(findRoute('/invoices/0/print')).toBeUndefined();
    expect(findRoute('/invoices/print')).toBeUndefined();
  });

  it('shows the billing pages to admins and managers only', () => {
    const visible = (role: string) =>
      APP_ROUTES.filter((r) => r.group === 'financial' && (!r.visible || r.visible(permissionsFor(role)))).map((r) => r.path);
    expect(visible('admin')).toEqual(['/estimates', '/invoices']);
    expect(visible('manager')).toEqual(['/estimates', '/invoices']);
    expect(visible('technician')).toEqual([]);
  });

  it('shows Administration links by role', () => {
    const visible = (role: string) =>
      APP_ROUTES.filter((r) => r.group === 'admin' && (!r.visible || r.visible(permissionsFor(role)))).map((r) => r.path);
    expect(visible('admin')).toEqual(['/users', '/audit-log', '/settings']);
    expect(visible('manager')).toEqual(['/users']);
    expect(visible('technician')).toEqual([]);
  });
});
