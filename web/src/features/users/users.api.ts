import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionOverrideInput, PermissionOverrideRow } from '@core/contracts/access-control.ts';
import type { Permission } from '@core/permissions.ts';
import type { CreateStaffInput, StaffUser } from '@core/contracts/users.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser } from '@/lib/auth';
import { staffQuery, useApplyStaffChange } from '@/shared/staff-role';

export { staffQuery, useChangeRole } from '@/shared/staff-role';

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation<StaffUser, ApiError, CreateStaffInput>({
    mutationFn: (input) => apiRequest<StaffUser>('POST', '/api/users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}

export function useSetActive() {
  const apply = useApplyStaffChange();
  return useMutation<StaffUser, ApiError, { userId: number; isActive: boolean }>({
    mutationFn: ({ userId, isActive }) => apiRequest<StaffUser>('PUT', `/api/users/${userId}/active`, { isActive }),
    onSuccess: apply,
  });
}

/** Turns a user's two-factor sign-in off (they sign in with the password alone, or set it up again if required). */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, { userId: number }>({
    mutationFn: ({ userId }) => apiRequest<void>('POST', `/api/users/${userId}/2fa/reset`),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }), refreshUser(queryClient)]).then(() => undefined),
  });
}

/** A strong initial password an admin can hand over (the user changes it at first sign-in). */
export function generatePassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A user's permission overrides (admins only). */
export const permissionOverridesQuery = (userId: number) =>
  queryOptions<PermissionOverrideRow[], ApiError>({
    queryKey: ['/api/users', userId, 'permission-overrides'],
    queryFn: () => apiRequest<PermissionOverrideRow[]>('GET', `/api/users/${userId}/permission-overrides`),
  });

/** Grants or denies one permission (replacing the user's override of it), or removes it (`input` null). */
export function useSaveOverride(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { permission: Permission; input: PermissionOverrideInput | null }>({
    mutationFn: ({ permission, input }) =>
      input
        ? apiRequest('PUT', `/api/users/${userId}/permission-overrides/${permission}`, input)
        : apiRequest('DELETE', `/api/users/${userId}/permission-overrides/${permission}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionOverridesQuery(userId).queryKey }),
  });
}
