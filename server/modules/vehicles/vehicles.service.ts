import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { vehicleInput, type Vehicle } from '../../../core/contracts/vehicles.ts';
import { importRowNumber, type ImportError, type ImportResult } from '../../../core/contracts/imports.ts';
import type { CsvExport } from '../../lib/csv-export.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { billingDocuments, byRow, importRefusal, inChunks, pickFields, plural, rowErrors } from '../../lib/import-rows.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { lockLiveCustomer } from '../customers/customers.service.ts';
import * as repo from './vehicles.repository.ts';

export const vehicleNotFound = () => notFound('vehicles', 'Vehicle');
const customerInvalid = () => badRequest('vehicles.customer_invalid', 'Choose a customer of this workshop');
const inUse = (jobCards: number) => conflict('vehicles.in_use', `This vehicle still has ${plural(jobCards, 'job card')}`, { jobCards });
/** Estimates and invoices keep the vehicle they were written for. */
const billed = (docs: { estimates: number; invoices: number }) =>
  conflict('vehicles.billed', `This vehicle is on ${billingDocuments(docs)}`, { estimates: docs.estimates, invoices: docs.invoices });

/**
 * The customer must be one of the workshop's, and not erased (a vehicle's plate is theirs); their
 * row is share-locked so a delete or an erasure of them waits for this vehicle.
 */
async function checkCustomer(tx: Tx, tenantId: number, customerId: number) {
  await lockLiveCustomer(tx, tenantId, customerId, 'key share', customerInvalid);
}

/** A customer deleted between the check and the insert (without the lock, e.g. another path): the same 400. */
async function customerGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw customerInvalid();
    throw err;
  }
}

const vehicleName = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;

export async function createVehicle(db: Db, actor: PublicUser, values: repo.VehicleColumns): Promise<Vehicle> {
  return customerGuard(() =>
    db.transaction(async (tx) => {
      await checkCustomer(tx, actor.tenantId, values.customerId);
      const [id] = await repo.insertVehicles(tx, actor.tenantId, [values]);
      await recordActivity(tx, {
        tenantId: actor.tenantId,
        userId: actor.id,
        action: 'created_vehicle',
        entityType: 'vehicle',
        entityId: id,
        details: { vehicleName: vehicleName(values), plateNumber: values.plateNumber },
      });
      return (await repo.findVehicle(tx, actor.tenantId, id))!;
    }),
  );
}

/**
 * What a module above vehicles does when a vehicle's odometer reading changes (maintenance
 * recomputes mileage-based due dates and reminders): given by app.ts, so vehicles does not
 * depend on the modules that depend on it.
 */
export type OnMileageChange = (tx: Tx, tenantId: number, vehicleId: number) => Promise<void>;

export async function updateVehicle(
  db: Db,
  actor: PublicUser,
  id: number,
  values: Partial<repo.VehicleColumns>,
  onMileageChange?: OnMileageChange,
): Promise<Vehicle> {
  return customerGuard(() =>
    db.transaction(async (tx) => {
      const vehicle = await repo.findVehicle(tx, actor.tenantId, id);
      if (!vehicle) throw vehicleNotFound();
      // An erased customer's vehicle keeps its work history and takes no new plate or notes; a
      // vehicle moves only to a live customer of the workshop.
      await checkCustomer(tx, actor.tenantId, vehicle.customerId);
      if (values.customerId !== undefined && values.customerId !== vehicle.customerId) {
        await checkCustomer(tx, actor.tenantId, values.customerId);
      }
      await repo.updateVehicle(tx, actor.tenantId, id, values);
      if (values.mileage !== undefined) await onMileageChange?.(tx, actor.tenantId, id);
      return (await repo.findVehicle(tx, actor.tenantId, id))!;
    }),
  );
}

/** Deletes a vehicle no job card refers to (409 with how many otherwise); its service history goes with it. */
export async function deleteVehicle(db: Db, actor: PublicUser, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.lockVehicle(tx, actor.tenantId, id))) throw vehicleNotFound();
      const counts = await repo.countDependents(tx, actor.tenantId, id);
      if (counts.jobCards) throw inUse(counts.jobCards);
      if (counts.estimates || counts.invoices) throw billed(counts);
      await repo.deleteVehicle(tx, actor.tenantId, id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      const counts = await repo.countDependents(db, actor.tenantId, id);
      throw counts.jobCards ? inUse(counts.jobCards) : billed(counts);
    }
    throw err;
  }
}

// --- CSV export and import ---

/** The vehicle's own columns in the CSV, then the customer it belongs to. */
const VEHICLE_FIELDS = ['make', 'model', 'year', 'plateNumber', 'vin', 'color', 'mileage', 'status', 'notes'] as const;
export const VEHICLE_CSV_HEADER = [...VEHICLE_FIELDS, 'customerPhone', 'customerEmail', 'customerName'];

