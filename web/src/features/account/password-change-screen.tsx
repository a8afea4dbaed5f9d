import { useTranslation } from '@/lib/translation';
import { KeyRound, LogOut, Wrench } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordForm } from './password-form';

/**
 * Blocking screen for an account an admin created: the user sets a new password before using
 * the app (PublicUser.mustChangePassword).
 */
export default function PasswordChangeScreen({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-start gap-6 bg-background px-4 py-10 sm:justify-center"
      data-testid="password-change-screen"
    >
      <div className="flex items-center gap-2">
        <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Wrench className="size-5" aria-hidden />
        </div>
        <span className="text-lg font-bold">{t('common:appName')}</span>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-md bg-warning/12 text-warning">
            <KeyRound className="size-6" aria-hidden />
          </div>
          <CardTitle className="text-xl">{t('forced.title')}</CardTitle>
          <CardDescription>{t('forced.description', { workshop: user?.tenantName ?? '' })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <PasswordForm idPrefix="forced" submitLabel={t('forced.submit')} currentLabel={t('forced.current')} />
          <Button variant="ghost" onClick={onLogout} disabled={loggingOut} className="-ms-3 self-start">
            <LogOut className="rtl:-scale-x-100" aria-hidden />
            {t('forced.logout')}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
