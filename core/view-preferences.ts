import {
  DATE_FORMATS,
  FONT_SIZES,
  TIME_FORMATS,
  type DateFormat,
  type FontSize,
  type TimeFormat,
} from './contracts/user-settings.values.ts';
import { isTimeZone } from './time-zone.ts';

/**
 * How a browser shows the app, mirrored from its own storage into a cookie so the server can
 * render a page as that browser would: the language, the theme, high contrast, the browser's
 * time zone (dates given without a workshop zone read in it), and the user's date and time
 * formats, font size and compact mode (their settings, which the browser keeps too). The client
 * writes the cookie (web/src/lib/preferences.ts); the server reads it (server/plugins/web.ts).
 * Nothing in it is a secret or a permission: a wrong or forged value only changes how the page's
 * first paint looks.
 */
export const VIEW_COOKIE = 'workbay_view';

export type ViewPreferences = {
  language: 'en' | 'ar';
  theme: 'light' | 'dark';
  highContrast: boolean;
  timeZone: string;
  /** The user's settings of how dates, times and the page are drawn; the defaults when absent (an older cookie). */
  dateFormat?: DateFormat;
  timeFormat?: TimeFormat;
  fontSize?: FontSize;
  compactMode?: boolean;
};

/** The cookie's value: a query string (`lang=ar&theme=dark&contrast=1&tz=Asia%2FDubai&date=DD%2FMM%2FYYYY&time=24h&font=large&compact=1`). */
export function viewCookieValue(view: ViewPreferences): string {
  const params = new URLSearchParams({
    lang: view.language,
    theme: view.theme,
    contrast: view.highContrast ? '1' : '0',
    tz: view.timeZone,
  });
  if (view.dateFormat) params.set('date', view.dateFormat);
  if (view.timeFormat) params.set('time', view.timeFormat);
  if (view.fontSize) params.set('font', view.fontSize);
  if (view.compactMode !== undefined) params.set('compact', view.compactMode ? '1' : '0');
  return params.toString();
}

/** `value` when it is one of `values`, undefined when absent; null when present and not one of them. */
function optional<T extends string>(value: string | null, values: readonly T[]): T | undefined | null {
  if (value === null) return undefined;
  return values.includes(value as T) ? (value as T) : null;
}

/** The preferences in a cookie's value, or null when any part is missing (the first four) or not one of its values. */
export function parseViewCookie(value: string | undefined): ViewPreferences | null {
  if (!value || value.length > 300) return null;
  const params = new URLSearchParams(value);
  const language = params.get('lang');
  const theme = params.get('theme');
  const contrast = params.get('contrast');
  const timeZone = params.get('tz');
  if (language !== 'en' && language !== 'ar') return null;
  if (theme !== 'light' && theme !== 'dark') return null;
  if (contrast !== '0' && contrast !== '1') return null;
  if (!timeZone || !isTimeZone(timeZone)) return null;
  const view: ViewPreferences = { language, theme, highContrast: contrast === '1', timeZone };
  const dateFormat = optional(params.get('date'), DATE_FORMATS);
  const timeFormat = optional(params.get('time'), TIME_FORMATS);
  const fontSize = optional(params.get('font'), FONT_SIZES);
  const compact = optional(params.get('compact'), ['0', '1'] as const);
  if (dateFormat === null || timeFormat === null || fontSize === null || compact === null) return null;
  if (dateFormat) view.dateFormat = dateFormat;
  if (timeFormat) view.timeFormat = timeFormat;
  if (fontSize) view.fontSize = fontSize;
  if (compact) view.compactMode = compact === '1';
  return view;
}

/** The classes of `<html>` for a view: theme, contrast, font size and compact mode (web/src/index.css). */
export function viewClasses(view: Pick<ViewPreferences, 'theme' | 'highContrast' | 'fontSize' | 'compactMode'>): string[] {
  return [
    view.theme === 'dark' && 'dark',
    view.highContrast && 'high-contrast',
    view.fontSize === 'small' && 'font-small',
    view.fontSize === 'large' && 'font-large',
    view.compactMode && 'compact-mode',
  ].filter((c): c is string => typeof c === 'string');
}
