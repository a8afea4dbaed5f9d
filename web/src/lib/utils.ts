/** Joins class names, skipping falsy parts. Components expose variants instead of relying on overrides. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** Initials for an avatar: first letters of first and last name, or of the username. */
export function initialsOf(firstName?: string | null, lastName?: string | null, fallback = '?'): string {
  const letters = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`;
  return (letters || fallback.trim()[0] || '?').toUpperCase();
}

/** "First Last", or the fallback when both are blank. */
export function fullName(firstName?: string | null, lastName?: string | null, fallback = ''): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ') || fallback;
}
