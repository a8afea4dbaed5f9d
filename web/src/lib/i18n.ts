import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage, LANGUAGES, storedLanguage, type Language } from './preferences';

/** Every web/src/locales/<language>/<namespace>.json, bundled: the dictionaries are small. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, dictionary] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  (resources[language] ??= {})[namespace] = dictionary;
}

export const NAMESPACES = Object.keys(resources.en ?? {});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

i18n.on('languageChanged', (language) => {
  applyLanguage(language === 'ar' ? 'ar' : 'en');
});

export function changeLanguage(language: Language) {
  return i18n.changeLanguage(language);
}

export default i18n;
