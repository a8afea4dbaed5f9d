import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { countRows, searchTotal, totalFromPage, workshopRowCount, type Total } from '../../db/totals.ts';
import type { Appointment, AppointmentListQuery, StatusHistoryEntry } from '../../../core/contracts/appointments.ts';
import { containsPattern } from '../../db/search.ts';
import { APPOINTMENT_SEARCH, appointments, appointmentStatusHistory } from './appointments.table.ts';
import { idIn } from '../../db/conditions.ts';

type Filter = Partial<AppointmentListQuery> & { ids?: number[] };

function conditions(tenantId: number, f: Filter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.from) where.push(sql`scheduled_date >= ${f.from}`);
  if (f.to) where.push(sql`scheduled_date <= ${f.to}`);
  if (f.q) where.push(sql`${APPOINTMENT_SEARCH} ilike ${containsPattern(f.q)}`);
  return sql.join(where, sql` and `);
}

/** Newest day first, the day's times in order: served by the (tenant, date, time, id) index. */
export async function listAppointments(
  db: Tx,
  tenantId: number,
  query: Filter,
): Promise<{ rows: Appointment[]; total: number; exact: boolean }> {
  const limit = query.limit ?? 500;
  const offset = query.offset ?? 0;
  const where = conditions(tenantId, query);
  const rows = await queryRows<Appointment>(
    db,
    sql`with page as (
          select id from appointments where ${where}
          order by scheduled_date desc, scheduled_time, id limit ${limit} offset ${offset}
        )
        select a.id, a.tenant_id as "tenantId", a.appointment_number as "appointmentNumber", a.status,
          a.customer_name as "customerName", a.customer_phone as "customerPhone", a.customer_email as "customerEmail",
          a.customer_id as "customerId", a.vehicle_id as "vehicleId", a.vehicle_info as "vehicleInfo",
          a.service_type as "serviceType", a.description, a.scheduled_date::text as "scheduledDate",
          a.scheduled_time as "scheduledTime", a.duration, a.assigned_to as "assignedTo",
          case when t.id is null then null else json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name) end as technician,
          a.notes, a.created_at as "createdAt", a.updated_at as "updatedAt"
        from page join appointments a on a.id = page.id
        left join technicians t on t.id = a.assigned_to
        order by a.scheduled_date desc, a.scheduled_time, a.id`,
  );
  let total: Total | undefined = query.ids ? { total: rows.length, exact: true } : totalFromPage(offset, limit, rows.length);
  if (!total) {
    total = query.q
      ? await searchTotal(db, { offset, limit, rows: rows.length }, (n) => sql`select id from appointments where ${where} limit ${n}`, [
          sql`select id from appointments where ${where}`,
        ])
      : !query.status && !query.from && !query.to
        ? { total: await workshopRowCount(db, tenantId, 'appointments'), exact: true }
        : { total: await countRows(db, sql`select 1 from appointments where ${where}`), exact: true };
  }
  const iso = (v: string) => new Date(v).toISOString();
  return { rows: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })), ...total };
}

export async function findAppointment(db: Tx, tenantId: number, id: number): Promise<Appointment | undefined> {
  return (await listAppointments(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

/** Inserts unless the number is taken (then undefined: the caller allocates another or answers 409). */
export async function insertAppointment(db: Tx, values: typeof appointments.$inferInsert): Promise<number | undefined> {
  const [row] = await db.insert(appointments).values(values).onConflictDoNothing().returning({ id: appointments.id });
  return row?.id;
}

export async function updateAppointment(db: Tx, tenantId: number, id: number, values: Partial<typeof appointments.$inferInsert>) {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id)));
}

/** The row, locked for this transaction, so two status changes at once record a true history. */
export async function lockAppointment(db: Tx, tenantId: number, id: number) {
  const [row] = await queryRows<{
    status: string;
    scheduledDate: string;
    scheduledTime: string;
    customerId: number | null;
    vehicleId: number | null;
  }>(
    db,
    sql`select status, scheduled_date::text as "scheduledDate", scheduled_time as "scheduledTime", customer_id as "customerId",
          vehicle_id as "vehicleId"
        from appointments where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  return row;
}

export async function highestNumber(db: Tx, tenantId: number): Promise<string | null> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select appointment_number as n from appointments where tenant_id = ${tenantId} and appointment_number like 'APT-%'
        order by appointment_number desc limit 1`,
  );
  return row?.n ?? null;
}

export async function recordStatus(db: Tx, values: typeof appointmentStatusHistory.$inferInsert) {
  await db.insert(appointmentStatusHistory).values(values);
}

export async function statusHistory(db: Tx, tenantId: number, appointmentId: number) {
  const rows = await queryRows<StatusHistoryEntry>(
    db,
    sql`select h.id, h.from_status as "fromStatus", h.to_status as "toStatus", h.notes, h.created_at as "createdAt",
          case when u.id is null then null
               else json_build_object('id', u.id, 'name', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) end as "changedBy"
        from appointment_status_history h left join users u on u.id = h.changed_by
        where h.tenant_id = ${tenantId} and h.appointment_id = ${appointmentId}
        order by h.id`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}
