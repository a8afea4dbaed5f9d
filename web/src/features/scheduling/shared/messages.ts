import i18n, { type TFunction } from '@/lib/translator';
import { isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { translateValidation } from '@/lib/validation';

/**
 * A form message in the active language: the contract's English message mapped to a key of the
 * screen's own `validation` dictionary first, then the shared ones (common:validation).
 */
export function validationText(
  message: string | undefined,
  t: TFunction,
  namespace: string,
  keys: Record<string, string>,
): string | undefined {
  if (!message) return undefined;
  const key = keys[message];
  return key ? t(`${namespace}:validation.${key}`) : translateValidation(message, t);
}

/**
 * A failed call's text: the server's message in English; in Arabic the screen's dictionary text
 * for the error code (`<namespace>:serverErrors`), then the shared ones, then the message.
 */
export function failureText(error: unknown, t: TFunction, namespace: string, fallback?: string): string {
  if (isApiError(error) && error.code && i18n.language !== 'en') {
    const translated = t(`${namespace}:serverErrors.${error.code}`, { defaultValue: '', ...(error.params ?? {}) });
    if (translated) return translated;
  }
  return errorMessage(error, t, fallback);
}
