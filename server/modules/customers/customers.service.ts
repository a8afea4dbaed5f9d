import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { customerInput, type Customer, type CustomerNote } from '../../../core/contracts/customers.ts';
import { CUSTOMER_CSV_FIELDS } from '../../../core/contracts/customers.values.ts';
import type { ImportError, ImportResult } from '../../../core/contracts/imports.ts';
import { importRowNumber } from '../../../core/contracts/imports.ts';
import type { CsvExport } from '../../lib/csv-export.ts';
import { badRequest, conflict, notFound, type AppError } from '../../lib/app-error.ts';
import { billingDocuments, byRow, importRefusal, inChunks, pickFields, plural, rowErrors } from '../../lib/import-rows.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import * as repo from './customers.repository.ts';

export const customerNotFound = () => notFound('customers', 'Customer');
export const customerErased = () =>
  conflict('customers.erased', "This customer's personal data was erased: their record takes nothing personal again");

/**
 * Locks the customer's row (repository lockCustomer) for a change that adds to them: an unknown
 * customer is `missing()` (404 unless told), an erased one a 409.
 */
export async function lockLiveCustomer(
  tx: Tx,
  tenantId: number,
  id: number,
  mode: 'no key update' | 'key share',
  missing: () => AppError = customerNotFound,
): Promise<void> {
  const state = await repo.lockCustomer(tx, tenantId, id, mode);
  if (state === 'missing') throw missing();
  if (state === 'erased') throw customerErased();
}
export const noteNotFound = () => notFound('customer_notes', 'Note');

const inUse = (counts: { vehicles: number; jobCards: number }) => {
  const parts = [
    counts.vehicles ? plural(counts.vehicles, 'vehicle') : null,
    counts.jobCards ? plural(counts.jobCards, 'job card') : null,
  ].filter(Boolean);
  return conflict('customers.in_use', `This customer still has ${parts.join(' and ')}`, {
    vehicles: counts.vehicles,
    jobCards: counts.jobCards,
  });
};

/** Estimates and invoices keep the customer they were written for. */
const billed = (docs: { estimates: number; invoices: number }) =>
  conflict('customers.billed', `This customer is on ${billingDocuments(docs)}`, { estimates: docs.estimates, invoices: docs.invoices });

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;

export async function createCustomer(db: Db, actor: PublicUser, values: repo.CustomerColumns): Promise<Customer> {
  return db.transaction(async (tx) => {
    const [id] = await repo.insertCustomers(tx, actor.tenantId, [values]);
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      userId: actor.id,
      action: 'created_customer',
      entityType: 'customer',
      entityId: id,
      details: { customerName: fullName(values) },
    });
    return (await repo.findCustomer(tx, actor.tenantId, id))!;
  });
}

export async function updateCustomer(db: Db, actor: PublicUser, id: number, values: Partial<repo.CustomerColumns>): Promise<Customer> {
  return db.transaction(async (tx) => {
    await lockLiveCustomer(tx, actor.tenantId, id, 'no key update');
    if (!(await repo.updateCustomer(tx, actor.tenantId, id, values))) throw customerNotFound();
    return (await repo.findCustomer(tx, actor.tenantId, id))!;
  });
}

/**
 * Deletes a customer who has no vehicles and no job cards (409 with the counts otherwise). The
 * row is locked first, so a vehicle or job card added meanwhile waits and then finds it gone.
 */
export async function deleteCustomer(db: Db, actor: PublicUser, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if ((await repo.lockCustomer(tx, actor.tenantId, id, 'update')) === 'missing') throw customerNotFound();
      const counts = await repo.countDependents(tx, actor.tenantId, id);
      if (counts.vehicles || counts.jobCards) throw inUse(counts);
      if (counts.estimates || counts.invoices) throw billed(counts);
      await repo.deleteCustomer(tx, actor.tenantId, id);
    });
  } catch (err) {
    // Whatever still refers to the customer (a row that slipped in without the lock): recount.
    if (isForeignKeyViolation(err)) {
      const counts = await repo.countDependents(db, actor.tenantId, id);
      throw counts.vehicles || counts.jobCards ? inUse(counts) : billed(counts);
    }
    throw err;
  }
}

