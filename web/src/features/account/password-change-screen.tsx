import { useTranslation } from '@/lib/translation';
import { KeyRound } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { BlockingScreen } from './blocking-screen';
import { PasswordForm } from './password-form';

/**
 * Blocking screen for an account an admin created: the user sets a new password before using
 * the app (PublicUser.mustChangePassword).
 */
export default function PasswordChangeScreen({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  return (
    <BlockingScreen
      icon={KeyRound}
      title={t('forced.title')}
      description={t('forced.description', { workshop: user?.tenantName ?? '' })}
      testId="password-change-screen"
      onLogout={onLogout}
      loggingOut={loggingOut}
    >
      <PasswordForm idPrefix="forced" submitLabel={t('forced.submit')} currentLabel={t('forced.current')} />
    </BlockingScreen>
  );
}
