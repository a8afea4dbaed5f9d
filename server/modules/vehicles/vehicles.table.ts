import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { customers } from '../customers/customers.table.ts';

/**
 * The vehicle's own text the search box matches (make, model, plate, VIN, year); the customer's
 * full name is matched through customers' own trigram index. Queries use this exact expression.
 */
export const VEHICLE_SEARCH = sql.raw(`(make || ' ' || model || ' ' || plate_number || ' ' || coalesce(vin, '') || ' ' || year::text)`);
/** Vehicle make and model, matched by the job card search. */
export const VEHICLE_MAKE_MODEL = sql.raw(`(make || ' ' || model)`);

export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    make: varchar('make', { length: 100 }).notNull(),
    model: varchar('model', { length: 100 }).notNull(),
    year: integer('year').notNull(),
    plateNumber: varchar('plate_number', { length: 50 }).notNull(),
    vin: varchar('vin', { length: 17 }),
    color: varchar('color', { length: 50 }),
    mileage: integer('mileage'),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('vehicles_tenant_customer_idx').on(t.tenantId, t.customerId, t.id),
    /** Each workshop reference to a row names (tenant_id, id): db/columns.ts workshopRef. */
    uniqueIndex('vehicles_tenant_id_key').on(t.tenantId, t.id),
    index('vehicles_search_trgm').using('gin', sql`${VEHICLE_SEARCH} gin_trgm_ops`),
    index('vehicles_make_model_trgm').using('gin', sql`${VEHICLE_MAKE_MODEL} gin_trgm_ops`),
    // The global search's exact lookups (a whole plate or VIN, in any case).
    index('vehicles_tenant_plate_idx').on(t.tenantId, sql`upper(${t.plateNumber})`),
    index('vehicles_tenant_vin_idx').on(t.tenantId, sql`upper(${t.vin})`),
    workshopRef('vehicles_customer_id_fk', t.tenantId, t.customerId, customers),
  ],
);

/** One entry per completed job (and any history typed in by hand). */
export const vehicleServiceHistory = pgTable(
  'vehicle_service_history',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: integer('vehicle_id').notNull(),
    /** The job card that produced this entry; reopening the job removes it. */
    jobCardId: integer('job_card_id'),
    serviceDate: date('service_date').notNull(),
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    description: text('description'),
    mileageAtService: integer('mileage_at_service'),
    cost: numeric('cost', { precision: 10, scale: 2 }),
    performedBy: varchar('performed_by', { length: 200 }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('vehicle_service_history_vehicle_idx').on(t.tenantId, t.vehicleId, t.serviceDate),
    index('vehicle_service_history_job_idx').on(t.jobCardId),
    workshopRef('vehicle_service_history_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('cascade'),
  ],
);
