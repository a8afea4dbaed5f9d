import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiError } from '@/lib/api';
import { PAGE_MAX } from '@/lib/paging';
import type { JobCardDetail, JobCardInput, JobCardStatus, JobCardUpdateInput, Technician } from './model';

/** Rows per "Load more". */
export const JOB_CARDS_PAGE_SIZE = 25;

export type JobCardFilter = { q?: string; status?: string; priority?: string; mine?: 'true' };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/job-cards, one page at a time (usePagedList). */
export const jobCardsKey = (tenantId: number, filter: JobCardFilter) =>
  ['/api/tenants', tenantId, 'job-cards', { ...filter, limit: JOB_CARDS_PAGE_SIZE }] as const;
export const jobCardQuery = (id: number) => queryOptions<JobCardDetail>({ queryKey: ['/api/job-cards', id] });
/** The number the server would give a new card now: read afresh each time the dialog opens. */
export const nextJobNumberQuery = queryOptions<{ jobNumber: string }>({ queryKey: ['/api/job-cards', 'next-number'], staleTime: 0, gcTime: 0 });
/** Every technician (the "assigned to" choice); the same key the technician screens read. */
export const techniciansQuery = queryOptions<Technician[]>({ queryKey: ['/api/technicians', { limit: PAGE_MAX }] });

/** Tenant lists and single reads a job card change can affect: stock moves, service history, counts. */
const TENANT_LISTS = ['job-cards', 'spare-parts', 'vehicles', 'customers', 'dashboard'];
const SINGLE_READS = ['/api/job-cards', '/api/spare-parts', '/api/vehicles', '/api/customers', '/api/dashboard'];

/** After a change: every read it may affect (the live channel does the same for other browsers). */
export function refreshJobCards(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, , list] = query.queryKey;
      if (root === '/api/tenants') return TENANT_LISTS.includes(String(list));
      return SINGLE_READS.includes(String(root));
    },
  });
}

/** Every job card change answers the card with its lines: kept as its detail read, then the lists refresh. */
function useJobCardMutation<TVars>(mutationFn: (vars: TVars) => Promise<JobCardDetail>) {
  const queryClient = useQueryClient();
  return useMutation<JobCardDetail, ApiError, TVars>({
    mutationFn,
    onSuccess: (card) => {
      queryClient.setQueryData(jobCardQuery(card.id).queryKey, card);
      return refreshJobCards(queryClient);
    },
  });
}

export const useCreateJobCard = () => useJobCardMutation((input: JobCardInput) => apiRequest<JobCardDetail>('POST', '/api/job-cards', input));
export const useUpdateJobCard = () =>
  useJobCardMutation(({ id, ...patch }: JobCardUpdateInput & { id: number }) => apiRequest<JobCardDetail>('PUT', `/api/job-cards/${id}`, patch));
export const useJobCardStatus = () =>
  useJobCardMutation(({ id, status }: { id: number; status: JobCardStatus }) => apiRequest<JobCardDetail>('PATCH', `/api/job-cards/${id}/status`, { status }));

/**
 * The technician record linked to the signed-in user (technicians only), or null: a technician
 * changes only the job cards assigned to it.
 */
export function myTechnicianId(technicians: Technician[] | undefined, userId: number | undefined): number | null {
  return technicians?.find((tech) => tech.userId !== null && tech.userId === userId)?.id ?? null;
}
