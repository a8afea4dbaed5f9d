import i18n, { type TFunction } from './translator';
import { isApiError } from './api';

/**
 * The text to show for a failed call: the server's human message in English; in Arabic the
 * dictionary's text for the error code when there is one (common:serverErrors), else the message.
 */
export function errorMessage(error: unknown, t: TFunction, fallback?: string): string {
  if (isApiError(error)) {
    if (error.code && i18n.language !== 'en') {
      const key = `serverErrors.${error.code}`;
      const translated = t(key, { ns: 'common', defaultValue: '', ...(error.params ?? {}) });
      if (translated) return translated;
    }
    return error.serverMessage || fallback || '';
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? '';
}
