import type { Db, Tx } from '../../db/client.ts';
import { UPCOMING_DAYS, type Booking, type BookingInput, type Conflict } from '../../../core/contracts/bookings.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { existingTechnicianIds } from '../technicians/technicians.repository.ts';
import { technicianConflicts } from '../schedule/conflicts.repository.ts';
import * as repo from './bookings.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { checkCustomerVehicle } from '../vehicles/customer-vehicle.ts';

export const bookingNotFound = () => notFound('service_bookings', 'Service booking');
type Saved = Booking & { conflicts: Conflict[] };
type Values = Partial<Omit<BookingInput, 'duration'>> & { duration?: number };

/** The customer and vehicle (when `customerVehicle`: a new booking, or either changed) and the technician named. */
async function checkReferences(
  tx: Tx,
  tenantId: number,
  customerId: number,
  vehicleId: number,
  technicianId: number | null | undefined,
  customerVehicle = true,
) {
  if (customerVehicle) await checkCustomerVehicle(tx, tenantId, 'service_bookings', customerId, vehicleId);
  if (technicianId && (await existingTechnicianIds(tx, tenantId, [technicianId])).length === 0) {
    throw badRequest('service_bookings.technician_invalid', 'Unknown technician');
  }
}

async function conflictsOf(tx: Tx, tenantId: number, booking: Booking): Promise<Conflict[]> {
  if (!booking.technicianId || booking.status === 'cancelled' || booking.status === 'completed') return [];
  const start = new Date(booking.scheduledDate);
  const end = new Date(start.getTime() + booking.duration * 60_000);
  return technicianConflicts(tx, tenantId, booking.technicianId, start, end, { kind: 'booking', id: booking.id });
}

export async function createBooking(db: Db, tenantId: number, input: BookingInput & { scheduledDate: string }): Promise<Saved> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, tenantId, input.customerId, input.vehicleId, input.technicianId);
    const id = await repo.insertBooking(tx, {
      tenantId,
      customerId: input.customerId,
      vehicleId: input.vehicleId,
      serviceType: input.serviceType,
      scheduledDate: new Date(input.scheduledDate),
      duration: Number(input.duration ?? 60),
      status: input.status ?? 'scheduled',
      technicianId: input.technicianId ?? null,
      notes: input.notes ?? null,
    });
    const booking = (await repo.findBooking(tx, tenantId, id))!;
    return { ...booking, conflicts: await conflictsOf(tx, tenantId, booking) };
  });
}

/** The full booking from the dialog, or only the status from the table's inline select. */
export async function updateBooking(db: Db, tenantId: number, id: number, input: Values): Promise<Saved> {
  return db.transaction(async (tx) => {
    const existing = await repo.findBooking(tx, tenantId, id);
    if (!existing) throw bookingNotFound();
    const customerId = input.customerId ?? existing.customerId;
    const vehicleId = input.vehicleId ?? existing.vehicleId;
    // The same customer and vehicle are not checked again: an erased customer's booking can still be moved or cancelled.
    const changed = customerId !== existing.customerId || vehicleId !== existing.vehicleId;
    await checkReferences(tx, tenantId, customerId, vehicleId, input.technicianId, changed);
    await repo.updateBooking(tx, tenantId, id, {
      customerId,
      vehicleId,
      serviceType: input.serviceType,
      scheduledDate: input.scheduledDate ? new Date(input.scheduledDate) : undefined,
      duration: input.duration,
      status: input.status,
      technicianId: input.technicianId,
      notes: input.notes,
    });
    const booking = (await repo.findBooking(tx, tenantId, id))!;
    return { ...booking, conflicts: await conflictsOf(tx, tenantId, booking) };
  });
}

/**
 * The upcoming card: bookings not cancelled or completed from the start of today to the end of
 * the 7th day after it, days read in the workshop's time zone.
 */
export async function upcoming(db: Db, tenantId: number, now = new Date()) {
  const clock = await workshopClock(db, tenantId, now);
  const from = clock.at(clock.today);
  const to = clock.at(addDays(clock.today, UPCOMING_DAYS + 1));
  return repo.listBookings(db, tenantId, { from, to, activeOnly: true, order: 'soonest', limit: 100 });
}

/** Plain reads the routes serve as the repository answers them. */
export { findBooking, listBookings } from './bookings.repository.ts';
