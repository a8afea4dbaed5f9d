import type { ReactNode } from 'react';
import type { TFunction } from '@/lib/translator';
import { useTranslation } from '@/lib/translation';
import { SearchX, type LucideIcon } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { failureText } from './messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchField } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** Skeleton rows while a table loads (spec section 9: 5 rows). */
export const SKELETON_ROWS = 5;

const HIDDEN_BELOW = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
  '2xl': 'hidden 2xl:table-cell',
} as const;

/** A column heading: shown from the breakpoint `at` on, at the end (numbers, actions), or only to screen readers. */
export type Column = { label: string; at?: keyof typeof HIDDEN_BELOW; end?: boolean; srOnly?: boolean };

function ColumnHead({ column }: { column: Column }) {
  return (
    <TableHead className={cn(column.at && HIDDEN_BELOW[column.at], column.end && 'text-end')}>
      <span className={column.srOnly ? 'sr-only' : undefined}>{column.label}</span>
    </TableHead>
  );
}

/** What a list frame reads of `usePagedList` (lib/paging.ts). */
export type PagedListState<T> = {
  items: T[];
  total: number;
  estimated?: boolean;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/** A whole list read at once (a plain `useQuery` of an array) in the shape the frame reads. */
export function wholeList<T>(query: {
  data?: T[];
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}): PagedListState<T> {
  const items = query.data ?? [];
  return { ...query, items, total: items.length, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };
}

/** Placeholder rows spanning the table's columns. */
export function SkeletonRows({
  columns,
  rows = SKELETON_ROWS,
  testId = 'skeleton-row',
}: {
  columns: number;
  rows?: number;
  testId?: string;
}) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} data-testid={testId} className="hover:bg-transparent">
      <TableCell colSpan={columns}>
        <Skeleton className="h-9" />
      </TableCell>
    </TableRow>
  ));
}

