import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth';
import { directionOf } from '@/lib/preferences';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useToasts } from '@/components/ui/use-toast';
import { AppRouter } from './router';

/** Radix menus, selects and tabs follow the language's reading direction. */
function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Direction.Provider dir={directionOf(i18n.language)}>{children}</Direction.Provider>;
}

/**
 * The toast region (radix Toast) loads with the first toast: most visits show none, so its code
 * stays out of what every page loads. Toasts raised before it arrives show when it does.
 */
function Toasts() {
  const wanted = useToasts().length > 0;
  const [region, setRegion] = useState<{ Toaster: ComponentType } | null>(null);
  useEffect(() => {
    if (!wanted || region) return;
    let current = true;
    void import('@/components/ui/toast').then(({ Toaster }) => current && setRegion({ Toaster }));
    return () => {
      current = false;
    };
  }, [wanted, region]);
  return region ? <region.Toaster /> : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider>
        <TooltipProvider>
          <AuthProvider>
            <AppRouter />
            <Toasts />
          </AuthProvider>
        </TooltipProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
