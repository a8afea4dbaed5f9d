import type { ComponentType } from 'react';
import i18n, { type InitOptions } from './translator';
import { applyLanguage, type Language } from './preferences';

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

/**
 * The shell's namespaces: English ones are bundled (English is the source and the fallback).
 * Every other namespace belongs to pages and loads with them (`lazyPage`), in English and in
 * the active language. Arabic's core loads when Arabic is chosen.
 */
export const CORE_NAMESPACES = ['common', 'shell', 'auth', 'onboarding', 'placeholder', 'account'];
const en = byNamespace(
  import.meta.glob<Record<string, unknown>>('../locales/en/{common,shell,auth,onboarding,placeholder,account}.json', {
    eager: true,
    import: 'default',
  }),
);
const coreLoaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionaries>> = {
  ar: () => import('./locales-ar').then((m) => m.default),
};
/** Page namespaces, one small chunk each. */
const pageFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/*/{common,shell,auth,onboarding,placeholder,account}.json'],
  {
    import: 'default',
  },
);

async function ensureNamespace(language: string, namespace: string) {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = pageFiles[`../locales/${language}/${namespace}.json`];
  if (load) i18n.addResourceBundle(language, namespace, await load());
}

/** Loads page namespaces in English (the fallback) and in the active language. */
export async function loadNamespaces(namespaces: string[], language: string = i18n.language) {
  const languages = language && language !== 'en' ? ['en', language] : ['en'];
  await Promise.all(languages.flatMap((lng) => namespaces.map((ns) => ensureNamespace(lng, ns))));
}

/**
 * A page whose code loads on demand, together with its dictionaries (so it never shows raw
 * keys). The router starts `load` as soon as the page is wanted (navigation, a link's hover) and
 * renders the component once `loaded` returns it: no Suspense fallback, which React would keep
 * on screen for a while after the page is ready.
 */
export type LazyPage = {
  /** Starts (once) the page's code and loads its namespaces in `language`; resolves to the page. */
  load(language?: string): Promise<ComponentType>;
  /** The page, once its code and dictionaries are in. */
  loaded(): ComponentType | undefined;
};

export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: string[]): LazyPage {
  let code: Promise<ComponentType> | undefined;
  let component: ComponentType | undefined;
  return {
    load(language) {
      code ??= load().then((module) => module.default);
      // A failed download may be retried by the next navigation.
      code.catch(() => (code = undefined));
      return Promise.all([code, loadNamespaces(namespaces, language)]).then(([page]) => (component = page));
    },
    loaded: () => component,
  };
}

async function loadLanguage(language: Language) {
  if (language === 'en') return;
  if (!i18n.hasResourceBundle(language, 'common')) {
    const dictionaries = await coreLoaders[language]();
    for (const [namespace, dictionary] of Object.entries(dictionaries)) {
      i18n.addResourceBundle(language, namespace, dictionary);
    }
  }
  // The pages already open need their dictionaries in the new language too.
  const opened = Object.keys(i18n.store.data.en ?? {}).filter((ns) => !CORE_NAMESPACES.includes(ns));
  await loadNamespaces(opened, language);
}

/** The translator's settings, in the browser and in the server's page renderer (web/src/entry-server.tsx). */
export function i18nOptions(resources: Record<string, Dictionaries>): InitOptions {
  return { resources, lng: 'en', fallbackLng: 'en', defaultNS: 'common' };
}

/** Initialises the translator in the stored language (loading its dictionaries first). */
export async function initI18n(language: Language) {
  await i18n.init(i18nOptions({ en }));
  i18n.on('languageChanged', (next) => applyLanguage(next === 'ar' ? 'ar' : 'en'));
  if (language !== 'en') await changeLanguage(language);
}

/** Switches the interface language: loads it if needed, sets <html lang dir>, remembers it. */
export async function changeLanguage(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
