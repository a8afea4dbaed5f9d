import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { EstimateStatus, InvoiceStatus } from './model';

/** One colour per status, the same on every billing screen and the printed document. */
export const ESTIMATE_STATUS_VARIANT: Record<EstimateStatus, BadgeVariant> = {
  draft: 'outline',
  sent: 'info',
  approved: 'success',
  rejected: 'destructive',
  expired: 'neutral',
};

export const INVOICE_STATUS_VARIANT: Record<InvoiceStatus, BadgeVariant> = {
  draft: 'outline',
  sent: 'info',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'destructive',
  cancelled: 'neutral',
};

export function EstimateStatusBadge({ status, testId = 'estimate-status' }: { status: EstimateStatus; testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant={ESTIMATE_STATUS_VARIANT[status]} data-status={status} data-testid={testId}>
      {t(`estimateStatus.${status}`)}
    </Badge>
  );
}

export function InvoiceStatusBadge({ status, testId = 'invoice-status' }: { status: InvoiceStatus; testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant={INVOICE_STATUS_VARIANT[status]} data-status={status} data-testid={testId}>
      {t(`invoiceStatus.${status}`)}
    </Badge>
  );
}
