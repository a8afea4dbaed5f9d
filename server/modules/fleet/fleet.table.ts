import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/** The fleet's own text the search matches (fleet number, department, location); queries use this exact expression. */
export const FLEET_SEARCH = sql.raw(`(fleet_number || ' ' || coalesce(department, '') || ' ' || coalesce(location, ''))`);

/** A vehicle of the workshop's own fleet (one row per vehicle). */
export const fleetVehicles = pgTable(
  'fleet_vehicles',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id').notNull(),
    fleetNumber: varchar('fleet_number', { length: 50 }).notNull(),
    department: varchar('department', { length: 100 }),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    location: varchar('location', { length: 200 }),
    fuelLevel: integer('fuel_level'),
    lastServiceDate: date('last_service_date'),
    nextServiceDate: date('next_service_date'),
    nextServiceMileage: integer('next_service_mileage'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fleet_vehicles_tenant_number_key').on(t.tenantId, sql`lower(${t.fleetNumber})`),
    uniqueIndex('fleet_vehicles_vehicle_key').on(t.vehicleId),
    index('fleet_vehicles_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('fleet_vehicles_tenant_next_service_idx').on(t.tenantId, t.nextServiceDate),
    index('fleet_vehicles_tenant_department_idx').on(t.tenantId, t.department),
    index('fleet_vehicles_search_trgm').using('gin', sql`${FLEET_SEARCH} gin_trgm_ops`),
    workshopRef('fleet_vehicles_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles),
  ],
);
