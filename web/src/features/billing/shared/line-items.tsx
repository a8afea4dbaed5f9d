import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { Package, Plus, Trash2, Wrench } from 'lucide-react';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { CellError, CellLabel, LINE_GRID } from '@/components/ui/line-cells';
import { emptyLine, liveTotals, type DocumentFormValues } from './document-values';
import { validationText } from '@/shared/messages';
import { PartPicker } from '@/shared/part-picker';

/**
 * The document's lines in the order they were added: labour (what was done, hours, rate) and
 * parts (a spare part from the catalogue at its price by default, quantity, unit price), each
 * with its amount as typed; a line can be removed.
 */
export function LineItems({ form, taxRate }: { form: UseFormReturn<DocumentFormValues>; taxRate: string }) {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const { control, register, setValue } = form;
  const { errors } = form.formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const amounts = liveTotals({ items, laborCost: '0', partsCost: '0' }, taxRate).lines;

  const add = (type: 'labor' | 'part') => {
    const index = fields.length;
    append(emptyLine(type), { shouldFocus: false });
    // A labour line starts with what was done; a part line with choosing the part.
    requestAnimationFrame(() => document.getElementById(`line-${index}-${type === 'part' ? 'part' : 'description'}`)?.focus());
  };

  return (
    <section className="flex flex-col gap-2" aria-labelledby="billing-lines-heading" data-testid="line-items">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="billing-lines-heading" className="text-sm font-semibold">
          {t('lines.title')}
        </h3>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => add('labor')} data-testid="add-labour-line">
            <Plus aria-hidden />
            {t('lines.addLabour')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => add('part')} data-testid="add-part-line">
            <Plus aria-hidden />
            {t('lines.addPart')}
          </Button>
        </div>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground" data-testid="no-lines">
          {t('lines.none')}
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:gap-2">
          <div className={cn(LINE_GRID, 'hidden text-xs font-medium text-muted-foreground sm:grid')} aria-hidden>
            <span>{t('lines.item')}</span>
            <span>{t('lines.quantityOrHours')}</span>
            <span>{t('lines.priceOrRate')}</span>
            <span className="text-end">{t('lines.amount')}</span>
            <span />
          </div>
          {fields.map((field, index) => {
            const line = items[index] ?? field;
            const labour = line.itemType === 'labor';
            const lineErrors = errors.items?.[index];
            const ids = {
              description: `line-${index}-description`,
              part: `line-${index}-part`,
              quantity: `line-${index}-quantity`,
              price: `line-${index}-price`,
            };
            // A part line without a part has no name: the contract says "Description is required".
            const describeError = lineErrors?.description?.message
              ? labour
                ? validationText(lineErrors.description.message, t)
                : t('validation.partRequired')
              : undefined;
            const quantityError = validationText(lineErrors?.quantity?.message, t);
            const priceError = validationText(lineErrors?.unitPrice?.message, t);
            const n = index + 1;
            return (
              <div
                key={field.id}
                className={cn(LINE_GRID, 'rounded-md border p-2 sm:border-0 sm:p-0')}
                data-testid="line-item"
                data-item-type={line.itemType}
              >
                <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
                  <CellLabel htmlFor={labour ? ids.description : ids.part}>{labour ? t('lines.workDone') : t('lines.part')}</CellLabel>
                  <div className="flex items-center gap-2">
                    <Badge variant={labour ? 'info' : 'neutral'} className="shrink-0" data-testid="line-type">
                      {labour ? <Wrench aria-hidden /> : <Package aria-hidden />}
                      {labour ? t('lines.labour') : t('lines.part')}
                    </Badge>
                    <div className="min-w-0 flex-1">
                      {labour ? (
                        <Input
                          id={ids.description}
                          maxLength={500}
                          dir="auto"
                          aria-label={t('lines.workDoneOf', { n })}
                          aria-invalid={!!describeError}
                          aria-describedby={describeError ? `${ids.description}-error` : undefined}
                          {...register(`items.${index}.description`)}
                        />
                      ) : (
                        <Controller
                          control={control}
                          name={`items.${index}.sparePartId`}
                          render={({ field: idField }) => (
                            <PartPicker
                              id={ids.part}
                              testId={`part-picker-${index}`}
                              value={idField.value ? { sparePartId: idField.value, name: line.description, sku: line.sku } : null}
                              invalid={!!describeError}
                              describedBy={describeError ? `${ids.part}-error` : undefined}
                              onSelect={(part) => {
                                idField.onChange(part.id);
                                setValue(`items.${index}.description`, part.name, { shouldValidate: !!lineErrors?.description });
                                setValue(`items.${index}.sku`, part.sku);
                                // The part's price by default; the user may change it.
                                setValue(`items.${index}.unitPrice`, part.unitPrice, { shouldValidate: !!lineErrors?.unitPrice });
                              }}
                            />
                          )}
                        />
                      )}
                    </div>
                  </div>
                  <CellError id={`${labour ? ids.description : ids.part}-error`} message={describeError} />
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.quantity}>{labour ? t('lines.hours') : t('lines.quantity')}</CellLabel>
                  <Input
                    id={ids.quantity}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={labour ? 0.25 : 1}
                    aria-label={labour ? t('lines.hoursOf', { n }) : t('lines.quantityOf', { n })}
                    aria-invalid={!!quantityError}
                    aria-describedby={quantityError ? `${ids.quantity}-error` : undefined}
                    {...register(`items.${index}.quantity`)}
                  />
                  <CellError id={`${ids.quantity}-error`} message={quantityError} />
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.price}>{labour ? t('lines.rate') : t('lines.unitPrice')}</CellLabel>
                  <Input
                    id={ids.price}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    aria-label={labour ? t('lines.rateOf', { n }) : t('lines.unitPriceOf', { n })}
                    aria-invalid={!!priceError}
                    aria-describedby={priceError ? `${ids.price}-error` : undefined}
                    {...register(`items.${index}.unitPrice`)}
                  />
                  <CellError id={`${ids.price}-error`} message={priceError} />
                </div>
                <p className="flex h-11 items-center text-sm font-medium tabular-nums sm:h-9 sm:justify-end" data-testid="line-amount">
                  <span className="me-1 text-muted-foreground sm:hidden">{t('lines.amount')}:</span>
                  {format.money(amounts[index] ?? '0')}
                </p>
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => remove(index)}
                    aria-label={t('lines.removeOf', { n })}
                    data-testid="remove-line"
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
