import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { History } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { auditTrailKey, partQuery } from './inventory.api';
import { failureText } from '@/shared/messages';
import type { AuditAction, AuditEntry, SparePart } from './model';
import { reasonText } from './reasons';
import { StockBadge } from './stock-badge';
import { RecordTabs } from '@/shared/record-history';

const ACTION_VARIANT: Record<AuditAction, BadgeVariant> = {
  created: 'neutral',
  received: 'success',
  corrected: 'info',
  consumed: 'warning',
  returned: 'primary',
};
const SKELETON_ROWS = 5;

function Reference({ entry }: { entry: AuditEntry }) {
  if (!entry.reference) return <span className="text-muted-foreground">—</span>;
  if (entry.referenceType === 'job_card' && entry.referenceId) {
    return (
      <Link href={`/job-cards/${entry.referenceId}`} className="font-mono text-primary hover:underline" dir="ltr">
        {entry.reference}
      </Link>
    );
  }
  return <span dir="auto">{entry.reference}</span>;
}

function HistoryRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('inventory');
  const lang = i18n.language;
  const format = useFormatters();
  const change = entry.quantityChange;
  return (
    <TableRow data-testid="history-row" data-action={entry.actionType}>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">{format.dateTime(entry.createdAt)}</TableCell>
      <TableCell>
        <Badge variant={ACTION_VARIANT[entry.actionType]}>{t(`history.actions.${entry.actionType}`)}</Badge>
        <div className="mt-1 flex flex-col gap-0.5 text-xs text-muted-foreground md:hidden">
          <span className="sm:hidden">{format.dateTime(entry.createdAt)}</span>
          {entry.reason && <span dir="auto">{reasonText(entry.reason, t)}</span>}
          {entry.reference && (
            <span>
              <Reference entry={entry} />
            </span>
          )}
          {entry.performedBy && <span>{entry.performedBy.name}</span>}
        </div>
      </TableCell>
      <TableCell className="hidden text-end tabular-nums sm:table-cell">{formatNumber(entry.quantityBefore, lang)}</TableCell>
      <TableCell
        className={cn(
          'text-end font-medium tabular-nums',
          change > 0 ? 'text-success' : change < 0 ? 'text-destructive' : 'text-muted-foreground',
        )}
        data-testid="history-change"
      >
        <span dir="ltr">{change > 0 ? `+${formatNumber(change, lang)}` : formatNumber(change, lang)}</span>
      </TableCell>
      <TableCell className="text-end font-medium tabular-nums" data-testid="history-after">
        {formatNumber(entry.quantityAfter, lang)}
      </TableCell>
      <TableCell className="hidden max-w-48 truncate md:table-cell" title={entry.reason ? reasonText(entry.reason, t) : undefined}>
        {entry.reason ? <span dir="auto">{reasonText(entry.reason, t)}</span> : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <Reference entry={entry} />
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        {entry.performedBy?.name ?? <span className="text-muted-foreground">—</span>}
      </TableCell>
    </TableRow>
  );
}

/** The part's stock history (audit trail), newest first: date, action, before, change, after, reason, reference, by. */
export function StockHistoryDialog({ part: initial, onClose }: { part: SparePart; onClose: () => void }) {
  const { t, i18n } = useTranslation('inventory');
  const lang = i18n.language;
  // The part as it is now (a receipt in another browser moves it).
  const { data: part = initial } = useQuery({ ...partQuery(initial.id), initialData: initial });
  const list = usePagedList<AuditEntry>(auditTrailKey(initial.id));

  let body;
  if (list.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-medium">{t('history.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{failureText(list.error, t, 'inventory')}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!list.isLoading && list.items.length === 0) {
    body = <EmptyState icon={History} title={t('history.emptyTitle')} body={t('history.emptyBody')} testId="history-empty" />;
  } else {
    body = (
      <div className="rounded-md border">
        <Table data-testid="history-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="hidden sm:table-cell">{t('history.date')}</TableHead>
              <TableHead>{t('history.action')}</TableHead>
              <TableHead className="hidden sm:table-cell">
                <span className="block text-end">{t('history.before')}</span>
              </TableHead>
              <TableHead>
                <span className="block text-end">{t('history.change')}</span>
              </TableHead>
              <TableHead>
                <span className="block text-end">{t('history.after')}</span>
              </TableHead>
              <TableHead className="hidden md:table-cell">{t('history.reason')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('history.reference')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('history.by')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={8}>
                      <Skeleton className="h-7" />
                    </TableCell>
                  </TableRow>
                ))
              : list.items.map((entry) => <HistoryRow key={entry.id} entry={entry} />)}
          </TableBody>
        </Table>
      </div>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="xl" data-testid="stock-history-dialog">
        <DialogHeader>
          <DialogTitle>{t('history.title', { name: part.name })}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            <span dir="ltr">{part.sku}</span>
            <StockBadge quantity={part.stockQuantity} minimum={part.minimumStock} />
            <span>{t('history.minimum', { n: formatNumber(part.minimumStock, lang) })}</span>
          </DialogDescription>
        </DialogHeader>
        <RecordTabs resource="spare_parts" id={part.id} inAddress={false} detailsLabel={t('history.movements')}>
          {body}
          {list.items.length > 0 && (
            <div className="flex flex-col items-center gap-2">
              <p className="text-xs text-muted-foreground">
                {t('showing', { shown: formatNumber(list.items.length, lang), total: formatNumber(list.total, lang) })}
              </p>
              {list.hasNextPage && (
                <Button variant="outline" size="sm" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                  {t('loadMore')}
                </Button>
              )}
            </div>
          )}
        </RecordTabs>
      </DialogContent>
    </Dialog>
  );
}
