import { useLocation } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { useAuth } from '@/lib/auth';
import { toast } from '@/components/ui/toast';

/** POST /api/logout, then /auth whether it worked or not; a failure also shows "Logout failed". */
export function useLogout() {
  const { logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  const { t } = useTranslation('shell');
  const logout = () =>
    logoutMutation.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: t('logout.failed'), description: error.serverMessage }),
      onSettled: () => navigate('/auth', { replace: true }),
    });
  return { logout, isPending: logoutMutation.isPending };
}
