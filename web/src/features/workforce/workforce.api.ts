import { refreshEntities, useEntityMutation } from '@/lib/query-keys';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TechnicianInput } from '@core/contracts/technicians.ts';
import type { TaskInput, TaskUpdateInput } from '@core/contracts/tasks.ts';
import type { StaffUser } from '@core/contracts/users.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { PAGE_MAX, prefetchPagedList } from '@/lib/paging';
import type {
  ActivityEntry,
  BulkAssignResult,
  Capacity,
  Channel,
  DashboardStats,
  Delivery,
  Leader,
  SeedCounts,
  Skill,
  Suggestion,
  Task,
  Technician,
  TechnicianStatus,
  TenantMetrics,
} from './model';

// Query keys are URL parts (web/README.md); the default query function builds the URL.
export const skillsQuery = queryOptions<Skill[]>({ queryKey: ['/api/skills'] });
/** Every technician (the board, pickers): one read of up to 500. */
export const allTechniciansQuery = queryOptions<Technician[]>({ queryKey: ['/api/technicians', { limit: PAGE_MAX }] });
export const technicianQuery = (id: number) => queryOptions<Technician>({ queryKey: ['/api/technicians', id] });
export type TaskFilter = {
  technicianId?: number;
  assignmentStatus?: 'assigned' | 'unassigned';
  status?: string;
  priority?: string;
  q?: string;
  limit?: number;
};
export const tasksQuery = (filter: TaskFilter) => queryOptions<Task[]>({ queryKey: ['/api/tasks', { limit: PAGE_MAX, ...filter }] });
export const taskQuery = (id: number) => queryOptions<Task>({ queryKey: ['/api/tasks', id] });
export const suggestionsQuery = (id: number) => queryOptions<Suggestion[]>({ queryKey: ['/api/tasks', id, 'suggestions'] });
export const statsQuery = queryOptions<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
export const capacityQuery = queryOptions<Capacity>({ queryKey: ['/api/dashboard/capacity'] });
export const leaderboardQuery = queryOptions<Leader[]>({ queryKey: ['/api/dashboard/leaderboard'] });
export const metricsQuery = (tenantId: number) =>
  queryOptions<TenantMetrics>({ queryKey: ['/api/tenants', tenantId, 'dashboard', 'metrics'] });
/** The latest entries of the activity feed. */
export const recentActivityQuery = (limit: number) => queryOptions<ActivityEntry[]>({ queryKey: ['/api/activity', { limit }] });
/** The workshop's user accounts (the dashboard's "invite your team" step). */
export const workshopUsersQuery = queryOptions<StaffUser[]>({ queryKey: ['/api/users'] });
/** The technicians' list (paged): GET /api/technicians?skill&status&sort&limit&offset. */
export const techniciansListKey = (filter: { skill?: string; status?: string; sort?: string }, limit: number) =>
  ['/api/technicians', { ...filter, limit }] as const;
/** The pending service reminders the dashboard's alert shows (paged: the total is the count). */
export const pendingRemindersKey = (tenantId: number, limit: number) =>
  ['/api/tenants', tenantId, 'service-reminders', { status: 'pending', limit }] as const;

/** How much of each list the dashboard shows. */
export const DASHBOARD_TECHNICIANS = 6;
export const RECENT_ACTIVITY = 5;
export const UNASSIGNED_SHOWN = 5;
export const REMINDERS_SHOWN = 5;
/** Technicians per "Load more" on /technicians; entries per page of /activity. */
export const TECHNICIANS_PAGE_SIZE = 12;
export const ACTIVITY_PAGE_SIZE = 25;

/** What the dashboard reads first (the route's prefetch): its figures, lists and widgets. */
export function prefetchDashboard(queryClient: QueryClient, tenantId: number, canManageUsers: boolean) {
  for (const query of [
    statsQuery,
    metricsQuery(tenantId),
    capacityQuery,
    leaderboardQuery,
    skillsQuery,
    tasksQuery({ assignmentStatus: 'assigned' }),
    tasksQuery({ assignmentStatus: 'unassigned', limit: UNASSIGNED_SHOWN }),
    recentActivityQuery(RECENT_ACTIVITY),
  ] as const) {
    void queryClient.prefetchQuery(query as typeof statsQuery);
  }
  if (canManageUsers) void queryClient.prefetchQuery(workshopUsersQuery);
  void prefetchPagedList(queryClient, techniciansListKey({}, DASHBOARD_TECHNICIANS));
  void prefetchPagedList(queryClient, pendingRemindersKey(tenantId, REMINDERS_SHOWN));
}

