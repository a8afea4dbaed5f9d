import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/columns.ts';
import { idIn } from '../../db/conditions.ts';
import { personName, personRef } from '../../db/people.ts';
import type { DataRequest } from '../../../core/contracts/data-rights.ts';
import { gdprDataRequests } from './data-rights.table.ts';

/** A row as the export writes it: camelCase keys, timestamps in ISO 8601, no workshop id. */
export type ExportRow = Record<string, unknown>;

const PG_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?[+-]\d\d(?::?\d\d)?$/;
/** A column's name as the export writes it: `created_at` is `createdAt`. */
export const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const exportValue = (value: unknown) =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' && PG_TIMESTAMP.test(value) ? isoTimestamp(value) : value;
function toExportRow(row: Record<string, unknown>): ExportRow {
  const out: ExportRow = {};
  for (const [key, value] of Object.entries(row)) if (key !== 'tenant_id') out[camel(key)] = exportValue(value);
  return out;
}
const rows = async (db: Tx, query: SQL) => (await queryRows<Record<string, unknown>>(db, query)).map(toExportRow);

/**
 * Everything the workshop holds about one customer, kind by kind, each row with all its columns
 * (attachments without their bytes). Every query names the workshop.
 */
export async function customerData(db: Tx, tenantId: number, customerId: number) {
  const owned = (table: string) => sql`${sql.raw(table)} x where x.tenant_id = ${tenantId} and x.customer_id = ${customerId}`;
  // The lines of their records: every row of `child` whose `parent` (by `fk`) is theirs.
  const ofTheirs = (child: string, parent: string, fk: string) =>
    sql`select c.* from ${sql.raw(child)} c join ${sql.raw(parent)} p on p.tenant_id = c.tenant_id and p.id = c.${sql.raw(fk)}
        where c.tenant_id = ${tenantId} and p.customer_id = ${customerId} order by c.${sql.raw(fk)}, c.id`;
  const [customer] = await rows(db, sql`select * from customers x where x.tenant_id = ${tenantId} and x.id = ${customerId}`);
  const notes = await rows(
    db,
    sql`select x.*, (select ${personName('u')} from users u where u.tenant_id = x.tenant_id and u.id = x.created_by) as created_by_name
        from ${owned('customer_notes')} order by x.id`,
  );
  const vehicles = await rows(db, sql`select x.* from ${owned('vehicles')} order by x.id`);
  const serviceHistory = await rows(db, ofTheirs('vehicle_service_history', 'vehicles', 'vehicle_id'));
  const jobCards = await rows(db, sql`select x.* from ${owned('job_cards')} order by x.id`);
  const jobCardParts = await rows(db, ofTheirs('job_card_parts', 'job_cards', 'job_card_id'));
  const jobCardLabour = await rows(db, ofTheirs('job_card_labour', 'job_cards', 'job_card_id'));
  const estimates = await rows(db, sql`select x.* from ${owned('estimates')} order by x.id`);
  const estimateItems = await rows(db, ofTheirs('estimate_items', 'estimates', 'estimate_id'));
  const invoices = await rows(db, sql`select x.* from ${owned('invoices')} order by x.id`);
  const invoiceItems = await rows(db, ofTheirs('invoice_items', 'invoices', 'invoice_id'));
  const payments = await rows(db, sql`select x.* from ${owned('payments')} order by x.id`);
  const appointments = await rows(db, sql`select x.* from ${owned('appointments')} order by x.id`);
  const bookings = await rows(db, sql`select x.* from ${owned('service_bookings')} order by x.id`);
  const consents = await rows(db, sql`select x.* from ${owned('user_consents')} order by x.id`);
  const messages = await rows(db, sql`select x.* from ${owned('customer_messages')} order by x.id`);
  const attachments = await rows(
    db,
    sql`select x.id, x.original_name, x.mime_type, x.size, x.created_at from attachments x
        where x.tenant_id = ${tenantId} and x.entity_type = 'customer' and x.entity_id = ${customerId} order by x.id`,
  );
  const dataRequests = await rows(db, sql`select x.* from ${owned('gdpr_data_requests')} order by x.id`);
  return {
    customer,
    notes,
    vehicles,
    serviceHistory,
    jobCards,
    jobCardParts,
    jobCardLabour,
    estimates,
    estimateItems,
    invoices,
    invoiceItems,
    payments,
    appointments,
    bookings,
    consents,
    messages,
    attachments,
    dataRequests,
  };
}

