import type { ComponentType, LazyExoticComponent } from 'react';
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
} from 'lucide-react';
import type { Permissions } from '@core/permissions.ts';
import { lazyPage } from '@/lib/i18n';

export type NavGroupId = 'overview' | 'fieldService' | 'garage' | 'fleet' | 'financial' | 'ai' | 'admin' | 'personal';

export type PageComponent = LazyExoticComponent<ComponentType>;

export type AppRoute = {
  path: string;
  /** Dictionary key under shell:routes (title, subtitle, about). */
  key: string;
  icon: LucideIcon;
  group: NavGroupId;
  /** The page, or undefined for a module that arrives in a later release (placeholder page). */
  page?: PageComponent;
  /** Whether the navigation shows the entry for this role (the page itself handles access). */
  visible?: (permissions: Permissions) => boolean;
  /** The page also serves `<path>/<id>` (a positive whole number): the view of one record. */
  detail?: boolean;
  /** The page also serves `<path>/<id>/print`: the record's printable document. */
  printable?: boolean;
};

const DashboardPage = lazyPage(() => import('@/features/workforce/dashboard/dashboard-page'), ['dashboard', 'technicians', 'tasks']);
const TechniciansPage = lazyPage(() => import('@/features/workforce/technicians/technicians-page'), ['technicians', 'tasks']);
const TasksPage = lazyPage(() => import('@/features/workforce/tasks/tasks-page'), ['tasks', 'technicians']);
const ActivityPage = lazyPage(() => import('@/features/workforce/activity/activity-page'), ['dashboard']);
const UsersPage = lazyPage(() => import('@/features/users/users-page'), ['users']);
const SettingsPage = lazyPage(() => import('@/features/settings/settings-page'), ['settings']);
const ProfilePage = lazyPage(() => import('@/features/account/profile-page'), []);
const FleetPage = lazyPage(() => import('@/features/scheduling/fleet/fleet-page'), ['fleet']);
const ShiftsPage = lazyPage(() => import('@/features/scheduling/shifts/shifts-page'), ['shifts']);
const BookingsPage = lazyPage(() => import('@/features/scheduling/bookings/bookings-page'), ['bookings']);
const AppointmentsPage = lazyPage(() => import('@/features/scheduling/appointments/appointments-page'), ['appointments']);
const SchedulePage = lazyPage(() => import('@/features/scheduling/schedule/schedule-page'), ['schedule']);
const CustomersPage = lazyPage(() => import('@/features/workshop/customers/customers-page'), ['customers', 'vehicles', 'csv']);
const VehiclesPage = lazyPage(() => import('./pages/vehicles-route'), ['vehicles', 'customers', 'csv', 'maintenance', 'ai']);
const EstimatesPage = lazyPage(() => import('@/features/billing/estimates/estimates-page'), ['estimates', 'billing']);
const InvoicesPage = lazyPage(() => import('@/features/billing/invoices/invoices-page'), ['invoices', 'billing']);
/** Estimates, invoices and payments are for admins and managers (the pages tell a technician so). */
const canBill = (p: Permissions) => p.canEditWorkshopData;
const AiPage = lazyPage(() => import('@/features/ai/ai-page'), ['ai']);
const NotificationsPage = lazyPage(() => import('@/features/notifications/notifications-page'), ['notifications']);

export const APP_ROUTES: AppRoute[] = [
  { path: '/', key: 'dashboard', icon: LayoutDashboard, group: 'overview', page: DashboardPage },
  { path: '/analytics', key: 'analytics', icon: ChartColumn, group: 'overview' },
  /** The full activity feed: opened from the dashboard, not listed in the navigation. */
  { path: '/activity', key: 'activity', icon: History, group: 'overview', page: ActivityPage, visible: () => false },
  { path: '/technicians', key: 'technicians', icon: Wrench, group: 'fieldService', page: TechniciansPage },
  { path: '/tasks', key: 'tasks', icon: ListChecks, group: 'fieldService', page: TasksPage },
  { path: '/schedule', key: 'schedule', icon: CalendarDays, group: 'fieldService', page: SchedulePage },
  { path: '/shifts', key: 'shifts', icon: Clock, group: 'fieldService', page: ShiftsPage },
  {
    path: '/job-cards',
    key: 'jobCards',
    icon: ClipboardList,
    group: 'garage',
    page: lazyPage(() => import('@/features/workshop/job-cards/job-cards-page'), ['job-cards']),
    detail: true,
  },
  { path: '/bookings', key: 'bookings', icon: CalendarCheck, group: 'garage', page: BookingsPage },
  { path: '/appointments', key: 'appointments', icon: CalendarClock, group: 'garage', page: AppointmentsPage },
  { path: '/customers', key: 'customers', icon: Users, group: 'garage', page: CustomersPage, detail: true },
  { path: '/vehicles', key: 'vehicles', icon: Car, group: 'garage', page: VehiclesPage, detail: true },
  {
    path: '/inventory',
    key: 'inventory',
    icon: Package,
    group: 'garage',
    page: lazyPage(() => import('@/features/workshop/inventory/inventory-page'), ['inventory', 'csv']),
  },
  { path: '/fleet', key: 'fleet', icon: Truck, group: 'fleet', page: FleetPage },
  {
    path: '/estimates',
    key: 'estimates',
    icon: FileText,
    group: 'financial',
    page: EstimatesPage,
    visible: canBill,
    detail: true,
    printable: true,
  },
  {
    path: '/invoices',
    key: 'invoices',
    icon: Receipt,
    group: 'financial',
    page: InvoicesPage,
    visible: canBill,
    detail: true,
    printable: true,
  },
  { path: '/ai-assistant', key: 'aiAssistant', icon: Bot, group: 'ai', page: AiPage },
  {
    path: '/users',
    key: 'users',
    icon: UserCog,
    group: 'admin',
    page: UsersPage,
    visible: (p) => p.canViewReports /* admins and managers (read-only) */,
  },
  { path: '/settings', key: 'settings', icon: Settings, group: 'admin', page: SettingsPage, visible: (p) => p.canUseAdminTools },
  { path: '/profile', key: 'profile', icon: User, group: 'personal', page: ProfilePage },
  { path: '/notifications', key: 'notifications', icon: Bell, group: 'personal', page: NotificationsPage },
];

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
