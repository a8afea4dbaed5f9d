import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { spareParts } from '../spare-parts/spare-parts.table.ts';

const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

/**
 * The amounts both documents store: labour and parts (the sums of the lines, or the entered costs
 * of a document without lines), subtotal, the workshop's tax rate when they were computed, tax and
 * total. Computed by the server (core/rules/billing.ts documentTotals).
 */
export const documentAmounts = () => ({
  laborCost: money('labor_cost').notNull().default('0'),
  partsCost: money('parts_cost').notNull().default('0'),
  subtotal: money('subtotal').notNull().default('0'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  taxAmount: money('tax_amount').notNull().default('0'),
  totalAmount: money('total_amount').notNull().default('0'),
});

/** A line of an estimate or an invoice: labour (quantity = hours) or a part. */
export const documentItem = () => ({
  itemType: varchar('item_type', { length: 10 }).notNull(),
  /** The part a part line was priced from; a deleted part leaves the line as it was written. */
  sparePartId: integer('spare_part_id'),
  description: varchar('description', { length: 500 }).notNull(),
  quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull().default('1'),
  unitPrice: money('unit_price').notNull(),
  totalPrice: money('total_price').notNull(),
  notes: text('notes'),
});

export const estimates = pgTable(
  'estimates',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    estimateNumber: varchar('estimate_number', { length: 50 }).notNull(),
    customerId: integer('customer_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    ...documentAmounts(),
    validUntil: date('valid_until'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('estimates_tenant_number_key').on(t.tenantId, t.estimateNumber),
    /** Each workshop reference to a row names (tenant_id, id): db/columns.ts workshopRef. */
    uniqueIndex('estimates_tenant_id_key').on(t.tenantId, t.id),
    index('estimates_tenant_status_idx').on(t.tenantId, t.status, t.id),
    // The customers report: estimates made in a period.
    index('estimates_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('estimates_customer_idx').on(t.tenantId, t.customerId, t.id),
    index('estimates_vehicle_idx').on(t.tenantId, t.vehicleId, t.id),
    index('estimates_number_trgm').using('gin', sql`${t.estimateNumber} gin_trgm_ops`),
    check('estimates_amounts_not_negative', sql`labor_cost >= 0 and parts_cost >= 0 and tax_amount >= 0 and total_amount >= 0`),
    workshopRef('estimates_customer_id_fk', t.tenantId, t.customerId, customers),
    workshopRef('estimates_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles),
    workshopRef('estimates_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
  ],
);

export const estimateItems = pgTable(
  'estimate_items',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    estimateId: integer('estimate_id').notNull(),
    ...documentItem(),
    ...timestamps,
  },
  (t) => [
    index('estimate_items_estimate_idx').on(t.estimateId, t.id),
    index('estimate_items_part_idx').on(t.sparePartId),
    workshopRef('estimate_items_estimate_id_fk', t.tenantId, t.estimateId, estimates).onDelete('cascade'),
    workshopRef('estimate_items_spare_part_id_fk', t.tenantId, t.sparePartId, spareParts).onDelete('set null'),
  ],
);