/** The audited tables (migration 0035) whose rows carry a customer_id: their entries are about that customer. */
const OWNED_RESOURCES = [
  'customer_notes',
  'vehicles',
  'job_cards',
  'estimates',
  'invoices',
  'payments',
  'appointments',
  'service_bookings',
  'user_consents',
  'gdpr_data_requests',
] as const;

/** The ids of the customer's records of each audited table that names its customer (before an erasure removes any). */
export async function customerRecordIds(db: Tx, tenantId: number, customerId: number): Promise<Record<string, string[]>> {
  const found = await queryRows<{ resource: string; ids: string[] }>(
    db,
    sql.join(
      OWNED_RESOURCES.map(
        (table) =>
          sql`select ${table}::text as resource, coalesce(array_agg(id::text), '{}') as ids from ${sql.raw(table)}
              where tenant_id = ${tenantId} and customer_id = ${customerId}`,
      ),
      sql` union all `,
    ),
  );
  return Object.fromEntries(found.map((r) => [r.resource, r.ids]));
}

/**
 * Entries about the customer: their own row's, those of their records (`ids`, by table), and those
 * of records of theirs already gone (a removed note: its entry's changes name the customer).
 */
function aboutCustomer(tenantId: number, customerId: number, ids: Record<string, string[]>): SQL {
  const mine = OWNED_RESOURCES.map((table) => {
    const byId = idIn(ids[table] ?? [], 'a.resource_id');
    return sql`(a.resource_type = ${table} and (${byId} or a.details -> 'changes' -> 'customer_id' @> to_jsonb(${customerId}::integer)))`;
  });
  return sql`a.tenant_id = ${tenantId} and ((a.resource_type = 'customers' and a.resource_id = ${String(customerId)}) or ${sql.join(mine, sql` or `)})`;
}

/** The audit entries about the customer, oldest first, with who made them. */
export async function auditAbout(db: Tx, tenantId: number, customerId: number, ids: Record<string, string[]>) {
  return rows(
    db,
    sql`select a.id, a.created_at as at, a.action, a.resource_type, a.resource_id, a.details, a.ip_address, a.user_agent,
          (select ${personName('u')} from users u where u.tenant_id = a.tenant_id and u.id = a.user_id) as user_name
        from audit_logs a where ${aboutCustomer(tenantId, customerId, ids)} order by a.id`,
  );
}

/** The personal values an erasure takes out of earlier audit entries, by audited table. */
export const PERSONAL_FIELDS: Record<string, readonly string[]> = {
  customers: ['first_name', 'last_name', 'email', 'phone', 'address', 'city', 'postal_code', 'notes'],
  customer_notes: ['note'],
  vehicles: ['plate_number', 'vin', 'notes'],
  job_cards: ['notes'],
  estimates: ['notes'],
  invoices: ['notes'],
  payments: ['reference_number', 'notes'],
  appointments: ['customer_name', 'customer_phone', 'customer_email', 'vehicle_info', 'notes'],
  service_bookings: ['notes'],
  user_consents: ['metadata'],
  gdpr_data_requests: [],
};

/**
 * Replaces the personal values of the entries about the customer with "[erased]" (migration
 * 0043's audit_erased_details), under the one exception the audit log's append-only trigger
 * allows: `workbay.audit_erase` naming this workshop, for this transaction only. `ids` are the
 * customer's records by table; invoices and payments only those whose text was taken out (the
 * others are kept whole for the legal retention, their entries too).
 */
export async function scrubAudit(db: Tx, tenantId: number, customerId: number, ids: Record<string, string[]>): Promise<number> {
  await db.execute(sql`select set_config('workbay.audit_erase', ${String(tenantId)}, true)`);
  let scrubbed = 0;
  for (const [table, fields] of Object.entries(PERSONAL_FIELDS)) {
    if (fields.length === 0) continue;
    const byId = idIn(table === 'customers' ? [String(customerId)] : (ids[table] ?? []), 'a.resource_id');
    const byCustomer = ['customers', 'invoices', 'payments'].includes(table)
      ? sql`false`
      : sql`a.details -> 'changes' -> 'customer_id' @> to_jsonb(${customerId}::integer)`;
    const fieldList = sql`array[${sql.join(
      fields.map((f) => sql`${f}`),
      sql`, `,
    )}]::text[]`;
    const changed = await queryRows<{ id: number }>(
      db,
      sql`update audit_logs a set details = audit_erased_details(a.details, ${fieldList})
          where a.tenant_id = ${tenantId} and a.resource_type = ${table} and (${byId} or ${byCustomer})
            and a.details is distinct from audit_erased_details(a.details, ${fieldList}) returning a.id`,
    );
    scrubbed += changed.length;
  }
  await db.execute(sql`select set_config('workbay.audit_erase', '', true)`);
  return scrubbed;
}

