import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { translateValidation } from '@/lib/validation';
import { toast } from '@/components/ui/toast';
import { INVALID_PAYMENT_MESSAGE } from './model';

/** The contract's English messages (core/contracts/billing.ts) and their `billing:validation` keys. */
const MESSAGES: Record<string, string> = {
  'Estimate number must be in format EST-XXXXXX': 'estimateNumber',
  'Invoice number must be in format INV-XXXXXX': 'invoiceNumber',
  'Customer is required': 'customerRequired',
  'Vehicle is required': 'vehicleRequired',
  'Description is required': 'descriptionRequired',
  'Labor cost must be at least 0': 'laborCostMin',
  'Parts cost must be at least 0': 'partsCostMin',
  'Tax amount must be at least 0': 'taxAmountMin',
  'Total amount must be at least 0': 'totalAmountMin',
  'Paid amount must be at least 0': 'paidAmountMin',
  'Unit price must be at least 0': 'unitPriceMin',
  'Unit price is required': 'unitPriceRequired',
  'Quantity must be a number': 'quantityNumber',
  'Quantity must be greater than 0': 'quantityMin',
  'Quantity must be at most 100,000': 'quantityMax',
  'At most 200 lines': 'linesMax',
  'Must be a number': 'number',
  'Must be at most 99,999,999.99': 'moneyMax',
  'Paid, partially paid and overdue follow from the payments and the due date': 'statusDerived',
  [INVALID_PAYMENT_MESSAGE]: 'invalidPayment',
};

/** A form message in the active language: this dictionary first, then the shared ones. */
export function validationText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const key = MESSAGES[message];
  return key ? t(`billing:validation.${key}`) : translateValidation(message, t);
}

/**
 * A failed call's text: the server's message in English; in Arabic this dictionary's text for
 * the error code (`billing:serverErrors`), then a known validation message, then the shared ones.
 */
export function failureText(error: unknown, t: TFunction, fallback?: string): string {
  if (isApiError(error) && i18next.language !== 'en') {
    if (error.code) {
      const translated = t(`billing:serverErrors.${error.code}`, { defaultValue: '', ...(error.params ?? {}) });
      if (translated) return translated;
    }
    const known = error.serverMessage && MESSAGES[error.serverMessage];
    if (known) return t(`billing:validation.${known}`);
  }
  return errorMessage(error, t, fallback);
}

/** A success toast (spec section 8): the action's title ("Estimate Created") and what it was about. */
export function notifySuccess(title: string, description: string) {
  toast({ variant: 'success', title, description });
}

/** A failure toast titled with the action ("Creation Failed"): the server's message, else the title. */
export function notifyFailure(t: TFunction, error: unknown, title: string) {
  toast({ variant: 'destructive', title, description: failureText(error, t, title) || title });
}

/** The spec's "Invalid Payment" toast: title and the rest of the message (section 5). */
export function notifyInvalidPayment(t: TFunction) {
  toast({ variant: 'destructive', title: t('billing:payment.invalidTitle'), description: t('billing:payment.invalidBody') });
}

/** Whether a failed call is the server's invalid-payment refusal (400 with the spec's message). */
export function isInvalidPayment(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && (error.serverMessage ?? '').startsWith('Invalid Payment');
}
