import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

/** Skeleton rows while a table loads (spec section 9: 5 rows). */
export const SKELETON_ROWS = 5;

/** Placeholder rows with the table's columns. */
export function SkeletonRows({ columns, rows = SKELETON_ROWS }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TableRow key={i} data-testid="skeleton-row" className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, c) => (
            <TableCell key={c} className={c > 1 ? 'hidden md:table-cell' : undefined}>
              <Skeleton className={c === 0 ? 'h-5 w-3/4' : 'h-5 w-2/3'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** The text shown in place of a table whose list failed to load, with the reason and a retry. */
export function ListError({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error, t)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/** "Showing n of total" under a list, and the Load more button while more rows exist. */
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
        <Button variant="outline" onClick={onMore} loading={loading}>
          {moreText}
        </Button>
      )}
    </div>
  );
}
