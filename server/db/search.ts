/** A search box's text as an ILIKE pattern: a substring, with %, _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

/** LIKE's own characters (%, _ and the escape \) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
