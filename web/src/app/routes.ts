import type { QueryClient } from '@tanstack/react-query';
import {
  Bell,
  Bot,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  Car,
  ChartColumn,
  ClipboardList,
  Clock,
  FileText,
  History,
  LayoutDashboard,
  ListChecks,
  Package,
  Receipt,
  Settings,
  Truck,
  User,
  UserCog,
  Users,
  Wrench,
  type LucideIcon,
  ScrollText,
} from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { permissionsFor, type Feature, type Permissions } from '@core/permissions.ts';
import type { ComponentType } from 'react';
import { pageDictionaries, pageFeature, pageScreen } from '@core/pages.ts';
import { lazyPage, type LazyPage } from '@/lib/i18n';
import { userQuery } from '@/lib/query-client';
import { unreadCountQuery, notificationsListKey } from '@/lib/notifications';
import { prefetchPagedList } from '@/lib/paging';
import { tenantSettingsQuery } from '@/lib/tenant';
import { preferencesQuery } from '@/features/account/account.api';
import { prefetchAuditLog } from '@/features/audit/audit.api';
import { prefetchEstimates, prefetchInvoices } from '@/features/billing/shared/billing.api';
import { prefetchAppointments } from '@/features/scheduling/appointments/appointments.api';
import { prefetchBookings } from '@/features/scheduling/bookings/bookings.api';
import { prefetchFleet } from '@/features/scheduling/fleet/fleet.api';
import { prefetchShifts } from '@/features/scheduling/shifts/shifts.api';
import { staffQuery } from '@/features/users/users.api';
import { prefetchActivity, prefetchDashboard, prefetchTasks, prefetchTechnicians } from '@/features/workforce/workforce.api';
import { prefetchCustomers } from '@/features/workshop/customers/customers.api';
import { prefetchInventory } from '@/features/workshop/inventory/inventory.api';
import { prefetchJobCards } from '@/features/workshop/job-cards/job-cards.api';
import { prefetchVehicles } from '@/features/workshop/vehicles/vehicles.api';

export type NavGroupId = 'overview' | 'fieldService' | 'garage' | 'fleet' | 'financial' | 'ai' | 'admin' | 'personal';

/** Starts a page's first reads (same keys and fetchers as the page's own hooks) for the signed-in user. */
export type Prefetch = (queryClient: QueryClient, user: PublicUser, permissions: Permissions) => void;

export type AppRoute = {
  path: string;
  /** Dictionary key under shell:routes (title, subtitle, about). */
  key: string;
  icon: LucideIcon;
  group: NavGroupId;
  /** The page, or undefined for a module that arrives in a later release (placeholder page). */
  page?: LazyPage;
  /** The page's first reads, started with its code (navigation, a link's hover or focus). */
  prefetch?: Prefetch;
  /** Whether the navigation shows the entry for this role (the page itself handles access). */
  visible?: (permissions: Permissions) => boolean;
  /** The page also serves `<path>/<id>` (a positive whole number): the view of one record. */
  detail?: boolean;
  /** The page also serves `<path>/<id>/print`: the record's printable document. */
  printable?: boolean;
};

/** Every page's screen, each its own chunk, loaded with its page (core/pages.ts says which is whose). */
const SCREENS = import.meta.glob<{ default: ComponentType }>([
  '../features/**/*-page.tsx',
  './pages/*-route.tsx',
  // Not pages of the route table: the sign-in screen, the placeholder, the screens vehicles-route and profile-route wrap.
  '!../features/auth/**',
  '!../features/placeholder/**',
  '!../features/workshop/vehicles/vehicles-page.tsx',
  '!../features/account/profile-page.tsx',
]);

/** The page at `path`, whose screen and dictionaries core/pages.ts names. */
function screen(path: string): LazyPage {
  const module = pageScreen(path);
  const load = module && SCREENS[module.startsWith('app/') ? `./${module.slice('app/'.length)}.tsx` : `../${module}.tsx`];
  if (!load) throw new Error(`core/pages.ts names no screen of this app for ${path} (${module})`);
  return lazyPage(load, pageDictionaries(path));
}

