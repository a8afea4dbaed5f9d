import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Bell, BellRing, CalendarClock, CheckCheck, ClipboardList, ListChecks, PackageMinus, Receipt, Wrench } from 'lucide-react';
import type { Notification } from '@core/contracts/notifications.ts';
import { NOTIFICATION_GROUP_NAMES, NOTIFICATION_GROUPS, type NotificationGroup } from '@core/contracts/notifications.values.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatNumber, formatRelative } from '@/lib/format';
import { notificationsListKeyFor, unreadCountQuery } from '@/lib/notifications';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { ALL } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { isKnownKind, notificationText, recordPath } from './notification-text';

function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number | 'all'>({
    mutationFn: (id) => apiRequest<void>('POST', id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
  });
}

const ICON = 'size-4';
const GROUP_ICONS: Record<NotificationGroup, ReactNode> = {
  tasks: <ListChecks className={ICON} aria-hidden />,
  job_cards: <ClipboardList className={ICON} aria-hidden />,
  schedule: <CalendarClock className={ICON} aria-hidden />,
  stock: <PackageMinus className={ICON} aria-hidden />,
  maintenance: <Wrench className={ICON} aria-hidden />,
  billing: <Receipt className={ICON} aria-hidden />,
};

/** The icon of a notification's group of kinds (a bell for one this version does not know). */
function iconOf(type: string): ReactNode {
  const group = isKnownKind(type) && NOTIFICATION_GROUP_NAMES.find((g) => (NOTIFICATION_GROUPS[g] as readonly string[]).includes(type));
  return group ? GROUP_ICONS[group] : <BellRing className={ICON} aria-hidden />;
}

function Item({ notification, onRead, pending }: { notification: Notification; onRead: (id: number) => void; pending: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const format = useFormatters();
  const unread = !notification.readAt;
  const { title, body } = notificationText(notification, t, i18n.language, format);
  const path = recordPath(notification);
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3', unread && 'bg-primary/5')}
      data-testid="notification"
      data-unread={unread}
      data-notification-id={notification.id}
      data-kind={notification.type}
    >
      <span
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        {iconOf(notification.type)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-semibold">
          {unread && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('unreadLabel')} />}
          <span className="min-w-0">{title}</span>
        </p>
        <p className="text-sm text-muted-foreground">{body}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <time dateTime={notification.createdAt} title={format.dateTime(notification.createdAt)} className="text-muted-foreground">
            {formatRelative(notification.createdAt, i18n.language)}
          </time>
          {path && (
            <Link
              href={path}
              onClick={() => unread && onRead(notification.id)}
              className="font-medium text-primary hover:underline focus-visible:underline"
              aria-label={t('openNamed', { title })}
              data-testid="notification-link"
            >
              {t('open')}
            </Link>
          )}
        </div>
      </div>
      {unread && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onRead(notification.id)}
          disabled={pending}
          aria-label={t('markReadNamed', { title })}
        >
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}

/**
 * /notifications: the signed-in user's notifications, newest first, each in the reader's language
 * with a link to its record; filtered (unread, kind) and paged by the server; mark one or all read.
 */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const lang = i18n.language;
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const [kind, setKind] = useState<string>(ALL);
  const filtered = show !== 'all' || kind !== ALL;
  const list = usePagedList<Notification>(
    notificationsListKeyFor({ status: show === 'unread' ? 'unread' : undefined, kind: kind === ALL ? undefined : kind }),
    { keepPrevious: true },
  );
  const { data: unread } = useQuery(unreadCountQuery);
  const markRead = useMarkRead();
  const onError = (error: ApiError) => toast({ variant: 'destructive', title: t('failed'), description: errorMessage(error, t) });
  const readOne = (id: number) => markRead.mutate(id, { onError });
  const readAll = () =>
    markRead.mutate('all', {
      onSuccess: () => toast({ variant: 'success', title: t('allRead') }),
      onError,
    });
  const count = unread?.count ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid="notifications-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium" data-testid="unread-count">
          {t('unread', { n: formatNumber(count, lang) })}
        </p>
        <Button variant="outline" onClick={readAll} disabled={count === 0} loading={markRead.isPending && markRead.variables === 'all'}>
          <CheckCheck aria-hidden />
          {t('markAllRead')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3" role="search" aria-label={t('filters.label')} data-testid="notification-filters">
        <SegmentedControl
          label={t('filters.show')}
          value={show}
          onChange={setShow}
          segments={[
            { value: 'all', label: t('filters.all'), testId: 'show-all' },
            { value: 'unread', label: t('filters.unread'), testId: 'show-unread' },
          ]}
        />
        <FilterSelect
          value={kind}
          onChange={setKind}
          label={t('filters.kind')}
          all={t('filters.allKinds')}
          options={NOTIFICATION_GROUP_NAMES}
          text={(group) => t(`groups.${group}`)}
          testId="kind-filter"
          className="w-full sm:w-56"
        />
      </div>
      <Card className="overflow-hidden">
        {list.isLoading ? (
          <div className="flex flex-col gap-3 p-4">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(list.error, t)}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ) : list.items.length === 0 ? (
          <div className="p-4">
            {filtered ? (
              <EmptyState icon={Bell} title={t('emptyFilteredTitle')} body={t('emptyFilteredBody')} testId="notifications-empty" />
            ) : (
              <EmptyState icon={Bell} title={t('emptyTitle')} body={t('emptyBody')} testId="notifications-empty" />
            )}
          </div>
        ) : (
          <ul className="flex flex-col divide-y">
            {list.items.map((n) => (
              <Item key={n.id} notification={n} onRead={readOne} pending={markRead.isPending} />
            ))}
          </ul>
        )}
      </Card>
      {list.items.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-xs text-muted-foreground">
            {t('showing', { shown: formatNumber(list.items.length, lang), total: formatNumber(list.total, lang) })}
          </p>
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
