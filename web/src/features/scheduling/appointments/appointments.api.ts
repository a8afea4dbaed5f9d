import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Appointment, StatusHistoryEntry } from '@core/contracts/appointments.ts';
import type { Conflict } from '@core/contracts/bookings.ts';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { APPOINTMENT_STATUSES, APPOINTMENT_SERVICE_TYPES } from '@core/contracts/appointments.values.ts';

export { APPOINTMENT_STATUSES, APPOINTMENT_SERVICE_TYPES };

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type AppointmentServiceType = (typeof APPOINTMENT_SERVICE_TYPES)[number];
/** Spec section 9: the calendar shows 7 days; default time 09:00, duration 60. */
export const CALENDAR_DAYS = 7;
export const DEFAULT_TIME = '09:00';
export const DEFAULT_DURATION = 60;

/** Rows per "Load more". */
export const APPOINTMENTS_PAGE_SIZE = 25;

export type AppointmentFilter = { q?: string; status?: string };
export type AppointmentSaved = Appointment & { conflicts: Conflict[] };
export type AppointmentPayload = {
  status: AppointmentStatus;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  vehicleInfo: { make: string; model: string; plateNumber: string };
  serviceType: AppointmentServiceType;
  description: string | null;
  scheduledDate: string;
  scheduledTime: string;
  duration: number;
  assignedTo: number | null;
  notes: string | null;
  /** Why the status changed (kept in the status history); sent only with a change of status. */
  statusNote?: string;
};
export type { StatusHistoryEntry };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
export const appointmentsKey = (tenantId: number, filter: AppointmentFilter) =>
  ['/api/tenants', tenantId, 'appointments', { ...filter, limit: APPOINTMENTS_PAGE_SIZE }] as const;
/** The calendar's 7 days (one call; a busy week is a few hundred at most). */
/** What /appointments reads first (the route's prefetch): the list tab, unfiltered. */
export const prefetchAppointments = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, appointmentsKey(tenantId, {}));
export const weekQuery = (tenantId: number, from: string, to: string) =>
  queryOptions<Appointment[]>({ queryKey: ['/api/tenants', tenantId, 'appointments', { from, to, limit: 500 }] });

/** Every status change of an appointment, oldest first (from, to, who, when, why). */
export const statusHistoryQuery = (tenantId: number, id: number) =>
  queryOptions<StatusHistoryEntry[]>({ queryKey: ['/api/tenants', tenantId, 'appointments', id, 'status-history'] });

export const useCreateAppointment = (tenantId: number) =>
  useEntityMutation('appointments', (input: AppointmentPayload) =>
    apiRequest<AppointmentSaved>('POST', `/api/tenants/${tenantId}/appointments`, input),
  );
export const useUpdateAppointment = (tenantId: number) =>
  useEntityMutation('appointments', ({ id, ...patch }: Partial<AppointmentPayload> & { id: number }) =>
    apiRequest<AppointmentSaved>('PUT', `/api/tenants/${tenantId}/appointments/${id}`, patch),
  );
