import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { currentActor } from '../../db/statement-actor.ts';
import type { CsvExport } from '../../lib/csv-export.ts';
import type { AuditExportQuery, AuditResource } from '../../../core/contracts/audit.ts';
import * as repo from './audit.repository.ts';

export { listAudit, purgeExpired } from './audit.repository.ts';

/**
 * Records an event that is no row change (a sign-in, an export...), from the address and browser
 * of the request under way. Row changes are recorded by the database itself (migration 0035).
 */
export async function recordAudit(db: Tx, entry: Omit<repo.NewAuditEntry, 'ipAddress' | 'userAgent'>) {
  const actor = currentActor();
  await repo.insertAuditEntry(db, { ...entry, ipAddress: actor?.ip ?? null, userAgent: actor?.userAgent ?? null });
}

/** Who is recorded for an event: the signed-in user and their workshop. */
type Who = { tenantId: number; id: number };

/** A list taken out as CSV: which records, with the filters that chose them. */
export function recordExport(db: Tx, who: Who, resourceType: AuditResource, filters: object) {
  return recordAudit(db, { tenantId: who.tenantId, userId: who.id, action: 'export', resourceType, details: { filters } });
}

/** A CSV import that wrote rows (each row's creation is recorded too, by the database). */
export async function recordImport(db: Tx, who: Who, resourceType: AuditResource, result: { imported: number }) {
  if (result.imported === 0) return;
  await recordAudit(db, { tenantId: who.tenantId, userId: who.id, action: 'import', resourceType, details: { rows: result.imported } });
}

/** A failed sign-in for a username that exists, recorded in its workshop (an unknown one belongs to none). */
export async function recordFailedSignIn(db: Db, username: string, reason: string) {
  const actor = currentActor();
  await db.execute(sql`
    insert into audit_logs (tenant_id, user_id, action, resource_type, resource_id, details, ip_address, user_agent)
    select u.tenant_id, null, 'sign_in_failed', 'users', u.id::text, jsonb_build_object('username', u.username, 'reason', ${reason}::text),
           ${actor?.ip?.slice(0, 64) ?? null}, ${actor?.userAgent?.slice(0, 300) ?? null}
      from users u where lower(u.username) = lower(${username})`);
}

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'user',
  'action',
  'resourceType',
  'resourceId',
  'changes',
  'details',
  'ipAddress',
  'userAgent',
];

/** The entries a filter keeps, as CSV (each change as `field: before -> after`). */
export function auditCsv(db: Db, tenantId: number, filters: AuditExportQuery): CsvExport {
  async function* batches() {
    for await (const batch of repo.auditInBatches(db, tenantId, filters)) {
      yield batch.map((e) => [
        e.id,
        e.at,
        e.user?.name ?? '',
        e.action,
        e.resourceType,
        e.resourceId ?? '',
        e.changes.map((c) => `${c.field}: ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`).join('; '),
        Object.keys(e.details).length > 0 ? JSON.stringify(e.details) : '',
        e.ipAddress ?? '',
        e.userAgent ?? '',
      ]);
    }
  }
  return { name: 'audit-log', header: AUDIT_CSV_HEADER, batches: batches() };
}