const DashboardPage = screen('/');
const TechniciansPage = screen('/technicians');
const TasksPage = screen('/tasks');
const ActivityPage = screen('/activity');
const UsersPage = screen('/users');
const SettingsPage = screen('/settings');
const ProfilePage = screen('/profile');
const FleetPage = screen('/fleet');
const ShiftsPage = screen('/shifts');
const BookingsPage = screen('/bookings');
const AppointmentsPage = screen('/appointments');
const SchedulePage = screen('/schedule');
const CustomersPage = screen('/customers');
const VehiclesPage = screen('/vehicles');
const EstimatesPage = screen('/estimates');
const InvoicesPage = screen('/invoices');
/** A prefetch that needs only the workshop's id. */
const byTenant =
  (prefetch: (client: QueryClient, tenantId: number) => void): Prefetch =>
  (client, user) =>
    prefetch(client, user.tenantId);
/** Estimates and invoices: admins and managers, and whoever an admin granted them (the pages tell others so). */
const canViewEstimates = (p: Permissions) => p.canViewEstimates;
const canViewInvoices = (p: Permissions) => p.canViewInvoices;
const AiPage = screen('/ai-assistant');
/** The owner's reports: admins and managers (the page tells a technician so). */
const AnalyticsPage = screen('/analytics');
const canViewReports = (p: Permissions) => p.canViewReports;
const NotificationsPage = screen('/notifications');

export const APP_ROUTES: AppRoute[] = [
  {
    path: '/',
    key: 'dashboard',
    icon: LayoutDashboard,
    group: 'overview',
    page: DashboardPage,
    prefetch: (client, user, permissions) => prefetchDashboard(client, user.tenantId, permissions.canManageUsers),
  },
  {
    path: '/analytics',
    key: 'analytics',
    icon: ChartColumn,
    group: 'overview',
    page: AnalyticsPage,
    visible: canViewReports,
  },
  /** The full activity feed: opened from the dashboard, not listed in the navigation. */
  {
    path: '/activity',
    key: 'activity',
    icon: History,
    group: 'overview',
    page: ActivityPage,
    visible: () => false,
    prefetch: (client) => prefetchActivity(client),
  },
  { path: '/technicians', key: 'technicians', icon: Wrench, group: 'fieldService', page: TechniciansPage, prefetch: prefetchTechnicians },
  { path: '/tasks', key: 'tasks', icon: ListChecks, group: 'fieldService', page: TasksPage, prefetch: prefetchTasks },
  { path: '/schedule', key: 'schedule', icon: CalendarDays, group: 'fieldService', page: SchedulePage },
  {
    path: '/shifts',
    key: 'shifts',
    icon: Clock,
    group: 'fieldService',
    page: ShiftsPage,
    prefetch: (client, user, permissions) => prefetchShifts(client, user.tenantId, permissions.canEditWorkshopData),
  },
  {
    path: '/job-cards',
    key: 'jobCards',
    icon: ClipboardList,
    group: 'garage',
    page: screen('/job-cards'),
    detail: true,
    prefetch: (client, user, permissions) => permissions.canEditWorkshopData && prefetchJobCards(client, user.tenantId),
  },
  { path: '/bookings', key: 'bookings', icon: CalendarCheck, group: 'garage', page: BookingsPage, prefetch: byTenant(prefetchBookings) },
  {
    path: '/appointments',
    key: 'appointments',
    icon: CalendarClock,
    group: 'garage',
    page: AppointmentsPage,
    prefetch: byTenant(prefetchAppointments),
  },
  {
    path: '/customers',
    key: 'customers',
    icon: Users,
    group: 'garage',
    page: CustomersPage,
    detail: true,
    prefetch: byTenant(prefetchCustomers),
  },
  {
    path: '/vehicles',
    key: 'vehicles',
    icon: Car,
    group: 'garage',
    page: VehiclesPage,
    detail: true,
    prefetch: byTenant(prefetchVehicles),
  },
  {
    path: '/inventory',
    key: 'inventory',
    icon: Package,
    group: 'garage',
    page: screen('/inventory'),
    prefetch: byTenant(prefetchInventory),
  },
  { path: '/fleet', key: 'fleet', icon: Truck, group: 'fleet', page: FleetPage, prefetch: byTenant(prefetchFleet) },
  {
    path: '/estimates',
    key: 'estimates',
    icon: FileText,
    group: 'financial',
    page: EstimatesPage,
    visible: canViewEstimates,
    detail: true,
    printable: true,
    prefetch: (client, user, permissions) => canViewEstimates(permissions) && prefetchEstimates(client, user.tenantId),
  },
  {
    path: '/invoices',
    key: 'invoices',
    icon: Receipt,
    group: 'financial',
    page: InvoicesPage,
    visible: canViewInvoices,
    detail: true,
    printable: true,
    prefetch: (client, user, permissions) => canViewInvoices(permissions) && prefetchInvoices(client, user.tenantId),
  },
  { path: '/ai-assistant', key: 'aiAssistant', icon: Bot, group: 'ai', page: AiPage },
  {
    path: '/users',
    key: 'users',
    icon: UserCog,
    group: 'admin',
    page: UsersPage,
    visible: (p) => p.canViewStaff /* admins and managers (read-only) */,
    prefetch: (client, _user, p) => (p.canManageUsers || p.canViewStaff) && void client.prefetchQuery(staffQuery),
  },
  {
    path: '/audit-log',
    key: 'auditLog',
    icon: ScrollText,
    group: 'admin',
    page: screen('/audit-log'),
    visible: (p) => p.canManageUsers,
    prefetch: (client, user, p) => p.canManageUsers && prefetchAuditLog(client, user.tenantId),
  },
  { path: '/settings', key: 'settings', icon: Settings, group: 'admin', page: SettingsPage, visible: (p) => p.canUseAdminTools },
  {
    path: '/profile',
    key: 'profile',
    icon: User,
    group: 'personal',
    page: ProfilePage,
    prefetch: (client) => void client.prefetchQuery(preferencesQuery),
  },
  {
    path: '/notifications',
    key: 'notifications',
    icon: Bell,
    group: 'personal',
    page: NotificationsPage,
    prefetch: (client) => void prefetchPagedList(client, notificationsListKey),
  },
];

