import { useSyncExternalStore } from 'react';
import { VIEW_COOKIE, viewCookieValue } from '@core/view-preferences.ts';

/** Display preferences kept in this browser (spec section 4 names the first two keys). */
export const LANGUAGE_KEY = 'language';
export const HIGH_CONTRAST_KEY = 'high-contrast-mode';
export const THEME_KEY = 'theme';

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
    const value = viewCookieValue({
      language: storedLanguage(),
      theme: storedTheme(),
      highContrast: isHighContrast(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
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
function emit() {
  for (const listener of listeners) listener();
}

export function isHighContrast(): boolean {
  return read(HIGH_CONTRAST_KEY) === 'true';
}

export function storedTheme(): Theme {
  return read(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

function applyClasses() {
  const html = document.documentElement;
  html.classList.toggle('high-contrast', isHighContrast());
  html.classList.toggle('dark', storedTheme() === 'dark');
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

/** Applies the stored theme, contrast and language before the first render. */
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
