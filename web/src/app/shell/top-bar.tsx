import { Link } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { Bell, Menu, Search } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { useLive } from '@/lib/live';
import { badgeText } from '@/lib/notifications';
import { cn } from '@/lib/utils';
import { Button, buttonClasses } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { Kbd } from '@/components/ui/kbd';
import type { AppRoute } from '../routes';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { SettingsMenuButton, UserMenuButton } from './menu-buttons';

const loadSettingsMenu = () => import('./settings-menu').then((module) => module.SettingsMenu);
const loadUserMenu = () => import('./user-menu').then((module) => module.UserMenu);

/**
 * The top bar's search box: what is typed opens the command palette with it, where the results
 * show as you type (the palette is the one search of the app). On a phone, a button opens it.
 */
function SearchBox({ onSearch, onPrepare }: { onSearch: (text?: string) => void; onPrepare: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <div role="search" className="relative hidden w-56 md:block lg:w-72">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value=""
          onChange={(event) => event.target.value && onSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              event.preventDefault();
              onSearch();
            }
          }}
          onClick={() => onSearch()}
          onFocus={onPrepare}
          onPointerEnter={onPrepare}
          placeholder={t('topBar.searchPlaceholder')}
          aria-label={t('topBar.search')}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          className="h-9 w-full rounded-md border border-input bg-background ps-9 pe-16 text-sm placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25"
        />
        <span className="pointer-events-none absolute end-2 top-1/2 hidden -translate-y-1/2 lg:inline-flex">
          <Kbd>Ctrl K</Kbd>
        </span>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        onClick={() => onSearch()}
        onPointerEnter={onPrepare}
        aria-label={t('topBar.search')}
        aria-haspopup="dialog"
        data-testid="open-search"
      >
        <Search className="!size-5" aria-hidden />
      </Button>
    </>
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
  onSearch,
  onPrepareSearch,
  onLogout,
}: {
  route: AppRoute;
  user: PublicUser;
  unreadCount?: number;
  onOpenMenu: () => void;
  onShowShortcuts: () => void;
  onSearch: (text?: string) => void;
  onPrepareSearch: () => unknown;
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
      <SearchBox onSearch={onSearch} onPrepare={() => void onPrepareSearch()} />
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
