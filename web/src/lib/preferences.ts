import { useSyncExternalStore } from 'react';
import { VIEW_COOKIE, viewClasses, viewCookieValue } from '@core/view-preferences.ts';
import { DEFAULT_USER_SETTINGS, knownSettings, type UserSettings } from '@core/contracts/user-settings.values.ts';
import { setDisplayFormats } from './format';

/** Display preferences kept in this browser (spec section 4 names the first two keys). */
export const LANGUAGE_KEY = 'language';
export const HIGH_CONTRAST_KEY = 'high-contrast-mode';
export const THEME_KEY = 'theme';
/** The user's other settings (date and time formats, font size, compact mode, notices, sounds, shortcuts), as JSON. */
export const SETTINGS_KEY = 'user-settings';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Theme = 'light' | 'dark';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice still applies to this page.
  }
}

export function storedLanguage(): Language {
  const value = read(LANGUAGE_KEY);
  return value === 'ar' ? 'ar' : 'en';
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Mirrors the display preferences (and this browser's time zone) into a cookie, so the server
 * renders the next page as this browser shows it (core/view-preferences.ts).
 */
function writeViewCookie() {
  try {
    const settings = storedSettings();
    const value = viewCookieValue({
      language: storedLanguage(),
      theme: storedTheme(),
      highContrast: isHighContrast(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      dateFormat: settings.dateFormat,
      timeFormat: settings.timeFormat,
      fontSize: settings.fontSize,
      compactMode: settings.compactMode,
    });
    document.cookie = `${VIEW_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies off: pages are then rendered in the browser only.
  }
}

/** Sets <html lang dir> and remembers the choice. */
export function applyLanguage(language: Language) {
  const html = document.documentElement;
  html.lang = language;
  html.dir = directionOf(language);
  write(LANGUAGE_KEY, language);
  writeViewCookie();
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Told of every change of the display preferences and settings (lib/tenant.ts's formatters listen). */
export const subscribePreferences = subscribe;
function emit() {
  for (const listener of listeners) listener();
}

export function isHighContrast(): boolean {
  return read(HIGH_CONTRAST_KEY) === 'true';
}

export function storedTheme(): Theme {
  return read(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

/**
 * The user's settings as this browser keeps them: the last ones the server sent for the user who
 * signed in here (or chosen here while signed out), the defaults for a browser that has none.
 */
let settingsCache: { raw: string | null; theme: Theme; language: Language; settings: UserSettings } | undefined;
export function storedSettings(): UserSettings {
  const raw = read(SETTINGS_KEY);
  const theme = storedTheme();
  const language = storedLanguage();
  // One object while nothing changed: useSyncExternalStore compares snapshots by identity.
  if (settingsCache && settingsCache.raw === raw && settingsCache.theme === theme && settingsCache.language === language) {
    return settingsCache.settings;
  }
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null; // not ours or damaged: the defaults
  }
  const settings = { ...knownSettings(parsed), theme, language };
  settingsCache = { raw, theme, language, settings };
  return settings;
}

function applyClasses() {
  const html = document.documentElement;
  const settings = storedSettings();
  const wanted = new Set(viewClasses({ ...settings, highContrast: isHighContrast() }));
  for (const name of ['dark', 'high-contrast', 'font-small', 'font-large', 'compact-mode']) html.classList.toggle(name, wanted.has(name));
  setDisplayFormats({ dateFormat: settings.dateFormat, timeFormat: settings.timeFormat });
  writeViewCookie();
}

export function setHighContrast(on: boolean) {
  write(HIGH_CONTRAST_KEY, on ? 'true' : 'false');
  applyClasses();
  emit();
}

export function setTheme(theme: Theme) {
  write(THEME_KEY, theme);
  applyClasses();
  emit();
}

/**
 * Keeps `settings` in this browser and applies them at once: theme, font size, compact mode and
 * the formats of dates and times (the language is the translator's to change: lib/user-settings.ts).
 */
export function storeSettings(settings: UserSettings) {
  const { language: _language, theme, ...rest } = settings;
  write(THEME_KEY, theme);
  write(SETTINGS_KEY, JSON.stringify(rest));
  applyClasses();
  emit();
}

/** Applies the stored theme, contrast, settings and language before the first render. */
export function applyStoredPreferences() {
  applyClasses();
  applyLanguage(storedLanguage());
}

export function useHighContrast(): boolean {
  return useSyncExternalStore(subscribe, isHighContrast, () => false);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, storedTheme, () => 'light' as Theme);
}

/** The user's settings as this browser applies them; a component renders again when one changes. */
export function useStoredSettings(): UserSettings {
  return useSyncExternalStore(subscribe, storedSettings, () => DEFAULT_USER_SETTINGS);
}

/** Whether the global keyboard shortcuts are on (the user's setting; on by default). */
export function areShortcutsEnabled(): boolean {
  return storedSettings().enableKeyboardShortcuts;
}
