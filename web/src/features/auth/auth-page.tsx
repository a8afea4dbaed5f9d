import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { Activity, Languages, ShieldCheck, Sparkles, Wrench } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm, RegisterForm } from './auth-forms';

const SELLING_POINTS = [
  { key: 'realtime', icon: Activity },
  { key: 'secure', icon: ShieldCheck },
  { key: 'ai', icon: Sparkles },
] as const;

/** Decorative panel beside the forms on large screens. */
function SellingPoints() {
  const { t } = useTranslation('auth');
  return (
    <aside
      className="relative hidden overflow-hidden bg-sidebar p-12 text-white lg:flex lg:flex-col lg:justify-between xl:p-16"
      data-testid="selling-points"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-[0.07]"
        style={{ backgroundImage: 'radial-gradient(circle at 1px 1px, white 1px, transparent 0)', backgroundSize: '24px 24px' }}
      />
      <div aria-hidden className="pointer-events-none absolute -end-32 -top-32 size-96 rounded-full bg-primary/40 blur-3xl" />
      <div className="relative flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-md bg-primary">
          <Wrench className="size-5" aria-hidden />
        </div>
        <span className="text-xl font-bold">{t('common:appName')}</span>
      </div>
      <div className="relative flex max-w-lg flex-col gap-10">
        <div className="flex flex-col gap-3">
          <h2 className="text-3xl font-bold leading-tight xl:text-4xl">{t('panel.headline')}</h2>
          <p className="text-base text-white/75">{t('panel.lead')}</p>
        </div>
        <ul className="flex flex-col gap-6">
          {SELLING_POINTS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4">
              <div className="flex size-11 shrink-0 items-center justify-center rounded-md bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5 text-white" aria-hidden />
              </div>
              <div>
                <p className="font-semibold">{t(`panel.${key}.title`)}</p>
                <p className="text-sm text-white/70">{t(`panel.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative border-s-2 border-primary ps-4 text-lg font-medium text-white/90">{t('panel.slogan')}</p>
    </aside>
  );
}

function LanguageToggle() {
  const { i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button variant="ghost" size="sm" onClick={() => void changeLanguage(next)} data-testid="auth-language">
      <Languages aria-hidden />
      <span lang={next}>{next === 'ar' ? 'العربية' : 'English'}</span>
    </Button>
  );
}

/** /auth: Login (default) and Register; a signed-in user goes to the dashboard. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const { user, isLoading } = useAuth();

  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appName')}`;
  }, [t]);

  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner size="lg" label={t('common:status.loading')} />
      </div>
    );
  }
  if (user) return <Redirect to="/" replace />;

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-8">
          <div className="flex items-center gap-2 lg:invisible">
            <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <Wrench className="size-5" aria-hidden />
            </div>
            <span className="text-lg font-bold">{t('common:appName')}</span>
          </div>
          <LanguageToggle />
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pb-10 pt-4 sm:items-center sm:px-8">
          <div className="flex w-full max-w-[440px] flex-col gap-6">
            <div className="flex flex-col gap-1.5">
              <h1 className="text-2xl font-bold tracking-tight">{t('heading')}</h1>
              <p className="text-sm text-muted-foreground">{t('subheading')}</p>
            </div>
            <Card>
              <CardContent className="pt-4 md:pt-5">
                <Tabs defaultValue="login">
                  <TabsList className="w-full">
                    <TabsTrigger value="login">{t('login.tab')}</TabsTrigger>
                    <TabsTrigger value="register">{t('register.tab')}</TabsTrigger>
                  </TabsList>
                  <TabsContent value="login">
                    <LoginForm />
                  </TabsContent>
                  <TabsContent value="register">
                    <RegisterForm />
                  </TabsContent>
                </Tabs>
              </CardContent>
            </Card>
            <p className="text-center text-xs text-muted-foreground">{t('footer')}</p>
          </div>
        </main>
      </div>
      <SellingPoints />
    </div>
  );
}
