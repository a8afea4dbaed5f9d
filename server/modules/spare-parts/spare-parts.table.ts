import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

/** The text the parts search box matches (name, SKU, category, brand); queries use this exact expression. */
export const SPARE_PART_SEARCH = sql.raw(`(name || ' ' || sku || ' ' || coalesce(category, '') || ' ' || coalesce(brand, ''))`);

export const spareParts = pgTable(
  'spare_parts',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: varchar('name', { length: 200 }).notNull(),
    sku: varchar('sku', { length: 100 }).notNull(),
    category: varchar('category', { length: 100 }),
    brand: varchar('brand', { length: 100 }),
    description: text('description'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    minimumStock: integer('minimum_stock').notNull().default(0),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    location: varchar('location', { length: 100 }),
    supplier: varchar('supplier', { length: 200 }),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('spare_parts_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('spare_parts_tenant_sku_key').on(t.tenantId, sql`lower(${t.sku})`),
    index('spare_parts_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('spare_parts_tenant_category_idx').on(t.tenantId, t.category),
    index('spare_parts_attention_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`stock_quantity <= 0 or stock_quantity < minimum_stock`),
    index('spare_parts_search_trgm').using('gin', sql`${SPARE_PART_SEARCH} gin_trgm_ops`),
    check('spare_parts_stock_not_negative', sql`stock_quantity >= 0`),
  ],
);

/** Every stock change: before, change, after, why, and what caused it (a job card, a delivery, a count). */
export const inventoryAuditTrail = pgTable(
  'inventory_audit_trail',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sparePartId: integer('spare_part_id').notNull(),
    actionType: varchar('action_type', { length: 20 }).notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityChange: integer('quantity_change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    unitCost: numeric('unit_cost', { precision: 10, scale: 2 }),
    totalCost: numeric('total_cost', { precision: 12, scale: 2 }),
    referenceType: varchar('reference_type', { length: 30 }),
    referenceId: integer('reference_id'),
    reason: varchar('reason', { length: 500 }),
    performedBy: integer('performed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_audit_trail_part_idx').on(t.tenantId, t.sparePartId, t.id),
    workshopRef('inventory_audit_trail_spare_part_id_fk', t.tenantId, t.sparePartId, spareParts).onDelete('cascade'),
    workshopRef('inventory_audit_trail_performed_by_fk', t.tenantId, t.performedBy, users).onDelete('set null'),
  ],
);
