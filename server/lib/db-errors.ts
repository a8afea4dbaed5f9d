/** True when a database error (possibly wrapped by Drizzle) is a unique-key violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** True when a database error (possibly wrapped by Drizzle) is a foreign-key violation (a row still referred to, or a missing parent). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}
