import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Appointment, AppointmentInput } from '../../../core/contracts/appointments.ts';
import type { Conflict } from '../../../core/contracts/bookings.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { existingTechnicianIds } from '../technicians/technicians.repository.ts';
import { technicianConflicts } from '../schedule/conflicts.repository.ts';
import * as repo from './appointments.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { lockLiveCustomer } from '../customers/customers.service.ts';
import { vehicleNotCustomers } from '../vehicles/customer-vehicle.ts';
import { insertNumbered } from '../../lib/document-numbers.ts';

export const appointmentNotFound = () => notFound('appointments', 'Appointment');
const PREFIX = 'APT-';
const APPOINTMENT_NUMBERS = { entity: 'appointments', noun: 'appointment number', param: 'appointmentNumber', prefix: PREFIX };
type Saved = Appointment & { conflicts: Conflict[] };
type Values = Partial<Omit<AppointmentInput, 'vehicleInfo' | 'duration'>> & {
  vehicleInfo?: { make: string; model: string; plateNumber: string };
  duration?: number;
  statusNote?: string;
};

/** `customerAfter`: the customer the appointment names after the write, whom a newly named vehicle must belong to. */
async function checkReferences(tx: Tx, tenantId: number, input: Values, customerAfter: number | null) {
  // Share-locked and not erased: an erasure waits for the appointment (and clears it with the rest).
  if (input.customerId)
    await lockLiveCustomer(tx, tenantId, input.customerId, 'key share', () =>
      badRequest('appointments.customer_invalid', 'Unknown customer'),
    );
  if (input.vehicleId) {
    // The vehicle's owner too: an erased customer's vehicle takes no visit under a new name.
    const [vehicle] = await queryRows<{ customerId: number }>(
      tx,
      sql`select customer_id as "customerId" from vehicles where tenant_id = ${tenantId} and id = ${input.vehicleId}`,
    );
    if (!vehicle) throw badRequest('appointments.vehicle_invalid', 'Unknown vehicle');
    if (customerAfter && vehicle.customerId !== customerAfter) throw vehicleNotCustomers();
    if (vehicle.customerId !== input.customerId) await lockLiveCustomer(tx, tenantId, vehicle.customerId, 'key share');
  }
  if (input.assignedTo && (await existingTechnicianIds(tx, tenantId, [input.assignedTo])).length === 0) {
    throw badRequest('appointments.technician_invalid', 'Unknown technician');
  }
}

/**
 * A customer and a vehicle the appointment names together: the vehicle is that customer's (400
 * vehicles.customer_mismatch, as job cards, estimates, invoices and bookings answer). Either may
 * be absent: a walk-in's vehicle is written as text, a customer may come without one.
 */
async function checkOwner(tx: Tx, tenantId: number, customerId: number | null, vehicleId: number | null) {
  if (!customerId || !vehicleId) return;
  const [vehicle] = await queryRows<{ customerId: number }>(
    tx,
    sql`select customer_id as "customerId" from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}`,
  );
  if (vehicle && vehicle.customerId !== customerId) throw vehicleNotCustomers();
}

/** The appointment's start: its date and time read in the workshop's time zone. */
async function startsAt(tx: Tx, tenantId: number, day: string, time: string) {
  return (await workshopClock(tx, tenantId)).at(day, time);
}

async function conflictsOf(tx: Tx, tenantId: number, a: Appointment): Promise<Conflict[]> {
  if (!a.assignedTo || ['cancelled', 'completed', 'no_show'].includes(a.status)) return [];
  const start = await startsAt(tx, tenantId, a.scheduledDate, a.scheduledTime);
  return technicianConflicts(tx, tenantId, a.assignedTo, start, new Date(start.getTime() + a.duration * 60_000), {
    kind: 'appointment',
    id: a.id,
  });
}

