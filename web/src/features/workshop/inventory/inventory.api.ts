import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { fetchPage, prefetchPagedList } from '@/lib/paging';
import type { SparePart, SparePartInput, StockMoveInput } from './model';

/** Rows per "Load more". */
export const PARTS_PAGE_SIZE = 25;
export const HISTORY_PAGE_SIZE = 20;

export type PartFilter = { q?: string; category?: string; status?: string; lowStockFirst?: 'true' };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/spare-parts, one page at a time (usePagedList). */
export const partsKey = (tenantId: number, filter: PartFilter) =>
  ['/api/tenants', tenantId, 'spare-parts', { ...filter, limit: PARTS_PAGE_SIZE }] as const;
/** Distinct categories of the whole table (not of the page), sorted. */
export const categoriesQuery = (tenantId: number) =>
  queryOptions<string[]>({ queryKey: ['/api/tenants', tenantId, 'spare-parts', 'categories'] });
/** How many parts need attention: the X-Total-Count of a one-row page of the low-stock list. */
export const lowStockCountQuery = (tenantId: number) =>
  queryOptions<number>({
    queryKey: ['/api/tenants', tenantId, 'spare-parts', 'low-stock', { limit: 1 }],
    queryFn: async ({ queryKey, signal }) => (await fetchPage<SparePart>(urlFromQueryKey(queryKey), signal)).total,
  });
/** What /inventory reads first (the route's prefetch): the parts, their categories and the low-stock count. */
export function prefetchInventory(queryClient: QueryClient, tenantId: number) {
  void prefetchPagedList(queryClient, partsKey(tenantId, {}));
  void queryClient.prefetchQuery(categoriesQuery(tenantId));
  void queryClient.prefetchQuery(lowStockCountQuery(tenantId));
}
export const partQuery = (id: number) => queryOptions<SparePart>({ queryKey: ['/api/spare-parts', id] });
/** GET /api/spare-parts/:id/audit-trail, newest first, one page at a time. */
export const auditTrailKey = (id: number) => ['/api/spare-parts', id, 'audit-trail', { limit: HISTORY_PAGE_SIZE }] as const;

export type PartUpdate = Partial<Omit<SparePartInput, 'sku'>> & { id: number };

export const useCreatePart = () =>
  useEntityMutation('spare_parts', (input: SparePartInput) => apiRequest<SparePart>('POST', '/api/spare-parts', input));
export const useUpdatePart = () =>
  useEntityMutation('spare_parts', ({ id, ...patch }: PartUpdate) => apiRequest<SparePart>('PUT', `/api/spare-parts/${id}`, patch));
export const useDeletePart = () => useEntityMutation('spare_parts', (id: number) => apiRequest<void>('DELETE', `/api/spare-parts/${id}`));
export const useStockMove = () =>
  useEntityMutation('spare_parts', ({ id, ...move }: StockMoveInput & { id: number }) =>
    apiRequest<SparePart>('POST', `/api/spare-parts/${id}/stock`, move),
  );
