import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { ArrowLeft, Printer } from 'lucide-react';
import type { Customer } from '@core/contracts/customers.ts';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useTenantId } from '@/lib/auth';
import { tenantSettingsQuery, useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EstimateStatusBadge, InvoiceStatusBadge } from './billing-badges';
import { estimateQuery, invoiceQuery } from './billing.api';
import { LinesTable, TotalsList } from './document-parts';
import { failureText } from '@/shared/messages';
import type { DocumentKind, EstimateDetail, InvoiceDetail } from './model';

function Meta({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 sm:justify-end">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-28 text-end font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Party({ title, lines, testId }: { title: string; lines: Array<ReactNode | null | undefined>; testId: string }) {
  return (
    <section className="flex flex-col gap-0.5 text-sm" data-testid={testId}>
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
      {lines.filter(Boolean).map((line, i) => (
        <p key={i} className={i === 0 ? 'font-semibold' : undefined}>
          {line}
        </p>
      ))}
    </section>
  );
}

function Document({ kind, doc }: { kind: DocumentKind; doc: EstimateDetail | InvoiceDetail }) {
  const { t, i18n } = useTranslation('billing');
  const format = useFormatters();
  const settings = useQuery(tenantSettingsQuery);
  const customer = useQuery<Customer>({ queryKey: ['/api/customers', doc.customerId] });
  const vehicle = useQuery<Vehicle>({ queryKey: ['/api/vehicles', doc.vehicleId] });
  const workshop = settings.data;
  const invoice = kind === 'invoice' ? (doc as InvoiceDetail) : null;
  const estimate = kind === 'estimate' ? (doc as EstimateDetail) : null;
  const number = invoice?.invoiceNumber ?? estimate?.estimateNumber ?? '';
  const c = customer.data;
  const v = vehicle.data;
  const address = c ? [c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';

  return (
    <article
      className="paper mx-auto flex w-full max-w-[210mm] flex-col gap-6 rounded-md border p-6 shadow-card sm:p-[14mm] print:max-w-none print:rounded-none print:p-0"
      lang={i18n.language}
      data-testid="print-document"
      data-kind={kind}
      data-number={number}
    >
      <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-0.5 text-sm" data-testid="print-workshop">
          <p className="text-xl font-bold">
            <bdi>{workshop?.name ?? ''}</bdi>
          </p>
          {workshop?.address && (
            <p className="whitespace-pre-line">
              <bdi>{workshop.address}</bdi>
            </p>
          )}
          {workshop?.phone && (
            <p>
              {t('print.phone')}: <span dir="ltr">{workshop.phone}</span>
            </p>
          )}
          {workshop?.email && (
            <p>
              {t('print.email')}: <span dir="ltr">{workshop.email}</span>
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <h1 className="text-2xl font-bold uppercase tracking-wide text-primary" data-testid="print-title">
            {kind === 'estimate' ? t('print.estimate') : t('print.invoice')}
          </h1>
          <dl className="flex flex-col gap-0.5 text-sm">
            <Meta label={t('print.number')} testId="print-number">
              <span dir="ltr">{number}</span>
            </Meta>
            <Meta label={t('print.date')}>{format.date(invoice ? invoice.invoiceDate : doc.createdAt)}</Meta>
            {estimate?.validUntil && <Meta label={t('print.validUntil')}>{format.date(estimate.validUntil)}</Meta>}
            {invoice?.dueDate && <Meta label={t('print.dueDate')}>{format.date(invoice.dueDate)}</Meta>}
            <Meta label={t('print.status')}>
              {estimate ? (
                <EstimateStatusBadge status={estimate.status} testId="print-status" />
              ) : (
                invoice && <InvoiceStatusBadge status={invoice.status} testId="print-status" />
              )}
            </Meta>
          </dl>
        </div>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <Party
          title={t('print.billTo')}
          testId="print-customer"
          lines={[
            <bdi key="name">{fullName(doc.customer.firstName, doc.customer.lastName)}</bdi>,
            c?.phone && (
              <span key="phone" dir="ltr">
                {c.phone}
              </span>
            ),
            c?.email && (
              <span key="email" dir="ltr">
                {c.email}
              </span>
            ),
            address && <bdi key="address">{address}</bdi>,
          ]}
        />
        <Party
          title={t('print.vehicle')}
          testId="print-vehicle"
          lines={[
            <bdi key="car">{`${doc.vehicle.make} ${doc.vehicle.model}${v?.year ? ` (${v.year})` : ''}`}</bdi>,
            <span key="plate">
              {t('print.plate')}: <span dir="ltr">{doc.vehicle.plateNumber}</span>
            </span>,
            v?.vin && (
              <span key="vin">
                {t('print.vin')}: <span dir="ltr">{v.vin}</span>
              </span>
            ),
          ]}
        />
      </div>

      <section className="flex flex-col gap-1">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('print.description')}</h2>
        <p className="whitespace-pre-line text-sm">
          <bdi>{doc.description}</bdi>
        </p>
      </section>

      <LinesTable items={doc.items} />
      <TotalsList amounts={invoice ?? doc} />

      {invoice && invoice.payments.length > 0 && (
        <section className="flex flex-col gap-1 text-sm" data-testid="print-payments">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('print.payments')}</h2>
          <ul className="flex flex-col">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex justify-between gap-4 border-b py-1 last:border-0">
                <span>
                  {format.date(payment.paymentDate)} · {t(`paymentMethod.${payment.paymentMethod}`)}
                  {payment.referenceNumber && (
                    <>
                      {' · '}
                      <bdi>{payment.referenceNumber}</bdi>
                    </>
                  )}
                </span>
                <span className="tabular-nums">{format.money(payment.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {doc.notes && (
        <section className="flex flex-col gap-1">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('print.notes')}</h2>
          <p className="whitespace-pre-line text-sm">
            <bdi>{doc.notes}</bdi>
          </p>
        </section>
      )}

      <footer className="mt-auto border-t pt-4 text-center text-xs text-muted-foreground">
        {kind === 'estimate' ? t('print.estimateFooter') : t('print.invoiceFooter')}
      </footer>
    </article>
  );
}

/**
 * The printable estimate or invoice (/estimates/<id>/print, /invoices/<id>/print): the workshop's
 * details, customer and vehicle, lines, subtotal, tax at its rate, total and, for invoices, paid
 * and balance. Print (or save as PDF) with the browser; the app shell is not printed.
 */
export default function PrintView({ kind, id }: { kind: DocumentKind; id: number }) {
  const { t } = useTranslation('billing');
  const tenantId = useTenantId();
  const estimate = useQuery({ ...estimateQuery(tenantId, id), enabled: kind === 'estimate' && tenantId > 0 });
  const invoice = useQuery({ ...invoiceQuery(tenantId, id), enabled: kind === 'invoice' && tenantId > 0 });
  const query = kind === 'estimate' ? estimate : invoice;
  const back = kind === 'estimate' ? '/estimates' : `/invoices/${id}`;

  return (
    <div className="flex flex-col gap-4" data-testid="print-view">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button variant="ghost" asChild>
          <Link href={back} data-testid="print-back">
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {kind === 'estimate' ? t('print.backToEstimates') : t('print.backToInvoice')}
          </Link>
        </Button>
        <Button onClick={() => window.print()} disabled={!query.data} data-testid="print-button">
          <Printer aria-hidden />
          {t('print.print')}
        </Button>
      </div>
      {query.isLoading && (
        <div className="mx-auto flex w-full max-w-[210mm] flex-col gap-4 rounded-md border bg-card p-6" data-testid="print-loading">
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
      {query.error && (
        <p role="alert" className="py-10 text-center text-sm text-destructive" data-testid="print-error">
          {failureText(query.error, t, 'billing', t('print.loadFailed'))}
        </p>
      )}
      {query.data && <Document kind={kind} doc={query.data} />}
    </div>
  );
}
