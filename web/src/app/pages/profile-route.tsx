import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import ProfilePage from '@/features/account/profile-page';
import { ActivityItem, ActivitySkeleton } from '@/features/workforce/activity/activity-feed';
import type { ActivityEntry } from '@/features/workforce/model';
import { errorMessage } from '@/lib/errors';
import { useTranslation } from '@/lib/translation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** The profile's Activity tab shows this many of the user's latest actions (spec/garage.md section 9). */
export const PROFILE_ACTIVITY_ENTRIES = 10;

/** The user's latest actions in the workshop, each a sentence of the activity feed's, with its time. */
function RecentActivity({ userId }: { userId: number }) {
  const { t } = useTranslation('dashboard');
  const feed = useQuery<ActivityEntry[]>({ queryKey: ['/api/activity', { userId, limit: PROFILE_ACTIVITY_ENTRIES }] });
  if (feed.isLoading) return <ActivitySkeleton rows={5} />;
  if (feed.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="font-medium">{t('activity.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(feed.error, t)}</p>
        <Button variant="outline" onClick={() => void feed.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (!feed.data?.length) return <EmptyState icon={History} title={t('activity.empty')} />;
  return (
    <ul className="flex flex-col divide-y" data-testid="profile-activity">
      {feed.data.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/**
 * /profile. Features never import each other: the app composes the account's profile page with
 * the activity feed's sentences for its Activity tab.
 */
export default function ProfileRoute() {
  return <ProfilePage activity={RecentActivity} />;
}
