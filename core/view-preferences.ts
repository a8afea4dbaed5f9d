/**
 * How a browser shows the app, mirrored from its own storage into a cookie so the server can
 * render a page as that browser would: the language, the theme, high contrast, and the browser's
 * time zone (dates given without a workshop zone read in it). The client writes the cookie
 * (web/src/lib/preferences.ts); the server reads it (server/plugins/web.ts). Nothing in it is a
 * secret or a permission: a wrong or forged value only changes how the page's first paint looks.
 */
export const VIEW_COOKIE = 'workbay_view';

export type ViewPreferences = {
  language: 'en' | 'ar';
  theme: 'light' | 'dark';
  highContrast: boolean;
  timeZone: string;
};

/** The cookie's value: a query string (`lang=ar&theme=dark&contrast=1&tz=Asia%2FDubai`). */
export function viewCookieValue(view: ViewPreferences): string {
  return new URLSearchParams({
    lang: view.language,
    theme: view.theme,
    contrast: view.highContrast ? '1' : '0',
    tz: view.timeZone,
  }).toString();
}

/** An IANA zone name as Intl knows it ("Asia/Dubai", "UTC"); false for anything else. */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The preferences in a cookie's value, or null when any part is missing or not one of its values. */
export function parseViewCookie(value: string | undefined): ViewPreferences | null {
  if (!value || value.length > 200) return null;
  const params = new URLSearchParams(value);
  const language = params.get('lang');
  const theme = params.get('theme');
  const contrast = params.get('contrast');
  const timeZone = params.get('tz');
  if (language !== 'en' && language !== 'ar') return null;
  if (theme !== 'light' && theme !== 'dark') return null;
  if (contrast !== '0' && contrast !== '1') return null;
  if (!timeZone || !isTimeZone(timeZone)) return null;
  return { language, theme, highContrast: contrast === '1', timeZone };
}
