import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { useTenantId } from '@/lib/auth';
import { invoiceQuery, useCreateInvoice, useUpdateInvoice } from '../shared/billing.api';
import { DocumentDialog, saveDocument } from '../shared/document-dialog';
import { DocumentForm } from '../shared/document-form';
import { documentPayload, lineValuesOf, type DocumentFormValues } from '../shared/document-values';
import { INVOICE_SETTABLE_STATUSES, type InvoiceDetail, type InvoiceSettableStatus } from '../shared/model';

const isSettable = (status: string): status is InvoiceSettableStatus => (INVOICE_SETTABLE_STATUSES as readonly string[]).includes(status);

function valuesOf(invoice?: InvoiceDetail): DocumentFormValues {
  return {
    // Paid, partially paid and overdue follow from the payments: the select then shows no choice.
    status: invoice ? (isSettable(invoice.status) ? invoice.status : '') : 'draft',
    customerId: invoice?.customerId ?? null,
    vehicleId: invoice?.vehicleId ?? null,
    description: invoice?.description ?? '',
    laborCost: invoice && invoice.itemCount === 0 ? invoice.laborCost : '',
    partsCost: invoice && invoice.itemCount === 0 ? invoice.partsCost : '',
    taxAmount: invoice?.taxAmount ?? '',
    totalAmount: invoice?.totalAmount ?? '',
    validUntil: '',
    invoiceDate: invoice?.invoiceDate ?? '',
    dueDate: invoice?.dueDate ?? '',
    notes: invoice?.notes ?? '',
    items: (invoice?.items ?? []).map(lineValuesOf),
  };
}

export type InvoiceDialogState = { kind: 'new' } | { kind: 'edit'; invoiceId: number };

/** New / Edit Invoice: like the estimate dialog; the status select offers draft, sent and cancelled. */
export default function InvoiceDialog({ state, onClose }: { state: InvoiceDialogState; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const tenantId = useTenantId();
  const editingId = state.kind === 'edit' ? state.invoiceId : 0;
  const detail = useQuery({ ...invoiceQuery(tenantId, editingId), enabled: editingId > 0 && tenantId > 0 });
  const create = useCreateInvoice(tenantId);
  const update = useUpdateInvoice(tenantId);
  const invoice = detail.data;
  const editing = state.kind === 'edit';

  const saved = saveDocument(t, !!invoice, onClose);
  const save = (values: DocumentFormValues, taxRate: string) => {
    const status = isSettable(values.status) ? values.status : undefined;
    const body = { ...documentPayload(values, taxRate), status, invoiceDate: values.invoiceDate || null, dueDate: values.dueDate || null };
    return saved(
      async () => (invoice ? await update.mutateAsync({ id: invoice.id, ...body }) : await create.mutateAsync(body)).invoiceNumber,
    );
  };

  const number = invoice?.invoiceNumber ?? null;
  const form = {
    pending: create.isPending || update.isPending,
    submitLabel: editing ? t('dialog.save') : t('dialog.create'),
    onCancel: onClose,
    onSubmit: save,
  };
  return (
    <DocumentDialog
      kind="invoice"
      editingNumber={editing ? number : undefined}
      loading={detail.isLoading}
      error={detail.error}
      onClose={onClose}
    >
      {(!editing || invoice) && (
        <DocumentForm
          kind="invoice"
          initial={valuesOf(invoice)}
          statuses={INVOICE_SETTABLE_STATUSES}
          statusPlaceholder={
            invoice && !isSettable(invoice.status)
              ? t('dialog.statusFromPayments', { status: t(`billing:invoiceStatus.${invoice.status}`) })
              : undefined
          }
          customer={invoice?.customer}
          vehicle={invoice?.vehicle}
          paid={invoice ? invoice.paidAmount : undefined}
          number={number}
          {...form}
        />
      )}
    </DocumentDialog>
  );
}
