import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import './index.css';
import { applyStoredPreferences, storedLanguage } from './lib/preferences';
import { setRenderedAt } from './lib/format';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { findRoute, preloadRoute } from './app/routes';
import { App } from './app/app';

/**
 * The page as the server rendered it (web/src/entry-server.tsx, server/plugins/page-html.ts):
 * the language it was rendered in and the answers of its reads; null when the server sent the
 * plain page.
 */
type ServerRendered = { language: string; renderedAt: number; queries: DehydratedState };

function serverRendered(): ServerRendered | null {
  const element = document.getElementById('page-state');
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as ServerRendered;
  } catch {
    return null;
  }
}

applyStoredPreferences();

const language = storedLanguage();
const rendered = serverRendered();
// The server's answers are this page's reads: the app takes them instead of asking again.
if (rendered) hydrate(queryClient, rendered.queries);
const ready = initI18n(language);
// The first page's code, dictionaries and reads start now, beside the dictionaries of the shell.
void preloadRoute(queryClient, location.pathname, location.search, language);
const page = findRoute(location.pathname)?.page;

/** Whether the markup in #root can be taken over as it is: rendered as this browser shows it, with the page's code in. */
async function canHydrate(): Promise<boolean> {
  if (!rendered || rendered.language !== language || !page) return false;
  return page.load(language).then(
    () => true,
    () => false,
  );
}

/**
 * Once the browser has painted its next frame: the server's page is on screen before the app's
 * hydration (some tens of milliseconds of script) takes the main thread. A tab in the background
 * paints no frame: there, after a moment.
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

void ready.finally(async () => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (await canHydrate()) {
    await afterNextPaint();
    // The server's markup becomes the app's without being built again; where it differs from
    // what the browser renders (a time that moved on), React renders it again and says so.
    container.dataset.render = 'hydrating';
    // What the page shows of the time (relative times, today) as the server drew it; the app's
    // first effect gives the real time back (app.tsx).
    setRenderedAt(rendered!.renderedAt);
    hydrateRoot(container, app, {
      onRecoverableError(error, info) {
        container.dataset.render = 'recovered';
        console.warn('Workbay: the page was rendered again in the browser:', error, info.componentStack);
      },
    });
    return;
  }
  container.dataset.render = 'client';
  const root = createRoot(container);
  // A transition renders in slices: the answers already on their way (the user, then the page's
  // reads it unlocks) are taken between them instead of after the whole first render.
  startTransition(() => root.render(app));
});
