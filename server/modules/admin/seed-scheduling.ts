import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { APPOINTMENT_SERVICE_TYPES } from '../../../core/contracts/appointments.ts';
import { nextNumber } from '../../../core/rules/numbering.ts';
import { addDays, addMonths } from '../../../core/rules/scheduling.ts';
import { fleetVehicles } from '../fleet/fleet.table.ts';
import { serviceBookings } from '../bookings/bookings.table.ts';
import { insertAppointment, highestNumber, recordStatus } from '../appointments/appointments.repository.ts';
import { shifts, shiftAssignments } from '../shifts/shifts.table.ts';
import { maintenanceSchedules } from '../maintenance/maintenance.table.ts';
import { refreshVehicle } from '../maintenance/maintenance.service.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

const DEPARTMENTS = ['Roadside assistance', 'Courtesy cars', 'Parts delivery', 'Mobile service'];
const BOOKING_SERVICES = ['Oil change', 'Brake service', 'Tire rotation', 'AC service', 'General inspection', 'Battery check'];
const BOOKING_STATUSES = ['scheduled', 'confirmed', 'confirmed', 'in_progress', 'completed', 'cancelled'];
const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'confirmed', 'in_progress', 'completed', 'no_show'];
const SHIFTS: Array<[string, string, string]> = [
  ['Morning', '07:00', '15:00'],
  ['Evening', '14:00', '22:00'],
];

/**
 * The scheduling side of a seed batch: part of the batch's vehicles become the workshop's own
 * fleet with maintenance schedules, bookings and appointments over the coming two weeks for the
 * batch's customers and technicians, and a week of shifts for the workshop's staff accounts.
 */
export async function seedScheduling(tx: Tx, admin: PublicUser, batch: number, technicianIds: number[], now: Date) {
  const tenantId = admin.tenantId;
  const clock = await workshopClock(tx, tenantId, now);
  const today = clock.today;
  // This batch's vehicles are the newest rows.
  const batchVehicles = await queryRows<{ id: number; customerId: number; mileage: number | null }>(
    tx,
    sql`select id, customer_id as "customerId", mileage from vehicles where tenant_id = ${tenantId} order by id desc limit 35`,
  );
  const fleet = batchVehicles.slice(0, 8);
  for (const [i, v] of fleet.entries()) {
    await tx.insert(fleetVehicles).values({
      tenantId,
      vehicleId: v.id,
      fleetNumber: `FL-${String(batch + 1).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`,
      department: DEPARTMENTS[i % DEPARTMENTS.length],
      status: i === 6 ? 'maintenance' : i === 7 ? 'out_of_service' : 'active',
      location: i % 2 ? 'Main yard' : 'North depot',
      fuelLevel: [82, 45, 18, 67, 95, 30, null, 55][i],
      lastServiceDate: addDays(today, -40 - i * 20),
      nextServiceDate: addDays(today, [3, 12, 30, 6, 45, 60, 90, 20][i]),
      nextServiceMileage: (v.mileage ?? 0) + 5_000,
    });
    // Half of them are planned by schedule: oil every 10,000 or 6 months, whichever comes first.
    if (i % 2 === 0) {
      await tx.insert(maintenanceSchedules).values({
        tenantId,
        vehicleId: v.id,
        serviceName: 'Oil change',
        intervalMileage: 10_000,
        intervalMonths: 6,
        lastServiceDate: addMonths(today, -(5 + (i % 3))),
        lastServiceMileage: Math.max(0, (v.mileage ?? 0) - 7_000 - i * 500),
        reminderDays: 21,
      });
      await refreshVehicle(tx, tenantId, v.id, now);
    }
  }

  const customersVehicles = batchVehicles.slice(8);
  for (let i = 0; i < 16; i++) {
    const v = customersVehicles[i % customersVehicles.length];
    const day = addDays(today, 1 + (i % 13));
    await tx.insert(serviceBookings).values({
      tenantId,
      customerId: v.customerId,
      vehicleId: v.id,
      serviceType: BOOKING_SERVICES[i % BOOKING_SERVICES.length],
      scheduledDate: clock.at(day, `${String(8 + (i % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
      duration: [60, 90, 120][i % 3],
      status: BOOKING_STATUSES[i % BOOKING_STATUSES.length],
      technicianId: technicianIds.length ? technicianIds[i % technicianIds.length] : null,
      notes: i % 5 === 0 ? 'Customer waits in the lounge.' : null,
    });
  }

  const people = await queryRows<{ firstName: string; lastName: string; phone: string; email: string | null; id: number }>(
    tx,
    sql`select id, first_name as "firstName", last_name as "lastName", phone, email from customers
        where tenant_id = ${tenantId} order by id desc limit 14`,
  );
  let appointments = 0;
  for (const [i, c] of people.entries()) {
    const v = customersVehicles.find((x) => x.customerId === c.id);
    const day = addDays(today, i % 7);
    const time = `${String(8 + (i % 9)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    const status = APPOINTMENT_STATUSES[i % APPOINTMENT_STATUSES.length];
    const vehicle = v
      ? await queryRows<{ make: string; model: string; plateNumber: string }>(
          tx,
          sql`select make, model, plate_number as "plateNumber" from vehicles where id = ${v.id}`,
        )
      : [];
    const id = await insertAppointment(tx, {
      tenantId,
      appointmentNumber: nextNumber('APT-', await highestNumber(tx, tenantId))!,
      customerId: c.id,
      customerName: `${c.firstName} ${c.lastName}`,
      customerPhone: c.phone,
      customerEmail: c.email,
      vehicleId: v?.id ?? null,
      vehicleInfo: vehicle[0] ?? { make: '', model: '', plateNumber: '' },
      serviceType: APPOINTMENT_SERVICE_TYPES[i % APPOINTMENT_SERVICE_TYPES.length],
      scheduledDate: day,
      scheduledTime: time,
      startsAt: clock.at(day, time),
      duration: [30, 60, 90][i % 3],
      status,
      assignedTo: technicianIds.length ? technicianIds[(i + 3) % technicianIds.length] : null,
      createdBy: admin.id,
    });
    if (id !== undefined) {
      await recordStatus(tx, { tenantId, appointmentId: id, fromStatus: null, toStatus: 'pending', changedBy: admin.id });
      if (status !== 'pending')
        await recordStatus(tx, { tenantId, appointmentId: id, fromStatus: 'pending', toStatus: status, changedBy: admin.id });
      appointments++;
    }
  }

  // Shifts are shared by every batch (names are unique): create the ones missing.
  const shiftIds: number[] = [];
  for (const [name, startTime, endTime] of SHIFTS) {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`select id from shifts where tenant_id = ${tenantId} and lower(name) = lower(${name})`,
    );
    shiftIds.push(
      found ? found.id : (await tx.insert(shifts).values({ tenantId, name, startTime, endTime }).returning({ id: shifts.id }))[0].id,
    );
  }
  const staff = await queryRows<{ id: number }>(tx, sql`select id from users where tenant_id = ${tenantId} and is_active order by id`);
  for (let d = 0; d < 7; d++) {
    const day = addDays(today, d);
    for (const [k, person] of staff.entries()) {
      const s = (d + k) % 2;
      const [, startTime, endTime] = SHIFTS[s];
      await tx.insert(shiftAssignments).values({
        tenantId,
        shiftId: shiftIds[s],
        userId: person.id,
        date: day,
        startsAt: clock.at(day, startTime),
        endsAt: clock.at(day, endTime),
        status: 'scheduled',
      });
    }
  }
  return { fleetVehicles: fleet.length, bookings: 16, appointments, shiftAssignments: staff.length * 7 };
}
