import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '../../../core/contracts/notifications.values.ts';
import { NEEDS_ATTENTION } from '../spare-parts/spare-parts.repository.ts';
import { notifications } from './notifications.table.ts';
import { consentInForce } from '../consents/consents.repository.ts';
import type { ConsentType } from '../../../core/contracts/data-rights.values.ts';
import type { SettingsLanguage } from '../../../core/contracts/user-settings.values.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: Tx, values: NewNotification): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row.id;
}

/** Several notifications in one statement; their ids in the order given. */
export async function insertNotifications(db: Tx, values: NewNotification[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

export async function setDelivery(db: Tx, tenantId: number, id: number, status: 'sent' | 'queued' | 'failed', error?: string) {
  await db
    .update(notifications)
    .set({ status, error: error ?? null, sentAt: status === 'sent' ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.id, id)));
}

const mine = (tenantId: number, userId: number) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), eq(notifications.channel, 'in_app'));

export async function listForUser(
  db: Tx,
  tenantId: number,
  userId: number,
  filter: { limit: number; offset: number; status?: 'all' | 'unread'; kind?: NotificationGroup },
) {
  const where = and(
    mine(tenantId, userId),
    filter.status === 'unread' ? isNull(notifications.readAt) : undefined,
    filter.kind ? inArray(notifications.type, [...NOTIFICATION_GROUPS[filter.kind]]) : undefined,
  );
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      details: notifications.details,
      entityType: notifications.entityType,
      entityId: notifications.entityId,
      taskId: notifications.taskId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(where);
  return { rows, total: n };
}

export async function unreadCount(db: Tx, tenantId: number, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(tenantId, userId), isNull(notifications.readAt)));
  return n;
}

export async function markRead(db: Tx, tenantId: number, userId: number, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()`, updatedAt: new Date() })
    .where(and(mine(tenantId, userId), isNull(notifications.readAt), id === undefined ? undefined : eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deliveriesForTask(db: Tx, tenantId: number, taskId: number) {
  return db
    .select({
      id: notifications.id,
      channel: notifications.channel,
      status: notifications.status,
      error: notifications.error,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.taskId, taskId)))
    .orderBy(desc(notifications.id));
}

export async function isOwn(db: Tx, tenantId: number, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine(tenantId, userId), eq(notifications.id, id)));
  return Boolean(row);
}

/** A person a notification may reach: an active login of the workshop. */
export type Recipient = { id: number; email: string | null; firstName: string | null; role: string };

/** The active logins among `ids`, of this workshop only. */
export async function recipientsByIds(db: Tx, tenantId: number, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return queryRows<Recipient>(
    db,
    sql`select id, email, first_name as "firstName", role from users
        where tenant_id = ${tenantId} and is_active and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );
}