/** Takes the customer's name out of the activity feed's entries about them. */
export async function scrubActivity(db: Tx, tenantId: number, customerId: number, label: string): Promise<void> {
  await db.execute(sql`update activity_log set details = details || jsonb_build_object('customerName', ${label}::text)
      where tenant_id = ${tenantId} and entity_type = 'customer' and entity_id = ${customerId} and details ? 'customerName'`);
}

/**
 * Where the customer is named in text that is no record of theirs: the staff's AI conversations
 * and their notifications (an e-mail's words, a digest line). A conversation about the customer
 * goes; elsewhere each of `values` (their name, phone, e-mail as they were) becomes `label`.
 * The values are matched as they appear inside JSON strings. Answers how many rows changed.
 */
export async function scrubMentions(db: Tx, tenantId: number, customerId: number, values: string[], label: string): Promise<number> {
  const conversations = await count(
    db,
    sql`delete from ai_chat_conversations where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const wanted = [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= 3))];
  if (wanted.length === 0) return conversations;
  const replaced = (column: SQL, json: boolean) =>
    wanted.reduce<SQL>((text, value) => sql`replace(${text}, ${json ? inJson(value) : value}, ${json ? inJson(label) : label})`, column);
  const mentions = (column: SQL, json: boolean) =>
    sql.join(
      wanted.map((value) => sql`strpos(${column}, ${json ? inJson(value) : value}) > 0`),
      sql` or `,
    );
  const chats = await count(
    db,
    sql`update ai_chat_conversations set messages = ${replaced(sql`messages::text`, true)}::jsonb, updated_at = now()
        where tenant_id = ${tenantId} and (${mentions(sql`messages::text`, true)}) returning id`,
  );
  const notes = await count(
    db,
    sql`update notifications set title = left(${replaced(sql`title`, false)}, 200), message = ${replaced(sql`message`, false)},
          details = ${replaced(sql`details::text`, true)}::jsonb, updated_at = now()
        where tenant_id = ${tenantId}
          and (${mentions(sql`title`, false)} or ${mentions(sql`message`, false)} or ${mentions(sql`details::text`, true)})
        returning id`,
  );
  return conversations + chats + notes;
}

export type ErasureCounts = {
  notes: number;
  messages: number;
  attachments: number;
  consents: number;
  vehicles: number;
  appointments: number;
  jobCards: number;
  estimates: number;
  invoicesKept: number;
  invoicesScrubbed: string[];
  paymentsKept: number;
  paymentsScrubbed: string[];
  auditEntries: number;
  mentions: number;
};

const count = async (db: Tx, query: SQL) => (await queryRows<{ id: number }>(db, query)).length;
const idsOf = async (db: Tx, query: SQL) => (await queryRows<{ id: number }>(db, query)).map((r) => String(r.id));

/**
 * The erasure's changes to the customer's records (in the caller's transaction): personal fields
 * anonymised, notes and files removed, free text of work and bills taken out; invoices and
 * payments keep numbers, dates and amounts, and within the legal retention (`keepSince`, an
 * invoice date) their text too.
 */
export async function eraseRecords(
  db: Tx,
  tenantId: number,
  customerId: number,
  label: string,
  keepSince: string,
): Promise<Omit<ErasureCounts, 'consents' | 'auditEntries' | 'mentions'>> {
  await db.execute(sql`update customers set first_name = ${label}, last_name = '', email = null, phone = '', address = null, city = null,
      postal_code = null, notes = null, erased_at = now(), updated_at = now()
      where tenant_id = ${tenantId} and id = ${customerId}`);
  const notes = await count(db, sql`delete from customer_notes where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`);
  // What Workbay wrote to them: their name, address and vehicle in words.
  const messages = await count(
    db,
    sql`delete from customer_messages where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  // The files' bytes live in the row (attachments.table.ts): removing it removes the file.
  const attachments = await count(
    db,
    sql`delete from attachments where tenant_id = ${tenantId} and entity_type = 'customer' and entity_id = ${customerId} returning id`,
  );
  // Kept (their work history and bills refer to them) without what identifies the person: plate and VIN.
  const vehicles = await count(
    db,
    sql`update vehicles set plate_number = 'ERASED-' || id, vin = null, notes = null, updated_at = now()
        where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  const appointments = await count(
    db,
    sql`update appointments set customer_name = ${label}, customer_phone = '', customer_email = null, notes = null,
          vehicle_info = (vehicle_info - 'vin') || '{"plateNumber": ""}'::jsonb, updated_at = now()
        where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  await db.execute(sql`update service_bookings set notes = null, updated_at = now()
      where tenant_id = ${tenantId} and customer_id = ${customerId} and notes is not null`);
  const jobCards = await count(
    db,
    sql`update job_cards set notes = null, updated_at = now() where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  const estimates = await count(
    db,
    sql`update estimates set notes = null, updated_at = now() where tenant_id = ${tenantId} and customer_id = ${customerId} returning id`,
  );
  const invoicesScrubbed = await idsOf(
    db,
    sql`update invoices set notes = null, updated_at = now()
        where tenant_id = ${tenantId} and customer_id = ${customerId} and invoice_date < ${keepSince}::date returning id`,
  );
  const [{ n: invoicesKept }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from invoices where tenant_id = ${tenantId} and customer_id = ${customerId}`,
  );
  const paymentsScrubbed = await idsOf(
    db,
    sql`update payments set reference_number = null, notes = null, updated_at = now()
        where tenant_id = ${tenantId} and customer_id = ${customerId} and payment_date < ${keepSince}::date returning id`,
  );
  const [{ n: paymentsKept }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments where tenant_id = ${tenantId} and customer_id = ${customerId}`,
  );
  return {
    notes,
    messages,
    attachments,
    vehicles,
    appointments,
    jobCards,
    estimates,
    invoicesKept,
    invoicesScrubbed,
    paymentsKept,
    paymentsScrubbed,
  };
}

// --- Requests ---

type RequestRow = Omit<DataRequest, 'createdAt' | 'completedAt' | 'expiresAt' | 'reason' | 'file' | 'counts' | 'error'> & {
  requestData: { reason?: string };
  responseData: { file?: string; counts?: Record<string, number>; error?: string };
  createdAt: string | Date;
  completedAt: string | Date | null;
  expiresAt: string | Date | null;
};

/** The counts of a request's answer as a list, in the order they were written. */
export const countList = (counts: Record<string, number> | undefined) =>
  Object.entries(counts ?? {}).map(([kind, count]) => ({ kind, count }));

export async function listRequests(db: Tx, tenantId: number, customerId: number): Promise<DataRequest[]> {
  const found = await queryRows<RequestRow>(
    db,
    sql`select r.id, r.customer_id as "customerId", r.request_type as "requestType", r.status, r.request_data as "requestData",
          r.response_data as "responseData", r.created_at as "createdAt", r.completed_at as "completedAt", r.expires_at as "expiresAt",
          ${personRef('u')} as "handledBy"
        from gdpr_data_requests r left join users u on u.tenant_id = r.tenant_id and u.id = r.handled_by
        where r.tenant_id = ${tenantId} and r.customer_id = ${customerId}
        order by r.id desc`,
  );
  return found.map(({ requestData, responseData, ...r }) => ({
    ...r,
    reason: requestData.reason ?? null,
    file: responseData.file ?? null,
    counts: countList(responseData.counts),
    error: responseData.error ?? null,
    createdAt: isoTimestamp(r.createdAt),
    completedAt: r.completedAt === null ? null : isoTimestamp(r.completedAt),
    expiresAt: r.expiresAt === null ? null : isoTimestamp(r.expiresAt),
  }));
}

export async function insertRequest(db: Tx, values: typeof gdprDataRequests.$inferInsert): Promise<number> {
  const [row] = await db.insert(gdprDataRequests).values(values).returning({ id: gdprDataRequests.id });
  return row.id;
}

export async function completeRequest(
  db: Tx,
  tenantId: number,
  id: number,
  values: { status: 'completed' | 'failed'; responseData: Record<string, unknown>; expiresInDays?: number },
): Promise<void> {
  const completedAt = new Date();
  const expiresAt = values.expiresInDays === undefined ? null : new Date(completedAt.getTime() + values.expiresInDays * 86_400_000);
  await db
    .update(gdprDataRequests)
    .set({ status: values.status, responseData: values.responseData, completedAt, expiresAt, updatedAt: completedAt })
    .where(and(eq(gdprDataRequests.tenantId, tenantId), eq(gdprDataRequests.id, id)));
}
