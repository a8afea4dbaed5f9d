import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { INVOICE_LATE_FROM, INVOICE_OWING, invoiceCounts } from '../billing/invoices.table.ts';
import { idIn } from '../../db/conditions.ts';

/**
 * The chat's figures no module lists: sums and counts over a workshop's open job cards, open
 * invoices and payments, each query scoped to the asker's workshop. Everything else the chat
 * reads comes from the owning modules' services.
 */

export type JobCardBrief = {
  id: number;
  jobNumber: string;
  serviceType: string;
  status: string;
  scheduledDate: string | null;
  customerName: string;
  plateNumber: string;
};

/** Past this many, a count says "more than" (as the lists' totals do) rather than reading every row. */
export const COUNT_CAP = 1000;

/**
 * Open job cards (pending or in progress), or only those scheduled before an instant (late),
 * newest first. The page's ids are chosen first and only its rows are joined to their customer
 * and vehicle. All open cards are counted from the trigger-kept job_card_counts; late ones up to
 * COUNT_CAP + 1 (a workshop with a third of a million open cards answers in milliseconds).
 */
export async function openJobCards(
  db: Tx,
  tenantId: number,
  options: { scheduledBefore?: Date; limit: number },
): Promise<{ rows: JobCardBrief[]; total: number }> {
  const before = options.scheduledBefore?.toISOString();
  const where = before
    ? sql`j.tenant_id = ${tenantId} and j.status in ('pending', 'in_progress') and j.scheduled_date < ${before}::timestamptz`
    : sql`j.tenant_id = ${tenantId} and j.status in ('pending', 'in_progress')`;
  const rows = await queryRows<JobCardBrief & { scheduledDate: string | Date | null }>(
    db,
    sql`with page as (select j.id from job_cards j where ${where} order by j.id desc limit ${options.limit})
        select j.id, j.job_number as "jobNumber", j.service_type as "serviceType", j.status,
          j.scheduled_date as "scheduledDate", c.first_name || ' ' || c.last_name as "customerName", v.plate_number as "plateNumber"
        from page
        join job_cards j on j.id = page.id and j.tenant_id = ${tenantId}
        join customers c on c.id = j.customer_id and c.tenant_id = ${tenantId}
        join vehicles v on v.id = j.vehicle_id and v.tenant_id = ${tenantId}
        order by j.id desc`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    before
      ? sql`select count(*)::int as n from (select 1 from job_cards j where ${where} limit ${COUNT_CAP + 1}) late`
      : sql`select coalesce(sum(n), 0)::int as n from job_card_counts where tenant_id = ${tenantId} and status in ('pending', 'in_progress')`,
  );
  return {
    rows: rows.map(({ scheduledDate, ...r }) => ({
      ...r,
      scheduledDate: scheduledDate === null ? null : new Date(scheduledDate).toISOString(),
    })),
    total: count.n,
  };
}

export type Debtor = { customerId: number; customerName: string; invoices: number; balance: string };

/**
 * Open invoices' balances (total less paid, draft or sent with something to pay), or only the
 * overdue ones (due before today): the count, the sum and, when asked, the customers owing most,
 * in one pass over the open invoices (their partial indexes).
 */
export async function openBalances(
  db: Tx,
  tenantId: number,
  options: { overdueBefore?: string; top: number },
): Promise<{ count: number; balance: string; debtors: Debtor[] }> {
  const where = options.overdueBefore
    ? sql`tenant_id = ${tenantId} and status in ('draft', 'sent') and ${INVOICE_LATE_FROM} < ${options.overdueBefore}::date`
    : sql`tenant_id = ${tenantId} and ${INVOICE_OWING}`;
  if (options.top === 0) {
    const [sum] = await queryRows<{ count: number; balance: string }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(total_amount - paid_amount), 0)::numeric(14, 2)::text as balance from invoices where ${where}`,
    );
    return { ...sum, debtors: [] };
  }
  const rows = await queryRows<{ count: number; balance: string; top: Debtor[] | null }>(
    db,
    sql`with owed as (
          select customer_id, count(*)::int as invoices, sum(total_amount - paid_amount)::numeric(14, 2) as balance
          from invoices where ${where} group by customer_id
        ), top as (select * from owed order by balance desc, customer_id limit ${options.top})
        select (select coalesce(sum(invoices), 0)::int from owed) as count,
          (select coalesce(sum(balance), 0)::numeric(14, 2)::text from owed) as balance,
          (select json_agg(json_build_object('customerId', t.customer_id, 'customerName', c.first_name || ' ' || c.last_name,
                    'invoices', t.invoices, 'balance', t.balance::text) order by t.balance desc, t.customer_id)
           from top t join customers c on c.id = t.customer_id and c.tenant_id = ${tenantId}) as top`,
  );
  const [row] = rows;
  return { count: row.count, balance: row.balance, debtors: row.top ?? [] };
}

/** Payments received between two days (from inclusive, to exclusive) and invoices issued in them. */
export async function revenueBetween(
  db: Tx,
  tenantId: number,
  from: string,
  to: string,
): Promise<{ payments: number; received: string; invoices: number; invoiced: string }> {
  const [row] = await queryRows<{ payments: number; received: string; invoices: number; invoiced: string }>(
    db,
    sql`select p.n as payments, p.amount as received, i.n as invoices, i.amount as invoiced
        from (select count(*)::int as n, coalesce(sum(amount), 0)::numeric(14, 2)::text as amount from payments
              where tenant_id = ${tenantId} and status = 'completed' and payment_date >= ${from}::date and payment_date < ${to}::date) p,
             (select count(*)::int as n, coalesce(sum(total_amount), 0)::numeric(14, 2)::text as amount from invoices
              where tenant_id = ${tenantId} and ${invoiceCounts()} and invoice_date >= ${from}::date and invoice_date < ${to}::date) i`,
  );
  return row;
}

/** Open job cards assigned to each of these technicians. */
export async function openJobCardsOf(db: Tx, tenantId: number, technicianIds: number[]): Promise<Map<number, number>> {
  if (technicianIds.length === 0) return new Map();
  const rows = await queryRows<{ technicianId: number; n: number }>(
    db,
    sql`select assigned_to as "technicianId", count(*)::int as n from job_cards
        where tenant_id = ${tenantId} and status in ('pending', 'in_progress')
          and ${idIn(technicianIds, 'assigned_to')}
        group by assigned_to`,
  );
  return new Map(rows.map((r) => [r.technicianId, r.n]));
}

export type VehicleBrief = { customerId: number; id: number; make: string; model: string; year: number; plateNumber: string };

/** The newest `each` vehicles of each of these customers (as their vehicle lists show them first), in one query. */
export async function vehiclesOfCustomers(db: Tx, tenantId: number, customerIds: number[], each: number): Promise<VehicleBrief[]> {
  if (customerIds.length === 0) return [];
  return queryRows<VehicleBrief>(
    db,
    sql`select c.id as "customerId", v.id, v.make, v.model, v.year, v.plate_number as "plateNumber"
        from customers c
        cross join lateral (select id, make, model, year, plate_number from vehicles
          where tenant_id = c.tenant_id and customer_id = c.id order by id desc limit ${each}) v
        where c.tenant_id = ${tenantId} and ${idIn(customerIds, 'c.id')}
        order by c.id, v.id desc`,
  );
}
