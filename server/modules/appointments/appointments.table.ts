import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { technicians } from '../technicians/technicians.table.ts';
import type { VehicleInfo } from '../../../core/contracts/appointments.ts';

/** The text the appointment search matches (number, customer name, phone, plate); queries use this exact expression. */
export const APPOINTMENT_SEARCH = sql.raw(
  `(appointment_number || ' ' || customer_name || ' ' || customer_phone || ' ' || coalesce(vehicle_info->>'plateNumber', ''))`,
);

export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    appointmentNumber: varchar('appointment_number', { length: 20 }).notNull(),
    customerId: integer('customer_id'),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 20 }).notNull(),
    customerEmail: varchar('customer_email', { length: 255 }),
    vehicleId: integer('vehicle_id'),
    vehicleInfo: jsonb('vehicle_info').$type<VehicleInfo>().notNull(),
    serviceType: varchar('service_type', { length: 50 }).notNull(),
    description: text('description'),
    scheduledDate: date('scheduled_date').notNull(),
    scheduledTime: varchar('scheduled_time', { length: 5 }).notNull(),
    /** The instant the appointment starts: date and time read in the workshop's time zone. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull().default(60),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    assignedTo: integer('assigned_to'),
    notes: text('notes'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('appointments_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('appointments_tenant_number_key').on(t.tenantId, t.appointmentNumber),
    index('appointments_tenant_date_idx').on(t.tenantId, t.scheduledDate, t.scheduledTime, t.id),
    index('appointments_tenant_status_idx').on(t.tenantId, t.status, t.scheduledDate),
    index('appointments_assigned_idx').on(t.assignedTo, t.startsAt),
    index('appointments_search_trgm').using('gin', sql`${APPOINTMENT_SEARCH} gin_trgm_ops`),
    workshopRef('appointments_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('set null'),
    workshopRef('appointments_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('set null'),
    workshopRef('appointments_assigned_to_fk', t.tenantId, t.assignedTo, technicians).onDelete('set null'),
    workshopRef('appointments_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
  ],
);

/** Every status change of an appointment: from, to, who and when. */
export const appointmentStatusHistory = pgTable(
  'appointment_status_history',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    appointmentId: integer('appointment_id').notNull(),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    changedBy: integer('changed_by'),
    notes: varchar('notes', { length: 500 }),
    ...timestamps,
  },
  (t) => [
    index('appointment_status_history_appointment_idx').on(t.appointmentId, t.id),
    workshopRef('appointment_status_history_appointment_id_fk', t.tenantId, t.appointmentId, appointments).onDelete('cascade'),
    workshopRef('appointment_status_history_changed_by_fk', t.tenantId, t.changedBy, users).onDelete('set null'),
  ],
);
