import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Conflict } from '@core/contracts/bookings.ts';
import type { Shift, ShiftAssignment, ShiftAssignmentInput, ShiftInput } from '@core/contracts/shifts.ts';
import type { EmployeeOption } from '@core/contracts/users.ts';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { SHIFT_ASSIGNMENT_STATUSES } from '@core/contracts/shifts.values.ts';

export { SHIFT_ASSIGNMENT_STATUSES };

export type AssignmentStatus = (typeof SHIFT_ASSIGNMENT_STATUSES)[number];

/** Rows per "Load more". */
export const ASSIGNMENTS_PAGE_SIZE = 25;

export type AssignmentFilter = { q?: string; status?: string; mine?: 'true' };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** Every shift definition of the workshop (a short list: not paged). */
export const shiftsQuery = (tenantId: number) => queryOptions<Shift[]>({ queryKey: ['/api/tenants', tenantId, 'shifts'] });
/** GET /api/tenants/:tenantId/shift-assignments, one page at a time (usePagedList). */
export const assignmentsKey = (tenantId: number, filter: AssignmentFilter) =>
  ['/api/tenants', tenantId, 'shift-assignments', { ...filter, limit: ASSIGNMENTS_PAGE_SIZE }] as const;
/**
 * What /shifts reads first (the route's prefetch): a planner opens on the shift definitions,
 * anyone else on their own assignments.
 */
export function prefetchShifts(queryClient: QueryClient, tenantId: number, canPlan: boolean) {
  if (canPlan) void queryClient.prefetchQuery(shiftsQuery(tenantId));
  else void prefetchPagedList(queryClient, assignmentsKey(tenantId, { mine: 'true' }));
}
/** The employee select: the workshop's user accounts (admins and managers may read it). */
export const staffQuery = queryOptions<EmployeeOption[]>({ queryKey: ['/api/users'] });

export type SavedAssignment = ShiftAssignment & { conflicts: Conflict[] };
export type AssignmentPayload = Omit<ShiftAssignmentInput, 'userId'> & { userId: number };

export const useCreateShift = () => useEntityMutation('shifts', (input: ShiftInput) => apiRequest<Shift>('POST', '/api/shifts', input));
export const useUpdateShift = () =>
  useEntityMutation('shifts', ({ id, ...input }: ShiftInput & { id: number }) => apiRequest<Shift>('PUT', `/api/shifts/${id}`, input));
export const useDeleteShift = () => useEntityMutation('shifts', (id: number) => apiRequest<void>('DELETE', `/api/shifts/${id}`));
export const useCreateAssignment = () =>
  useEntityMutation('shifts', (input: AssignmentPayload) => apiRequest<SavedAssignment>('POST', '/api/shift-assignments', input));
export const useUpdateAssignment = () =>
  useEntityMutation('shifts', ({ id, ...input }: AssignmentPayload & { id: number }) =>
    apiRequest<SavedAssignment>('PUT', `/api/shift-assignments/${id}`, input),
  );
export const useCheck = () =>
  useEntityMutation('shifts', ({ id, action }: { id: number; action: 'check-in' | 'check-out' }) =>
    apiRequest<ShiftAssignment>('POST', `/api/shift-assignments/${id}/${action}`),
  );
