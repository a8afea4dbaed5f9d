import { strToU8, zipSync } from 'fflate';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { EraseInput } from '../../../core/contracts/data-rights.ts';
import { EXPORT_EXPIRES_AFTER_DAYS } from '../../../core/contracts/data-rights.values.ts';
import { DEFAULT_TENANT_SETTINGS } from '../../../core/contracts/tenant.ts';
import { toCsv } from '../../../core/csv.ts';
import { addMonths } from '../../../core/rules/scheduling.ts';
import { dayInZone } from '../../../core/rules/time-zone.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { getSettings } from '../tenants/tenants.repository.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCustomer, lockCustomer } from '../customers/customers.repository.ts';
import { customerNotFound } from '../customers/customers.service.ts';
import { customerNotes, customers } from '../customers/customers.table.ts';
import { vehicles, vehicleServiceHistory } from '../vehicles/vehicles.table.ts';
import { jobCardLabour, jobCardParts, jobCards } from '../job-cards/job-cards.table.ts';
import { estimateItems, estimates } from '../billing/estimates.table.ts';
import { invoiceItems, invoices, payments } from '../billing/invoices.table.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { serviceBookings } from '../bookings/bookings.table.ts';
import { userConsents } from '../consents/consents.table.ts';
import { deleteConsents } from '../consents/consents.repository.ts';
import { customerMessages } from '../customer-messages/customer-messages.table.ts';
import { gdprDataRequests } from './data-rights.table.ts';
import * as repo from './data-rights.repository.ts';

export { listRequests } from './data-rights.repository.ts';

/** A table's columns as the export names them (an empty kind still gets its header row). */
const columnsOf = (table: PgTable) =>
  getTableConfig(table)
    .columns.map((c) => c.name)
    .filter((n) => n !== 'tenant_id')
    .map(repo.camel);

/** The archive's CSV files: each kind of record, its file and the header an empty one gets. */
const CSV_FILES = [
  ['customer', 'customer.csv', columnsOf(customers)],
  ['notes', 'notes.csv', [...columnsOf(customerNotes), 'createdByName']],
  ['vehicles', 'vehicles.csv', columnsOf(vehicles)],
  ['serviceHistory', 'service-history.csv', columnsOf(vehicleServiceHistory)],
  ['jobCards', 'job-cards.csv', columnsOf(jobCards)],
  ['jobCardParts', 'job-card-parts.csv', columnsOf(jobCardParts)],
  ['jobCardLabour', 'job-card-labour.csv', columnsOf(jobCardLabour)],
  ['estimates', 'estimates.csv', columnsOf(estimates)],
  ['estimateItems', 'estimate-items.csv', columnsOf(estimateItems)],
  ['invoices', 'invoices.csv', columnsOf(invoices)],
  ['invoiceItems', 'invoice-items.csv', columnsOf(invoiceItems)],
  ['payments', 'payments.csv', columnsOf(payments)],
  ['appointments', 'appointments.csv', columnsOf(appointments)],
  ['bookings', 'bookings.csv', columnsOf(serviceBookings)],
  ['consents', 'consents.csv', columnsOf(userConsents)],
  ['messages', 'messages.csv', columnsOf(customerMessages)],
  ['attachments', 'attachments.csv', ['id', 'originalName', 'mimeType', 'size', 'createdAt']],
  ['dataRequests', 'data-requests.csv', columnsOf(gdprDataRequests)],
  ['audit', 'audit.csv', ['id', 'at', 'userName', 'action', 'resourceType', 'resourceId', 'details', 'ipAddress', 'userAgent']],
] as const;
export const ARCHIVE_FILES = ['customer.json', ...CSV_FILES.map(([, file]) => file)];

const cell = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
function csvOf(rows: repo.ExportRow[], fallback: readonly string[]): string {
  const header = rows.length ? [...new Set(rows.flatMap((r) => Object.keys(r)))] : [...fallback];
  return toCsv(
    header,
    rows.map((r) => header.map((h) => cell(r[h]))),
  );
}

/** "First Last" as typed to confirm an erasure: spaces and case aside. */
const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
/**
 * What an erased customer's record holds for their name, and what replaces their name in staff
 * texts. The web app shows it in the reader's language (web/src/lib/utils.ts fullName reads this form).
 */
export const erasedLabel = (customerId: number) => `Erased customer #${customerId}`;

/**
 * Everything the workshop holds about the customer as a zip: `customer.json` (every kind, nested
 * under its name) and one CSV per kind. Recorded as a data request (completed, or failed with the
 * reason) handled by the actor, and in the audit log as an export.
 */
