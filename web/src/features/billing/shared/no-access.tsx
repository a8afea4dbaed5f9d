import { useTranslation } from '@/lib/translation';
import { ShieldAlert } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** What a technician sees on the billing pages: estimates, invoices and payments are for admins and managers. */
export function NoAccess() {
  const { t } = useTranslation('billing');
  return (
    <Card data-testid="billing-no-access">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center md:px-6 md:py-16">
        <div className="flex size-12 items-center justify-center rounded-full bg-warning/12 text-warning">
          <ShieldAlert className="size-6" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">{t('noAccess.title')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t('noAccess.body')}</p>
      </CardContent>
    </Card>
  );
}
