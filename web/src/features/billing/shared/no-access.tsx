import { useTranslation } from '@/lib/translation';
import { NoAccessCard } from '@/shared/no-access-card';

/** What a technician sees on the billing pages: estimates, invoices and payments are for admins and managers. */
export function NoAccess() {
  const { t } = useTranslation('billing');
  return <NoAccessCard title={t('noAccess.title')} body={t('noAccess.body')} testId="billing-no-access" />;
}
