/** The backups' values without zod: the Settings page shows them before any form check loads. */
/** What a backup job is doing; `expired`: completed, its archive since removed. */
export const BACKUP_STATUSES = ['queued', 'running', 'completed', 'failed', 'expired'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** Days a completed export's archive stays downloadable. */
export const BACKUP_KEPT_DAYS = 7;
