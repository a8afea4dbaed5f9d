import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import './index.css';
import { applyStoredPreferences, storedLanguage } from './lib/preferences';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { preloadRoute } from './app/routes';
import { App } from './app/app';

applyStoredPreferences();

const language = storedLanguage();
const ready = initI18n(language);
// The first page's code, dictionaries and reads start now, beside the dictionaries of the shell.
preloadRoute(queryClient, location.pathname, location.search, language);

void ready.finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices: the answers already on their way (the user, then the page's
  // reads it unlocks) are taken between them instead of after the whole first render.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
