import type { TFunction } from 'i18next';
import { translateValidation } from '@/lib/validation';

const MESSAGES: Array<[RegExp, string]> = [
  [/^Customer is required$/, 'validation.customerRequired'],
  [/^Make is required$/, 'validation.makeRequired'],
  [/^Model is required$/, 'validation.modelRequired'],
  [/^Plate number is required$/, 'validation.plateRequired'],
  [/^Year must be between (\d+) and (\d+)$/, 'validation.yearRange'],
  [/^Mileage must be 0 or greater$/, 'validation.mileageMin'],
  [/^VIN must not contain I, O or Q$/, 'validation.vinLetters'],
  [/^VIN check digit does not match$/, 'validation.vinCheckDigit'],
  [/^VIN may contain only letters and digits$/, 'validation.vinCharacters'],
  [/^VIN must be 17 characters$/, 'validation.vinLength'],
  // Import rows (the server's texts).
  [/^Customer phone or e-mail is required$/, 'validation.customerContactRequired'],
  [/^No customer has this phone$/, 'validation.noCustomerPhone'],
  [/^No customer has this e-mail$/, 'validation.noCustomerEmail'],
  [/^More than one customer has this phone: add customerEmail$/, 'validation.manyCustomersPhone'],
  [/^More than one customer has this e-mail$/, 'validation.manyCustomersEmail'],
  [/^The same VIN is on row (\d+)$/, 'validation.vinTwice'],
  [/^A vehicle with this VIN already exists$/, 'validation.vinExists'],
];

/** The contract's English messages for vehicles, in the active language (common ones via translateValidation). */
export function translateVehicleMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  for (const [pattern, key] of MESSAGES) {
    const match = pattern.exec(message);
    if (match) return t(key, { ns: 'vehicles', min: match[1], max: match[2], row: match[1] });
  }
  return translateValidation(message, t);
}
