import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { Link, useLocation, useSearch } from 'wouter';
import { Banknote, Clock, Pencil, Printer, Receipt, X } from 'lucide-react';
import { AGEING_BUCKETS, type AgeingBucket } from '@core/rules/analytics.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { useListFilter } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { useNewParam } from '@/shared/use-new-param';
import { InvoiceStatusBadge } from '../shared/billing-badges';
import { invoicesKey } from '../shared/billing.api';
import { balanceClass, canTakePayment } from '../shared/document-parts';
import { useBillingPath } from '../shared/paths';
import { INVOICE_STATUSES, type Invoice } from '../shared/model';
import { NoAccess } from '../shared/no-access';
import type { InvoiceDialogState } from './invoice-dialog';

const InvoiceDialog = lazy(() => import('./invoice-dialog'));
const InvoiceView = lazy(() => import('./invoice-view'));
const PaymentDialog = lazy(() => import('./payment-dialog'));
const PrintView = lazy(() => import('../shared/print-view'));

type Payable = Pick<Invoice, 'id' | 'invoiceNumber' | 'balanceAmount'>;

function InvoiceRow({
  invoice,
  highlighted,
  onOpen,
  onEdit,
  onPay,
}: {
  invoice: Invoice;
  highlighted: boolean;
  onOpen: () => void;
  /** Absent for a user who may not edit invoices (or record payments, for onPay). */
  onEdit?: () => void;
  onPay?: () => void;
}) {
  const { t } = useTranslation('invoices');
  const format = useFormatters();
  const customer = fullName(invoice.customer.firstName, invoice.customer.lastName);
  const vehicle = `${invoice.vehicle.make} ${invoice.vehicle.model}`;
  const balance = (
    <span
      className={cn('font-semibold tabular-nums', balanceClass(invoice.balanceAmount))}
      data-testid="invoice-balance"
      data-owing={Number(invoice.balanceAmount) > 0}
    >
      {format.money(invoice.balanceAmount)}
    </span>
  );
  return (
    <TableRow
      data-testid="invoice-row"
      data-number={invoice.invoiceNumber}
      data-status={invoice.status}
      data-highlighted={highlighted || undefined}
      className={highlighted ? 'bg-primary/10 hover:bg-primary/10' : undefined}
    >
      {/* Below lg this column takes the room left and stacks what the hidden columns show. */}
      <TableCell className="w-full max-w-0 lg:w-auto lg:max-w-none lg:whitespace-nowrap">
        <button
          type="button"
          onClick={onOpen}
          className="font-mono font-medium text-primary hover:underline"
          dir="ltr"
          data-testid="open-invoice"
        >
          {invoice.invoiceNumber}
        </button>
        <div className="mt-0.5 flex min-w-0 flex-col gap-0.5 text-xs text-muted-foreground lg:hidden">
          <span className="truncate text-sm text-foreground" dir="auto">
            <bdi>{customer}</bdi>
          </span>
          <span className="truncate" dir="auto">
            <bdi>{vehicle}</bdi> · <bdi>{invoice.vehicle.plateNumber}</bdi>
          </span>
          <span className="truncate" dir="auto">
            <bdi>{invoice.description}</bdi>
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-0.5">
            <InvoiceStatusBadge status={invoice.status} testId="invoice-status-compact" />
            <span className="tabular-nums">{t('table.totalShort', { total: format.money(invoice.totalAmount) })}</span>
            {invoice.dueDate && <span>{t('table.dueShort', { date: format.date(invoice.dueDate) })}</span>}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <bdi>{customer}</bdi>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">
        <span className="block">
          <bdi>{vehicle}</bdi>
        </span>
        <span className="block text-xs text-muted-foreground" dir="ltr">
          {invoice.vehicle.plateNumber}
        </span>
      </TableCell>
      <TableCell className="hidden max-w-48 truncate 2xl:table-cell" dir="auto">
        <bdi>{invoice.description}</bdi>
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <InvoiceStatusBadge status={invoice.status} />
      </TableCell>
      <TableCell className="hidden text-end tabular-nums lg:table-cell" data-testid="invoice-total">
        {format.money(invoice.totalAmount)}
      </TableCell>
      <TableCell className="hidden text-end tabular-nums lg:table-cell" data-testid="invoice-paid">
        {format.money(invoice.paidAmount)}
      </TableCell>
      <TableCell className="whitespace-nowrap text-end">{balance}</TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">
        {invoice.dueDate ? format.date(invoice.dueDate) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          {onPay && canTakePayment(invoice) && (
            <Button
              variant="outline"
              size="sm"
              onClick={onPay}
              aria-label={t('table.recordPaymentOf', { number: invoice.invoiceNumber })}
              data-testid="record-payment"
            >
              <Banknote aria-hidden />
              <span className="hidden xl:inline">{t('table.recordPayment')}</span>
            </Button>
          )}
          {/* On a phone the invoice's view has the print button. */}
          <span className="hidden lg:inline-flex">
            <Button variant="ghost" size="icon" asChild>
              <Link
                href={`/invoices/${invoice.id}/print`}
                aria-label={t('table.printOf', { number: invoice.invoiceNumber })}
                data-testid="print-invoice"
              >
                <Printer aria-hidden />
              </Link>
            </Button>
          </span>
          {onEdit && (
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={t('table.editOf', { number: invoice.invoiceNumber })}
              data-testid="edit-invoice"
            >
              <Pencil aria-hidden />
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** `?ageing=31-60` (the analytics page's receivables links): invoices still owing, by days past due. */
function useAgeingFilter(): { ageing: AgeingBucket | undefined; clear: () => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const value = params.get('ageing');
  const ageing = (AGEING_BUCKETS as readonly string[]).includes(value ?? '') ? (value as AgeingBucket) : undefined;
  const clear = () => {
    params.delete('ageing');
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location);
  };
  return { ageing, clear };
}

/** The receivables filter as a chip that says what the list holds, with its clear button. */
function AgeingChip({ ageing, onClear }: { ageing: AgeingBucket; onClear: () => void }) {
  const { t } = useTranslation('invoices');
  const label = t(`ageing.buckets.${ageing}`);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="ageing-filter" data-ageing={ageing}>
      <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 ps-3 pe-1 text-sm text-primary">
        <Clock className="size-3.5" aria-hidden />
        <span>{t('ageing.chip', { bucket: label })}</span>
        <button
          type="button"
          onClick={onClear}
          className="inline-flex size-6 items-center justify-center rounded-full outline-none hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('ageing.clear', { bucket: label })}
          data-testid="clear-ageing"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </span>
    </div>
  );
}

/** /invoices: search, status filter, the table with balances, payments, the dialogs; /invoices/<id> its view, /invoices/<id>/print the document. */
export default function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const { canViewInvoices: allowed, canEditInvoices: canEdit, canRecordPayments: canPay } = usePermissions();
  const tenantId = useTenantId();
  const [, navigate] = useLocation();
  const query = useSearch();
  const path = useBillingPath('/invoices');
  const { text: q, setText: setQ, status, setStatus, filter, filtered: searched } = useListFilter();
  const { ageing, clear: clearAgeing } = useAgeingFilter();
  const filtered = searched || ageing !== undefined;
  const [dialog, setDialog] = useState<InvoiceDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'new' }), allowed && canEdit);
  const [paying, setPaying] = useState<Payable | null>(null);
  // The invoice last opened (e.g. just converted from an estimate) stays marked in the list.
  const [highlightId, setHighlightId] = useState<number | null>(path.id);
  if (path.id && path.id !== highlightId) setHighlightId(path.id);

  const list = usePagedList<Invoice>(invoicesKey(tenantId, { ...filter, ageing }), {
    enabled: tenantId > 0 && allowed && !path.print,
    keepPrevious: true,
  });

  if (!allowed) return <NoAccess />;
  if (path.print && path.id) {
    return (
      <Suspense fallback={null}>
        <PrintView kind="invoice" id={path.id} />
      </Suspense>
    );
  }

  // The view keeps the list's query (?q=, ?ageing=), so the list behind it and after it stays as it was.
  const openView = (id: number) => navigate(query ? `/invoices/${id}?${query}` : `/invoices/${id}`);
  const closeView = () => navigate(query ? `/invoices?${query}` : '/invoices');

  return (
    <div className="flex flex-col gap-4" data-testid="invoices-page">
      <ListToolbar
        search={{ value: q, onChange: setQ, label: t('search'), placeholder: t('searchPlaceholder'), testId: 'invoice-search' }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={INVOICE_STATUSES}
            text={(s) => t(`billing:invoiceStatus.${s}`)}
            testId="invoice-status-filter"
            className="sm:w-48"
          />
        }
        actions={canEdit && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} testId="create-invoice" />}
      />
      {ageing && <AgeingChip ageing={ageing} onClear={clearAgeing} />}
      <PagedTable
        list={list}
        testId="invoices"
        columns={[
          { label: t('table.number') },
          { label: t('table.customer'), at: 'lg' },
          { label: t('table.vehicle'), at: 'lg' },
          { label: t('table.description'), at: '2xl' },
          { label: t('table.status'), at: 'lg' },
          { label: t('table.total'), end: true, at: 'lg' },
          { label: t('table.paid'), end: true, at: 'lg' },
          { label: t('table.balance'), end: true },
          { label: t('table.dueDate'), at: 'lg' },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(invoice) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            highlighted={invoice.id === highlightId}
            onOpen={() => openView(invoice.id)}
            onEdit={canEdit ? () => setDialog({ kind: 'edit', invoiceId: invoice.id }) : undefined}
            onPay={canPay ? () => setPaying(invoice) : undefined}
          />
        )}
        empty={emptyView(
          filtered,
          {
            icon: Receipt,
            title: t('empty.title'),
            body: t('empty.body'),
            action: canEdit && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} testId="empty-create-invoice" />,
          },
          t,
        )}
        t={t}
        namespace="billing"
        showingText={(shown, total, estimated) => t(estimated ? 'billing:list.showingAbout' : 'billing:list.showing', { shown, total })}
        moreText={t('billing:list.loadMore')}
      />
      {path.id && !dialog && (
        <Suspense fallback={null}>
          <InvoiceView
            invoiceId={path.id}
            onClose={closeView}
            onEdit={() => {
              const id = path.id!;
              closeView();
              setDialog({ kind: 'edit', invoiceId: id });
            }}
            onPay={(invoice) => setPaying(invoice)}
          />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <InvoiceDialog key={dialog.kind === 'edit' ? dialog.invoiceId : 'new'} state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {paying && (
        <Suspense fallback={null}>
          <PaymentDialog key={paying.id} invoice={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </div>
  );
}
