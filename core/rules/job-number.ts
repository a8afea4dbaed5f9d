/** Job card numbers: JC- and six digits, unique per workshop; the server allocates the next free one. */
export const JOB_NUMBER_PREFIX = 'JC-';

export function formatJobNumber(sequence: number): string {
  return `${JOB_NUMBER_PREFIX}${String(sequence).padStart(6, '0')}`;
}

/** The number after the highest one in use ("JC-000041" → "JC-000042"); null once JC-999999 is taken. */
export function nextJobNumber(highest: string | null | undefined): string | null {
  const current = highest ? Number(highest.slice(JOB_NUMBER_PREFIX.length)) : 0;
  return current >= 999_999 ? null : formatJobNumber(current + 1);
}
