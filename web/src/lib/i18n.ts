import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage, LANGUAGES, type Language } from './preferences';

type Dictionaries = Record<string, Record<string, unknown>>;

/** Turns a glob of web/src/locales/<language>/<namespace>.json into { namespace: dictionary }. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Dictionaries {
  const out: Dictionaries = {};
  for (const [path, dictionary] of Object.entries(files)) {
    const match = /\/([^/]+)\.json$/.exec(path);
    if (match) out[match[1]] = dictionary;
  }
  return out;
}

/** English is the source and the fallback: bundled. Arabic loads when chosen. */
const en = byNamespace(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionaries>> = {
  ar: () => import('./locales-ar').then((m) => m.default),
};

export const NAMESPACES = Object.keys(en);

async function loadLanguage(language: Language) {
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const dictionaries = await loaders[language]();
  for (const [namespace, dictionary] of Object.entries(dictionaries)) {
    i18n.addResourceBundle(language, namespace, dictionary, true, true);
  }
}

/** Initialises i18next in the stored language (loading its dictionaries first). */
export async function initI18n(language: Language) {
  await i18n.use(initReactI18next).init({
    resources: { en },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  i18n.on('languageChanged', (next) => applyLanguage(next === 'ar' ? 'ar' : 'en'));
  if (language !== 'en') await changeLanguage(language);
}

/** Switches the interface language: loads it if needed, sets <html lang dir>, remembers it. */
export async function changeLanguage(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
