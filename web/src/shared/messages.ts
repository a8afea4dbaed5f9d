import i18n, { type TFunction } from '@/lib/translator';
import { isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { translateValidation } from '@/lib/validation';
import { toast } from '@/components/ui/toast';

/**
 * The one set of message helpers of the screens (spec section 8 toasts, section 5 messages).
 * `namespace` is the screen's dictionary: its `serverErrors.<code>` texts come before the shared
 * ones (common:serverErrors).
 */

/** A form message (a contract's English text) in the active language. */
export function validationText(message: string | undefined, t: TFunction): string | undefined {
  return translateValidation(message, t);
}

/**
 * A failed call's text: the server's message in English; in another language the screen's
 * dictionary text for the error code, then the shared one, then a known validation message.
 */
export function failureText(error: unknown, t: TFunction, namespace?: string, fallback?: string): string {
  if (isApiError(error) && i18n.language !== 'en') {
    if (error.code && namespace) {
      const translated = t(`${namespace}:serverErrors.${error.code}`, { defaultValue: '', ...(error.params ?? {}) });
      if (translated) return translated;
    }
    const known = error.serverMessage ? translateValidation(error.serverMessage, t) : undefined;
    if (known && known !== error.serverMessage) return known;
  }
  return errorMessage(error, t, fallback);
}

/** A success toast: the action's title ("Success", "Estimate Created") and what it was about. */
export function notifySuccess(title: string, description: string) {
  toast({ variant: 'success', title, description });
}

/** A failure toast: the title ("Error", "Creation Failed"), the server's message, else `fallback`. */
export function notifyFailure(title: string, error: unknown, t: TFunction, namespace?: string, fallback: string = title) {
  toast({ variant: 'destructive', title, description: failureText(error, t, namespace, fallback) || fallback });
}

/** The workshop screens' toasts: titled "Success" / "Error" from the dictionary `t` is bound to. */
export function toastSuccess(t: TFunction, description: string) {
  notifySuccess(t('toast.success'), description);
}

export function toastFailure(t: TFunction, error: unknown, fallback: string, namespace?: string) {
  notifyFailure(t('toast.error'), error, t, namespace, fallback);
}