/** The workshop's active managers and admins (stock, reminders, invoices and payments concern them). */
export async function managerIds(db: Tx, tenantId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from users where tenant_id = ${tenantId} and is_active and role in ('admin', 'manager') order by id`,
  );
  return rows.map((r) => r.id);
}

/** What a record is now, for telling what a change did: its assignee's login, status, what it shows and a digest of the row. */
export type Snapshot = { userId: number | null; status: string; fingerprint: string; details: Record<string, string> };
export type WatchedEntity = 'task' | 'job_card' | 'booking' | 'appointment';

const SNAPSHOTS: Record<WatchedEntity, (tenantId: number, id: number) => SQL> = {
  task: (tenantId, id) => sql`select tech.user_id as "userId", t.status, md5((to_jsonb(t) - 'updated_at')::text) as fingerprint,
      json_build_object('taskTitle', t.title, 'status', t.status) as details
    from tasks t left join technicians tech on tech.tenant_id = t.tenant_id and tech.id = t.technician_id
    where t.tenant_id = ${tenantId} and t.id = ${id}`,
  job_card: (tenantId, id) => sql`select tech.user_id as "userId", j.status, md5((to_jsonb(j) - 'updated_at')::text) as fingerprint,
      json_build_object('jobNumber', j.job_number, 'serviceType', j.service_type, 'status', j.status) as details
    from job_cards j left join technicians tech on tech.tenant_id = j.tenant_id and tech.id = j.assigned_to
    where j.tenant_id = ${tenantId} and j.id = ${id}`,
  booking: (tenantId, id) => sql`select tech.user_id as "userId", b.status, md5((to_jsonb(b) - 'updated_at')::text) as fingerprint,
      json_build_object('serviceType', b.service_type, 'status', b.status,
        'date', to_char(b.scheduled_date at time zone w.time_zone, 'YYYY-MM-DD')) as details
    from service_bookings b join tenants w on w.id = b.tenant_id
      left join technicians tech on tech.tenant_id = b.tenant_id and tech.id = b.technician_id
    where b.tenant_id = ${tenantId} and b.id = ${id}`,
  appointment: (tenantId, id) => sql`select tech.user_id as "userId", a.status, md5((to_jsonb(a) - 'updated_at')::text) as fingerprint,
      json_build_object('appointmentNumber', a.appointment_number, 'status', a.status,
        'date', a.scheduled_date::text, 'time', a.scheduled_time) as details
    from appointments a left join technicians tech on tech.tenant_id = a.tenant_id and tech.id = a.assigned_to
    where a.tenant_id = ${tenantId} and a.id = ${id}`,
};

export async function snapshot(db: Tx, entity: WatchedEntity, tenantId: number, id: number): Promise<Snapshot | null> {
  const [row] = await queryRows<Snapshot>(db, SNAPSHOTS[entity](tenantId, id));
  return row ?? null;
}

/**
 * Parts of a workshop that went low since they were last seen (a claim is taken for each; the
 * caller notifies about those), after dropping the claims of parts restocked or gone, so a part
 * that runs low again is told of again.
 */
export async function claimLowStock(db: Tx, tenantId: number) {
  await db.execute(sql`delete from notification_claims c
    where c.tenant_id = ${tenantId} and c.kind = 'low_stock'
      and not exists (select 1 from spare_parts p where p.tenant_id = c.tenant_id and p.id = c.subject_id and ${NEEDS_ATTENTION})`);
  return queryRows<{ id: number; partName: string; sku: string; stockQuantity: number; minimumStock: number }>(
    db,
    sql`with claimed as (
          insert into notification_claims (tenant_id, kind, subject_id)
          select tenant_id, 'low_stock', id from spare_parts where tenant_id = ${tenantId} and ${NEEDS_ATTENTION}
          on conflict do nothing
          returning subject_id)
        select p.id, p.name as "partName", p.sku, p.stock_quantity as "stockQuantity", p.minimum_stock as "minimumStock"
        from spare_parts p join claimed c on c.subject_id = p.id
        where p.tenant_id = ${tenantId} order by p.id`,
  );
}

/**
 * Service reminders that came due (raised by the maintenance check) and are not yet told of,
 * each claimed once: a mileage forecast moves a reminder's due date from day to day, which is no
 * news (a serviced schedule's next reminder is a new row). Only those changed in the last two
 * days: older reminders were there before these notifications, and the scan stays small.
 */
export async function claimDueReminders(db: Tx) {
  return queryRows<{
    tenantId: number;
    id: number;
    vehicleId: number;
    reminderTitle: string;
    /** The maintenance schedule's service ("Oil change"), else the reminder's title. */
    serviceName: string;
    vehicleName: string;
    plateNumber: string;
    /** The vehicle's owner and how to reach them (told only with their consent: notifications.notifier.ts). */
    customer: {
      id: number;
      firstName: string;
      email: string | null;
      phone: string;
      preferredLanguage: SettingsLanguage;
      workshop: string;
      /** Their choices in force for marketing by e-mail and by SMS (never asked is no). */
      consents: Record<ConsentType, boolean>;
    };
  }>(
    db,
    sql`with claimed as (
          insert into notification_claims (tenant_id, kind, subject_id)
          select tenant_id, 'service_reminder_due', id from service_reminders
          where status = 'pending' and updated_at >= now() - interval '2 days'
          on conflict do nothing
          returning tenant_id, subject_id)
        select r.tenant_id as "tenantId", r.id, r.vehicle_id as "vehicleId", r.reminder_title as "reminderTitle",
          coalesce(ms.service_name, r.reminder_title) as "serviceName",
          concat_ws(' ', v.make, v.model) as "vehicleName", coalesce(v.plate_number, '') as "plateNumber",
          json_build_object('id', cu.id, 'firstName', cu.first_name, 'email', cu.email, 'phone', cu.phone,
            'preferredLanguage', cu.preferred_language, 'workshop', t.name,
            'consents', json_build_object('marketing_email', ${consentInForce('cu', 'marketing_email')},
                                          'marketing_sms', ${consentInForce('cu', 'marketing_sms')})) as customer
        from claimed c join service_reminders r on r.tenant_id = c.tenant_id and r.id = c.subject_id
          join vehicles v on v.tenant_id = r.tenant_id and v.id = r.vehicle_id
          left join maintenance_schedules ms on ms.tenant_id = r.tenant_id and ms.id = r.maintenance_schedule_id
          join customers cu on cu.tenant_id = v.tenant_id and cu.id = v.customer_id
          join tenants t on t.id = r.tenant_id
        order by r.tenant_id, r.id`,
  );
}

/**
 * Invoices that became overdue at `now` in their workshop's time zone (open, owing, due before
 * today), each claimed once per due date: a new due date that passes is told of again. Only
 * those due in the last 30 days, so older debts (the digest lists them) are not told of again
 * as news.
 */
export async function claimOverdueInvoices(db: Tx, now: Date) {
  return queryRows<{ tenantId: number; id: number; invoiceNumber: string; dueDate: string; balance: string }>(
    db,
    sql`with today as (select t.id as tenant_id, (${now.toISOString()}::timestamptz at time zone t.time_zone)::date as day from tenants t),
        claimed as (
          insert into notification_claims (tenant_id, kind, subject_id, key)
          select i.tenant_id, 'invoice_overdue', i.id, i.due_date::text
          from invoices i join today d on d.tenant_id = i.tenant_id
          where i.status in ('draft', 'sent') and i.total_amount > i.paid_amount
            and (case when i.total_amount = 0 then 'infinity'::date else coalesce(i.due_date, 'infinity'::date) end) < d.day
            and i.due_date >= d.day - 30
          on conflict do nothing
          returning tenant_id, subject_id)
        select i.tenant_id as "tenantId", i.id, i.invoice_number as "invoiceNumber", i.due_date::text as "dueDate",
          (i.total_amount - i.paid_amount)::numeric(12, 2)::text as balance
        from claimed c join invoices i on i.tenant_id = c.tenant_id and i.id = c.subject_id
        order by i.tenant_id, i.id`,
  );
}

export async function invoiceNumber(db: Tx, tenantId: number, id: number): Promise<string | null> {
  const [row] = await queryRows<{ invoiceNumber: string }>(
    db,
    sql`select invoice_number as "invoiceNumber" from invoices where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row?.invoiceNumber ?? null;
}

