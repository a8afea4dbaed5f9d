import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Booking, Conflict } from '@core/contracts/bookings.ts';
import type { Technician } from '@core/contracts/technicians.ts';
import { apiRequest, urlFromQueryKey, type ApiError } from '@/lib/api';
import { fetchPage } from '@/lib/paging';
import { SCHEDULE_ROOT } from '../schedule/schedule.api';

/** Spec section 4 (a copy: a value import of core/contracts would pull zod into the page). */
export const BOOKING_STATUSES = ['scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
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
export const bookingsKey = (tenantId: number, filter: BookingFilter) => ['/api/tenants', tenantId, 'service-bookings', { ...filter, limit: BOOKINGS_PAGE_SIZE }] as const;
/** The next 7 days (workshop time zone), soonest first. */
/** The upcoming card: the soonest 100 bookings of the next 7 days, and how many there are in all. */
export const upcomingQuery = (tenantId: number) =>
  queryOptions({
    queryKey: ['/api/tenants', tenantId, 'service-bookings', 'upcoming'],
    queryFn: ({ queryKey, signal }) => fetchPage<Booking>(urlFromQueryKey(queryKey), signal),
  });
/** The optional technician select. */
export const techniciansQuery = queryOptions<Technician[]>({ queryKey: ['/api/technicians', { limit: 500 }] });

/** After a change: every read it may affect (the live channel does the same for other browsers). */
export function refreshBookings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, , list] = query.queryKey;
      if (root === '/api/tenants') return list === 'service-bookings' || list === 'dashboard';
      return root === '/api/service-bookings' || root === '/api/dashboard' || root === SCHEDULE_ROOT;
    },
  });
}

function useBookingMutation<TVars>(mutationFn: (vars: TVars) => Promise<BookingSaved>) {
  const queryClient = useQueryClient();
  return useMutation<BookingSaved, ApiError, TVars>({ mutationFn, onSuccess: () => refreshBookings(queryClient) });
}

export const useCreateBooking = () => useBookingMutation((input: BookingPayload) => apiRequest<BookingSaved>('POST', '/api/service-bookings', input));
export const useUpdateBooking = () =>
  useBookingMutation(({ id, ...patch }: Partial<BookingPayload> & { id: number }) => apiRequest<BookingSaved>('PUT', `/api/service-bookings/${id}`, patch));
