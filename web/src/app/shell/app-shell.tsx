import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { useLoadedWhen } from '@/lib/use-loaded-when';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { refreshUser, useAuth } from '@/lib/auth';
import { LiveProvider } from '@/lib/live';
import { unreadCountQuery } from '@/lib/notifications';
import { Skeleton } from '@/components/ui/skeleton';
import type { LazyPage } from '@/lib/i18n';
import type { AppRoute } from '../routes';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';
import { useKeyboardShortcuts } from './use-shortcuts';
import { useLogout } from './use-logout';

const PlaceholderPage = lazy(() => import('@/features/placeholder/placeholder-page'));
const OnboardingDialog = lazy(() => import('@/features/onboarding/onboarding-dialog'));
const PasswordChangeScreen = lazy(() => import('@/features/account/password-change-screen'));
const TwoFactorSetupScreen = lazy(() => import('@/features/account/two-factor-setup-screen'));

const loadShortcutsDialog = () => import('./shortcuts-dialog');
const loadLogoutDialog = () => import('./logout-dialog');
const loadNavigationDrawer = () => import('./navigation-drawer');
const loadCommandPalette = () => import('./command-palette');

function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="page-skeleton">
      <Skeleton className="h-24 w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

/**
 * The route's page: rendered as soon as its code and dictionaries are in (usually already, the
 * router started them with the page's data), a skeleton until then. Not a Suspense boundary:
 * React holds back content that replaces a fallback for 300 ms.
 */
function RoutePage({ page }: { page: LazyPage }) {
  const [state, setState] = useState<{ Page: ComponentType } | { error: unknown } | undefined>(() => {
    const Page = page.loaded();
    return Page && { Page };
  });
  useEffect(() => {
    if (state) return;
    let current = true;
    page.load().then(
      (Page) => current && setState({ Page }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [page, state]);
  if (!state) return <PageSkeleton />;
  // As a lazy page did: a page that cannot load is an error of the app.
  if ('error' in state) throw state.error;
  return <state.Page />;
}

/**
 * The command palette's state: opened with a text (the top bar's box) or empty (Ctrl/Cmd+K, the
 * phone's search button); Ctrl/Cmd+K while it is open goes to Tasks, the spec's Ctrl+K.
 */
function usePalette() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  // Each opening is a new palette (key), starting from its text.
  const [opening, setOpening] = useState({ key: 0, text: '' });
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const loaded = useLoadedWhen(open, loadCommandPalette);
  // Keys typed in the top bar before the palette has taken the focus add to its text.
  const show = useCallback((text = '') => {
    setOpening((previous) => (openRef.current ? { key: previous.key, text: previous.text + text } : { key: previous.key + 1, text }));
    setOpen(true);
  }, []);
  const toggle = useCallback(() => {
    if (!openRef.current) return show();
    setOpen(false);
    navigate('/tasks');
  }, [navigate, show]);
  return { open, setOpen, opening, loaded, show, toggle, prepare: loadCommandPalette };
}

/** Sidebar, top bar and the current page; also the onboarding dialog and the global shortcuts. */
export default function AppShell({ route }: { route: AppRoute }) {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const shortcutsDialog = useLoadedWhen(shortcutsOpen, loadShortcutsDialog);
  const logoutDialog = useLoadedWhen(logoutOpen, loadLogoutDialog);
  const navigationDrawer = useLoadedWhen(drawerOpen, loadNavigationDrawer);
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const palette = usePalette();
  const { logout, isPending: loggingOut } = useLogout();
  const queryClient = useQueryClient();
  const mustChangePassword = user?.mustChangePassword === true;
  // Two-factor is on once the first code is confirmed; the screen stays until the backup codes are put away.
  const [backupCodesShown, setBackupCodesShown] = useState(false);
  const mustSetUpTwoFactor = user?.mustSetUpTwoFactor === true || backupCodesShown;
  const held = mustChangePassword || mustSetUpTwoFactor;
  // The live channel refreshes it when notifications change.
  const { data: unread } = useQuery({ ...unreadCountQuery, enabled: !!user && !held });
  const unreadCount = unread?.count ?? 0;
  useKeyboardShortcuts({ onHelp: showShortcuts, onPalette: palette.toggle, enabled: !held });

  const title = t(`routes.${route.key}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  if (!user) return null;
  if (mustChangePassword) {
    return (
      <Suspense fallback={null}>
        <PasswordChangeScreen onLogout={logout} loggingOut={loggingOut} />
      </Suspense>
    );
  }
  if (mustSetUpTwoFactor) {
    return (
      <Suspense fallback={null}>
        <TwoFactorSetupScreen
          onLogout={logout}
          loggingOut={loggingOut}
          onCodesShown={() => setBackupCodesShown(true)}
          onDone={() => void refreshUser(queryClient).then(() => setBackupCodesShown(false))}
        />
      </Suspense>
    );
  }

  return (
    <LiveProvider enabled>
      <a
        href="#main"
        className="sr-only z-50 print:hidden rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <aside className="fixed inset-y-0 start-0 z-30 hidden w-72 md:flex print:hidden" data-testid="sidebar">
        <SidebarContent user={user} activePath={route.path} unreadCount={unreadCount} />
      </aside>
      {navigationDrawer && (
        <navigationDrawer.NavigationDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          user={user}
          activePath={route.path}
          unreadCount={unreadCount}
        />
      )}

      <div className="flex min-h-dvh flex-col md:ps-72 print:min-h-0 print:ps-0">
        <TopBar
          route={route}
          user={user}
          unreadCount={unreadCount}
          onOpenMenu={() => setDrawerOpen(true)}
          onShowShortcuts={showShortcuts}
          onSearch={palette.show}
          onPrepareSearch={palette.prepare}
          onLogout={() => setLogoutOpen(true)}
        />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-[1400px] flex-1 px-4 py-5 outline-none md:px-8 md:py-6 print:max-w-none print:p-0"
        >
          <Suspense fallback={<PageSkeleton />}>
            {route.page ? (
              <RoutePage key={route.path} page={route.page} />
            ) : (
              <PlaceholderPage
                key={route.path}
                moduleKey={route.key}
                title={title}
                description={t(`routes.${route.key}.about`)}
                icon={route.icon}
              />
            )}
          </Suspense>
        </main>
      </div>

      {palette.loaded && (
        <palette.loaded.CommandPalette
          key={palette.opening.key}
          open={palette.open}
          onOpenChange={palette.setOpen}
          user={user}
          initialText={palette.opening.text}
        />
      )}
      {shortcutsDialog && <shortcutsDialog.ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />}
      {logoutDialog && <logoutDialog.LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />}
      {user.hasCompletedOnboarding !== true && (
        <Suspense fallback={null}>
          <OnboardingDialog user={user} />
        </Suspense>
      )}
    </LiveProvider>
  );
}
