import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
// Types only from core/contracts: a value import would pull zod into the page.
import type { ServiceHistoryEntry, Vehicle, VehicleInput } from '@core/contracts/vehicles.ts';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { VEHICLE_STATUSES } from '@core/contracts/vehicles.values.ts';

export { VEHICLE_STATUSES };

export type { ServiceHistoryEntry, Vehicle, VehicleInput };
export type VehicleStatus = Vehicle['status'];

/** Rows per "Load more" on the Vehicles screen. */
export const VEHICLES_PAGE_SIZE = 25;

export type VehicleFilter = { q?: string; customerId?: number; status?: VehicleStatus };
// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** The paged list (usePagedList): GET /api/tenants/:tenantId/vehicles?q&customerId&status&limit&offset. */
export const vehiclesListKey = (tenantId: number, filter: VehicleFilter, limit = VEHICLES_PAGE_SIZE) =>
  [
    '/api/tenants',
    tenantId,
    'vehicles',
    { q: filter.q || undefined, customerId: filter.customerId, status: filter.status, limit },
  ] as const;
/** What /vehicles reads first (the route's prefetch): the list, unfiltered. */
export const prefetchVehicles = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, vehiclesListKey(tenantId, {}));
export const vehicleQuery = (id: number) => queryOptions<Vehicle>({ queryKey: ['/api/vehicles', id] });
export const serviceHistoryQuery = (id: number) =>
  queryOptions<ServiceHistoryEntry[]>({ queryKey: ['/api/vehicles', id, 'service-history'] });
/** A vehicle's job cards, newest first (paged). */
export const vehicleJobCardsKey = (tenantId: number, vehicleId: number, limit: number) =>
  ['/api/tenants', tenantId, 'job-cards', { vehicleId, limit }] as const;

/** The export of the filtered list (every matching row, not one page). */
export const vehiclesExportUrl = (tenantId: number, filter: VehicleFilter) => {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.customerId) params.set('customerId', String(filter.customerId));
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return `/api/tenants/${tenantId}/vehicles/export.csv${query ? `?${query}` : ''}`;
};
export const VEHICLES_IMPORT_URL = '/api/vehicles/import';
/** The columns an import reads (the export's, but for the customer's name); a row names its customer by phone or e-mail. */
export const VEHICLE_CSV_COLUMNS = [
  'make',
  'model',
  'year',
  'plateNumber',
  'vin',
  'color',
  'mileage',
  'status',
  'notes',
  'customerPhone',
  'customerEmail',
];

export const useCreateVehicle = () =>
  useEntityMutation('vehicles', (input: VehicleInput) => apiRequest<Vehicle>('POST', '/api/vehicles', input));
export const useUpdateVehicle = () =>
  useEntityMutation('vehicles', ({ id, ...input }: VehicleInput & { id: number }) =>
    apiRequest<Vehicle>('PUT', `/api/vehicles/${id}`, input),
  );
export const useDeleteVehicle = () => useEntityMutation('vehicles', (id: number) => apiRequest<void>('DELETE', `/api/vehicles/${id}`));
