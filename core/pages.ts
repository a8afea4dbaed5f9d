import { permissionsFor, type Feature, type PermissionOverride, type Permissions, type Role } from './permissions.ts';

/**
 * The app's pages, for the client and the server alike: where each page's screen is (its module
 * under web/src, which the client's route table loads) and the API reads it starts with, as URLs,
 * for the signed-in user. The server names both in the page's HTML (`<link rel="modulepreload">`
 * for the screen's code as built, `<link rel="preload" as="fetch">` for the reads) so they leave
 * with the document instead of after the app's scripts; the client's route prefetch
 * (web/src/app/routes.ts) sends the same requests, which then take those answers.
 * web/src/app/pages.test.ts runs the client's prefetch for every route and role and checks it asks
 * for exactly these URLs: a change to a page's first reads changes both.
 */

/** What the shell reads on every page: the unread count and the workshop's settings. */
const SHELL_READS = ['/api/notifications/unread-count', '/api/tenant/settings'];

const list = (path: string, limit = 25) => `${path}?limit=${limit}&offset=0`;

type PageReads = (tenantId: number, can: Permissions) => Array<string | false>;

type Page = {
  /** The screen's module under web/src, without its extension; none for a page still to come. */
  screen?: string;
  /** The dictionaries (i18n namespaces, web/src/locales/<language>/<name>.json) the screen uses beyond the shell's. */
  dictionaries?: string[];
  reads: PageReads;
  /** The optional module the page belongs to: while the workshop has it off, the page is not found. */
  feature?: Feature;
};

const none: PageReads = () => [];

