import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffInput, StaffUser } from '@core/contracts/users.ts';
import type { Role } from '@core/permissions.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser, useAuth } from '@/lib/auth';

/** Every account of the workshop, whole (the admin's Users screen). */
export const staffQuery = queryOptions<StaffUser[]>({ queryKey: ['/api/users/accounts'] });

/** Puts the answer of a change into the cached list (the live channel refreshes other screens). */
function useApplyStaffChange() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return (changed: StaffUser) => {
    queryClient.setQueryData<StaffUser[]>(staffQuery.queryKey, (list) =>
      list ? list.map((member) => (member.id === changed.id ? changed : member)) : list,
    );
    void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
    if (changed.id === user?.id) void refreshUser(queryClient);
  };
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation<StaffUser, ApiError, CreateStaffInput>({
    mutationFn: (input) => apiRequest<StaffUser>('POST', '/api/users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}

export function useChangeRole() {
  const apply = useApplyStaffChange();
  return useMutation<StaffUser, ApiError, { userId: number; role: Role }>({
    mutationFn: ({ userId, role }) => apiRequest<StaffUser>('PUT', `/api/users/${userId}/role`, { role }),
    onSuccess: apply,
  });
}

export function useSetActive() {
  const apply = useApplyStaffChange();
  return useMutation<StaffUser, ApiError, { userId: number; isActive: boolean }>({
    mutationFn: ({ userId, isActive }) => apiRequest<StaffUser>('PUT', `/api/users/${userId}/active`, { isActive }),
    onSuccess: apply,
  });
}

/** A strong initial password an admin can hand over (the user changes it at first sign-in). */
export function generatePassword(length = 14): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
