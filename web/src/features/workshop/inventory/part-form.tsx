import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { fieldIssues, isApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues } from '@/lib/validation';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { categoriesQuery, useCreatePart, useUpdatePart } from './inventory.api';
import { failureText, toastFailure, toastSuccess, validationText } from '@/shared/messages';
import { SPARE_PART_STATUSES, type SparePart, type SparePartInput, type SparePartStatus } from './model';

type FormValues = {
  name: string;
  sku: string;
  category: string;
  brand: string;
  description: string;
  stockQuantity: string;
  minimumStock: string;
  unitPrice: string;
  location: string;
  supplier: string;
  status: SparePartStatus;
};
const FIELDS = [
  'name',
  'sku',
  'category',
  'brand',
  'description',
  'stockQuantity',
  'minimumStock',
  'unitPrice',
  'location',
  'supplier',
  'status',
] as const;

function valuesOf(part?: SparePart): FormValues {
  return {
    name: part?.name ?? '',
    sku: part?.sku ?? '',
    category: part?.category ?? '',
    brand: part?.brand ?? '',
    description: part?.description ?? '',
    stockQuantity: part ? String(part.stockQuantity) : '0',
    minimumStock: part ? String(part.minimumStock) : '0',
    unitPrice: part?.unitPrice ?? '',
    location: part?.location ?? '',
    supplier: part?.supplier ?? '',
    status: part?.status ?? 'active',
  };
}

const text = (value: string) => (value.trim() ? value.trim() : null);

function payloadOf(values: FormValues): SparePartInput {
  return {
    name: values.name.trim(),
    sku: values.sku.trim(),
    category: text(values.category),
    brand: text(values.brand),
    description: text(values.description),
    stockQuantity: Number(values.stockQuantity),
    minimumStock: Number(values.minimumStock),
    unitPrice: values.unitPrice.trim(),
    location: text(values.location),
    supplier: text(values.supplier),
    status: values.status,
  };
}

/** Add a part, or edit one (its SKU cannot change; a new stock quantity is recorded as a correction). */
export function PartFormDialog({ part, onClose }: { part?: SparePart; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const { user } = useAuth();
  const { data: categories = [] } = useQuery(categoriesQuery(user?.tenantId ?? 0));
  const create = useCreatePart();
  const update = useUpdatePart();
  const form = useForm<FormValues>({
    resolver: lazyZodResolver<FormValues>(() =>
      import('./inventory.schemas').then((m) => (part ? m.sparePartUpdateInput : m.sparePartInput)),
    ),
    defaultValues: valuesOf(part),
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => validationText(errors[name]?.message, t);
  const pending = create.isPending || update.isPending;

  const onError = (error: unknown, title: string) => {
    applyServerIssues(fieldIssues(error), FIELDS, form.setError);
    if (isApiError(error) && error.code === 'spare_parts.sku_taken')
      form.setError('sku', { type: 'server', message: failureText(error, t, 'inventory') });
    toastFailure(t, error, title, 'inventory');
  };

  // mutateAsync: the answer is toasted even if the dialog was closed while saving.
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const payload = payloadOf(values);
    if (part) {
      const { sku: _sku, stockQuantity, ...rest } = payload;
      try {
        // The stock is sent only when it changed: a change is a correction in the stock history.
        await update.mutateAsync({ id: part.id, ...rest, ...(stockQuantity !== part.stockQuantity ? { stockQuantity } : {}) });
        onClose();
        toastSuccess(t, t('toast.updated'));
      } catch (error) {
        onError(error, t('toast.updateFailed'));
      }
      return;
    }
    try {
      await create.mutateAsync(payload);
      onClose();
      toastSuccess(t, t('toast.created'));
    } catch (error) {
      onError(error, t('toast.createFailed'));
    }
  });

  const input = (
    name: Exclude<(typeof FIELDS)[number], 'status' | 'description'>,
    props: {
      type?: string;
      ltr?: boolean;
      optional?: boolean;
      maxLength?: number;
      readOnly?: boolean;
      hint?: string;
      list?: string;
      step?: number;
      inputMode?: 'numeric' | 'decimal';
    } = {},
  ) => {
    const id = `part-${name}`;
    return (
      <Field
        id={id}
        label={t(`fields.${name}`)}
        error={err(name)}
        hint={props.hint}
        optional={props.optional ? t('fields.optional') : undefined}
      >
        <Input
          id={id}
          type={props.type ?? 'text'}
          dir={props.ltr ? 'ltr' : undefined}
          className={props.ltr ? 'text-start' : undefined}
          maxLength={props.maxLength}
          readOnly={props.readOnly}
          list={props.list}
          step={props.step}
          min={props.type === 'number' ? 0 : undefined}
          inputMode={props.inputMode}
          autoComplete="off"
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(id, err(name), props.hint)}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <DialogFrame
      title={part ? t('form.editTitle') : t('form.addTitle')}
      description={<>{part ? t('form.editDescription', { name: part.name }) : t('form.addDescription')}</>}
      width="lg"
      testId="part-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="part-form">
        <div className="grid gap-4 sm:grid-cols-2">
          {input('name', { maxLength: 200 })}
          {input('sku', { ltr: true, maxLength: 100, readOnly: !!part, hint: part ? t('fields.skuReadOnly') : undefined })}
          {input('category', { optional: true, maxLength: 100, list: 'part-categories' })}
          {input('brand', { optional: true, maxLength: 100 })}
          {input('stockQuantity', { type: 'number', step: 1, inputMode: 'numeric', hint: part ? t('fields.stockHint') : undefined })}
          {input('minimumStock', { type: 'number', step: 1, inputMode: 'numeric' })}
          {input('unitPrice', { type: 'number', step: 0.01, inputMode: 'decimal' })}
          <Field id="part-status" label={t('fields.status')}>
            <FormSelect
              control={form.control}
              name="status"
              id="part-status"
              testId="part-status"
              options={SPARE_PART_STATUSES}
              text={(status) => t(`status.${status}`)}
            />
          </Field>
          {input('location', { optional: true, maxLength: 100 })}
          {input('supplier', { optional: true, maxLength: 200 })}
          <Field id="part-description" label={t('fields.description')} optional={t('fields.optional')} className="sm:col-span-2">
            <Textarea id="part-description" rows={2} maxLength={5000} {...form.register('description')} />
          </Field>
        </div>
        <datalist id="part-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <FormActions onCancel={onClose} pending={pending} submitLabel={part ? t('form.save') : t('form.add')} submitTestId="submit-part" />
      </form>
    </DialogFrame>
  );
}
