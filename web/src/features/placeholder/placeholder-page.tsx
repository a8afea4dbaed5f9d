import { Link, useSearch } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { ArrowRight, Search, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';

type Props = { moduleKey: string; title: string; description: string; icon: LucideIcon };

/** One page for every module of a later release: names the module and says what it will do. */
export default function PlaceholderPage({ moduleKey, title, description, icon: Icon }: Props) {
  const { t } = useTranslation('placeholder');
  const query = new URLSearchParams(useSearch()).get('q')?.trim();
  return (
    <div className="flex flex-col gap-4" data-testid="placeholder-page" data-module={moduleKey}>
      {query && (
        <div role="status" className="flex items-start gap-3 rounded-md border border-info/30 bg-info/10 p-4 text-sm">
          <Search className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <p>{t('searchNotice', { query })}</p>
        </div>
      )}
      <Card>
        <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center md:px-6 md:py-16">
          <div className="flex size-14 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon className="size-7" aria-hidden />
          </div>
          <Badge variant="info">{t('badge')}</Badge>
          <h2 className="text-xl font-semibold">{title}</h2>
          <p className="max-w-lg text-sm text-muted-foreground">{t('comingSoon', { module: title })}</p>
          <p className="max-w-lg text-sm">{description}</p>
          <Link href="/" className={buttonClasses({ variant: 'outline', className: 'mt-2' })}>
            {t('backToDashboard')}
            <ArrowRight className="rtl:-scale-x-100" aria-hidden />
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
