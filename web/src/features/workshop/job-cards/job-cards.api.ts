import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { useEntityMutation } from '@/lib/query-keys';
import type { JobCardDetail, JobCardInput, JobCardStatus, JobCardUpdateInput, Technician } from './model';

/** Rows per "Load more". */
export const JOB_CARDS_PAGE_SIZE = 25;

export type JobCardFilter = { q?: string; status?: string; priority?: string; mine?: 'true' };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/job-cards, one page at a time (usePagedList). */
export const jobCardsKey = (tenantId: number, filter: JobCardFilter) =>
  ['/api/tenants', tenantId, 'job-cards', { ...filter, limit: JOB_CARDS_PAGE_SIZE }] as const;
/**
 * What /job-cards reads first for staff (the route's prefetch): every card, unfiltered. A
 * technician's list waits for their own technician record ("mine"), so it is not guessed here.
 */
export const prefetchJobCards = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, jobCardsKey(tenantId, {}));
export const jobCardQuery = (id: number) => queryOptions<JobCardDetail>({ queryKey: ['/api/job-cards', id] });
/** The number the server would give a new card now: read afresh each time the dialog opens. */
export const nextJobNumberQuery = queryOptions<{ jobNumber: string }>({
  queryKey: ['/api/job-cards', 'next-number'],
  staleTime: 0,
  gcTime: 0,
});

/** Every job card change answers the card with its lines: kept as its detail read, then what shows job cards refreshes. */
const useJobCardMutation = <TVars>(mutationFn: (vars: TVars) => Promise<JobCardDetail>) =>
  useEntityMutation('job_cards', mutationFn, { detail: (card) => jobCardQuery(card.id).queryKey });

export const useCreateJobCard = () =>
  useJobCardMutation((input: JobCardInput) => apiRequest<JobCardDetail>('POST', '/api/job-cards', input));
export const useUpdateJobCard = () =>
  useJobCardMutation(({ id, ...patch }: JobCardUpdateInput & { id: number }) =>
    apiRequest<JobCardDetail>('PUT', `/api/job-cards/${id}`, patch),
  );
export const useJobCardStatus = () =>
  useJobCardMutation(({ id, status }: { id: number; status: JobCardStatus }) =>
    apiRequest<JobCardDetail>('PATCH', `/api/job-cards/${id}/status`, { status }),
  );

/**
 * The technician record linked to the signed-in user (technicians only), or null: a technician
 * changes only the job cards assigned to it.
 */
export function myTechnicianId(technicians: Technician[] | undefined, userId: number | undefined): number | null {
  return technicians?.find((tech) => tech.userId !== null && tech.userId === userId)?.id ?? null;
}