/** Users whose digest may be due at `now`: daily digest and e-mail on, an address, active, in a workshop where it is DIGEST_HOUR or later and before DIGEST_LAST_HOUR, none sent today. */
export async function digestCandidates(db: Tx, now: Date, fromHour: number, untilHour: number) {
  return queryRows<{ userId: number; tenantId: number; day: string; timeZone: string }>(
    db,
    sql`with local as (
          select t.id, t.time_zone, (${now.toISOString()}::timestamptz at time zone t.time_zone) as wall from tenants t)
        select u.id as "userId", u.tenant_id as "tenantId", l.wall::date::text as day, l.time_zone as "timeZone"
        from user_preferences p join users u on u.id = p.user_id join local l on l.id = u.tenant_id
        where p.daily_digest and p.email_notifications and u.is_active and coalesce(u.email, '') <> ''
          and extract(hour from l.wall) >= ${fromHour} and extract(hour from l.wall) < ${untilHour}
          and not exists (select 1 from notification_digests d where d.user_id = u.id and d.day = l.wall::date)
        order by u.id`,
  );
}

/** Takes the digest of one user and day; true only for the one caller whose insert wins. */
export async function claimDigest(db: Tx, tenantId: number, userId: number, day: string): Promise<boolean> {
  const rows = await queryRows<{ userId: number }>(
    db,
    sql`insert into notification_digests (tenant_id, user_id, day) values (${tenantId}, ${userId}, ${day}::date)
        on conflict do nothing returning user_id as "userId"`,
  );
  return rows.length === 1;
}

