import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { LoginWithCodeInput, PublicUser, RegisterInput } from '@core/contracts/auth.ts';
import { permissionsFor, type Feature, type Permissions } from '@core/permissions.ts';
import { apiRequest, type ApiError } from './api';
import { AUTH_USER_QUERY_KEY, USER_QUERY_KEY, userQuery } from './query-client';
import { useUserSettingsSync } from './user-settings';

type AuthContextValue = {
  user: PublicUser | null;
  isLoading: boolean;
  error: ApiError | null;
  refetchUser: () => void;
  loginMutation: UseMutationResult<PublicUser, ApiError, LoginWithCodeInput>;
  registerMutation: UseMutationResult<PublicUser, ApiError, RegisterInput>;
  logoutMutation: UseMutationResult<void, ApiError, void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Forgets every cached read except the user, so the next account never sees the previous one's data. */
function clearAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
}

/** Refreshes both user reads after the profile changes (spec section 7). */
export function refreshUser(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY }),
  ]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const user = useQuery(userQuery);
  // The signed-in user's saved settings (language, formats, theme...) apply in any browser.
  useUserSettingsSync(user.data ?? null);

  const signedIn = (user: PublicUser) => {
    clearAccountData(queryClient);
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };

  const loginMutation = useMutation<PublicUser, ApiError, LoginWithCodeInput>({
    mutationFn: (credentials) => apiRequest<PublicUser>('POST', '/api/login', credentials),
    onSuccess: signedIn,
    meta: { expects401: true },
  });

  const registerMutation = useMutation<PublicUser, ApiError, RegisterInput>({
    mutationFn: (input) => apiRequest<PublicUser>('POST', '/api/register', input),
    onSuccess: signedIn,
  });

  const logoutMutation = useMutation<void, ApiError, void>({
    mutationFn: () => apiRequest<void>('POST', '/api/logout'),
    meta: { expects401: true },
    onSettled: () => {
      clearAccountData(queryClient);
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
  });

  const refetch = user.refetch;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: user.data ?? null,
      isLoading: user.isLoading,
      error: user.error,
      refetchUser: () => void refetch(),
      loginMutation,
      registerMutation,
      logoutMutation,
    }),
    [user.data, user.isLoading, user.error, refetch, loginMutation, registerMutation, logoutMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/**
 * What the signed-in user may do: their role, with the overrides an admin gave them (an expired
 * one no longer counts from the next render); screens hide the rest (the server enforces it).
 */
export function usePermissions(): Permissions {
  const { user } = useAuth();
  return useMemo(() => permissionsFor(user?.role, user?.permissionOverrides), [user?.role, user?.permissionOverrides]);
}

const NO_FEATURES: readonly Feature[] = [];

/** The workshop's optional modules that are turned off (gone from the navigation; their pages not found). */
export function useDisabledFeatures(): readonly Feature[] {
  return useAuth().user?.disabledFeatures ?? NO_FEATURES;
}

/** The signed-in user's workshop (0 before the user is known: queries wait for a positive id). */
export function useTenantId(): number {
  return useAuth().user?.tenantId ?? 0;
}
