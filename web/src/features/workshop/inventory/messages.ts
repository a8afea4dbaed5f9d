import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { translateValidation } from '@/lib/validation';
import { toast } from '@/components/ui/toast';

/** The contract's English messages (core/contracts/spare-parts.ts) and their `inventory:validation` keys. */
const MESSAGES: Record<string, string> = {
  'Name is required': 'nameRequired',
  'SKU is required': 'skuRequired',
  'Stock quantity must be 0 or greater': 'stockMin',
  'Minimum stock must be 0 or greater': 'minimumMin',
  'Unit price must be greater than 0': 'unitPriceMin',
  'Unit cost must be 0 or greater': 'unitCostMin',
  'Quantity must be 0 or greater': 'quantityMin0',
  'Quantity must be at least 1': 'quantityMin1',
  'Must be a whole number': 'whole',
  'Must be a number': 'number',
  'Must be at most 10,000,000': 'stockMax',
  'Must be at most 99,999,999.99': 'moneyMax',
};

/** A form message in the active language: this dictionary first, then the shared ones. */
export function validationText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const key = MESSAGES[message];
  return key ? t(`inventory:validation.${key}`) : translateValidation(message, t);
}

/**
 * A failed call's text: the server's message in English; in Arabic this dictionary's text for
 * the error code (`inventory:serverErrors`), then the shared ones (common:serverErrors).
 */
export function failureText(error: unknown, t: TFunction, fallback?: string): string {
  if (isApiError(error) && error.code && i18next.language !== 'en') {
    const translated = t(`inventory:serverErrors.${error.code}`, { defaultValue: '', ...(error.params ?? {}) });
    if (translated) return translated;
  }
  return errorMessage(error, t, fallback);
}

/** A success toast (spec section 8): titled "Success", the action's text below. */
export function notifySuccess(t: TFunction, description: string) {
  toast({ variant: 'success', title: t('inventory:toast.success'), description });
}

/** A failure toast: titled "Error", the server's message, else the action's own text. */
export function notifyFailure(t: TFunction, error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: t('inventory:toast.error'), description: failureText(error, t, fallback) || fallback });
}
