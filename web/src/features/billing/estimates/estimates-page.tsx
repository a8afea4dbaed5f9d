import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowRightLeft, FileText, Pencil, Printer } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { useListFilter } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { EstimateStatusBadge } from '../shared/billing-badges';
import { estimatesKey, useConvertEstimate } from '../shared/billing.api';
import { useBillingPath } from '../shared/paths';
import { notifyFailure, notifySuccess } from '@/shared/messages';
import { useNewParam } from '@/shared/use-new-param';
import { ESTIMATE_STATUSES, type Estimate } from '../shared/model';
import { NoAccess } from '../shared/no-access';
import type { EstimateDialogState } from './estimate-dialog';

const EstimateDialog = lazy(() => import('./estimate-dialog'));
const PrintView = lazy(() => import('../shared/print-view'));

function ConvertButton({ estimate, onConvert, converting }: { estimate: Estimate; onConvert: () => void; converting: boolean }) {
  const { t } = useTranslation('estimates');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        loading={converting}
        aria-label={t('convert.labelOf', { number: estimate.estimateNumber })}
        data-testid="convert-estimate"
      >
        <ArrowRightLeft aria-hidden className="rtl:-scale-x-100" />
        <span className="hidden xl:inline">{t('convert.button')}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={t('convert.title')}
        body={t('convert.body', { number: estimate.estimateNumber })}
        confirmLabel={t('convert.confirm')}
        destructive={false}
        onConfirm={() => {
          setOpen(false);
          onConvert();
        }}
        onClose={() => setOpen(false)}
        testId="convert-confirm"
        confirmTestId="confirm-convert"
      />
    </>
  );
}

