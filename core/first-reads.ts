import { permissionsFor, type Permissions, type Role } from './permissions.ts';

/**
 * The API reads a page starts with, as URLs, for the signed-in user: the server names them in
 * the page's HTML (`<link rel="preload" as="fetch">`) so they leave with the document instead of
 * after the scripts, and the client's route prefetch (web/src/app/routes.ts) sends the same
 * requests, which then take those answers. web/src/app/first-reads.test.ts runs the client's
 * prefetch for every route and role and checks it asks for exactly these URLs: a change to a
 * page's first reads changes both.
 */

/** What the shell reads on every page: the unread count and the workshop's settings. */
const SHELL_READS = ['/api/notifications/unread-count', '/api/tenant/settings'];

const list = (path: string, limit = 25) => `${path}?limit=${limit}&offset=0`;

type PageReads = (tenantId: number, can: Permissions) => Array<string | false>;

const none: PageReads = () => [];

/** Every page of the app (web/src/app/routes.ts APP_ROUTES) and what it reads first. */
const PAGE_READS: Record<string, PageReads> = {
  '/': (t, can) => [
    '/api/dashboard/stats',
    `/api/tenants/${t}/dashboard/metrics`,
    '/api/dashboard/capacity',
    '/api/dashboard/leaderboard',
    '/api/skills',
    '/api/tasks?limit=500&assignmentStatus=assigned',
    '/api/tasks?limit=5&assignmentStatus=unassigned',
    '/api/activity?limit=5',
    can.canManageUsers && '/api/users',
    list('/api/technicians', 6),
    `/api/tenants/${t}/service-reminders?status=pending&limit=5&offset=0`,
  ],
  '/analytics': none,
  '/activity': () => [list('/api/activity')],
  '/technicians': () => ['/api/skills', list('/api/technicians', 12)],
  '/tasks': () => [
    '/api/technicians?limit=500',
    '/api/tasks?limit=500&assignmentStatus=assigned',
    '/api/tasks?limit=500&assignmentStatus=unassigned',
  ],
  '/schedule': none,
  '/shifts': (t, can) => [
    can.canEditWorkshopData ? `/api/tenants/${t}/shifts` : `/api/tenants/${t}/shift-assignments?mine=true&limit=25&offset=0`,
  ],
  '/job-cards': (t, can) => [can.canEditWorkshopData && list(`/api/tenants/${t}/job-cards`)],
  '/bookings': (t) => [`/api/tenants/${t}/service-bookings/upcoming`, list(`/api/tenants/${t}/service-bookings`)],
  '/appointments': (t) => [list(`/api/tenants/${t}/appointments`)],
  '/customers': (t) => [list(`/api/tenants/${t}/customers`)],
  '/vehicles': (t) => [list(`/api/tenants/${t}/vehicles`)],
  '/inventory': (t) => [
    list(`/api/tenants/${t}/spare-parts`),
    `/api/tenants/${t}/spare-parts/categories`,
    `/api/tenants/${t}/spare-parts/low-stock?limit=1`,
  ],
  '/fleet': (t) => [`/api/tenants/${t}/fleet/stats`, list(`/api/tenants/${t}/fleet`)],
  '/estimates': (t, can) => [can.canEditWorkshopData && list(`/api/tenants/${t}/estimates`)],
  '/invoices': (t, can) => [can.canEditWorkshopData && list(`/api/tenants/${t}/invoices`)],
  '/ai-assistant': none,
  '/users': (_t, can) => [(can.canManageUsers || can.canViewReports) && '/api/users/accounts'],
  '/settings': none,
  '/profile': () => ['/api/user/preferences'],
  '/notifications': () => [list('/api/notifications')],
};

/** The paths of the app's pages. */
export const PAGE_PATHS = Object.keys(PAGE_READS);

/**
 * The URLs the page at `pathname` (no query string; "/customers/" is "/customers") reads first
 * for this user, the shell's included. None for a path that is no page's own (a record view, an
 * unknown path: what it reads depends on more than the path) and none for a user who must first
 * change their password (they see only that screen).
 */
export function firstReadUrls(pathname: string, user: { tenantId: number; role: Role; mustChangePassword?: boolean }): string[] {
  if (user.mustChangePassword) return [];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const reads = Object.hasOwn(PAGE_READS, path) ? PAGE_READS[path](user.tenantId, permissionsFor(user.role)) : undefined;
  if (!reads) return [];
  return [...SHELL_READS, ...reads.filter((url): url is string => url !== false)];
}
