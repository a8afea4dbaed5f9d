import { useTranslation } from '@/lib/translation';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import type { BillingItem, Estimate, Invoice } from './model';

/** Red while something is owed, green once nothing is (spec section 2). */
export function balanceClass(balance: string): string {
  return Number(balance) > 0 ? 'text-destructive' : 'text-success';
}

/** Whether a payment may be recorded: a balance remains and the invoice is not cancelled. */
export function canTakePayment(invoice: { balanceAmount: string; status: string }): boolean {
  return Number(invoice.balanceAmount) > 0 && invoice.status !== 'cancelled';
}

/** The document's lines: what, quantity or hours, unit price or rate, amount. */
export function LinesTable({ items, compact = false }: { items: BillingItem[]; compact?: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const format = useFormatters();
  const cell = 'px-2 py-2 align-top';
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('lines.noneOnDocument')}</p>;
  return (
    <table className="w-full border-collapse text-sm" data-testid="document-lines">
      <thead>
        <tr className="border-b text-xs font-semibold text-muted-foreground">
          <th scope="col" className={cn(cell, 'text-start')}>
            {t('lines.item')}
          </th>
          <th scope="col" className={cn(cell, 'text-end')}>
            {t('lines.quantityOrHours')}
          </th>
          <th scope="col" className={cn(cell, 'text-end', compact && 'hidden sm:table-cell')}>
            {t('lines.priceOrRate')}
          </th>
          <th scope="col" className={cn(cell, 'text-end')}>
            {t('lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className="border-b last:border-0" data-testid="document-line" data-item-type={item.itemType}>
            <td className={cell}>
              <span className="block font-medium">
                <bdi>{item.description}</bdi>
              </span>
              <span className="block text-xs text-muted-foreground">
                {item.itemType === 'labor' ? t('lines.labour') : t('lines.part')}
                {item.sku && (
                  <>
                    {' · '}
                    <span dir="ltr">{item.sku}</span>
                  </>
                )}
              </span>
            </td>
            <td className={cn(cell, 'text-end tabular-nums')}>
              {item.itemType === 'labor'
                ? t('lines.hoursValue', { hours: formatNumber(item.quantity, i18n.language, 2) })
                : formatNumber(item.quantity, i18n.language, 2)}
            </td>
            <td className={cn(cell, 'text-end tabular-nums', compact && 'hidden sm:table-cell')}>{format.money(item.unitPrice)}</td>
            <td className={cn(cell, 'text-end font-medium tabular-nums')}>{format.money(item.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Amounts = Pick<Estimate, 'laborCost' | 'partsCost' | 'subtotal' | 'taxRate' | 'taxAmount' | 'totalAmount'> &
  Partial<Pick<Invoice, 'paidAmount' | 'balanceAmount'>>;

/** Labour, parts, subtotal, tax at its rate, total; for invoices paid and the balance. */
export function TotalsList({ amounts }: { amounts: Amounts }) {
  const { t, i18n } = useTranslation('billing');
  const format = useFormatters();
  const row = 'flex items-center justify-between gap-6 py-0.5';
  return (
    <dl className="ms-auto flex w-full max-w-xs flex-col text-sm" data-testid="document-totals">
      <div className={row}>
        <dt className="text-muted-foreground">{t('totals.labour')}</dt>
        <dd className="tabular-nums">{format.money(amounts.laborCost)}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t('totals.parts')}</dt>
        <dd className="tabular-nums">{format.money(amounts.partsCost)}</dd>
      </div>
      <div className={cn(row, 'border-t pt-1')}>
        <dt className="text-muted-foreground">{t('totals.subtotal')}</dt>
        <dd className="tabular-nums" data-testid="totals-subtotal">
          {format.money(amounts.subtotal)}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t('totals.taxAt', { rate: formatNumber(amounts.taxRate, i18n.language, 2) })}</dt>
        <dd className="tabular-nums" data-testid="totals-tax">
          {format.money(amounts.taxAmount)}
        </dd>
      </div>
      <div className={cn(row, 'border-t pt-1 text-base font-semibold')}>
        <dt>{t('totals.total')}</dt>
        <dd className="tabular-nums" data-testid="totals-total">
          {format.money(amounts.totalAmount)}
        </dd>
      </div>
      {amounts.paidAmount !== undefined && amounts.balanceAmount !== undefined && (
        <>
          <div className={row}>
            <dt className="text-muted-foreground">{t('totals.paid')}</dt>
            <dd className="tabular-nums" data-testid="totals-paid">
              {format.money(amounts.paidAmount)}
            </dd>
          </div>
          <div className={cn(row, 'font-semibold', balanceClass(amounts.balanceAmount))}>
            <dt>{t('totals.balance')}</dt>
            <dd className="tabular-nums" data-testid="totals-balance">
              {format.money(amounts.balanceAmount)}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