/** A list that failed to load: what failed, why (`detail`, else the error's message), and a retry. */
export function ListError({
  title,
  error,
  detail,
  onRetry,
  testId,
}: {
  title: string;
  error?: unknown;
  detail?: string;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{detail ?? errorMessage(error, t)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}

/** "Showing n of total" under a list, and Load more while more rows exist. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
  showingText,
  moreText,
  testId,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  showingText: (shown: string, total: string) => ReactNode;
  moreText: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  if (shown === 0) return null;
  return (
    <div className="flex flex-col items-center gap-2 py-1">
      <p className="text-xs text-muted-foreground" data-testid={testId} aria-live="polite">
        {showingText(formatNumber(shown, i18n.language), formatNumber(total, i18n.language))}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onMore} loading={loading} data-testid="load-more">
          {moreText}
        </Button>
      )}
    </div>
  );
}

/** What a card's "load more" footer reads of a paged list (usePagedList). */
type MorePages = {
  items: readonly unknown[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** A card's footer while its list has more pages: "Showing n of total" and Load more. */
export function CardLoadMore({
  list,
  showingText,
  moreText,
}: {
  list: MorePages;
  showingText: (shown: string, total: string) => ReactNode;
  moreText: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="border-t p-3">
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        showingText={showingText}
        moreText={moreText}
      />
    </div>
  );
}

export type EmptyView = { icon: LucideIcon; title: string; body?: ReactNode; action?: ReactNode };

/**
 * The empty state of a list: "nothing matches" while searching or filtering (`empty.filteredTitle`
 * and `empty.filteredBody` of the screen's dictionary `t`), else the list's own.
 */
export function emptyView(filtered: boolean, own: EmptyView, t: TFunction): EmptyView {
  return filtered ? { icon: SearchX, title: t('empty.filteredTitle'), body: t('empty.filteredBody') } : own;
}

/**
 * One paged list: the table (skeleton rows while loading, the error with a retry, the empty
 * state), then "Showing n of total" and Load more. `testId` names its parts: `<id>-table`,
 * `<id>-skeleton`, `<id>-error`, `<id>-empty`, `<id>-count`. Rows of the last search stay dimmed
 * while the next one loads (`usePagedList(key, { keepPrevious: true })`).
 */
export function PagedTable<T>({
  list,
  testId,
  columns,
  row,
  empty,
  t,
  namespace,
  failedTitle = t('loadFailed'),
  failedText = (error) => failureText(error, t, namespace),
  showingText = (shown, total, estimated) => t(estimated ? 'showingAbout' : 'showing', { shown, total }),
  moreText = t('loadMore'),
  whole = false,
  label,
}: {
  list: PagedListState<T>;
  testId: string;
  columns: Array<Column | false>;
  row: (item: T) => ReactNode;
  empty: EmptyView;
  /** The screen's dictionary: `loadFailed`, `showing` (`showingAbout`), `loadMore` unless given. */
  t: TFunction;
  /** Its name, for the server errors' texts (`<namespace>:serverErrors`). */
  namespace?: string;
  failedTitle?: string;
  failedText?: (error: unknown) => string;
  showingText?: (shown: string, total: string, estimated: boolean) => ReactNode;
  moreText?: string;
  /** A whole list (not paged): no count and no Load more. */
  whole?: boolean;
  /** The table's accessible name. */
  label?: string;
}) {
  const shown = columns.filter((column): column is Column => column !== false);
  // The first load, or a new search whose last results were empty: skeleton rows.
  const skeleton = list.isLoading || (!!list.isPlaceholderData && list.items.length === 0);
  let body;
  if (list.isError) {
    body = <ListError title={failedTitle} detail={failedText(list.error)} onRetry={() => void list.refetch()} testId={`${testId}-error`} />;
  } else if (!skeleton && list.items.length === 0) {
    body = (
      <div className="p-4">
        <EmptyState icon={empty.icon} title={empty.title} body={empty.body} action={empty.action} testId={`${testId}-empty`} />
      </div>
    );
  } else {
    body = (
      <Table
        data-testid={`${testId}-table`}
        aria-label={label}
        aria-busy={skeleton || list.isPlaceholderData || undefined}
        className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {shown.map((column, i) => (
              <ColumnHead key={i} column={column} />
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{skeleton ? <SkeletonRows columns={shown.length} testId={`${testId}-skeleton`} /> : list.items.map(row)}</TableBody>
      </Table>
    );
  }
  return (
    <>
      <Card className="overflow-hidden">{body}</Card>
      {!whole && (
        <LoadMore
          shown={list.items.length}
          total={list.total}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
          showingText={(shown, total) => showingText(shown, total, !!list.estimated)}
          moreText={moreText}
          testId={`${testId}-count`}
        />
      )}
    </>
  );
}

/**
 * The bar above a list: the search field and filters at the start, the actions (add, import,
 * export) at the end, kept on one line. With many filters, `filtersBelow` puts them on a line of
 * their own under the search and the actions.
 */
export function ListToolbar({
  search,
  filters,
  actions,
  filtersBelow = false,
}: {
  search: { value: string; onChange: (text: string) => void; label: string; placeholder: string; testId?: string; busy?: boolean };
  filters?: ReactNode;
  actions?: ReactNode;
  filtersBelow?: boolean;
}) {
  const { t } = useTranslation();
  const field = (
    <SearchField
      className="col-span-2 sm:w-80"
      value={search.value}
      onChange={search.onChange}
      label={search.label}
      placeholder={search.placeholder}
      clearLabel={t('common:actions.clearSearch')}
      busy={search.busy}
      testId={search.testId}
    />
  );
  const end = (className: string) =>
    actions && <div className={cn('flex flex-wrap items-center gap-2 sm:flex-nowrap', className)}>{actions}</div>;
  if (filtersBelow) {
    return (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {field}
          {end('sm:ms-auto')}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">{filters}</div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {field}
        {filters}
      </div>
      {end('lg:ms-auto')}
    </div>
  );
}
