import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { EstimateStatus, InvoiceStatus } from './model';

export function EstimateStatusBadge({ status, testId = 'estimate-status' }: { status: EstimateStatus; testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <StatusBadge kind="estimate" value={status} testId={testId}>
      {t(`estimateStatus.${status}`)}
    </StatusBadge>
  );
}

export function InvoiceStatusBadge({ status, testId = 'invoice-status' }: { status: InvoiceStatus; testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <StatusBadge kind="invoice" value={status} testId={testId}>
      {t(`invoiceStatus.${status}`)}
    </StatusBadge>
  );
}
