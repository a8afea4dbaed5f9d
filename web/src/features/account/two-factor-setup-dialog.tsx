import { useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { DialogFrame } from '@/shared/dialog-frame';
import { TwoFactorSetupFlow } from './two-factor-setup';

/**
 * The profile's set-up of two-factor sign-in, in a dialog. Once the backup codes are on screen it
 * closes only by "Done", after the user said they saved them (they are never shown again).
 */
export default function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const [showingCodes, setShowingCodes] = useState(false);
  return (
    <DialogFrame
      title={showingCodes ? t('twoFactor.codes.title') : t('twoFactor.setup.title')}
      description={showingCodes ? t('twoFactor.codes.onceNotice') : t('twoFactor.setup.description')}
      width="lg"
      testId="two-factor-setup-dialog"
      busy={showingCodes}
      onClose={onClose}
    >
      <TwoFactorSetupFlow
        idPrefix="two-factor-setup"
        onCodesShown={() => setShowingCodes(true)}
        onDone={onClose}
        doneLabel={t('twoFactor.codes.done')}
      />
    </DialogFrame>
  );
}
