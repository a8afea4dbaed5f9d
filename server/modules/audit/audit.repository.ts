import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { searchTotal, type Total } from '../../db/totals.ts';
import { inWorkshopDays } from '../../db/conditions.ts';
import { personName } from '../../db/people.ts';
import { isoTimestamp } from '../../db/columns.ts';
import type { AuditAction, AuditEntry, AuditExportQuery } from '../../../core/contracts/audit.ts';
import { auditLogs } from './audit.table.ts';

export type NewAuditEntry = {
  tenantId: number;
  userId: number | null;
  action: AuditAction;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
};

export async function insertAuditEntry(db: Tx, entry: NewAuditEntry) {
  await db.insert(auditLogs).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress?.slice(0, 64) ?? null,
    userAgent: entry.userAgent?.slice(0, 300) ?? null,
  });
}

/** The entries a filter keeps, of one workshop; the days are the workshop's. */
function matching(tenantId: number, f: AuditExportQuery): SQL {
  const parts = [sql`a.tenant_id = ${tenantId}`];
  if (f.userId !== undefined) parts.push(sql`a.user_id = ${f.userId}`);
  if (f.resourceType !== undefined) parts.push(sql`a.resource_type = ${f.resourceType}`);
  if (f.resourceId !== undefined) parts.push(sql`a.resource_id = ${f.resourceId}`);
  if (f.action !== undefined) parts.push(sql`a.action = ${f.action}`);
  return sql.join([...parts, ...inWorkshopDays('a.created_at', tenantId, f)], sql` and `);
}

type Row = {
  id: number;
  createdAt: string | Date;
  /** The time to microseconds, as the database writes it (a batch's cursor: a Date has milliseconds). */
  cursorAt: string;
  userId: number | null;
  userName: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
  userAgent: string | null;
};

const selectRows = (where: SQL) => sql`
  select a.id, a.created_at as "createdAt", a.created_at::text as "cursorAt", a.user_id as "userId",
         ${personName('u')} as "userName",
         a.action, a.resource_type as "resourceType", a.resource_id as "resourceId", a.details,
         a.ip_address as "ipAddress", a.user_agent as "userAgent"
    from audit_logs a
    left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
   where ${where}`;

/** An entry as the API sends it: the changes as a list of fields, the rest of its details apart. */
function toEntry(row: Row): AuditEntry {
  const { changes, ...details } = row.details ?? {};
  const fields = changes && typeof changes === 'object' ? Object.entries(changes as Record<string, unknown>) : [];
  return {
    id: row.id,
    at: isoTimestamp(row.createdAt),
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    changes: fields.map(([field, pair]) => {
      const [before, after] = Array.isArray(pair) ? pair : [null, pair];
      return { field, before: before ?? null, after: after ?? null };
    }),
    details,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

/** A page of the workshop's audit log, newest first (by time, then by id), and its total (exact up to a thousand). */
export async function listAudit(
  db: Tx,
  tenantId: number,
  query: AuditExportQuery & { limit: number; offset: number },
): Promise<{ rows: AuditEntry[] } & Total> {
  const where = matching(tenantId, query);
  const rows = await queryRows<Row>(
    db,
    sql`${selectRows(where)} order by a.created_at desc, a.id desc limit ${query.limit} offset ${query.offset}`,
  );
  const total = await searchTotal(
    db,
    { offset: query.offset, limit: query.limit, rows: rows.length },
    (n) => sql`select 1 from audit_logs a where ${where} limit ${n}`,
    [sql`select 1 from audit_logs a where ${where}`],
  );
  return { rows: rows.map(toEntry), ...total };
}

const BATCH = 1000;

/** Every entry a filter keeps, newest first, a thousand at a time (for the CSV export). */
export async function* auditInBatches(db: Db, tenantId: number, filters: AuditExportQuery): AsyncGenerator<AuditEntry[]> {
  const where = matching(tenantId, filters);
  let before: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL = before === null ? sql`` : sql` and (a.created_at, a.id) < (${before.at}::timestamptz, ${before.id})`;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`${selectRows(sql`${where}${after}`)} order by a.created_at desc, a.id desc limit ${BATCH}`,
    );
    if (rows.length > 0) yield rows.map(toEntry);
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    before = { at: last.cursorAt, id: last.id };
  }
}

/**
 * Removes every workshop's entries older than its retention (the database lets only this
 * transaction's deletes through: `workbay.audit_purge`), and records the run in each workshop
 * that lost entries. Answers the entries removed per workshop.
 */
export async function purgeExpired(db: Db): Promise<Map<number, number>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('workbay.audit_purge', 'on', true)`);
    const removed = await queryRows<{ tenantId: number; n: number | string }>(
      tx,
      sql`with gone as (
            delete from audit_logs a using tenants t
             where t.id = a.tenant_id and a.created_at < now() - make_interval(days => audit_retention_days(t.config))
            returning a.tenant_id)
          select tenant_id as "tenantId", count(*) as n from gone group by tenant_id`,
    );
    const counts = new Map(removed.map((r) => [r.tenantId, Number(r.n)]));
    for (const [tenantId, n] of counts) {
      await insertAuditEntry(tx, {
        tenantId,
        userId: null,
        action: 'retention_purge',
        resourceType: 'audit_logs',
        details: { removed: n },
      });
    }
    return counts;
  });
}
