import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { Compass } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** Any path that is not a page: title and message "404 Page Not Found" (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('common:appName')}`;
  }, [t]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center md:pt-8">
          <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <Compass className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('notFound.message')}</p>
          <Link href="/" className={buttonClasses()}>
            {t('notFound.home')}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
