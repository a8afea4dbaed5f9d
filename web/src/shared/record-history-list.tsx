import { History } from 'lucide-react';
import type { AuditEntry, AuditResource } from '@core/contracts/audit.ts';
import { useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { useTranslation } from '@/lib/translation';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { AUDIT_ACTION_TONE, AuditChanges } from './audit-changes';
import { ListError, CardLoadMore } from './list-frame';

const HISTORY_PAGE_SIZE = 20;

function HistoryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const format = useFormatters();
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="history-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge variant={AUDIT_ACTION_TONE[entry.action] ?? 'neutral'}>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</Badge>
        {entry.user ? <bdi className="font-medium">{entry.user.name}</bdi> : <span className="text-muted-foreground">{t('system')}</span>}
        <span className="ms-auto text-xs tabular-nums text-muted-foreground">{format.dateTime(entry.at)}</span>
      </div>
      <AuditChanges entry={entry} />
    </li>
  );
}

/** A record's audit entries, the newest first, with "load more" (the History tab's content). */
export function RecordHistoryList({ resource, id }: { resource: AuditResource; id: number }) {
  const { t } = useTranslation('audit');
  const tenantId = useTenantId();
  const list = usePagedList<AuditEntry>(
    ['/api/tenants', tenantId, 'audit-log', { resourceType: resource, resourceId: String(id), limit: HISTORY_PAGE_SIZE }],
    { enabled: tenantId > 0 },
  );
  if (list.isError) return <ListError title={t('history.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isLoading) return <Skeleton className="h-48 w-full" data-testid="history-loading" />;
  if (list.items.length === 0) {
    return <EmptyState icon={History} title={t('history.empty')} body={t('history.emptyBody')} testId="record-history-empty" />;
  }
  return (
    <div className="overflow-hidden rounded-lg border bg-card" data-testid="record-history">
      <ol className="divide-y" aria-label={t('history.tab')}>
        {list.items.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} />
        ))}
      </ol>
      <CardLoadMore list={list} showingText={(shown, total) => t('showing', { shown, total })} moreText={t('history.older')} />
    </div>
  );
}