/**
 * Whether a module the workshop turned off holds the route (its page is not found, its entry gone;
 * core/pages.ts says which page is whose). A user read without the list (an older answer still
 * cached) has every module on.
 */
export const isRouteOff = (route: AppRoute, disabledFeatures: readonly Feature[] | undefined) => {
  const feature = pageFeature(route.path);
  return feature !== undefined && (disabledFeatures ?? []).includes(feature);
};

/** Whether the navigation (and the command palette) lists the route for this user. */
export const isRouteShown = (route: AppRoute, permissions: Permissions, disabledFeatures: readonly Feature[] | undefined) =>
  !isRouteOff(route, disabledFeatures) && (!route.visible || route.visible(permissions));

export const NAV_GROUPS: Array<{ id: Exclude<NavGroupId, 'personal'>; collapsible: boolean }> = [
  { id: 'overview', collapsible: false },
  { id: 'fieldService', collapsible: true },
  { id: 'garage', collapsible: true },
  { id: 'fleet', collapsible: true },
  { id: 'financial', collapsible: true },
  { id: 'ai', collapsible: true },
  { id: 'admin', collapsible: true },
];

/**
 * The route for a path ("/users/" and "/users" are the same page), or undefined: not found.
 * A route with `detail` also answers "<path>/<id>" for a positive whole-number id, and one that is
 * `printable` "<path>/<id>/print".
 */
export function findRoute(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = APP_ROUTES.find((route) => route.path === path);
  if (exact) return exact;
  const detail = /^(\/[^/]+)\/([1-9]\d{0,14})(\/print)?$/.exec(path);
  if (!detail) return undefined;
  return APP_ROUTES.find((route) => route.detail && route.path === detail[1] && (!detail[3] || route.printable));
}

/**
 * Starts what the page at `pathname` needs, at once and side by side: its code and dictionaries
 * and, once the user is known (their read is started by index.html), the reads it shows first,
 * plus the shell's own (the unread count, the workshop's settings). Called before the first
 * render, on navigation and on a navigation link's hover or focus; everything it starts is
 * shared with the page (same module, same query keys), so nothing is fetched twice. A path with
 * a query string or a record id reads other data: only its code is started.
 */
export function preloadRoute(queryClient: QueryClient, pathname: string, search = '', language?: string): Promise<void> {
  const route = findRoute(pathname);
  if (!route) return Promise.resolve();
  route.page?.load(language).catch(() => {
    // Shown by the page itself when it renders (and retried then).
  });
  const exact = !search && route.path === (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  // Settles once the reads have started (the server's renderer then waits for their answers).
  return queryClient
    .ensureQueryData(userQuery)
    .then((user) => {
      if (!user || user.mustChangePassword || user.mustSetUpTwoFactor) return;
      const permissions = permissionsFor(user.role, user.permissionOverrides);
      void queryClient.prefetchQuery(unreadCountQuery);
      void queryClient.prefetchQuery(tenantSettingsQuery);
      if (exact && !isRouteOff(route, user.disabledFeatures)) route.prefetch?.(queryClient, user, permissions);
    })
    .catch(() => {
      // The shell shows why the user could not be read.
    });
}
