import type { AiRecordStatus } from '../../../core/contracts/ai.values.ts';

/** A stored time as the API writes it (ISO 8601, UTC), null kept. */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What became of a stored answer (status, who decided it and when) and when it was made, as every AI record shows it. */
export function decision(row: { status: string; decidedBy: number | null; decidedAt: Date | string | null; createdAt: Date | string }) {
  return {
    status: row.status as AiRecordStatus,
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    createdAt: iso(row.createdAt)!,
  };
}
