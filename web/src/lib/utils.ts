import i18n from './translator';

/** Joins class names, skipping falsy parts. Components expose variants instead of relying on overrides. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * The name an erased customer's record holds instead of theirs (server/modules/data-rights
 * erasedLabel: their first name, the last one empty), with their number.
 */
const ERASED_CUSTOMER = /^Erased customer #(\d+)$/;
const erasedNumber = (firstName?: string | null, lastName?: string | null) =>
  !lastName?.trim() && firstName ? ERASED_CUSTOMER.exec(firstName.trim())?.[1] : undefined;

/** Initials for an avatar: first letters of first and last name, or of the username. */
export function initialsOf(firstName?: string | null, lastName?: string | null, fallback = '?'): string {
  if (erasedNumber(firstName, lastName)) return '#';
  const letters = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`;
  return (letters || fallback.trim()[0] || '?').toUpperCase();
}

/** "First Last", or the fallback when both are blank; an erased customer's placeholder in the reader's language. */
export function fullName(firstName?: string | null, lastName?: string | null, fallback = ''): string {
  const erased = erasedNumber(firstName, lastName);
  if (erased) return i18n.t('common:erasedCustomer', { id: erased });
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ') || fallback;
}