function EstimateRow({
  estimate,
  onEdit,
  onConvert,
  converting,
}: {
  estimate: Estimate;
  /** Absent for a user who may not edit estimates (or make invoices, for onConvert). */
  onEdit?: () => void;
  onConvert?: () => void;
  converting: boolean;
}) {
  const { t } = useTranslation('estimates');
  const format = useFormatters();
  const customer = fullName(estimate.customer.firstName, estimate.customer.lastName);
  const vehicle = `${estimate.vehicle.make} ${estimate.vehicle.model}`;
  return (
    <TableRow data-testid="estimate-row" data-number={estimate.estimateNumber} data-status={estimate.status}>
      {/* Below lg this column takes the room left and stacks what the hidden columns show. */}
      <TableCell className="w-full max-w-0 lg:w-auto lg:max-w-none lg:whitespace-nowrap">
        <button
          type="button"
          onClick={onEdit}
          className="font-mono font-medium text-primary hover:underline"
          dir="ltr"
          data-testid="open-estimate"
        >
          {estimate.estimateNumber}
        </button>
        <div className="mt-0.5 flex min-w-0 flex-col gap-0.5 text-xs text-muted-foreground lg:hidden">
          <span className="truncate text-sm text-foreground" dir="auto">
            <bdi>{customer}</bdi>
          </span>
          <span className="truncate" dir="auto">
            <bdi>{vehicle}</bdi> · <bdi>{estimate.vehicle.plateNumber}</bdi>
          </span>
          <span className="truncate" dir="auto">
            <bdi>{estimate.description}</bdi>
          </span>
          <span className="flex flex-wrap items-center gap-2 pt-0.5">
            <EstimateStatusBadge status={estimate.status} testId="estimate-status-compact" />
            <span className="font-medium tabular-nums text-foreground">{format.money(estimate.totalAmount)}</span>
            {estimate.validUntil && <span>{t('table.validUntilShort', { date: format.date(estimate.validUntil) })}</span>}
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
          {estimate.vehicle.plateNumber}
        </span>
      </TableCell>
      <TableCell className="hidden max-w-56 truncate xl:table-cell" dir="auto">
        <bdi>{estimate.description}</bdi>
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <EstimateStatusBadge status={estimate.status} />
      </TableCell>
      <TableCell className="hidden text-end tabular-nums lg:table-cell" data-testid="estimate-total">
        {format.money(estimate.totalAmount)}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">
        {estimate.validUntil ? format.date(estimate.validUntil) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          {estimate.status === 'approved' &&
            (estimate.invoice ? (
              <Link
                href={`/invoices/${estimate.invoice.id}`}
                className="whitespace-nowrap px-2 text-xs font-medium text-primary hover:underline"
                data-testid="estimate-invoice-link"
              >
                <span dir="ltr">{estimate.invoice.invoiceNumber}</span>
              </Link>
            ) : (
              onConvert && <ConvertButton estimate={estimate} onConvert={onConvert} converting={converting} />
            ))}
          <Button variant="ghost" size="icon" asChild>
            <Link
              href={`/estimates/${estimate.id}/print`}
              aria-label={t('table.printOf', { number: estimate.estimateNumber })}
              data-testid="print-estimate"
            >
              <Printer aria-hidden />
            </Link>
          </Button>
          {onEdit && (
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={t('table.editOf', { number: estimate.estimateNumber })}
              data-testid="edit-estimate"
            >
              <Pencil aria-hidden />
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** /estimates: search, status filter, the table, Convert to invoice for approved ones, the dialog; /estimates/<id>/print the document. */
export default function EstimatesPage() {
  const { t } = useTranslation('estimates');
  const { canViewEstimates: allowed, canEditEstimates: canEdit, canEditInvoices } = usePermissions();
  const tenantId = useTenantId();
  const [, navigate] = useLocation();
  const query = useSearch();
  const path = useBillingPath('/estimates');
  const { text: q, setText: setQ, status, setStatus, filter, filtered } = useListFilter();
  const [dialog, setDialog] = useState<EstimateDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'new' }), allowed && canEdit);
  const convert = useConvertEstimate(tenantId);

  // /estimates/<id> opens the estimate's dialog over the list, where it is edited; whoever may
  // only read it gets its document alone.
  const documentOnly = path.id !== null && (path.print || !canEdit);
  const list = usePagedList<Estimate>(estimatesKey(tenantId, filter), {
    enabled: tenantId > 0 && allowed && !documentOnly,
    keepPrevious: true,
  });

  if (!allowed) return <NoAccess />;
  if (documentOnly && path.id) {
    return (
      <Suspense fallback={null}>
        <PrintView kind="estimate" id={path.id} />
      </Suspense>
    );
  }

  // /estimates/<id>: that estimate's dialog over the list (closing goes back to the list).
  const shown: EstimateDialogState | null = dialog ?? (path.id ? { kind: 'edit', estimateId: path.id } : null);
  const close = () => {
    setDialog(null);
    if (path.id) navigate(query ? `/estimates?${query}` : '/estimates');
  };

  const runConvert = (estimate: Estimate) =>
    convert.mutate(estimate.id, {
      onSuccess: (invoice) => {
        notifySuccess(
          t('toast.converted'),
          t('toast.convertedBody', { estimate: estimate.estimateNumber, invoice: invoice.invoiceNumber }),
        );
        navigate(`/invoices/${invoice.id}`);
      },
      onError: (error) => notifyFailure(t('toast.convertFailed'), error, t, 'billing'),
    });

  return (
    <div className="flex flex-col gap-4" data-testid="estimates-page">
      <ListToolbar
        search={{ value: q, onChange: setQ, label: t('search'), placeholder: t('searchPlaceholder'), testId: 'estimate-search' }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={ESTIMATE_STATUSES}
            text={(s) => t(`billing:estimateStatus.${s}`)}
            testId="estimate-status-filter"
            className="sm:w-48"
          />
        }
        actions={canEdit && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} testId="create-estimate" />}
      />
      <PagedTable
        list={list}
        testId="estimates"
        columns={[
          { label: t('table.number') },
          { label: t('table.customer'), at: 'lg' },
          { label: t('table.vehicle'), at: 'lg' },
          { label: t('table.description'), at: 'xl' },
          { label: t('table.status'), at: 'lg' },
          { label: t('table.total'), end: true, at: 'lg' },
          { label: t('table.validUntil'), at: 'lg' },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(estimate) => (
          <EstimateRow
            key={estimate.id}
            estimate={estimate}
            onEdit={canEdit ? () => setDialog({ kind: 'edit', estimateId: estimate.id }) : undefined}
            onConvert={canEdit && canEditInvoices ? () => runConvert(estimate) : undefined}
            converting={convert.isPending && convert.variables === estimate.id}
          />
        )}
        empty={emptyView(
          filtered,
          {
            icon: FileText,
            title: t('empty.title'),
            body: t('empty.body'),
            action: canEdit && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} testId="empty-create-estimate" />,
          },
          t,
        )}
        t={t}
        namespace="billing"
        showingText={(shown, total, estimated) => t(estimated ? 'billing:list.showingAbout' : 'billing:list.showing', { shown, total })}
        moreText={t('billing:list.loadMore')}
      />
      {shown && (
        <Suspense fallback={null}>
          <EstimateDialog key={shown.kind === 'edit' ? shown.estimateId : 'new'} state={shown} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
