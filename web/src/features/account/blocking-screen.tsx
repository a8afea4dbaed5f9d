import type { ReactNode } from 'react';
import { LogOut, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A screen that stands before the app until the signed-in user has done something (set a
 * password, set up two-factor): the app's name, a card with what to do, and a way to sign out.
 */
export function BlockingScreen({
  icon: Icon,
  title,
  description,
  testId,
  wide = false,
  onLogout,
  loggingOut,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  testId: string;
  wide?: boolean;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-start gap-6 bg-background px-4 py-10 sm:justify-center"
      data-testid={testId}
    >
      <div className="flex items-center gap-2">
        <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Wrench className="size-5" aria-hidden />
        </div>
        <span className="text-lg font-bold">{t('common:appName')}</span>
      </div>
      <Card className={wide ? 'w-full max-w-xl' : 'w-full max-w-md'}>
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-md bg-warning/12 text-warning">
            <Icon className="size-6" aria-hidden />
          </div>
          <CardTitle className="text-xl">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {children}
          <Button variant="ghost" onClick={onLogout} disabled={loggingOut} className="-ms-3 self-start">
            <LogOut className="rtl:-scale-x-100" aria-hidden />
            {t('forced.logout')}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