/** Every page of the app (web/src/app/routes.ts APP_ROUTES): its screen and what it reads first. */
const PAGES: Record<string, Page> = {
  '/': {
    screen: 'features/workforce/dashboard/dashboard-page',
    dictionaries: ['dashboard', 'technicians', 'tasks'],
    reads: (t, can) => [
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
  },
  '/analytics': { screen: 'features/analytics/analytics-page', dictionaries: ['analytics'], reads: none, feature: 'analytics' },
  '/activity': { screen: 'features/workforce/activity/activity-page', dictionaries: ['dashboard'], reads: () => [list('/api/activity')] },
  '/technicians': {
    screen: 'features/workforce/technicians/technicians-page',
    dictionaries: ['technicians', 'tasks'],
    reads: () => ['/api/skills', list('/api/technicians', 12)],
  },
  '/tasks': {
    screen: 'features/workforce/tasks/tasks-page',
    dictionaries: ['tasks', 'technicians'],
    reads: () => [
      '/api/technicians?limit=500',
      '/api/tasks?limit=500&assignmentStatus=assigned',
      '/api/tasks?limit=500&assignmentStatus=unassigned',
    ],
  },
  '/schedule': { screen: 'features/scheduling/schedule/schedule-page', dictionaries: ['schedule'], reads: none },
  '/shifts': {
    screen: 'features/scheduling/shifts/shifts-page',
    dictionaries: ['shifts'],
    reads: (t, can) => [
      can.canEditWorkshopData ? `/api/tenants/${t}/shifts` : `/api/tenants/${t}/shift-assignments?mine=true&limit=25&offset=0`,
    ],
  },
  '/job-cards': {
    screen: 'features/workshop/job-cards/job-cards-page',
    dictionaries: ['job-cards', 'audit'],
    reads: (t, can) => [can.canEditWorkshopData && list(`/api/tenants/${t}/job-cards`)],
  },
  '/bookings': {
    screen: 'features/scheduling/bookings/bookings-page',
    dictionaries: ['bookings'],
    reads: (t) => [`/api/tenants/${t}/service-bookings/upcoming`, list(`/api/tenants/${t}/service-bookings`)],
  },
  '/appointments': {
    screen: 'features/scheduling/appointments/appointments-page',
    dictionaries: ['appointments'],
    reads: (t) => [list(`/api/tenants/${t}/appointments`)],
  },
  '/customers': {
    screen: 'features/workshop/customers/customers-page',
    dictionaries: ['customers', 'vehicles', 'csv', 'audit'],
    reads: (t) => [list(`/api/tenants/${t}/customers`)],
  },
  '/vehicles': {
    screen: 'app/pages/vehicles-route',
    dictionaries: ['vehicles', 'customers', 'csv', 'maintenance', 'ai', 'audit'],
    reads: (t) => [list(`/api/tenants/${t}/vehicles`)],
  },
  '/inventory': {
    screen: 'features/workshop/inventory/inventory-page',
    dictionaries: ['inventory', 'csv', 'audit'],
    reads: (t) => [
      list(`/api/tenants/${t}/spare-parts`),
      `/api/tenants/${t}/spare-parts/categories`,
      `/api/tenants/${t}/spare-parts/low-stock?limit=1`,
    ],
  },
  '/fleet': {
    screen: 'features/scheduling/fleet/fleet-page',
    dictionaries: ['fleet'],
    reads: (t) => [`/api/tenants/${t}/fleet/stats`, list(`/api/tenants/${t}/fleet`)],
    feature: 'fleet',
  },
  '/estimates': {
    screen: 'features/billing/estimates/estimates-page',
    dictionaries: ['estimates', 'billing'],
    reads: (t, can) => [can.canViewEstimates && list(`/api/tenants/${t}/estimates`)],
  },
  '/invoices': {
    screen: 'features/billing/invoices/invoices-page',
    dictionaries: ['invoices', 'billing', 'audit'],
    reads: (t, can) => [can.canViewInvoices && list(`/api/tenants/${t}/invoices`)],
  },
  '/ai-assistant': { screen: 'features/ai/ai-page', dictionaries: ['ai'], reads: none, feature: 'ai_assistant' },
  '/users': {
    screen: 'features/users/users-page',
    dictionaries: ['users'],
    reads: (_t, can) => [can.canViewStaff && '/api/users/accounts'],
  },
  '/audit-log': {
    screen: 'features/audit/audit-page',
    dictionaries: ['audit'],
    reads: (t, can) => [can.canManageUsers && list(`/api/tenants/${t}/audit-log`), can.canManageUsers && '/api/users'],
  },
  '/settings': { screen: 'features/settings/settings-page', dictionaries: ['settings'], reads: none },
  '/profile': { screen: 'app/pages/profile-route', dictionaries: ['dashboard'], reads: () => ['/api/user/preferences'] },
  '/notifications': {
    screen: 'features/notifications/notifications-page',
    dictionaries: ['notifications'],
    reads: () => [list('/api/notifications')],
  },
};

/** The paths of the app's pages. */
export const PAGE_PATHS = Object.keys(PAGES);

/** A page path as written ("/customers/" is "/customers"). */
const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
const pageAt = (pathname: string): Page | undefined => {
  const path = pagePath(pathname);
  return Object.hasOwn(PAGES, path) ? PAGES[path] : undefined;
};

/** The module of the screen of the page at `pathname` (under web/src, no extension), if it is one. */
export function pageScreen(pathname: string): string | undefined {
  return pageAt(pathname)?.screen;
}

/** The optional module the page at `pathname` belongs to, if any. */
export function pageFeature(pathname: string): Feature | undefined {
  return pageAt(pathname)?.feature;
}

/** The dictionaries the screen of the page at `pathname` uses beyond the shell's. */
export function pageDictionaries(pathname: string): string[] {
  return pageAt(pathname)?.dictionaries ?? [];
}

/**
 * The modules (under web/src) a page's screen needs before it can show: the screen and its
 * English dictionaries (English is every dictionary's fallback, so it loads in any language).
 */
export function pageModules(pathname: string): string[] {
  const screen = pageScreen(pathname);
  return screen ? [screen, ...pageDictionaries(pathname).map((name) => `locales/en/${name}.json`)] : [];
}

/**
 * The URLs the page at `pathname` (no query string; "/customers/" is "/customers") reads first
 * for this user (their role with their permission overrides), the shell's included. None for a
 * path that is no page's own (a record view, an unknown path: what it reads depends on more than
 * the path) and none for a user who must first change their password or set up two-factor
 * sign-in (they see only that screen). A page of a module the workshop turned off reads only the
 * shell's (it shows "not found").
 */
export function firstReadUrls(
  pathname: string,
  user: {
    tenantId: number;
    role: Role;
    mustChangePassword?: boolean;
    mustSetUpTwoFactor?: boolean;
    permissionOverrides?: readonly PermissionOverride[];
    disabledFeatures?: readonly Feature[];
  },
): string[] {
  if (user.mustChangePassword || user.mustSetUpTwoFactor) return [];
  const page = pageAt(pathname);
  if (!page) return [];
  if (page.feature && user.disabledFeatures?.includes(page.feature)) return [...SHELL_READS];
  const reads = page.reads(user.tenantId, permissionsFor(user.role, user.permissionOverrides));
  return [...SHELL_READS, ...reads.filter((url): url is string => url !== false)];
}
