import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { personRef } from '../../db/people.ts';
import type { ConsentRecord } from '../../../core/contracts/data-rights.ts';
import type { ConsentType } from '../../../core/contracts/data-rights.values.ts';
import { userConsents } from './consents.table.ts';

type Row = Omit<ConsentRecord, 'createdAt'> & { createdAt: string | Date };

/** A customer's recorded choices, newest first (the first of each type is the one in force). */
export async function listConsents(db: Tx, tenantId: number, customerId: number): Promise<ConsentRecord[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select c.id, c.consent_type as "consentType", c.consent_given as "consentGiven", c.consent_version as "consentVersion",
          c.source, c.created_at as "createdAt",
          ${personRef('u')} as "recordedBy"
        from user_consents c left join users u on u.tenant_id = c.tenant_id and u.id = c.recorded_by
        where c.tenant_id = ${tenantId} and c.customer_id = ${customerId}
        order by c.id desc`,
  );
  return rows.map((r) => ({ ...r, createdAt: isoTimestamp(r.createdAt) }));
}

export async function insertConsents(db: Tx, rows: Array<typeof userConsents.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(userConsents).values(rows);
}

/**
 * Whether the choice in force for `type` (the latest row) of the customer joined as `alias` is
 * yes, as a column of a larger query (never asked is no): one index read per customer. `alias` is
 * code, never input.
 */
export const consentInForce = (alias: string, type: ConsentType): SQL =>
  sql`coalesce((select uc.consent_given from user_consents uc
     where uc.tenant_id = ${sql.raw(alias)}.tenant_id and uc.customer_id = ${sql.raw(alias)}.id and uc.consent_type = ${type}
     order by uc.id desc limit 1), false)`;

/** Removes a customer's consent history (their erasure); answers the removed rows' ids. */
export async function deleteConsents(db: Tx, tenantId: number, customerId: number): Promise<number[]> {
  const rows = await db
    .delete(userConsents)
    .where(and(eq(userConsents.tenantId, tenantId), eq(userConsents.customerId, customerId)))
    .returning({ id: userConsents.id });
  return rows.map((r) => r.id);
}
