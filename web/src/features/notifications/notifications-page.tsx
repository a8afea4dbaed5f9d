import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Bell, BellRing, CheckCheck } from 'lucide-react';
import type { Notification } from '@core/contracts/notifications.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatNumber, formatRelative } from '@/lib/format';
import { notificationsListKey, unreadCountQuery } from '@/lib/notifications';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';

function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number | 'all'>({
    mutationFn: (id) => apiRequest<void>('POST', id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
  });
}

/** The server writes English; other languages show the dictionary's text for known types. */
function texts(n: Notification, t: (key: string, options?: Record<string, unknown>) => string, language: string) {
  if (language === 'en' || n.type !== 'task_assigned') return { title: n.title, body: n.message };
  return { title: t('types.task_assigned.title'), body: n.taskId ? t('types.task_assigned.body', { id: n.taskId }) : n.message };
}

function Item({ notification, onRead, pending }: { notification: Notification; onRead: (id: number) => void; pending: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const format = useFormatters();
  const unread = !notification.readAt;
  const { title, body } = texts(notification, t, i18n.language);
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3', unread && 'bg-primary/5')}
      data-testid="notification"
      data-unread={unread}
      data-notification-id={notification.id}
    >
      <span
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <BellRing className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-semibold">
          {unread && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('unreadLabel')} />}
          <span className="min-w-0">{title}</span>
        </p>
        <p className="text-sm text-muted-foreground">{body}</p>
        <time dateTime={notification.createdAt} title={format.dateTime(notification.createdAt)} className="text-xs text-muted-foreground">
          {formatRelative(notification.createdAt, i18n.language)}
        </time>
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

/** /notifications: the signed-in user's notifications, newest first, with mark read. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const lang = i18n.language;
  const list = usePagedList<Notification>(notificationsListKey);
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
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium" data-testid="unread-count">
          {t('unread', { n: formatNumber(count, lang) })}
        </p>
        <Button variant="outline" onClick={readAll} disabled={count === 0} loading={markRead.isPending && markRead.variables === 'all'}>
          <CheckCheck aria-hidden />
          {t('markAllRead')}
        </Button>
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
            <EmptyState icon={Bell} title={t('emptyTitle')} body={t('emptyBody')} testId="notifications-empty" />
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
