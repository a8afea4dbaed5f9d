import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { SKELETON_ROWS } from './model';

export const ALL = 'all';

/** Search box, status filter and the create button above a billing list. */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  placeholder,
  status,
  onStatus,
  statusOptions,
  statusLabel,
  create,
  testPrefix,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchLabel: string;
  placeholder: string;
  status: string;
  onStatus: (status: string) => void;
  statusOptions: Array<[string, string]>;
  statusLabel: string;
  create?: { label: string; onClick: () => void };
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <SearchField className="sm:w-80" value={search} onChange={onSearch} placeholder={placeholder} label={searchLabel} clearLabel={t('common:actions.clearSearch')} testId={`${testPrefix}-search`} />
        <Select value={status} onValueChange={onStatus}>
          <SelectTrigger size="sm" className="sm:w-48" aria-label={statusLabel} data-testid={`${testPrefix}-status-filter`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {statusOptions.map(([value, text]) => (
              <SelectItem key={value} value={value}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {create && (
        <Button onClick={create.onClick} data-testid={`create-${testPrefix}`}>
          <Plus aria-hidden />
          {create.label}
        </Button>
      )}
    </div>
  );
}

/** The spec's five skeleton rows while a list loads. */
export function SkeletonRows({ columns, testId }: { columns: number; testId: string }) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <TableRow key={i} data-testid={testId}>
      <TableCell colSpan={columns}>
        <Skeleton className="h-9" />
      </TableCell>
    </TableRow>
  ));
}

/** A list that failed to load: the error text in place of the table, and a retry. */
export function ListError({ title, detail, onRetry, testId }: { title: string; detail: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{detail}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}

/** "Showing n of total" and Load more. */
export function ListFooter({
  shown,
  total,
  estimated,
  hasMore,
  loadingMore,
  onLoadMore,
  testPrefix,
}: {
  shown: number;
  total: number;
  estimated: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  testPrefix: string;
}): ReactNode {
  const { t, i18n } = useTranslation('billing');
  if (shown === 0) return null;
  const numbers = { shown: formatNumber(shown, i18n.language), total: formatNumber(total, i18n.language) };
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-xs text-muted-foreground" data-testid={`${testPrefix}-count`}>
        {t(estimated ? 'list.showingAbout' : 'list.showing', numbers)}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onLoadMore} loading={loadingMore} data-testid="load-more">
          {t('list.loadMore')}
        </Button>
      )}
    </div>
  );
}
