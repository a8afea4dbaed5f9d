import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { ChevronDown, LogOut, Wrench } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { useDisabledFeatures, usePermissions } from '@/lib/auth';
import { badgeText } from '@/lib/notifications';
import { cn, fullName, initialsOf } from '@/lib/utils';
import { Tooltip } from '@/components/ui/tooltip';
import { APP_ROUTES, NAV_GROUPS, isRouteShown, preloadRoute, type AppRoute, type NavGroupId } from '../routes';
import { useLogout } from './use-logout';

type Props = {
  user: PublicUser;
  activePath: string;
  /** Called when a link is chosen (closes the phone drawer). */
  onNavigate?: () => void;
  /** Unread notifications; a badge shows only for a real count above zero. */
  unreadCount?: number;
};

function NavLink({ route, active, onNavigate, badge }: { route: AppRoute; active: boolean; onNavigate?: () => void; badge?: number }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const Icon = route.icon;
  // The page's code and data start when the pointer or the focus reaches its link.
  const preload = () => preloadRoute(queryClient, route.path);
  return (
    <Link
      href={route.path}
      onClick={onNavigate}
      onMouseEnter={preload}
      onFocus={preload}
      data-sidebar-link
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group/link flex h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors md:h-9',
        active
          ? 'bg-sidebar-active text-sidebar-active-foreground shadow-card'
          : 'text-sidebar-foreground hover:bg-sidebar-accent hover:text-white',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', active ? 'opacity-100' : 'opacity-75 group-hover/link:opacity-100')} aria-hidden />
      <span className="truncate">{t(`routes.${route.key}.title`)}</span>
      {badgeText(badge) && (
        <span
          className="ms-auto inline-flex h-5 min-w-5 items-center justify-center rounded-md bg-destructive px-1.5 text-[11px] font-semibold text-white"
          data-testid="nav-badge"
        >
          {badgeText(badge)}
        </span>
      )}
    </Link>
  );
}

function GroupLabel({ id }: { id: NavGroupId }) {
  const { t } = useTranslation('shell');
  return <span className="truncate text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted">{t(`groups.${id}`)}</span>;
}

/**
 * A group of the navigation that folds away (open at first): a button that says whether it is
 * open (aria-expanded) and what it controls. No measuring or animation, so nothing to lay out
 * before the first paint.
 */
function NavSection({ label, children }: { label: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <div className="group/section mb-3" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((was) => !was)}
        className="flex h-9 w-full items-center justify-between rounded-md px-3 hover:bg-sidebar-accent md:h-8"
      >
        {label}
        <ChevronDown
          className="size-4 text-sidebar-muted transition-transform group-data-[state=closed]/section:-rotate-90 rtl:group-data-[state=closed]/section:rotate-90"
          aria-hidden
        />
      </button>
      <div id={contentId} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}

export function SidebarContent({ user, activePath, onNavigate, unreadCount = 0 }: Props) {
  const { t } = useTranslation('shell');
  const permissions = usePermissions();
  const { logout, isPending } = useLogout();
  const disabledFeatures = useDisabledFeatures();
  const visibleRoutes = APP_ROUTES.filter((route) => isRouteShown(route, permissions, disabledFeatures));
  const inGroup = (group: NavGroupId) => visibleRoutes.filter((route) => route.group === group);
  const link = (route: AppRoute) => (
    <li key={route.path}>
      <NavLink
        route={route}
        active={route.path === activePath}
        onNavigate={onNavigate}
        badge={route.key === 'notifications' ? unreadCount : undefined}
      />
    </li>
  );

  return (
    <div className="flex h-full w-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-sidebar-border px-4">
        <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Wrench className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <p className="text-base font-bold leading-tight text-white">{t('common:appName')}</p>
          <p className="truncate text-xs text-sidebar-muted">{user.tenantName}</p>
        </div>
      </div>

      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-3">
        {NAV_GROUPS.map(({ id, collapsible }) => {
          const routes = inGroup(id);
          if (routes.length === 0) return null;
          if (!collapsible) {
            return (
              <div key={id} className="mb-3">
                <div className="flex h-8 items-center px-3">
                  <GroupLabel id={id} />
                </div>
                <ul className="flex flex-col gap-0.5">{routes.map(link)}</ul>
              </div>
            );
          }
          return (
            <NavSection key={id} label={<GroupLabel id={id} />}>
              <ul className="flex flex-col gap-0.5">{routes.map(link)}</ul>
            </NavSection>
          );
        })}

        <div className="mt-1 border-t border-sidebar-border pt-3">
          <div className="flex h-8 items-center px-3">
            <GroupLabel id="personal" />
          </div>
          <ul className="flex flex-col gap-0.5">{inGroup('personal').map(link)}</ul>
        </div>
      </nav>

      <div className="flex shrink-0 items-center gap-3 border-t border-sidebar-border p-3" data-testid="sidebar-footer">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-sm font-semibold text-white">
          {initialsOf(user.firstName, user.lastName, user.username)}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-white">{fullName(user.firstName, user.lastName, user.username)}</p>
          <p className="truncate text-xs text-sidebar-muted">{t(`common:roles.${user.role}`)}</p>
        </div>
        <Tooltip content={t('logout.action')} side="top">
          <button
            type="button"
            onClick={logout}
            disabled={isPending}
            aria-label={t('logout.action')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-sidebar-muted transition-colors hover:bg-sidebar-accent hover:text-white disabled:opacity-50 md:size-9"
          >
            <LogOut className="size-[18px] rtl:-scale-x-100" aria-hidden />
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
