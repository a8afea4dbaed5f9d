import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRequestParam } from '@/shared/use-new-param';
import { useTranslation } from '@/lib/translation';
import { RecordTabs } from '@/shared/record-history';
import { Link } from 'wouter';
import { Banknote, Pencil, Printer } from 'lucide-react';
import { useAuth, usePermissions } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { InvoiceStatusBadge } from '../shared/billing-badges';
import { invoiceQuery } from '../shared/billing.api';
import { canTakePayment, LinesTable, TotalsList } from '../shared/document-parts';
import { failureText } from '@/shared/messages';
import type { InvoiceDetail } from '../shared/model';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ViewBody({ invoice, onEdit, onPay }: { invoice: InvoiceDetail; onEdit: () => void; onPay: () => void }) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  const permissions = usePermissions();
  const dash = <span className="text-muted-foreground">—</span>;
  const customer = fullName(invoice.customer.firstName, invoice.customer.lastName);
  return (
    <div className="flex flex-col gap-5" data-testid="invoice-view" data-number={invoice.invoiceNumber}>
      <DialogHeader>
        <p className="font-mono text-xs font-medium text-muted-foreground">
          <span dir="ltr">{invoice.invoiceNumber}</span>
        </p>
        <DialogTitle>
          <bdi>{invoice.description}</bdi>
        </DialogTitle>
        <DialogDescription>{t('view.for', { customer })}</DialogDescription>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <InvoiceStatusBadge status={invoice.status} testId="view-status" />
        </div>
      </DialogHeader>
      <RecordTabs resource="invoices" id={invoice.id} inAddress={false} detailsClassName="flex flex-col gap-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Item label={t('view.customer')}>
            <bdi>{customer}</bdi>
          </Item>
          <Item label={t('view.vehicle')}>
            <bdi>{`${invoice.vehicle.make} ${invoice.vehicle.model}`}</bdi> · <span dir="ltr">{invoice.vehicle.plateNumber}</span>
          </Item>
          <Item label={t('view.source')}>
            {invoice.estimate ? (
              <Link href={`/estimates/${invoice.estimate.id}`} className="font-medium text-primary hover:underline">
                <span dir="ltr">{invoice.estimate.estimateNumber}</span>
              </Link>
            ) : invoice.jobCard ? (
              <Link href={`/job-cards/${invoice.jobCard.id}`} className="font-medium text-primary hover:underline">
                <span dir="ltr">{invoice.jobCard.jobNumber}</span>
              </Link>
            ) : (
              dash
            )}
          </Item>
          <Item label={t('view.invoiceDate')}>{format.date(invoice.invoiceDate)}</Item>
          <Item label={t('view.dueDate')}>{invoice.dueDate ? format.date(invoice.dueDate) : dash}</Item>
          <Item label={t('view.paidDate')}>{invoice.paidDate ? format.date(invoice.paidDate) : dash}</Item>
        </dl>
        <section className="flex flex-col gap-2" aria-labelledby="invoice-lines">
          <h3 id="invoice-lines" className="text-sm font-semibold">
            {t('view.lines')}
          </h3>
          <div className="rounded-md border">
            <LinesTable items={invoice.items} compact />
          </div>
        </section>
        <TotalsList amounts={invoice} />
        <section className="flex flex-col gap-2" aria-labelledby="invoice-payments">
          <h3 id="invoice-payments" className="text-sm font-semibold">
            {t('view.payments')}
          </h3>
          {invoice.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="no-payments">
              {t('view.noPayments')}
            </p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border" data-testid="payments-list">
              {invoice.payments.map((payment) => (
                <li
                  key={payment.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
                  data-testid="payment-row"
                >
                  <span className="flex flex-col">
                    <span className="font-medium">{t(`billing:paymentMethod.${payment.paymentMethod}`)}</span>
                    <span className="text-xs text-muted-foreground">
                      {format.date(payment.paymentDate)}
                      {payment.referenceNumber && (
                        <>
                          {' · '}
                          <bdi>{payment.referenceNumber}</bdi>
                        </>
                      )}
                      {payment.createdBy && (
                        <>
                          {' · '}
                          <bdi>{fullName(payment.createdBy.firstName, payment.createdBy.lastName)}</bdi>
                        </>
                      )}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">{format.money(payment.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {invoice.notes && (
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{t('view.notes')}</h3>
            <p className="whitespace-pre-line text-sm">
              <bdi>{invoice.notes}</bdi>
            </p>
          </section>
        )}
      </RecordTabs>
      <DialogFooter>
        <Button variant="outline" asChild>
          <Link href={`/invoices/${invoice.id}/print`} data-testid="view-print">
            <Printer aria-hidden />
            {t('view.print')}
          </Link>
        </Button>
        {permissions.canEditInvoices && (
          <Button variant="outline" onClick={onEdit} data-testid="view-edit">
            <Pencil aria-hidden />
            {t('view.edit')}
          </Button>
        )}
        {permissions.canRecordPayments && canTakePayment(invoice) && (
          <Button onClick={onPay} data-testid="view-record-payment">
            <Banknote aria-hidden />
            {t('table.recordPayment')}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

/** One invoice: its lines, totals, payments, and actions (print, edit, record payment). */
export default function InvoiceView({
  invoiceId,
  onEdit,
  onPay,
  onClose,
}: {
  invoiceId: number;
  onEdit: () => void;
  onPay: (invoice: InvoiceDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { user } = useAuth();
  const { data, isLoading, error } = useQuery({ ...invoiceQuery(user?.tenantId ?? 0, invoiceId), enabled: !!user });
  // `?pay=1` (the command palette's "Record payment"): the payment dialog, when there is a balance.
  const canPay = usePermissions().canRecordPayments;
  useRequestParam('pay', () => data && onPay(data), data ? canPay && canTakePayment(data) : error ? false : undefined);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="xl" data-testid="invoice-view-dialog">
        {isLoading && (
          <div className="flex flex-col gap-4" data-testid="invoice-view-loading">
            <DialogTitle className="sr-only">{t('view.loading')}</DialogTitle>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </div>
        )}
        {error && (
          <div className="flex flex-col gap-2 py-6 text-center">
            <DialogTitle>{t('view.loadFailed')}</DialogTitle>
            <p className="text-sm text-muted-foreground">{failureText(error, t, 'billing')}</p>
          </div>
        )}
        {data && <ViewBody invoice={data} onEdit={onEdit} onPay={() => onPay(data)} />}
      </DialogContent>
    </Dialog>
  );
}
