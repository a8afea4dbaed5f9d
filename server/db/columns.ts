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

/** A timestamptz as PostgreSQL writes it in UTC (DateStyle ISO): `2026-11-25 12:10:57.123456+00`. */
const PG_UTC_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * A timestamp as the API sends it (ISO 8601 in UTC, milliseconds: what `toISOString()` writes),
 * from the driver's text (the drivers leave timestamptz as the database's text) or a Date. The
 * UTC text is rewritten as it is, the fraction cut to milliseconds as Date cuts it: a list
 * converts two timestamps a row, and Date's parser of that text costs ten times as much. Any
 * other form (another time zone, a Date) goes through Date.
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === 'string' && PG_UTC_TIMESTAMP.test(value)) {
    const fraction = value.length > 22 ? `${value.slice(19, -3)}00`.slice(0, 4) : '.000';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}${fraction}Z`;
  }
  return new Date(value).toISOString();
}
