import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { useTenantId } from '@/lib/auth';
import { estimateQuery, useCreateEstimate, useUpdateEstimate } from '../shared/billing.api';
import { DocumentDialog, saveDocument } from '../shared/document-dialog';
import { DocumentForm } from '../shared/document-form';
import { documentPayload, lineValuesOf, type DocumentFormValues } from '../shared/document-values';
import { ESTIMATE_STATUSES, type EstimateDetail, type EstimateStatus } from '../shared/model';

export type EstimateDialogState = { kind: 'new' } | { kind: 'edit'; estimateId: number };

function valuesOf(estimate?: EstimateDetail): DocumentFormValues {
  return {
    status: estimate?.status ?? 'draft',
    customerId: estimate?.customerId ?? null,
    vehicleId: estimate?.vehicleId ?? null,
    description: estimate?.description ?? '',
    laborCost: estimate && estimate.itemCount === 0 ? estimate.laborCost : '',
    partsCost: estimate && estimate.itemCount === 0 ? estimate.partsCost : '',
    taxAmount: estimate?.taxAmount ?? '',
    totalAmount: estimate?.totalAmount ?? '',
    validUntil: estimate?.validUntil ?? '',
    invoiceDate: '',
    dueDate: '',
    notes: estimate?.notes ?? '',
    items: (estimate?.items ?? []).map(lineValuesOf),
  };
}

/** New / Edit Estimate (spec section 2 fields, section 5 messages, section 8 toasts). */
export default function EstimateDialog({ state, onClose }: { state: EstimateDialogState; onClose: () => void }) {
  const { t } = useTranslation('estimates');
  const tenantId = useTenantId();
  const editingId = state.kind === 'edit' ? state.estimateId : 0;
  const detail = useQuery({ ...estimateQuery(tenantId, editingId), enabled: editingId > 0 && tenantId > 0 });
  const create = useCreateEstimate(tenantId);
  const update = useUpdateEstimate(tenantId);
  const estimate = detail.data;
  const editing = state.kind === 'edit';

  // mutateAsync: the answer is toasted even if the dialog was closed while saving.
  const saved = saveDocument(t, !!estimate, onClose);
  const save = (values: DocumentFormValues, taxRate: string) => {
    const body = { ...documentPayload(values, taxRate), status: values.status as EstimateStatus, validUntil: values.validUntil || null };
    return saved(
      async () => (estimate ? await update.mutateAsync({ id: estimate.id, ...body }) : await create.mutateAsync(body)).estimateNumber,
    );
  };

  const number = estimate?.estimateNumber ?? null;
  const form = {
    pending: create.isPending || update.isPending,
    submitLabel: editing ? t('dialog.save') : t('dialog.create'),
    onCancel: onClose,
    onSubmit: save,
  };
  return (
    <DocumentDialog
      kind="estimate"
      editingNumber={editing ? number : undefined}
      loading={detail.isLoading}
      error={detail.error}
      onClose={onClose}
    >
      {(!editing || estimate) && (
        <DocumentForm
          kind="estimate"
          initial={valuesOf(estimate)}
          statuses={ESTIMATE_STATUSES}
          customer={estimate?.customer}
          vehicle={estimate?.vehicle}
          number={number}
          {...form}
        />
      )}
    </DocumentDialog>
  );
}
