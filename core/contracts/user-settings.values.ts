/**
 * The values of a user's settings (spec/garage.md's user_settings) and their defaults, without
 * zod: the web reads them on every page (lib/preferences.ts), the contract (auth.ts) checks them.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
export const THEMES = ['light', 'dark'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type SettingsLanguage = (typeof LANGUAGES)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];
export type SettingsTheme = (typeof THEMES)[number];
export type FontSize = (typeof FONT_SIZES)[number];

export type UserSettings = {
  language: SettingsLanguage;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  theme: SettingsTheme;
  fontSize: FontSize;
  compactMode: boolean;
  /** In-app notices of an arriving notification (today: its tone, which also needs enableSounds). */
  enableNotifications: boolean;
  /** A short tone when a notification arrives. */
  enableSounds: boolean;
  /** The global shortcuts (Ctrl+D, Ctrl+T, Ctrl+K, Shift+?). */
  enableKeyboardShortcuts: boolean;
};

/** The spec's defaults (language en, MM/DD/YYYY, 12h, light, medium); the switches keep today's behaviour. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  language: 'en',
  dateFormat: 'MM/DD/YYYY',
  timeFormat: '12h',
  theme: 'light',
  fontSize: 'medium',
  compactMode: false,
  enableNotifications: true,
  enableSounds: false,
  enableKeyboardShortcuts: true,
};

export const USER_SETTING_KEYS = Object.keys(DEFAULT_USER_SETTINGS) as Array<keyof UserSettings>;

/** The value of each setting in `value` when it is one of its values, else the default: for settings kept in a browser. */
export function knownSettings(value: unknown): UserSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const pick = <T extends string>(values: readonly T[], key: keyof UserSettings) =>
    values.includes(v[key] as T) ? (v[key] as T) : (DEFAULT_USER_SETTINGS[key] as T);
  const flag = (key: keyof UserSettings) => (typeof v[key] === 'boolean' ? (v[key] as boolean) : (DEFAULT_USER_SETTINGS[key] as boolean));
  return {
    language: pick(LANGUAGES, 'language'),
    dateFormat: pick(DATE_FORMATS, 'dateFormat'),
    timeFormat: pick(TIME_FORMATS, 'timeFormat'),
    theme: pick(THEMES, 'theme'),
    fontSize: pick(FONT_SIZES, 'fontSize'),
    compactMode: flag('compactMode'),
    enableNotifications: flag('enableNotifications'),
    enableSounds: flag('enableSounds'),
    enableKeyboardShortcuts: flag('enableKeyboardShortcuts'),
  };
}
