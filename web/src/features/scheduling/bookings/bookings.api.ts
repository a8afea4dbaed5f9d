import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Booking, Conflict } from '@core/contracts/bookings.ts';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { fetchPage, prefetchPagedList } from '@/lib/paging';
import { BOOKING_STATUSES } from '@core/contracts/bookings.values.ts';

export { BOOKING_STATUSES };

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Rows per "Load more". */
export const BOOKINGS_PAGE_SIZE = 25;

export type BookingFilter = { q?: string; status?: string };
export type BookingSaved = Booking & { conflicts: Conflict[] };
export type BookingPayload = {
  customerId: number;
  vehicleId: number;
  serviceType: string;
  scheduledDate: string;
  status: BookingStatus;
  notes: string | null;
  technicianId: number | null;
  duration: number;
};

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/service-bookings, one page at a time (usePagedList). */
export const bookingsKey = (tenantId: number, filter: BookingFilter) =>
  ['/api/tenants', tenantId, 'service-bookings', { ...filter, limit: BOOKINGS_PAGE_SIZE }] as const;
/** The next 7 days (workshop time zone), soonest first. */
/** The upcoming card: the soonest 100 bookings of the next 7 days, and how many there are in all. */
export const upcomingQuery = (tenantId: number) =>
  queryOptions({
    queryKey: ['/api/tenants', tenantId, 'service-bookings', 'upcoming'],
    queryFn: ({ queryKey, signal }) => fetchPage<Booking>(urlFromQueryKey(queryKey), signal),
  });
/** What /bookings reads first (the route's prefetch): the upcoming bookings and the list, unfiltered. */
export function prefetchBookings(queryClient: QueryClient, tenantId: number) {
  void queryClient.prefetchQuery(upcomingQuery(tenantId));
  void prefetchPagedList(queryClient, bookingsKey(tenantId, {}));
}

export const useCreateBooking = () =>
  useEntityMutation('service_bookings', (input: BookingPayload) => apiRequest<BookingSaved>('POST', '/api/service-bookings', input));
export const useUpdateBooking = () =>
  useEntityMutation('service_bookings', ({ id, ...patch }: Partial<BookingPayload> & { id: number }) =>
    apiRequest<BookingSaved>('PUT', `/api/service-bookings/${id}`, patch),
  );
