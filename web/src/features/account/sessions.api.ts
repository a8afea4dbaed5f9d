import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, SignedOutOthers } from '@core/contracts/sessions.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { SESSIONS_QUERY_KEY } from '@/lib/query-client';

export type { ActiveSession };

/** My sessions still signed in, this one first. */
export const sessionsQuery = queryOptions<ActiveSession[]>({ queryKey: SESSIONS_QUERY_KEY });

/** Signs out one of my other sessions: that browser's next call is refused and its live channel closes. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (id) => apiRequest<void>('DELETE', `/api/user/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** Signs out every other session of mine. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation<SignedOutOthers, ApiError, void>({
    mutationFn: () => apiRequest<SignedOutOthers>('POST', '/api/user/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
