import { useTranslation } from '@/lib/translation';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { useLogout } from './use-logout';

/** Logout from the user menu asks first: Cancel or Logout. */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const { logout } = useLogout();
  return (
    <ConfirmDialog
      open={open}
      title={t('logout.confirmTitle')}
      body={t('logout.confirmBody')}
      cancelLabel={t('logout.cancel')}
      confirmLabel={t('logout.confirm')}
      onConfirm={logout}
      onClose={() => onOpenChange(false)}
      confirmTestId="confirm-logout"
    />
  );
}
