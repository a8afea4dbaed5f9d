import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider>
        <TooltipProvider>
          <AuthProvider>
            <AppRouter />
            <Toaster />
          </AuthProvider>
        </TooltipProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
