import { formatNumber, nextNumber } from './numbering.ts';

/** Job card numbers: JC- and six digits, unique per workshop; the server allocates the next free one. */
export const JOB_NUMBER_PREFIX = 'JC-';

export const formatJobNumber = (sequence: number): string => formatNumber(JOB_NUMBER_PREFIX, sequence);

/** The number after the highest one in use ("JC-000041" → "JC-000042"); null once JC-999999 is taken. */
export const nextJobNumber = (highest: string | null | undefined): string | null => nextNumber(JOB_NUMBER_PREFIX, highest);
