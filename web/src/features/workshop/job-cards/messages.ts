import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { translateValidation } from '@/lib/validation';
import { toast } from '@/components/ui/toast';

/** The contract's English messages (core/contracts/job-cards.ts) and their `job-cards:validation` keys. */
const MESSAGES: Record<string, string> = {
  'Job number must be in format JC-XXXXXX': 'jobNumber',
  'Customer is required': 'customerRequired',
  'Vehicle is required': 'vehicleRequired',
  'Service type is required': 'serviceTypeRequired',
  'Part is required': 'partRequired',
  'Quantity must be a whole number': 'quantityWhole',
  'Quantity must be at least 1': 'quantityMin',
  'Unit price must be 0 or greater': 'unitPriceMin',
  'Description is required': 'descriptionRequired',
  'Hours must be greater than 0': 'hoursMin',
  'Hours must be at most 1000': 'hoursMax',
  'Rate must be 0 or greater': 'rateMin',
  'Estimated cost must be 0 or greater': 'estimatedCostMin',
  'Actual cost must be 0 or greater': 'actualCostMin',
  'Must be a number': 'number',
  'Must be at most 99,999,999.99': 'moneyMax',
};

/** A form message in the active language: this dictionary first, then the shared ones. */
export function validationText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const key = MESSAGES[message];
  return key ? t(`job-cards:validation.${key}`) : translateValidation(message, t);
}

/**
 * A failed call's text: the server's message in English; in Arabic this dictionary's text for
 * the error code (`job-cards:serverErrors`), then the shared ones (common:serverErrors).
 */
export function failureText(error: unknown, t: TFunction, fallback?: string): string {
  if (isApiError(error) && error.code && i18next.language !== 'en') {
    const translated = t(`job-cards:serverErrors.${error.code}`, { defaultValue: '', ...(error.params ?? {}) });
    if (translated) return translated;
  }
  return errorMessage(error, t, fallback);
}

/** A success toast (spec section 8): titled "Success", the action's text below. */
export function notifySuccess(t: TFunction, description: string) {
  toast({ variant: 'success', title: t('job-cards:toast.success'), description });
}

/** A failure toast: titled "Error", the server's message, else the action's own text. */
export function notifyFailure(t: TFunction, error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: t('job-cards:toast.error'), description: failureText(error, t, fallback) || fallback });
}
