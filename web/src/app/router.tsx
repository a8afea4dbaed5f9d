import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { findRoute, isRouteOff, preloadRoute, type AppRoute } from './routes';
// Every signed-in page needs the shell: it comes with the app, not as one more round trip.
import AppShell from './shell/app-shell';
import { NotFoundPage } from './not-found-page';

const AuthPage = lazy(() => import('@/features/auth/auth-page'));

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" data-testid="page-loading">
      <Spinner size="lg" label={t('status.loading')} />
    </div>
  );
}

/** The user could not be loaded for another reason than "signed out" (server down, network). */
function UserLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('errors.unreachableTitle')}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{t('errors.unreachableBody')}</p>
      <Button onClick={onRetry}>{t('actions.retry')}</Button>
    </div>
  );
}

/** Spinner while the user loads, the page when signed in, /auth otherwise (spec section 2). */
function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading, error, refetchUser } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user && error) return <UserLoadError onRetry={refetchUser} />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}

export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  // Navigation: the page's code and data, side by side (main.tsx starts the first page's).
  useEffect(() => void preloadRoute(queryClient, location, search), [queryClient, location, search]);
  if (location === '/auth' || location === '/auth/') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AuthPage />
      </Suspense>
    );
  }
  const route = findRoute(location);
  if (!route) return <NotFoundPage />;
  return (
    <ProtectedRoute>
      <ModuleGate route={route} />
    </ProtectedRoute>
  );
}

/** A page of a module the workshop turned off is not found, as its API answers 404. */
function ModuleGate({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  if (user && isRouteOff(route, user.disabledFeatures)) return <NotFoundPage />;
  return <AppShell route={route} />;
}
