import { useTranslation } from '@/lib/translation';
import { LogOut, ShieldCheck, Wrench } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
    <main
      className="flex min-h-dvh flex-col items-center justify-start gap-6 bg-background px-4 py-10 sm:justify-center"
      data-testid="two-factor-setup-screen"
    >
      <div className="flex items-center gap-2">
        <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Wrench className="size-5" aria-hidden />
        </div>
        <span className="text-lg font-bold">{t('common:appName')}</span>
      </div>
      <Card className="w-full max-w-xl">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-md bg-warning/12 text-warning">
            <ShieldCheck className="size-6" aria-hidden />
          </div>
          <CardTitle className="text-xl">{t('twoFactor.required.title')}</CardTitle>
          <CardDescription>{t('twoFactor.required.description', { workshop: user?.tenantName ?? '' })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <TwoFactorSetupFlow
            idPrefix="two-factor-required"
            onCodesShown={onCodesShown}
            onDone={onDone}
            doneLabel={t('twoFactor.required.continue')}
          />
          <Button variant="ghost" onClick={onLogout} disabled={loggingOut} className="-ms-3 self-start">
            <LogOut className="rtl:-scale-x-100" aria-hidden />
            {t('forced.logout')}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
