import { useSyncExternalStore } from 'react';
import i18n, { type TFunction } from './translator';

/**
 * The app's translation hook: `t` of the active language and one namespace (the default one,
 * `common`, without), and the translator (lib/translator.ts). A component renders again when
 * the language changes or a dictionary arrives. One `t` per language and namespace, shared by
 * every component: react-i18next's hook (when the app still used i18next) copied the whole
 * i18next instance for each component it ran in (about a tenth of a page's render, on the server
 * and in the browser alike).
 */
export function useTranslation(namespace = 'common'): { t: TFunction; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, currentRevision, currentRevision);
  return { t: translator(namespace), i18n };
}

const translators = new Map<string, TFunction>();

function translator(namespace: string): TFunction {
  const key = `${i18n.language}|${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = i18n.getFixedT(i18n.language, namespace);
    translators.set(key, t);
  }
  return t;
}

let revision = 0;
const listeners = new Set<() => void>();
const currentRevision = () => revision;

/** A new language or dictionary: every `t` is made again, and every component using one renders. */
function changed() {
  revision += 1;
  translators.clear();
  for (const listener of listeners) listener();
}

let bound = false;
function subscribe(listener: () => void) {
  if (!bound) {
    bound = true;
    i18n.on('languageChanged', changed);
    i18n.store.on('added', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