export async function createAppointment(
  db: Db,
  actor: PublicUser,
  input: Values & { scheduledDate: string; customerName: string; customerPhone: string },
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    await checkReferences(tx, tenantId, input, input.customerId ?? null);
    const time = input.scheduledTime ?? '09:00';
    const values = {
      tenantId,
      status: input.status ?? 'pending',
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail ?? null,
      customerId: input.customerId ?? null,
      vehicleId: input.vehicleId ?? null,
      vehicleInfo: input.vehicleInfo ?? { make: '', model: '', plateNumber: '' },
      serviceType: input.serviceType!,
      description: input.description ?? null,
      scheduledDate: input.scheduledDate,
      scheduledTime: time,
      startsAt: await startsAt(tx, tenantId, input.scheduledDate, time),
      duration: input.duration ?? 60,
      assignedTo: input.assignedTo ?? null,
      notes: input.notes ?? null,
      createdBy: actor.id,
    };
    const id = await insertNumbered(APPOINTMENT_NUMBERS, input.appointmentNumber, {
      highest: () => repo.highestNumber(tx, tenantId),
      insert: (appointmentNumber) => repo.insertAppointment(tx, { ...values, appointmentNumber }),
    });
    await repo.recordStatus(tx, {
      tenantId,
      appointmentId: id,
      fromStatus: null,
      toStatus: values.status,
      changedBy: actor.id,
      notes: input.statusNote ?? null,
    });
    const created = (await repo.findAppointment(tx, tenantId, id))!;
    return { ...created, conflicts: await conflictsOf(tx, tenantId, created) };
  });
}

/** Every status change writes a history row (from, to, who, when) in the same transaction. */
export async function updateAppointment(db: Db, actor: PublicUser, id: number, input: Values): Promise<Saved> {
  return db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const current = await repo.lockAppointment(tx, tenantId, id);
    if (!current) throw appointmentNotFound();
    // The pair it holds after the write; a newly named vehicle is checked against it there.
    const customerId = input.customerId === undefined ? current.customerId : input.customerId;
    const vehicleId = input.vehicleId === undefined ? current.vehicleId : input.vehicleId;
    const vehicleChanged = vehicleId !== current.vehicleId;
    // The same customer and vehicle are not checked again: an erased customer's appointment can still be moved or cancelled.
    await checkReferences(
      tx,
      tenantId,
      {
        ...input,
        customerId: input.customerId === current.customerId ? undefined : input.customerId,
        vehicleId: vehicleChanged ? input.vehicleId : undefined,
      },
      customerId,
    );
    // A new customer for the same vehicle: read it once more (a vehicle sold on since keeps its appointment while neither changes).
    if (!vehicleChanged && customerId !== current.customerId) await checkOwner(tx, tenantId, customerId, vehicleId);
    const day = input.scheduledDate ?? current.scheduledDate;
    const time = input.scheduledTime ?? current.scheduledTime;
    await repo.updateAppointment(tx, tenantId, id, {
      status: input.status,
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      customerEmail: input.customerEmail,
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      vehicleInfo: input.vehicleInfo,
      serviceType: input.serviceType,
      description: input.description,
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      startsAt: input.scheduledDate || input.scheduledTime ? await startsAt(tx, tenantId, day, time) : undefined,
      duration: input.duration,
      assignedTo: input.assignedTo,
      notes: input.notes,
    });
    if (input.status && input.status !== current.status) {
      await repo.recordStatus(tx, {
        tenantId,
        appointmentId: id,
        fromStatus: current.status,
        toStatus: input.status,
        changedBy: actor.id,
        notes: input.statusNote ?? null,
      });
    }
    const updated = (await repo.findAppointment(tx, tenantId, id))!;
    return { ...updated, conflicts: await conflictsOf(tx, tenantId, updated) };
  });
}

export async function history(db: Db, tenantId: number, id: number) {
  if (!(await repo.findAppointment(db, tenantId, id))) throw appointmentNotFound();
  return repo.statusHistory(db, tenantId, id);
}

/** Plain reads the routes serve as the repository answers them. */
export { findAppointment, listAppointments } from './appointments.repository.ts';