// --- Notes ---

export async function addNote(
  db: Db,
  actor: PublicUser,
  customerId: number,
  input: { note: string; category: string; isImportant: boolean },
): Promise<CustomerNote> {
  return db.transaction(async (tx) => {
    await lockLiveCustomer(tx, actor.tenantId, customerId, 'key share');
    const id = await repo.insertNote(tx, { tenantId: actor.tenantId, customerId, ...input, createdBy: actor.id });
    const { rows } = await repo.listNotes(tx, actor.tenantId, customerId, { limit: 1, offset: 0 }, id);
    return rows[0];
  });
}

export async function removeNote(db: Db, actor: PublicUser, customerId: number, noteId: number): Promise<void> {
  if (!(await repo.deleteNote(db, actor.tenantId, customerId, noteId))) throw noteNotFound();
}

// --- CSV export and import ---

/** The filtered customer list as a CSV export (server/lib/csv-export.ts), a batch at a time. */
export function customersCsv(db: Db, tenantId: number, q: string | undefined): CsvExport {
  async function* batches() {
    for await (const batch of repo.customersInBatches(db, tenantId, q)) yield batch.map((c) => CUSTOMER_CSV_FIELDS.map((f) => c[f]));
  }
  return { name: 'customers', header: CUSTOMER_CSV_FIELDS, batches: batches() };
}

const personKey = (c: { firstName: string; lastName: string; phone: string }) =>
  `${c.firstName.trim().toLowerCase()}\u0000${c.lastName.trim().toLowerCase()}\u0000${c.phone.replace(/\D/g, '')}`;

/**
 * Checks every row (the contract's messages, on the file's line numbers), and the same person
 * (name and phone) twice in the file or already in the workshop. A dry run stops there; otherwise
 * all rows are written in one transaction, or none when any row has an error (400 with them).
 */
export async function importCustomers(
  db: Db,
  actor: PublicUser,
  input: { rows: Record<string, string>[]; dryRun: boolean },
): Promise<ImportResult> {
  const errors: ImportError[] = [];
  const valid: { index: number; values: repo.CustomerColumns }[] = [];
  input.rows.forEach((row, index) => {
    const parsed = customerInput.safeParse(pickFields(row, CUSTOMER_CSV_FIELDS));
    if (parsed.success) valid.push({ index, values: parsed.data });
    else errors.push(...rowErrors(index, parsed.error));
  });

  const seen = new Map<string, number>();
  const existing = new Set(
    (await repo.customersWithPhones(db, actor.tenantId, [...new Set(valid.map((v) => v.values.phone))])).map(personKey),
  );
  const accepted = valid.filter(({ index, values }) => {
    const key = personKey(values);
    const row = importRowNumber(index);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row, field: 'phone', message: `The same customer (name and phone) is on row ${first}` });
      return false;
    }
    seen.set(key, row);
    if (existing.has(key)) {
      errors.push({ row, field: 'phone', message: 'This customer (name and phone) already exists' });
      return false;
    }
    return true;
  });
  errors.sort(byRow);

  if (input.dryRun) return { imported: 0, valid: accepted.length, errors };
  if (errors.length) throw badRequest('import.invalid', importRefusal(errors), { errors, valid: accepted.length });

  const ids = await db.transaction(async (tx) => {
    const inserted = await inChunks(accepted, 1000, (chunk) =>
      repo.insertCustomers(
        tx,
        actor.tenantId,
        chunk.map((a) => a.values),
      ),
    );
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      userId: actor.id,
      action: 'imported_customers',
      entityType: 'customer',
      entityId: inserted[0],
      details: { count: inserted.length },
    });
    return inserted;
  });
  return { imported: ids.length, valid: accepted.length, errors: [] };
}

/** Plain reads the routes serve as the repository answers them. */
export { findCustomer, findCustomerDetail, listCustomers, listNotes } from './customers.repository.ts';