/** The filtered vehicle list as a CSV export (server/lib/csv-export.ts), a batch at a time. */
export function vehiclesCsv(db: Db, tenantId: number, filter: repo.VehicleFilter): CsvExport {
  async function* batches() {
    for await (const batch of repo.vehiclesInBatches(db, tenantId, filter)) {
      yield batch.map((v) => [
        ...VEHICLE_FIELDS.map((f) => v[f]),
        v.customer.phone,
        v.customerEmail,
        `${v.customer.firstName} ${v.customer.lastName}`,
      ]);
    }
  }
  return { name: 'vehicles', header: VEHICLE_CSV_HEADER, batches: batches() };
}

const importFields = vehicleInput.omit({ customerId: true });
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Checks every row: the vehicle fields with the contract's messages, its customer named by
 * `customerPhone` (or `customerEmail`) among the workshop's customers, and a VIN that is neither
 * twice in the file nor already in the workshop. A dry run stops there; otherwise all rows are
 * written in one transaction, or none when any row has an error (400 with them).
 */
export async function importVehicles(
  db: Db,
  actor: PublicUser,
  input: { rows: Record<string, string>[]; dryRun: boolean },
): Promise<ImportResult> {
  const picked = input.rows.map((row) => {
    const fields = pickFields(row, VEHICLE_FIELDS);
    // "Active", "In service": the status as people write it.
    if (fields.status) fields.status = fields.status.toLowerCase().replace(/[\s-]+/g, '_');
    return { fields, customer: pickFields(row, ['customerPhone', 'customerEmail'] as const) };
  });
  const phones = [...new Set(picked.map((p) => digitsOf(p.customer.customerPhone ?? '')).filter(Boolean))];
  const emails = [...new Set(picked.map((p) => p.customer.customerEmail?.toLowerCase()).filter((e): e is string => Boolean(e)))];
  const candidates = await repo.customersByPhoneOrEmail(db, actor.tenantId, phones, emails);

  const errors: ImportError[] = [];
  const valid: { index: number; values: repo.VehicleColumns }[] = [];
  picked.forEach(({ fields, customer }, index) => {
    const row = importRowNumber(index);
    let customerId: number | undefined;
    const digits = digitsOf(customer.customerPhone ?? '');
    const email = customer.customerEmail?.toLowerCase();
    if (!digits && !email) {
      errors.push({ row, field: 'customerPhone', message: 'Customer phone or e-mail is required' });
    } else {
      let matches = digits ? candidates.filter((c) => c.digits === digits) : candidates.filter((c) => c.email === email);
      if (digits && email && matches.length > 1) matches = matches.filter((c) => c.email === email);
      const field = digits ? 'customerPhone' : 'customerEmail';
      if (matches.length === 0) errors.push({ row, field, message: digits ? 'No customer has this phone' : 'No customer has this e-mail' });
      else if (matches.length > 1) {
        errors.push({
          row,
          field,
          message: digits ? 'More than one customer has this phone: add customerEmail' : 'More than one customer has this e-mail',
        });
      } else customerId = matches[0].id;
    }
    const parsed = importFields.safeParse(fields);
    if (!parsed.success) errors.push(...rowErrors(index, parsed.error));
    else if (customerId !== undefined) valid.push({ index, values: { ...parsed.data, customerId } });
  });

  const inWorkshop = await repo.existingVins(db, actor.tenantId, [
    ...new Set(valid.map((v) => v.values.vin).filter((v): v is string => Boolean(v))),
  ]);
  const seen = new Map<string, number>();
  const accepted = valid.filter(({ index, values }) => {
    if (!values.vin) return true;
    const row = importRowNumber(index);
    const first = seen.get(values.vin);
    if (first !== undefined) {
      errors.push({ row, field: 'vin', message: `The same VIN is on row ${first}` });
      return false;
    }
    seen.set(values.vin, row);
    if (inWorkshop.has(values.vin)) {
      errors.push({ row, field: 'vin', message: 'A vehicle with this VIN already exists' });
      return false;
    }
    return true;
  });
  errors.sort(byRow);

  if (input.dryRun) return { imported: 0, valid: accepted.length, errors };
  if (errors.length) throw badRequest('import.invalid', importRefusal(errors), { errors, valid: accepted.length });

  const ids = await customerGuard(() =>
    db.transaction(async (tx) => {
      const inserted = await inChunks(accepted, 1000, (chunk) =>
        repo.insertVehicles(
          tx,
          actor.tenantId,
          chunk.map((a) => a.values),
        ),
      );
      await recordActivity(tx, {
        tenantId: actor.tenantId,
        userId: actor.id,
        action: 'imported_vehicles',
        entityType: 'vehicle',
        entityId: inserted[0],
        details: { count: inserted.length },
      });
      return inserted;
    }),
  );
  return { imported: ids.length, valid: accepted.length, errors: [] };
}

/** Plain reads the routes serve as the repository answers them. */
export { findVehicle, listVehicles, serviceHistory } from './vehicles.repository.ts';
