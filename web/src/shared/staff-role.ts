import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffUser } from '@core/contracts/users.ts';
import type { Role } from '@core/permissions.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser, useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useTranslation } from '@/lib/translation';
import { fullName } from '@/lib/utils';
import { toast } from '@/components/ui/toast';

/** Every account of the workshop, whole (the admin's Users screen and the profile's users tab share it). */
export const staffQuery = queryOptions<StaffUser[]>({ queryKey: ['/api/users/accounts'] });

/** Puts the answer of a change into the cached list (the live channel refreshes other screens). */
export function useApplyStaffChange() {
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

export function useChangeRole() {
  const apply = useApplyStaffChange();
  return useMutation<StaffUser, ApiError, { userId: number; role: Role }>({
    mutationFn: ({ userId, role }) => apiRequest<StaffUser>('PUT', `/api/users/${userId}/role`, { role }),
    onSuccess: apply,
  });
}

/**
 * A member's role select: changes the role and says so in a toast, in the screen's own words
 * (`keys` in its namespace: the title, the body with {{name}} and {{role}}, the failure).
 */
export function useRoleSelect(member: StaffUser, namespace: string, keys: { updated: string; updatedBody: string; failed: string }) {
  const { t } = useTranslation(namespace);
  const changeRole = useChangeRole();
  const name = fullName(member.firstName, member.lastName, member.username);
  const onRole = (role: Role) => {
    if (role === member.role) return;
    changeRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: (saved) =>
          toast({
            variant: 'success',
            title: t(keys.updated),
            description: t(keys.updatedBody, { name, role: t(`common:roles.${saved.role}`) }),
          }),
        onError: (error) => toast({ variant: 'destructive', title: t(keys.failed), description: errorMessage(error, t) }),
      },
    );
  };
  return { onRole, pending: changeRole.isPending, name };
}