export async function exportCustomer(db: Db, actor: PublicUser, customerId: number): Promise<{ fileName: string; archive: Uint8Array }> {
  const tenantId = actor.tenantId;
  if (!(await findCustomer(db, tenantId, customerId))) throw customerNotFound();
  const requestId = await repo.insertRequest(db, { tenantId, customerId, requestType: 'export', status: 'pending', handledBy: actor.id });
  try {
    return await db.transaction(async (tx) => {
      const data = await repo.customerData(tx, tenantId, customerId);
      if (!data.customer) throw customerNotFound();
      const ids = await repo.customerRecordIds(tx, tenantId, customerId);
      const audit = await repo.auditAbout(tx, tenantId, customerId, ids);
      const now = new Date();
      const fileName = `customer-${customerId}-data-${now.toISOString().slice(0, 10)}.zip`;
      const kinds: Record<string, repo.ExportRow[]> = { ...data, customer: [data.customer], audit };
      const counts = Object.fromEntries(CSV_FILES.map(([kind]) => [kind, kinds[kind].length]));
      const json = { exportedAt: now.toISOString(), requestId, ...data, audit };
      const files: Record<string, Uint8Array> = { 'customer.json': strToU8(JSON.stringify(json, null, 2)) };
      for (const [kind, file, header] of CSV_FILES) files[file] = strToU8(csvOf(kinds[kind], header));
      const archive = zipSync(files, { level: 6, mtime: now });
      await repo.completeRequest(tx, tenantId, requestId, {
        status: 'completed',
        responseData: { file: fileName, bytes: archive.length, counts },
        expiresInDays: EXPORT_EXPIRES_AFTER_DAYS,
      });
      await recordAudit(tx, {
        tenantId,
        userId: actor.id,
        action: 'export',
        resourceType: 'customers',
        resourceId: String(customerId),
        details: { requestId, file: fileName, counts },
      });
      return { fileName, archive };
    });
  } catch (err) {
    await repo.completeRequest(db, tenantId, requestId, {
      status: 'failed',
      responseData: { error: err instanceof AppError ? err.code : 'internal' },
    });
    throw err;
  }
}

/**
 * Erases the customer's personal data, all in one transaction (nothing half-erased): the customer
 * row anonymised (kept: their bills and work refer to it), notes, files, consents and the
 * messages written to them removed,
 * vehicles without plate and VIN, appointments without the name and contact copied onto them, the
 * free text of job cards, estimates and bookings removed; invoices and payments keep numbers,
 * dates and amounts, and their notes and references within the workshop's legal retention. Earlier
 * audit entries lose the personal values they kept; the activity feed the name. Recorded as a
 * completed data request and an `erase` audit entry (counts only). A second erasure is a 409.
 */
export async function eraseCustomer(db: Db, actor: PublicUser, customerId: number, input: EraseInput) {
  const tenantId = actor.tenantId;
  return db.transaction(async (tx) => {
    // Row-locked: two erasures (or a consent being recorded) take turns; the second finds the first done.
    const state = await lockCustomer(tx, tenantId, customerId, 'update');
    if (state === 'missing') throw customerNotFound();
    if (state === 'erased') throw conflict('data_rights.already_erased', "This customer's personal data has already been erased");
    const customer = (await findCustomer(tx, tenantId, customerId))!;
    if (normalName(input.confirm) !== normalName(`${customer.firstName} ${customer.lastName}`)) {
      throw badRequest('data_rights.confirm_mismatch', "Type the customer's full name to confirm");
    }
    const settings = (await getSettings(tx, tenantId)) ?? DEFAULT_TENANT_SETTINGS;
    // Invoices dated on or after this day are within the legal retention (29 February back to a 28th).
    const keepSince = addMonths(dayInZone(new Date(), settings.timeZone), -12 * settings.legalRetentionYears);
    const requestId = await repo.insertRequest(tx, {
      tenantId,
      customerId,
      requestType: 'erase',
      status: 'pending',
      handledBy: actor.id,
      requestData: input.reason ? { reason: input.reason } : {},
    });
    const ids = await repo.customerRecordIds(tx, tenantId, customerId);
    const label = erasedLabel(customerId);
    const { invoicesScrubbed, paymentsScrubbed, ...erased } = await repo.eraseRecords(tx, tenantId, customerId, label, keepSince);
    const consents = (await deleteConsents(tx, tenantId, customerId)).length;
    await repo.scrubActivity(tx, tenantId, customerId, label);
    const personal = [`${customer.firstName} ${customer.lastName}`, customer.phone, customer.email ?? ''];
    const mentions = await repo.scrubMentions(tx, tenantId, customerId, personal, label);
    const auditEntries = await repo.scrubAudit(tx, tenantId, customerId, {
      ...ids,
      invoices: invoicesScrubbed,
      payments: paymentsScrubbed,
    });
    const counts = {
      ...erased,
      consents,
      invoicesScrubbed: invoicesScrubbed.length,
      paymentsScrubbed: paymentsScrubbed.length,
      auditEntries,
      mentions,
    };
    await repo.completeRequest(tx, tenantId, requestId, { status: 'completed', responseData: { counts, keepSince } });
    await recordAudit(tx, {
      tenantId,
      userId: actor.id,
      action: 'erase',
      resourceType: 'customers',
      resourceId: String(customerId),
      details: { requestId, counts },
    });
    return { requestId, counts: repo.countList(counts) };
  });
}
