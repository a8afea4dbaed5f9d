import { describe, expect, it } from 'vitest';
import { resourcesOf, showsEntity } from './query-keys';

const shows = (queryKey: unknown[], entity: string) => showsEntity({ queryKey }, [entity]);

describe('query keys by entity', () => {
  it('reads the resource of tenant lists, single reads and sub-resources', () => {
    expect(resourcesOf(['/api/tenants', 3, 'customers', { q: 'a', limit: 25 }])).toEqual(['customers']);
    expect(resourcesOf(['/api/customers', 12])).toEqual(['customers']);
    expect(resourcesOf(['/api/vehicles', 7, 'maintenance-schedules'])).toEqual(['vehicles', 'maintenance-schedules']);
    expect(resourcesOf(['/api/dashboard/stats'])).toEqual(['dashboard']);
    expect(resourcesOf(['/api/tenants', 3, 'dashboard', 'metrics'])).toEqual(['dashboard', 'metrics']);
    expect(resourcesOf(['/api/tenants', 3, 'vehicles', 7, 'ai-history'])).toEqual(['vehicles', 'ai-history']);
    expect(resourcesOf(['/api/tenants', 3, 'ai', 'job-estimations', 12])).toEqual(['ai', 'job-estimations']);
  });

  it('matches the reads an entity shows in, never the user', () => {
    expect(shows(['/api/tenants', 3, 'invoices', { limit: 25 }], 'invoices')).toBe(true);
    expect(shows(['/api/tenants', 3, 'customers', { limit: 25 }], 'invoices')).toBe(false);
    expect(shows(['/api/vehicles', 7, 'maintenance-schedules'], 'maintenance')).toBe(true);
    expect(shows(['/api/schedule', { from: '2026-01-05' }], 'service_bookings')).toBe(true);
    expect(shows(['/api/user'], 'all')).toBe(false);
    expect(shows(['/api/auth/user'], 'users')).toBe(false);
    expect(shows(['/api/technicians', { limit: 12 }], 'something_new')).toBe(true);
    expect(shows(['/api/tenants', 3, 'vehicles', 7, 'ai-history'], 'ai')).toBe(true);
    expect(shows(['/api/tenants', 3, 'vehicles', { limit: 25 }], 'ai')).toBe(false);
  });

  it('refreshes the owner’s reports on a change of what they add up, not of notifications', () => {
    const report = ['/api/tenants', 3, 'analytics', 'revenue', { from: '2026-11-01', to: '2026-11-27' }];
    expect(resourcesOf(report)).toEqual(['analytics', 'revenue']);
    for (const entity of ['invoices', 'job_cards', 'tasks', 'shifts', 'spare_parts', 'fleet', 'appointments', 'settings']) {
      expect(shows(report, entity), entity).toBe(true);
    }
    expect(shows(report, 'notifications')).toBe(false);
  });

  it('refreshes the audit log and a record’s history on any change of workshop data', () => {
    const history = ['/api/tenants', 3, 'audit-log', { resourceType: 'customers', resourceId: '12', limit: 20 }];
    for (const entity of ['customers', 'invoices', 'spare_parts', 'users', 'settings', 'attachments']) {
      expect(shows(history, entity), entity).toBe(true);
    }
    expect(shows(['/api/tenants', 3, 'customers', { limit: 25 }], 'spare_parts')).toBe(false);
  });
});
