import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { technicians } from '../technicians/technicians.table.ts';

/** The booking's own text the search matches (service type); customer and vehicle names through their indexes. */
export const BOOKING_SEARCH = sql.raw(`(service_type)`);

export const serviceBookings = pgTable(
  'service_bookings',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    serviceType: varchar('service_type', { length: 100 }).notNull(),
    scheduledDate: timestamp('scheduled_date', { withTimezone: true }).notNull(),
    /** Minutes; the prototype had none, a real diary needs one for conflicts. */
    duration: integer('duration').notNull().default(60),
    status: varchar('status', { length: 20 }).notNull().default('scheduled'),
    technicianId: integer('technician_id'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('service_bookings_tenant_id_key').on(t.tenantId, t.id),
    index('service_bookings_tenant_date_idx').on(t.tenantId, t.scheduledDate, t.id),
    index('service_bookings_tenant_status_idx').on(t.tenantId, t.status, t.scheduledDate),
    index('service_bookings_customer_idx').on(t.tenantId, t.customerId),
    index('service_bookings_vehicle_idx').on(t.tenantId, t.vehicleId),
    index('service_bookings_technician_idx').on(t.technicianId, t.scheduledDate),
    index('service_bookings_search_trgm').using('gin', sql`${BOOKING_SEARCH} gin_trgm_ops`),
    workshopRef('service_bookings_customer_id_fk', t.tenantId, t.customerId, customers),
    workshopRef('service_bookings_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles),
    workshopRef('service_bookings_technician_id_fk', t.tenantId, t.technicianId, technicians).onDelete('set null'),
  ],
);
