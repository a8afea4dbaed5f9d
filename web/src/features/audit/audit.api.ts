import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { prefetchPagedList } from '@/lib/paging';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditAction, type AuditResource } from '@core/contracts/audit.values.ts';

export { AUDIT_ACTIONS, AUDIT_RESOURCES };
export type { AuditEntry } from '@core/contracts/audit.ts';

/** One page of the log: the newest first. */
export const AUDIT_PAGE_SIZE = 25;

export type AuditFilter = {
  userId?: number;
  resourceType?: AuditResource;
  resourceId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
};

/** Only what is set, so an empty filter is the same key (and address) as none. */
const given = (filter: AuditFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as AuditFilter;

export const auditKey = (tenantId: number, filter: AuditFilter) =>
  ['/api/tenants', tenantId, 'audit-log', { ...given(filter), limit: AUDIT_PAGE_SIZE }] as const;

/** The CSV of every entry the filter keeps (the server records the export). */
export function auditExportUrl(tenantId: number, filter: AuditFilter): string {
  const query = new URLSearchParams(Object.entries(given(filter)).map(([key, value]) => [key, String(value)])).toString();
  return `/api/tenants/${tenantId}/audit-log/export.csv${query ? `?${query}` : ''}`;
}

/** The workshop's active accounts (id and names), for the user filter. */
export type AuditUser = { id: number; firstName: string | null; lastName: string | null };
export const auditUsersQuery = queryOptions<AuditUser[]>({ queryKey: ['/api/users'] });

/** What /audit-log reads first (the route's prefetch): the newest entries and the people. */
export function prefetchAuditLog(queryClient: QueryClient, tenantId: number) {
  void prefetchPagedList(queryClient, auditKey(tenantId, {}));
  void queryClient.prefetchQuery(auditUsersQuery);
}

export type { SignInEntry } from '@core/contracts/sessions.ts';
export { SIGN_IN_OUTCOMES } from '@core/contracts/sessions.values.ts';

/** The sign-in history's filter: a person, an outcome, days. */
export type SignInFilter = { userId?: number; outcome?: 'success' | 'failed'; from?: string; to?: string };

export const signInsKey = (tenantId: number, filter: SignInFilter) =>
  ['/api/tenants', tenantId, 'sign-ins', { ...(given(filter) as SignInFilter), limit: AUDIT_PAGE_SIZE }] as const;
