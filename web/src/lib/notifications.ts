import { queryOptions } from '@tanstack/react-query';

/** The signed-in user's unread notifications (the bell and the sidebar badge). */
export const unreadCountQuery = queryOptions<{ count: number }>({ queryKey: ['/api/notifications', 'unread-count'] });

/** Notifications per "Load more" on /notifications, and the list's key (paged). */
export const NOTIFICATIONS_PAGE_SIZE = 25;
export const notificationsListKey = ['/api/notifications', { limit: NOTIFICATIONS_PAGE_SIZE }] as const;

/** The list's key with the page's filters (unread only, one kind); without them it is `notificationsListKey`. */
export function notificationsListKeyFor(filter: { status?: 'unread'; kind?: string }) {
  return ['/api/notifications', { limit: NOTIFICATIONS_PAGE_SIZE, status: filter.status, kind: filter.kind }] as const;
}

/** "99+" above 99; nothing to show at 0. */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
