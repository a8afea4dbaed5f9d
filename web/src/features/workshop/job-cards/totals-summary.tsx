import { useTranslation } from '@/lib/translation';
import { useFormatters } from '@/lib/tenant';

/** Parts, labour and their sum (money strings), aligned to the inline end. */
export function TotalsSummary({ parts, labour, total, testId }: { parts: string; labour: string; total: string; testId: string }) {
  const { t } = useTranslation('job-cards');
  const format = useFormatters();
  const row = 'flex items-center justify-between gap-6';
  return (
    <dl className="ms-auto flex w-full max-w-xs flex-col gap-1 rounded-md bg-muted/60 p-3 text-sm" data-testid={testId}>
      <div className={row}>
        <dt className="text-muted-foreground">{t('lines.partsTotal')}</dt>
        <dd className="tabular-nums" data-testid="parts-total">
          {format.money(parts)}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-muted-foreground">{t('lines.labourTotal')}</dt>
        <dd className="tabular-nums" data-testid="labour-total">
          {format.money(labour)}
        </dd>
      </div>
      <div className={`${row} border-t pt-1 font-semibold`}>
        <dt>{t('lines.total')}</dt>
        <dd className="tabular-nums" data-testid="lines-total">
          {format.money(total)}
        </dd>
      </div>
    </dl>
  );
}
