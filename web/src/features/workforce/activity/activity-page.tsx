import { useTranslation } from '@/lib/translation';
import { History } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { ActivityEntry } from '../model';
import { ACTIVITY_PAGE_SIZE } from '../workforce.api';
import { ActivityItem, ActivitySkeleton } from './activity-feed';

/** /activity: the workshop's whole feed, newest first, page by page. */
export default function ActivityPage() {
  const { t, i18n } = useTranslation('dashboard');
  const feed = usePagedList<ActivityEntry>(['/api/activity', { limit: ACTIVITY_PAGE_SIZE }]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="activity-page">
      <Card>
        <CardContent className="pt-4 md:pt-5">
          {feed.isLoading ? (
            <ActivitySkeleton rows={6} />
          ) : feed.isError ? (
            <div className="flex flex-col items-center gap-3 py-8 text-center">
              <p className="font-medium">{t('activity.loadFailed')}</p>
              <p className="text-sm text-muted-foreground">{errorMessage(feed.error, t)}</p>
              <Button variant="outline" onClick={() => void feed.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </div>
          ) : feed.items.length === 0 ? (
            <EmptyState icon={History} title={t('activity.empty')} />
          ) : (
            <ul className="flex flex-col divide-y">
              {feed.items.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {feed.items.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-xs text-muted-foreground" data-testid="activity-count">
            {t('activity.showing', {
              shown: formatNumber(feed.items.length, i18n.language),
              total: formatNumber(feed.total, i18n.language),
            })}
          </p>
          {feed.hasNextPage && (
            <Button variant="outline" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
              {t('activity.loadMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
