import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
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
          case when u.id is null then null
               else json_build_object('id', u.id, 'name', coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)) end as "recordedBy"
        from user_consents c left join users u on u.tenant_id = c.tenant_id and u.id = c.recorded_by
        where c.tenant_id = ${tenantId} and c.customer_id = ${customerId}
        order by c.id desc`,
  );
  return rows.map((r) => ({ ...r, createdAt: isoTimestamp(r.createdAt) }));
}

/** Every column of a customer's consent rows, for their data export. */
export async function consentRowsOf(db: Tx, tenantId: number, customerId: number) {
  return db
    .select()
    .from(userConsents)
    .where(and(eq(userConsents.tenantId, tenantId), eq(userConsents.customerId, customerId)))
    .orderBy(userConsents.id);
}

export async function insertConsents(db: Tx, rows: Array<typeof userConsents.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(userConsents).values(rows);
}

/** Whether the customer's choice in force for `type` is yes (never asked is no). */
export async function hasConsent(db: Tx, tenantId: number, customerId: number, type: ConsentType): Promise<boolean> {
  const [row] = await queryRows<{ given: boolean }>(
    db,
    sql`select consent_given as given from user_consents
        where tenant_id = ${tenantId} and customer_id = ${customerId} and consent_type = ${type}
        order by id desc limit 1`,
  );
  return row?.given === true;
}

/** Removes a customer's consent history (their erasure); answers the removed rows' ids. */
export async function deleteConsents(db: Tx, tenantId: number, customerId: number): Promise<number[]> {
  const rows = await db
    .delete(userConsents)
    .where(and(eq(userConsents.tenantId, tenantId), eq(userConsents.customerId, customerId)))
    .returning({ id: userConsents.id });
  return rows.map((r) => r.id);
}
