import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { Plus, Trash2 } from 'lucide-react';
import type { TFunction } from '@/lib/translator';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { CellError, CellLabel, LINE_GRID } from '@/components/ui/line-cells';
import { PartPicker } from '@/shared/part-picker';
import { validationText } from '@/shared/messages';
import { lineTotals } from './totals';
import { TotalsSummary } from './totals-summary';
import { pricedLabour, pricedParts, type JobCardFormValues, type TechnicianPricing } from './form-values';

type LinesProps = {
  control: Control<JobCardFormValues>;
  register: UseFormRegister<JobCardFormValues>;
  setValue: UseFormSetValue<JobCardFormValues>;
  errors: FieldErrors<JobCardFormValues>;
  disabled?: boolean;
  /** A technician's form: prices are shown read-only, at what the save will give them. */
  pricing?: TechnicianPricing;
};

const err = (message: string | undefined, t: TFunction) => validationText(message, t);

/** Parts used on the job: part, quantity, unit price (the part's price by default) and the line total. */
export function PartLines({ control, register, setValue, errors, disabled, pricing }: LinesProps) {
  const { t, i18n } = useTranslation('job-cards');
  const format = useFormatters();
  const { fields, append, remove } = useFieldArray({ control, name: 'parts' });
  const parts = pricedParts(useWatch({ control, name: 'parts' }) ?? [], pricing);
  const totals = lineTotals(parts, []);

  return (
    <section className="flex flex-col gap-2" aria-labelledby="job-card-parts-heading" data-testid="part-lines">
      <div className="flex items-center justify-between gap-2">
        <h3 id="job-card-parts-heading" className="text-sm font-semibold">
          {t('lines.parts')}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => {
            const index = fields.length;
            append(
              { sparePartId: null, name: '', sku: '', stock: null, quantity: '1', unitPrice: '', listPrice: '' },
              { shouldFocus: false },
            );
            // The new line starts with choosing its part.
            requestAnimationFrame(() => document.getElementById(`part-${index}-part`)?.focus());
          }}
          data-testid="add-part-line"
        >
          <Plus aria-hidden />
          {t('lines.addPart')}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{t('lines.noParts')}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:gap-2">
          <div className={cn(LINE_GRID, 'hidden text-xs font-medium text-muted-foreground sm:grid')} aria-hidden>
            <span>{t('lines.part')}</span>
            <span>{t('lines.quantity')}</span>
            <span>{t('lines.unitPrice')}</span>
            <span className="text-end">{t('lines.total')}</span>
            <span />
          </div>
          {fields.map((field, index) => {
            const lineErrors = errors.parts?.[index];
            const line = parts[index];
            const ids = { part: `part-${index}-part`, quantity: `part-${index}-quantity`, price: `part-${index}-price` };
            const partError = err(lineErrors?.sparePartId?.message, t);
            const quantityError = err(lineErrors?.quantity?.message, t);
            const priceError = err(lineErrors?.unitPrice?.message, t);
            const quantity = Number(line?.quantity);
            const short = line?.stock !== null && line?.stock !== undefined && Number.isFinite(quantity) && quantity > line.stock;
            return (
              <div key={field.id} className={cn(LINE_GRID, 'rounded-md border p-2 sm:border-0 sm:p-0')} data-testid="part-line">
                <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
                  <CellLabel htmlFor={ids.part}>{t('lines.part')}</CellLabel>
                  <Controller
                    control={control}
                    name={`parts.${index}.sparePartId`}
                    render={({ field: idField }) => (
                      <PartPicker
                        id={ids.part}
                        testId={`part-picker-${index}`}
                        value={idField.value ? { sparePartId: idField.value, name: line?.name ?? '', sku: line?.sku ?? '' } : null}
                        disabled={disabled}
                        invalid={!!partError}
                        describedBy={partError ? `${ids.part}-error` : undefined}
                        onSelect={(part) => {
                          idField.onChange(part.id);
                          setValue(`parts.${index}.name`, part.name);
                          setValue(`parts.${index}.sku`, part.sku);
                          setValue(`parts.${index}.stock`, part.stockQuantity);
                          setValue(`parts.${index}.unitPrice`, part.unitPrice, { shouldValidate: !!lineErrors?.unitPrice });
                          setValue(`parts.${index}.listPrice`, part.unitPrice);
                        }}
                      />
                    )}
                  />
                  <CellError id={`${ids.part}-error`} message={partError} />
                  {short && !partError && (
                    <p className="text-xs text-warning" data-testid="stock-warning">
                      {t('lines.onlyInStock', { n: formatNumber(line.stock, i18n.language) })}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.quantity}>{t('lines.quantity')}</CellLabel>
                  <Input
                    id={ids.quantity}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    disabled={disabled}
                    aria-label={t('lines.quantityOf', { n: index + 1 })}
                    aria-invalid={!!quantityError}
                    aria-describedby={quantityError ? `${ids.quantity}-error` : undefined}
                    {...register(`parts.${index}.quantity`)}
                  />
                  <CellError id={`${ids.quantity}-error`} message={quantityError} />
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.price}>{t('lines.unitPrice')}</CellLabel>
                  {pricing ? (
                    <PriceShown id={ids.price} value={line?.unitPrice ?? ''} label={t('lines.unitPriceOf', { n: index + 1 })} />
                  ) : (
                    <Input
                      id={ids.price}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      disabled={disabled}
                      aria-label={t('lines.unitPriceOf', { n: index + 1 })}
                      aria-invalid={!!priceError}
                      aria-describedby={priceError ? `${ids.price}-error` : undefined}
                      {...register(`parts.${index}.unitPrice`)}
                    />
                  )}
                  <CellError id={`${ids.price}-error`} message={priceError} />
                </div>
                <p className="flex h-11 items-center text-sm font-medium tabular-nums sm:h-9 sm:justify-end" data-testid="part-line-total">
                  <span className="me-1 text-muted-foreground sm:hidden">{t('lines.total')}:</span>
                  {format.money(totals.parts[index] ?? '0')}
                </p>
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={t('lines.removePart', { n: index + 1 })}
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

/** Labour: what was done, hours and hourly rate (the workshop's labour rate for a new line), and the line total. */
export function LabourLines({
  control,
  register,
  errors,
  disabled,
  pricing,
  defaultRate,
}: Omit<LinesProps, 'setValue'> & { defaultRate: string }) {
  const { t } = useTranslation('job-cards');
  const format = useFormatters();
  const { fields, append, remove } = useFieldArray({ control, name: 'labour' });
  const labour = pricedLabour(useWatch({ control, name: 'labour' }) ?? [], pricing);
  const totals = lineTotals([], labour);

  return (
    <section className="flex flex-col gap-2" aria-labelledby="job-card-labour-heading" data-testid="labour-lines">
      <div className="flex items-center justify-between gap-2">
        <h3 id="job-card-labour-heading" className="text-sm font-semibold">
          {t('lines.labour')}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => append({ description: '', hours: '1', rate: defaultRate })}
          data-testid="add-labour-line"
        >
          <Plus aria-hidden />
          {t('lines.addLabour')}
        </Button>
      </div>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{t('lines.noLabour')}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:gap-2">
          <div className={cn(LINE_GRID, 'hidden text-xs font-medium text-muted-foreground sm:grid')} aria-hidden>
            <span>{t('lines.description')}</span>
            <span>{t('lines.hours')}</span>
            <span>{t('lines.rate')}</span>
            <span className="text-end">{t('lines.total')}</span>
            <span />
          </div>
          {fields.map((field, index) => {
            const lineErrors = errors.labour?.[index];
            const ids = { description: `labour-${index}-description`, hours: `labour-${index}-hours`, rate: `labour-${index}-rate` };
            const descriptionError = err(lineErrors?.description?.message, t);
            const hoursError = err(lineErrors?.hours?.message, t);
            const rateError = err(lineErrors?.rate?.message, t);
            return (
              <div key={field.id} className={cn(LINE_GRID, 'rounded-md border p-2 sm:border-0 sm:p-0')} data-testid="labour-line">
                <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
                  <CellLabel htmlFor={ids.description}>{t('lines.description')}</CellLabel>
                  <Input
                    id={ids.description}
                    maxLength={500}
                    disabled={disabled}
                    aria-label={t('lines.descriptionOf', { n: index + 1 })}
                    aria-invalid={!!descriptionError}
                    aria-describedby={descriptionError ? `${ids.description}-error` : undefined}
                    {...register(`labour.${index}.description`)}
                  />
                  <CellError id={`${ids.description}-error`} message={descriptionError} />
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.hours}>{t('lines.hours')}</CellLabel>
                  <Input
                    id={ids.hours}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.25}
                    disabled={disabled}
                    aria-label={t('lines.hoursOf', { n: index + 1 })}
                    aria-invalid={!!hoursError}
                    aria-describedby={hoursError ? `${ids.hours}-error` : undefined}
                    {...register(`labour.${index}.hours`)}
                  />
                  <CellError id={`${ids.hours}-error`} message={hoursError} />
                </div>
                <div className="flex flex-col gap-1">
                  <CellLabel htmlFor={ids.rate}>{t('lines.rate')}</CellLabel>
                  {pricing ? (
                    <PriceShown id={ids.rate} value={labour[index]?.rate ?? ''} label={t('lines.rateOf', { n: index + 1 })} />
                  ) : (
                    <Input
                      id={ids.rate}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      disabled={disabled}
                      aria-label={t('lines.rateOf', { n: index + 1 })}
                      aria-invalid={!!rateError}
                      aria-describedby={rateError ? `${ids.rate}-error` : undefined}
                      {...register(`labour.${index}.rate`)}
                    />
                  )}
                  <CellError id={`${ids.rate}-error`} message={rateError} />
                </div>
                <p
                  className="flex h-11 items-center text-sm font-medium tabular-nums sm:h-9 sm:justify-end"
                  data-testid="labour-line-total"
                >
                  <span className="me-1 text-muted-foreground sm:hidden">{t('lines.total')}:</span>
                  {format.money(totals.labour[index] ?? '0')}
                </p>
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={t('lines.removeLabour', { n: index + 1 })}
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

/** A price the one editing may not set (a technician's form): read-only, the value the save will give the line. */
function PriceShown({ id, value, label }: { id: string; value: string; label: string }) {
  return <Input id={id} type="number" readOnly value={value} aria-label={label} data-testid="price-read-only" />;
}

/** Parts, labour and the sum, as the lines are typed (a technician's at the prices they will get). */
export function LineTotalsPanel({ control, pricing }: { control: Control<JobCardFormValues>; pricing?: TechnicianPricing }) {
  const [parts, labour] = useWatch({ control, name: ['parts', 'labour'] });
  const totals = lineTotals(pricedParts(parts ?? [], pricing), pricedLabour(labour ?? [], pricing));
  return <TotalsSummary parts={totals.partsTotal} labour={totals.labourTotal} total={totals.total} testId="line-totals" />;
}