export type DigestLine = { label: string; when: string | null };

/** What one user has on a workshop day: their appointments, bookings, tasks and job cards (through their technician record). */
export async function digestSchedule(db: Tx, tenantId: number, userId: number, day: string, start: Date, end: Date) {
  const [tech] = await queryRows<{ id: number }>(db, sql`select id from technicians where tenant_id = ${tenantId} and user_id = ${userId}`);
  if (!tech) return { appointments: [], bookings: [], tasks: [], jobCards: [] };
  const [appointments, bookings, tasks, jobCards] = await Promise.all([
    queryRows<DigestLine>(
      db,
      sql`select concat(appointment_number, ' · ', service_type, ' · ', customer_name) as label, scheduled_time as when
          from appointments where tenant_id = ${tenantId} and assigned_to = ${tech.id} and scheduled_date = ${day}::date
            and status not in ('cancelled', 'completed', 'no_show') order by scheduled_time, id`,
    ),
    queryRows<DigestLine>(
      db,
      sql`select b.service_type as label, to_char(b.scheduled_date at time zone w.time_zone, 'HH24:MI') as when
          from service_bookings b join tenants w on w.id = b.tenant_id
          where b.tenant_id = ${tenantId} and b.technician_id = ${tech.id}
            and b.scheduled_date >= ${start.toISOString()}::timestamptz and b.scheduled_date < ${end.toISOString()}::timestamptz
            and b.status not in ('cancelled', 'completed') order by b.scheduled_date, b.id`,
    ),
    queryRows<DigestLine>(
      db,
      sql`select title as label, null as when from tasks
          where tenant_id = ${tenantId} and technician_id = ${tech.id} and status not in ('completed', 'cancelled')
            and ((scheduled_date >= ${start.toISOString()}::timestamptz and scheduled_date < ${end.toISOString()}::timestamptz)
              or (due_date >= ${start.toISOString()}::timestamptz and due_date < ${end.toISOString()}::timestamptz))
          order by id`,
    ),
    queryRows<DigestLine>(
      db,
      sql`select concat(job_number, ' · ', service_type) as label, null as when from job_cards
          where tenant_id = ${tenantId} and assigned_to = ${tech.id} and status not in ('completed', 'cancelled')
            and scheduled_date >= ${start.toISOString()}::timestamptz and scheduled_date < ${end.toISOString()}::timestamptz
          order by id`,
    ),
  ]);
  return { appointments, bookings, tasks, jobCards };
}

/** What needs a manager's attention on a workshop day: invoices overdue and parts low on stock. */
export async function digestAttention(db: Tx, tenantId: number, day: string) {
  const [overdue] = await queryRows<{ count: number; balance: string }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(total_amount - paid_amount), 0)::numeric(14, 2)::text as balance from invoices
        where tenant_id = ${tenantId} and status in ('draft', 'sent') and total_amount > paid_amount
          and (case when total_amount = 0 then 'infinity'::date else coalesce(due_date, 'infinity'::date) end) < ${day}::date`,
  );
  const lowStock = await queryRows<{ name: string; sku: string; stockQuantity: number; minimumStock: number }>(
    db,
    sql`select name, sku, stock_quantity as "stockQuantity", minimum_stock as "minimumStock" from spare_parts
        where tenant_id = ${tenantId} and ${NEEDS_ATTENTION} order by name, id limit 20`,
  );
  const [low] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from spare_parts where tenant_id = ${tenantId} and ${NEEDS_ATTENTION}`,
  );
  return { overdue, lowStock, lowStockCount: low.n };
}

export async function workshopName(db: Tx, tenantId: number): Promise<{ name: string; currency: string }> {
  const [row] = await queryRows<{ name: string; currency: string }>(db, sql`select name, currency from tenants where id = ${tenantId}`);
  return row;
}
