import type { TFunction } from '@/lib/translator';

/** The reasons the server writes itself (spare-parts and job-cards services) and their `inventory:history.reasons` keys. */
const FIXED: Record<string, string> = {
  'Part created': 'created',
  'Stock quantity edited': 'edited',
  'Stock received': 'received',
  'Stock count': 'count',
  'Imported from CSV': 'imported',
};
const JOB_STATUSES: Record<string, string> = { pending: 'pending', 'in progress': 'in_progress', cancelled: 'cancelled' };

/**
 * A stock move's reason in the active language: the server's own wording is translated
 * (e.g. "Job card JC-000012 completed"); what a person typed is shown as typed.
 */
export function reasonText(reason: string, t: TFunction): string {
  const fixed = FIXED[reason];
  if (fixed) return t(`inventory:history.reasons.${fixed}`);
  let match = /^Job card (JC-\d{6}) completed$/.exec(reason);
  if (match) return t('inventory:history.reasons.jobCompleted', { jobNumber: match[1] });
  match = /^Job card (JC-\d{6}) parts changed$/.exec(reason);
  if (match) return t('inventory:history.reasons.jobPartsChanged', { jobNumber: match[1] });
  match = /^Job card (JC-\d{6}) moved back to (pending|in progress|cancelled)$/.exec(reason);
  if (match)
    return t('inventory:history.reasons.jobReopened', {
      jobNumber: match[1],
      status: t(`inventory:history.jobStatus.${JOB_STATUSES[match[2]]}`),
    });
  return reason;
}
