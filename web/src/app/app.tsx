import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useTranslation } from '@/lib/translation';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { setRenderedAt } from '@/lib/format';
import { AuthProvider } from '@/lib/auth';
import { directionOf } from '@/lib/preferences';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Toaster } from '@/components/ui/toast';
import { AppRouter } from './router';

/** Radix menus, selects and tabs follow the language's reading direction. */
function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Direction.Provider dir={directionOf(i18n.language)}>{children}</Direction.Provider>;
}

/**
 * A page the server rendered (web/src/entry-server.tsx) arrives `inert`: seen at once, but not
 * to be used before the app has taken it over (a press would do nothing). Once the app's first
 * render is in the document (hydrated, or rendered again), the page is the app's; #root's
 * `data-render` then says how (main.tsx): hydrated, recovered (rendered again) or client.
 */
function TakeOverPage() {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    if (root?.dataset.render === 'hydrating') root.dataset.render = 'hydrated';
    setRenderedAt(undefined);
  }, []);
  return null;
}

/** The whole app; `client` is the browser's query client unless the server renders a page with its own. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <DirectionProvider>
        <TooltipProvider>
          <AuthProvider>
            <AppRouter />
            <Toaster />
            <TakeOverPage />
          </AuthProvider>
        </TooltipProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
