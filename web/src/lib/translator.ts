/**
 * The app's dictionaries and their lookup: what i18next did for us, in the part we use, at a
 * tenth of its size (i18next was 13 kB gzip of every page, and its lookups a tenth of a page's
 * render on the server). Plain data: languages, namespaces (web/src/locales/<language>/<ns>.json),
 * nested keys.
 *
 * `t('key.path')` looks the key up in the namespace (`ns` option, else the fixed one, else
 * `common`), a `namespace:` prefix choosing another; in the language (`lng` option, else the
 * active one), then in English. A text's `{{name}}` takes the option of that name (an option given
 * as undefined or null: nothing; an option not given: the placeholder stays). A key found nowhere
 * gives `defaultValue` when given, else the key itself (without its namespace), as i18next did.
 * Not supported, and used by no dictionary (locales.test.ts checks): plurals, contexts, nesting.
 */

import { interpolate } from '@core/interpolate.ts';

/** A namespace's texts: strings, nested under keys (JSON as web/src/locales holds it). */
export type Dictionary = { [key: string]: unknown };
export type TOptions = { ns?: string; lng?: string; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;
export type InitOptions = {
  resources?: Record<string, Record<string, Dictionary>>;
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
};

function deepMerge(into: Dictionary, from: Dictionary): Dictionary {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    const nested = (v: unknown): v is Dictionary => typeof v === 'object' && v !== null;
    into[key] = nested(value) && nested(existing) ? deepMerge({ ...existing }, value) : value;
  }
  return into;
}

export class Translator {
  language = 'en';
  private fallbackLanguage = 'en';
  private defaultNamespace = 'common';
  private readonly languageListeners = new Set<(language: string) => void>();
  private readonly addedListeners = new Set<(language: string, namespace: string) => void>();
  /** Every dictionary loaded, by language and namespace; `on('added')` hears of each new one. */
  readonly store = {
    data: {} as Record<string, Record<string, Dictionary>>,
    on: (_event: 'added', listener: (language: string, namespace: string) => void) => {
      this.addedListeners.add(listener);
    },
  };

  init(options: InitOptions): Promise<void> {
    this.language = options.lng ?? this.language;
    this.fallbackLanguage = options.fallbackLng ?? this.fallbackLanguage;
    this.defaultNamespace = options.defaultNS ?? this.defaultNamespace;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, dictionary] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, dictionary);
    }
    return Promise.resolve();
  }

  on(_event: 'languageChanged', listener: (language: string) => void) {
    this.languageListeners.add(listener);
  }

  /** Takes effect at once (the dictionaries are loaded beforehand: lib/i18n.ts changeLanguage). */
  changeLanguage(language: string): Promise<void> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of this.languageListeners) listener(language);
    }
    return Promise.resolve();
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store.data[language]?.[namespace] !== undefined;
  }

  /** Adds (or merges into) a namespace's dictionary of a language. */
  addResourceBundle(language: string, namespace: string, dictionary: Dictionary) {
    const namespaces = (this.store.data[language] ??= {});
    namespaces[namespace] = namespaces[namespace] ? deepMerge({ ...namespaces[namespace] }, dictionary) : dictionary;
    for (const listener of this.addedListeners) listener(language, namespace);
  }

  /** `t` of one language and namespace (null: the active language, at each call). */
  getFixedT(language: string | null, namespace?: string): TFunction {
    return (key, options) => this.translate(key, options?.lng ?? language ?? this.language, options?.ns ?? namespace, options);
  }

  t: TFunction = (key, options) => this.translate(key, options?.lng ?? this.language, options?.ns, options);

  private translate(key: string, language: string, namespace: string | undefined, options: TOptions | undefined): string {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : (namespace ?? this.defaultNamespace);
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const found =
      this.lookup(language, ns, path) ?? (language === this.fallbackLanguage ? undefined : this.lookup(this.fallbackLanguage, ns, path));
    if (found === undefined) return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
    return interpolate(found, options);
  }

  private lookup(language: string, namespace: string, path: string): string | undefined {
    let node: unknown = this.store.data[language]?.[namespace];
    for (const part of path.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Dictionary)[part];
    }
    return typeof node === 'string' ? node : undefined;
  }
}

/** The app's one translator, in the browser and in the server's page renderer. */
const i18n = new Translator();
export default i18n;
