import { MutationCache, QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '@core/contracts/auth.ts';
import { getQueryFn, isUnauthorized, type ApiError } from './api';

export const USER_QUERY_KEY = ['/api/user'] as const;
export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;
/** The signed-in user's sessions (Profile > Security): refreshed by the live channel's `sessions` message. */
export const SESSIONS_QUERY_KEY = ['/api/user/sessions'] as const;

/**
 * GET /api/user: the signed-in user, or null when signed out. index.html starts this request
 * before any script (a preload), and this read takes its answer.
 */
export const userQuery = queryOptions<PublicUser | null, ApiError>({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }),
});

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** A 401 from this call is an answer (wrong credentials), not an expired session. */
      expects401?: boolean;
    };
  }
}

/** Any 401 other than the initial user lookup means the session expired: forget the user. */
function sessionExpired(client: QueryClient) {
  if (client.getQueryData(USER_QUERY_KEY) !== null) client.setQueryData(USER_QUERY_KEY, null);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== USER_QUERY_KEY[0]) sessionExpired(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.expects401) sessionExpired(client);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
