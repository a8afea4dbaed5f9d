import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { Bell, Menu, Search } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { useLive } from '@/lib/live';
import { badgeText } from '@/lib/notifications';
import { cn } from '@/lib/utils';
import { Button, buttonClasses } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import type { AppRoute } from '../routes';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { SettingsMenuButton, UserMenuButton } from './menu-buttons';

const loadSettingsMenu = () => import('./settings-menu').then((module) => module.SettingsMenu);
const loadUserMenu = () => import('./user-menu').then((module) => module.UserMenu);

/** Enter opens Customers searching for the query (name, phone, e-mail, city). */
function SearchBox() {
  const { t } = useTranslation('shell');
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    navigate(`/customers?q=${encodeURIComponent(q)}`);
  };
  return (
    <form role="search" onSubmit={submit} className="relative hidden w-56 md:block lg:w-72">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('topBar.searchPlaceholder')}
        aria-label={t('topBar.search')}
        className="h-9 w-full rounded-md border border-input bg-background ps-9 pe-3 text-sm placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25"
      />
    </form>
  );
}

function LiveIndicator() {
  const { t } = useTranslation('shell');
  const { connected } = useLive();
  const label = connected ? t('live.connected') : t('live.disconnected');
  return (
    <Tooltip content={label}>
      <span
        tabIndex={0}
        role="status"
        aria-label={label}
        className="hidden size-9 items-center justify-center rounded-md lg:inline-flex"
        data-testid="live-indicator"
        data-connected={connected}
      >
        <span className={cn('size-2.5 rounded-full', connected ? 'bg-success' : 'bg-muted-foreground/50')} />
      </span>
    </Tooltip>
  );
}

export function TopBar({
  route,
  user,
  unreadCount = 0,
  onOpenMenu,
  onShowShortcuts,
  onLogout,
}: {
  route: AppRoute;
  user: PublicUser;
  unreadCount?: number;
  onOpenMenu: () => void;
  onShowShortcuts: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  const badge = badgeText(unreadCount);
  return (
    <header className="sticky top-0 z-20 flex print:hidden h-16 shrink-0 items-center gap-2 border-b bg-card/95 px-2 backdrop-blur supports-[backdrop-filter]:bg-card/80 md:gap-4 md:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={onOpenMenu}
        aria-label={t('nav.open')}
        data-testid="open-navigation"
      >
        <Menu className="!size-5" aria-hidden />
      </Button>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold leading-tight md:text-lg" data-testid="page-title">
          {t(`routes.${route.key}.title`)}
        </h1>
        <p className="hidden truncate text-xs text-muted-foreground sm:block md:text-sm">{t(`routes.${route.key}.subtitle`)}</p>
      </div>
      <SearchBox />
      <div className="flex items-center gap-0.5 md:gap-1">
        <LiveIndicator />
        <Tooltip content={t('topBar.notifications')}>
          <Link
            href="/notifications"
            aria-label={badge ? t('topBar.unreadCount', { n: unreadCount }) : t('topBar.notifications')}
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })}
            data-testid="notifications-bell"
          >
            <Bell className="!size-5" aria-hidden />
            {badge && (
              <span
                className="absolute end-1 top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-white"
                data-testid="bell-badge"
                aria-hidden
              >
                {badge}
              </span>
            )}
          </Link>
        </Tooltip>
        <LazyMenu load={loadSettingsMenu} button={(handlers) => <SettingsMenuButton {...handlers} />} props={{ onShowShortcuts }} />
        <LazyMenu load={loadUserMenu} button={(handlers) => <UserMenuButton user={user} {...handlers} />} props={{ user, onLogout }} />
      </div>
    </header>
  );
}
