import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, Preferences, ProfileUpdateInput, PublicUser } from '@core/contracts/auth.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser } from '@/lib/auth';
import { USER_QUERY_KEY } from '@/lib/query-client';

export const preferencesQuery = queryOptions<Preferences>({ queryKey: ['/api/user/preferences'] });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<PublicUser, ApiError, ProfileUpdateInput>({
    mutationFn: (body) => apiRequest<PublicUser>('PUT', '/api/user/profile', body),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void refreshUser(queryClient);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, ChangePasswordInput>({
    mutationFn: (body) => apiRequest<void>('POST', '/api/user/password', body),
    // A wrong current password is an answer about the form, not an expired session.
    meta: { expects401: true },
    onSuccess: () => refreshUser(queryClient),
  });
}

/** Saves the five switches; the screen shows the new value at once and rolls back on failure. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation<Preferences, ApiError, Preferences, { previous?: Preferences }>({
    mutationFn: (body) => apiRequest<Preferences>('PUT', '/api/user/preferences', body),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: preferencesQuery.queryKey });
      const previous = queryClient.getQueryData(preferencesQuery.queryKey);
      queryClient.setQueryData(preferencesQuery.queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQuery.queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesQuery.queryKey, saved),
  });
}
