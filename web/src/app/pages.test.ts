import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { firstReadUrls, PAGE_PATHS, pageScreen } from '@core/pages.ts';
import { FEATURES, ROLES, type Permission } from '@core/permissions.ts';
import { getQueryFn } from '@/lib/api';
import { userQuery } from '@/lib/query-client';
import { APP_ROUTES, preloadRoute } from './routes';

/**
 * The server names a page's first reads in its HTML (core/pages.ts) so they start with the
 * document; the client's route prefetch must ask for exactly those URLs, or each would be read
 * twice. This runs the real prefetch of every route for every role and records what it sends
 * (fetch is the network here: it records and never answers).
 */
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

async function prefetchedUrls(path: string, user: { id: number; tenantId: number; role: string; mustChangePassword: boolean }) {
  const urls: string[] = [];
  globalThis.fetch = ((input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }) } } });
  client.setQueryData(userQuery.queryKey, { username: 'someone', ...user } as never);
  preloadRoute(client, path, '', 'en');
  // The prefetch starts once the (already known) user is read: a few microtasks.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return urls.filter((url) => url.startsWith('/api/')).sort();
}

describe('pages: screens and first reads', () => {
  it('names every page of the route table, and nothing else', () => {
    expect([...PAGE_PATHS].sort()).toEqual(APP_ROUTES.map((route) => route.path).sort());
    // A page has a screen exactly when core/pages.ts names one (routes.ts loads it from there).
    for (const route of APP_ROUTES) expect(Boolean(pageScreen(route.path)), route.path).toBe(Boolean(route.page));
    expect(pageScreen('/customers/')).toBe('features/workshop/customers/customers-page');
    expect(pageScreen('/customers/12')).toBeUndefined();
  });

  it('are what the client’s prefetch reads, for every page and role', async () => {
    for (const role of ROLES) {
      for (const { path } of APP_ROUTES) {
        const user = { id: 3, tenantId: 41, role, mustChangePassword: false };
        const expected = [...firstReadUrls(path, user)].sort();
        expect(await prefetchedUrls(path, user), `${role} ${path}`).toEqual(expected);
        expect(expected.length, `${role} ${path}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("follow the user's permission overrides and the workshop's modules, as the client's prefetch does", async () => {
    const override = (permission: Permission, allowed: boolean) => ({ permission, allowed, expiresAt: null });
    const users = [
      { role: 'manager' as const, permissionOverrides: [override('invoices.view', false), override('estimates.view', false)] },
      { role: 'technician' as const, permissionOverrides: [override('invoices.view', true), override('reports.view', true)] },
      { role: 'admin' as const, disabledFeatures: [...FEATURES] },
    ];
    for (const over of users) {
      const user = { id: 3, tenantId: 41, mustChangePassword: false, permissionOverrides: [], disabledFeatures: [], ...over };
      for (const { path } of APP_ROUTES) {
        expect(await prefetchedUrls(path, user), `${user.role} ${path}`).toEqual([...firstReadUrls(path, user)].sort());
      }
    }
    const [manager, technician, admin] = users.map((u) => ({ id: 3, tenantId: 41, ...u }));
    expect(firstReadUrls('/invoices', manager)).not.toContain('/api/tenants/41/invoices?limit=25&offset=0');
    expect(firstReadUrls('/invoices', technician)).toContain('/api/tenants/41/invoices?limit=25&offset=0');
    expect(firstReadUrls('/fleet', admin)).toEqual(['/api/notifications/unread-count', '/api/tenant/settings']);
  });

  it('are none for a record view, an unknown path, or a user who must change their password', async () => {
    const user = { id: 3, tenantId: 41, role: 'admin' as const, mustChangePassword: false };
    expect(firstReadUrls('/customers/12', user)).toEqual([]);
    expect(firstReadUrls('/nope', user)).toEqual([]);
    expect(firstReadUrls('/constructor', user)).toEqual([]);
    expect(firstReadUrls('/customers', { ...user, mustChangePassword: true })).toEqual([]);
    expect(await prefetchedUrls('/customers', { ...user, mustChangePassword: true })).toEqual([]);
    expect(firstReadUrls('/customers/', user)).toEqual(firstReadUrls('/customers', user));
    expect(firstReadUrls('/customers', user)).toContain('/api/tenants/41/customers?limit=25&offset=0');
  });
});
