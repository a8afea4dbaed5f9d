/**
 * Document numbers: a prefix and six digits (JC-, EST-, INV-, APT-), unique per workshop; the
 * server allocates the one after the highest in use when the client sends none.
 */
export const NUMBER_DIGITS = 6;
const MAX = 10 ** NUMBER_DIGITS - 1;

export function formatNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(NUMBER_DIGITS, '0')}`;
}

/** The number after the highest one in use; null once the last six-digit number is taken. */
export function nextNumber(prefix: string, highest: string | null | undefined): string | null {
  const current = highest ? Number(highest.slice(prefix.length)) : 0;
  return current >= MAX ? null : formatNumber(prefix, current + 1);
}
