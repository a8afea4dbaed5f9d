import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FleetStats, FleetVehicle, FleetVehicleInput } from '@core/contracts/fleet.ts';
import type { MaintenanceSchedule } from '@core/contracts/maintenance.ts';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { FLEET_STATUSES } from '@core/contracts/fleet.values.ts';

export { FLEET_STATUSES };

/** The service alert covers next service dates 0 to 7 days away (core/contracts/fleet.ts). */
export const FLEET_ALERT_DAYS = 7;

/** Rows per "Load more". */
export const FLEET_PAGE_SIZE = 25;

export type FleetFilter = { q?: string; status?: string; department?: string };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/fleet, one page at a time (usePagedList). */
export const fleetKey = (tenantId: number, filter: FleetFilter) =>
  ['/api/tenants', tenantId, 'fleet', { ...filter, limit: FLEET_PAGE_SIZE }] as const;
/** Totals per status, the count due in 0-7 days and the distinct departments. */
export const fleetStatsQuery = (tenantId: number) => queryOptions<FleetStats>({ queryKey: ['/api/tenants', tenantId, 'fleet', 'stats'] });
/** The vehicle select: the server searches the workshop's vehicles, 20 at a time. */
/** What /fleet reads first (the route's prefetch): the figures and the list, unfiltered. */
export function prefetchFleet(queryClient: QueryClient, tenantId: number) {
  void queryClient.prefetchQuery(fleetStatsQuery(tenantId));
  void prefetchPagedList(queryClient, fleetKey(tenantId, {}));
}
export const vehicleSearchKey = (tenantId: number, q: string) =>
  ['/api/tenants', tenantId, 'vehicles', { q: q || undefined, limit: 20 }] as const;
export type VehicleChoice = Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber' | 'year'> & { customer?: Vehicle['customer'] };
/** The maintenance schedules a computed next service comes from. */
export const schedulesQuery = (vehicleId: number) =>
  queryOptions<MaintenanceSchedule[]>({ queryKey: ['/api/vehicles', vehicleId, 'maintenance-schedules'] });

export type FleetPayload = Omit<FleetVehicleInput, 'fuelLevel' | 'nextServiceMileage'> & {
  fuelLevel?: number | null;
  nextServiceMileage?: number | null;
};

export const useCreateFleetVehicle = () =>
  useEntityMutation('fleet', (input: FleetPayload) => apiRequest<FleetVehicle>('POST', '/api/fleet-vehicles', input));
export const useUpdateFleetVehicle = () =>
  useEntityMutation('fleet', ({ id, ...patch }: Partial<FleetPayload> & { id: number }) =>
    apiRequest<FleetVehicle>('PUT', `/api/fleet-vehicles/${id}`, patch),
  );
