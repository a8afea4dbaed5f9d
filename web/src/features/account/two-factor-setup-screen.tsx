import { useTranslation } from '@/lib/translation';
import { ShieldCheck } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { BlockingScreen } from './blocking-screen';
import { TwoFactorSetupFlow } from './two-factor-setup';

/**
 * Blocking screen for an admin or manager whose workshop requires two-factor sign-in and who has
 * not set it up (PublicUser.mustSetUpTwoFactor): the set-up, then the backup codes, before the app.
 */
export default function TwoFactorSetupScreen({
  onLogout,
  loggingOut,
  onCodesShown,
  onDone,
}: {
  onLogout: () => void;
  loggingOut: boolean;
  onCodesShown: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  return (
    <BlockingScreen
      icon={ShieldCheck}
      title={t('twoFactor.required.title')}
      description={t('twoFactor.required.description', { workshop: user?.tenantName ?? '' })}
      testId="two-factor-setup-screen"
      wide
      onLogout={onLogout}
      loggingOut={loggingOut}
    >
      <TwoFactorSetupFlow
        idPrefix="two-factor-required"
        onCodesShown={onCodesShown}
        onDone={onDone}
        doneLabel={t('twoFactor.required.continue')}
      />
    </BlockingScreen>
  );
}
