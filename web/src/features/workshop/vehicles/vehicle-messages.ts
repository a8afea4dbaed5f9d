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
];

/** The contract's English messages for vehicles, in the active language (common ones via translateValidation). */
export function translateVehicleMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  for (const [pattern, key] of MESSAGES) {
    const match = pattern.exec(message);
    if (match) return t(key, { ns: 'vehicles', min: match[1], max: match[2] });
  }
  return translateValidation(message, t);
}