/** What /technicians reads first: the list, unfiltered, and the skills of its filter. */
export function prefetchTechnicians(queryClient: QueryClient) {
  void queryClient.prefetchQuery(skillsQuery);
  void prefetchPagedList(queryClient, techniciansListKey({}, TECHNICIANS_PAGE_SIZE));
}

/** What /tasks reads first: every technician and the assigned and unassigned tasks, unfiltered. */
export function prefetchTasks(queryClient: QueryClient) {
  void queryClient.prefetchQuery(allTechniciansQuery);
  void queryClient.prefetchQuery(tasksQuery({ assignmentStatus: 'assigned' }));
  void queryClient.prefetchQuery(tasksQuery({ assignmentStatus: 'unassigned' }));
}

/** What /activity reads first: the feed's first page. */
export const prefetchActivity = (queryClient: QueryClient) =>
  void prefetchPagedList(queryClient, ['/api/activity', { limit: ACTIVITY_PAGE_SIZE }]);

/** Tasks and technicians change together (assignments, workload): a change of either refreshes both. */
const WORKFORCE = ['tasks', 'technicians'] as const;
const useWorkforceMutation = <TData, TVars>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useEntityMutation<TData, TVars>(WORKFORCE, mutationFn, { background: true });

/** After a change made outside a mutation here (a photo upload, a retry). */
export const refreshWorkforce = (queryClient: QueryClient) => refreshEntities(queryClient, ...WORKFORCE);

export type TechnicianPayload = TechnicianInput;

export const useCreateTechnician = () =>
  useWorkforceMutation((input: TechnicianPayload) => apiRequest<Technician>('POST', '/api/technicians', input));
export const useUpdateTechnician = () =>
  useWorkforceMutation(({ id, ...patch }: Partial<TechnicianPayload> & { id: number }) =>
    apiRequest<Technician>('PUT', `/api/technicians/${id}`, patch),
  );
export const useBulkStatus = () =>
  useWorkforceMutation((input: { technicianIds: number[]; status: TechnicianStatus }) =>
    apiRequest<{ updated: number[] }>('POST', '/api/technicians/bulk-status', input),
  );
export const useCreateSkill = () => useWorkforceMutation((name: string) => apiRequest<Skill>('POST', '/api/skills', { name }));

export const useCreateTask = () =>
  useWorkforceMutation((input: Partial<TaskInput> & { title: string }) => apiRequest<Task>('POST', '/api/tasks', input));
export const useUpdateTask = () =>
  useWorkforceMutation(({ id, ...patch }: TaskUpdateInput & { id: number }) => apiRequest<Task>('PUT', `/api/tasks/${id}`, patch));
export const useAssignTask = () =>
  useWorkforceMutation(({ taskId, technicianId, scheduledDate }: { taskId: number; technicianId: number; scheduledDate?: string }) =>
    apiRequest<Task>('POST', `/api/tasks/${taskId}/assign`, { technicianId, scheduledDate }),
  );
export const useCompleteTask = () =>
  useWorkforceMutation(({ taskId, actualHours }: { taskId: number; actualHours?: number | null }) =>
    apiRequest<Task>('POST', `/api/tasks/${taskId}/complete`, { actualHours }),
  );
export const useBulkAssign = () =>
  useWorkforceMutation((input: { taskIds: number[]; technicianIds: number[] }) =>
    apiRequest<BulkAssignResult>('POST', '/api/tasks/bulk-assign', input),
  );

export function notifyAssignment(taskId: number, channels: Channel[]) {
  return apiRequest<Delivery[]>('POST', `/api/tasks/${taskId}/notify`, { channels });
}
export const useNotify = () =>
  useWorkforceMutation(({ taskId, channels }: { taskId: number; channels: Channel[] }) => notifyAssignment(taskId, channels));

export const useSeed = () => {
  const queryClient = useQueryClient();
  return useMutation<SeedCounts, ApiError, void>({
    mutationFn: () => apiRequest<SeedCounts>('POST', '/api/admin/seed-database'),
    // Everything may have changed: invalidate every read (spec section 7).
    onSuccess: () => void queryClient.invalidateQueries(),
  });
};
