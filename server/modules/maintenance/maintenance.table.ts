import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/** A service a vehicle needs every so many miles, months, or both (whichever comes first). */
export const maintenanceSchedules = pgTable(
  'maintenance_schedules',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id').notNull(),
    serviceName: varchar('service_name', { length: 200 }).notNull(),
    description: text('description'),
    intervalMileage: integer('interval_mileage'),
    intervalMonths: integer('interval_months'),
    lastServiceDate: date('last_service_date'),
    lastServiceMileage: integer('last_service_mileage'),
    /** Kept up to date from the rule in core/rules/maintenance.ts whenever its inputs change. */
    nextDueDate: date('next_due_date'),
    nextDueMileage: integer('next_due_mileage'),
    forecastDueDate: date('forecast_due_date'),
    dueBy: varchar('due_by', { length: 10 }),
    reminderDays: integer('reminder_days').notNull().default(14),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('maintenance_schedules_tenant_id_key').on(t.tenantId, t.id),
    index('maintenance_schedules_vehicle_idx').on(t.tenantId, t.vehicleId),
    workshopRef('maintenance_schedules_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('cascade'),
  ],
);

export const serviceReminders = pgTable(
  'service_reminders',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id').notNull(),
    maintenanceScheduleId: integer('maintenance_schedule_id'),
    reminderType: varchar('reminder_type', { length: 10 }).notNull(),
    reminderTitle: varchar('reminder_title', { length: 200 }).notNull(),
    reminderMessage: text('reminder_message').notNull(),
    dueDate: date('due_date'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    snoozedUntil: date('snoozed_until'),
    ...timestamps,
  },
  (t) => [
    index('service_reminders_tenant_status_idx').on(t.tenantId, t.status, t.dueDate),
    index('service_reminders_vehicle_idx').on(t.tenantId, t.vehicleId),
    /** One open reminder per schedule: re-checking never piles up duplicates. */
    uniqueIndex('service_reminders_open_key')
      .on(t.maintenanceScheduleId)
      .where(sql`status in ('pending', 'snoozed')`),
    workshopRef('service_reminders_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('cascade'),
    workshopRef('service_reminders_maintenance_schedule_id_fk', t.tenantId, t.maintenanceScheduleId, maintenanceSchedules).onDelete(
      'cascade',
    ),
  ],
);
