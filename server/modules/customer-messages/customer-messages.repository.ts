import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { windowTotal } from '../../db/totals.ts';
import type { CustomerMessage } from '../../../core/contracts/customer-messages.ts';
import { customerMessages } from './customer-messages.table.ts';

export type NewCustomerMessage = typeof customerMessages.$inferInsert;

/** Writes the messages (in one statement) and answers their ids in the same order. */
export async function insertMessages(db: Tx, values: NewCustomerMessage[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(customerMessages).values(values).returning({ id: customerMessages.id });
  return rows.map((r) => r.id);
}

/** What became of a pending message: sent, or failed with the sender's answer (at most 500 characters: the notifier's handOver). */
export async function setDelivery(db: Tx, tenantId: number, id: number, status: 'sent' | 'failed', reason?: string): Promise<void> {
  const now = new Date();
  await db
    .update(customerMessages)
    .set({ status, reason: reason ?? null, sentAt: status === 'sent' ? now : null, updatedAt: now })
    .where(and(eq(customerMessages.tenantId, tenantId), eq(customerMessages.id, id)));
}

type Row = Omit<CustomerMessage, 'sentAt' | 'createdAt'> & { sentAt: string | Date | null; createdAt: string | Date; total: number };

/** One page of the messages written to the customer, newest first, and how many there are. */
export async function listMessages(
  db: Tx,
  tenantId: number,
  customerId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: CustomerMessage[]; total: number }> {
  const matching = sql`m.tenant_id = ${tenantId} and m.customer_id = ${customerId}`;
  const rows = await queryRows<Row>(
    db,
    sql`select m.id, m.customer_id as "customerId", m.vehicle_id as "vehicleId", m.kind, m.channel, m.recipient, m.language,
          m.subject, m.body, m.status, m.reason, m.sent_at as "sentAt", m.created_at as "createdAt", count(*) over ()::int as total
        from customer_messages m where ${matching}
        order by m.id desc limit ${paging.limit} offset ${paging.offset}`,
  );
  const total = await windowTotal(db, rows, paging.offset, sql`select 1 from customer_messages m where ${matching}`);
  return {
    rows: rows.map(({ total: _t, sentAt, createdAt, ...r }) => ({
      ...r,
      sentAt: sentAt === null ? null : isoTimestamp(sentAt),
      createdAt: isoTimestamp(createdAt),
    })),
    total,
  };
}
