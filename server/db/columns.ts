import { foreignKey, integer, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** id, createdAt, updatedAt: every table has them (spec/garage.md section 3). */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A reference between two tables of one workshop: (tenant_id, column) → parent (tenant_id, id),
 * so the database itself refuses a row of one workshop that points at another workshop's row.
 * Every parent has a unique index on (tenant_id, id) for it. `ON DELETE SET NULL` of such a key
 * names its own column only (PostgreSQL 15: `SET NULL (column)`), written so in the migration,
 * since nulling tenant_id too would break its NOT NULL.
 */
export function workshopRef(name: string, tenantId: PgColumn, column: PgColumn, parent: { tenantId: PgColumn; id: PgColumn }) {
  return foreignKey({ name, columns: [tenantId, column], foreignColumns: [parent.tenantId, parent.id] });
}
